"""Sweeps: the TOML format and its refusals, the leaderboard's ranking, and a real sweep end to end."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from benchmark.errors import ConfigError
from benchmark.store import RunStore
from benchmark.sweep import build_leaderboard, load_sweep, parse_sweep, run_sweep
from tests.benchmark.report.casekit import EXPECTED_A, EXPECTED_B, make_case

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "sweep.toml"


def test_parse_defaults_and_run_table() -> None:
    cfg = parse_sweep(
        {
            "run": {"dataset": ["sets"], "types": ["fact_exact"], "concurrency": 2, "baseline": "b"},
            "variant": [{"name": "a", "options": {"top_k": 3}}, {"name": "b", "adapter": "oracle"}],
            "scoring": {"fuzzy": 90},
        }
    )
    assert [(v.name, v.adapter, v.options) for v in cfg.variants] == [
        ("a", "baseline", {"top_k": 3}),
        ("b", "oracle", {}),
    ]
    assert cfg.run == {"sets_or_paths": ["sets"], "types": ["fact_exact"], "concurrency": 2}
    assert cfg.baseline == "b" and cfg.scoring == {"fuzzy": 90}
    assert parse_sweep({"variant": [{"name": "x"}, {"name": "y"}]}).baseline == "x"  # the first by default


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({}, "no variants"),
        ({"variant": []}, "no variants"),
        ({"varient": [{"name": "a"}]}, "unknown key 'varient'; did you mean 'variant'?"),
        ({"variant": [{"name": "a", "option": {}}]}, "unknown key 'option'; did you mean 'options'?"),
        ({"variant": [{"adapter": "baseline"}]}, "needs a name"),
        ({"variant": [{"name": " "}]}, "needs a name"),
        ({"variant": [{"name": "a"}, {"name": "a"}]}, "repeated: a"),
        ({"variant": [{"name": "a", "options": 3}]}, "options must be a table"),
        ({"variant": [{"name": "a", "adapter": 1}]}, "adapter must be a spec"),
        ({"run": {"baseline": "c"}, "variant": [{"name": "a"}]}, "unknown key 'c'"),
        ({"run": {"top_k": 3}, "variant": [{"name": "a"}]}, "unknown key 'top_k'"),
        ({"run": {"concurrency": "4"}, "variant": [{"name": "a"}]}, "concurrency has the wrong type"),
        ({"run": {"types": [1]}, "variant": [{"name": "a"}]}, "types must be a list of strings"),
        ({"run": [], "variant": [{"name": "a"}]}, "[run] must be a table"),
    ],
)
def test_parse_refusals_name_the_problem(data: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError) as err:
        parse_sweep(data, Path("my_sweep.toml"))
    assert message in str(err.value) and str(err.value).startswith("my_sweep.toml")


def test_load_refuses_bad_toml(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("[[variant]\nname = 'a'\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="not valid TOML"):
        load_sweep(bad)
    with pytest.raises(ConfigError, match="cannot read"):
        load_sweep(tmp_path / "missing.toml")


def test_example_sweep_has_four_or_more_valid_baseline_variants() -> None:
    from benchmark.adapters.base import create_adapter

    cfg = load_sweep(EXAMPLE)
    assert len(cfg.variants) >= 4 and {v.adapter for v in cfg.variants} == {"baseline"}
    identities = set()
    for v in cfg.variants:
        adapter = create_adapter(v.adapter, v.options)  # every option is accepted by the baseline
        identities.add(repr(sorted(adapter.describe().items())))  # type: ignore[attr-defined]
    assert len(identities) == len(cfg.variants)  # no two variants are the same system


# --- leaderboard ------------------------------------------------------------------------------


def report(run_id: str, outcomes: dict[str, tuple[str, float | None, str]]) -> dict[str, Any]:
    """A minimal report dict with a summary computed the way the runner does (mean over resolved)."""

    def summary(items: list[tuple[str, float | None, str]]) -> dict[str, Any]:
        resolved = [s or 0.0 for o, s, _ in items if o != "SKIP"]
        passed = sum(o == "PASS" for o, _, _ in items)
        return {
            "total": len(items), "passed": passed, "failed": len(resolved) - passed,
            "skipped": len(items) - len(resolved), "resolved": len(resolved),
            "score": round(sum(resolved) / len(resolved), 6) if resolved else 0.0,
            "pass_rate": round(passed / len(resolved), 6) if resolved else 0.0,
            "coverage": round(len(resolved) / len(items), 6) if items else 0.0,
        }  # fmt: skip

    items = list(outcomes.values())
    s = summary(items)
    s["by_type"] = {t: summary([i for i in items if i[2] == t]) for t in sorted({i[2] for i in items})}
    questions = [{"id": k, "type": t, "outcome": o, "score": sc} for k, (o, sc, t) in outcomes.items()]
    return {"run_id": run_id, "adapter": {"name": run_id}, "summary": s, "questions": questions}


def outcomes(
    pattern: str, qtype: str = "fact_exact", prefix: str = "q"
) -> dict[str, tuple[str, float | None, str]]:
    score: dict[str, tuple[str, float | None]] = {"P": ("PASS", 1.0), "F": ("FAIL", 0.0), "S": ("SKIP", None)}
    return {f"{prefix}{i:02d}": (score[c][0], score[c][1], qtype) for i, c in enumerate(pattern)}


def test_leaderboard_ranks_by_score_then_coverage() -> None:
    runs = [
        ("full", report("r1", outcomes("PPPPPPPPFF"))),  # 0.8, coverage 1.0
        ("skippy", report("r2", outcomes("PPPPPPPPFS"))),  # 0.889, coverage 0.9
        ("tied", report("r3", outcomes("PPPPPPPPSS"))),  # 1.0, coverage 0.8
        ("tied-more", report("r4", outcomes("PPPPPPPPPS"))),  # 1.0, coverage 0.9: wins the tie
        ("twin", report("r5", outcomes("PPPPPPPPPS"))),  # same score and coverage: shares the rank
    ]
    board = build_leaderboard(runs, "full", resamples=200)
    assert [(r["rank"], r["name"]) for r in board["rows"]] == [
        (1, "tied-more"), (1, "twin"), (3, "tied"), (4, "skippy"), (5, "full"),
    ]  # fmt: skip
    assert board["leader"] == "tied-more" and board["baseline"] == "full"
    rows = {r["name"]: r for r in board["rows"]}
    assert rows["full"]["vs_baseline"] is None and rows["tied-more"]["vs_leader"] is None
    assert (
        rows["twin"]["vs_leader"]["verdict"] == "within noise" and rows["twin"]["vs_leader"]["delta"] == 0.0
    )
    assert rows["full"]["score"] == 0.8 and rows["skippy"]["coverage"] == 0.9


def test_leaderboard_verdicts_and_per_type_ranking() -> None:
    good = {**outcomes("P" * 40), **outcomes("F" * 20, "conflict_gap", "g")}
    bad = {**outcomes("F" * 40), **outcomes("P" * 20, "conflict_gap", "g")}
    board = build_leaderboard([("good", report("a", good)), ("bad", report("b", bad))], "good", resamples=500)
    rows = {r["name"]: r for r in board["rows"]}
    assert [r["name"] for r in board["rows"]] == ["good", "bad"]
    assert rows["bad"]["vs_baseline"]["verdict"] == "worse" and rows["bad"]["vs_baseline"]["ci_high"] < 0
    assert [e["name"] for e in board["by_type"]["conflict_gap"]] == ["bad", "good"]
    assert [e["name"] for e in board["by_type"]["fact_exact"]] == ["good", "bad"]
    assert rows["bad"]["by_type"]["conflict_gap"]["score"] == 1.0


# --- a real sweep -------------------------------------------------------------------------------


def test_sweep_runs_variants_shares_the_cache_and_labels_runs(tmp_path: Path) -> None:
    case = make_case(tmp_path)
    cfg = parse_sweep(
        {
            "run": {"dataset": [str(case.set_path)], "baseline": "a"},
            "variant": [
                {"name": "a", "adapter": f"replay:{case.replay_a}"},
                {"name": "b", "adapter": f"replay:{case.replay_b}"},
                {"name": "a-again", "adapter": f"replay:{case.replay_a}"},
            ],
        }
    )
    seen: list[tuple[str, bool]] = []
    result = run_sweep(
        cfg,
        output_dir=tmp_path / "runs",
        on_variant=lambda i, v, done: seen.append((v.name, done is None)),
        resamples=300,
    )
    assert seen == [
        ("a", True),
        ("a", False),
        ("b", True),
        ("b", False),
        ("a-again", True),
        ("a-again", False),
    ]
    runs = {r.variant.name: r for r in result.runs}
    assert {q["id"]: q["outcome"] for q in runs["a"].report["questions"]} == EXPECTED_A
    assert {q["id"]: q["outcome"] for q in runs["b"].report["questions"]} == EXPECTED_B
    assert (runs["a"].from_cache, runs["b"].from_cache) == (0, 0)
    assert runs["a-again"].from_cache == 3 and runs["a-again"].asked == 1  # the SKIP had no answer to cache
    assert [r["name"] for r in result.leaderboard["rows"]] == ["b", "a", "a-again"]
    assert [c.run_b for c in result.comparisons] == [runs["b"].run_id, runs["a-again"].run_id]
    assert [r["label"] for r in result.reports_for_html()] == ["a", "b", "a-again"]
    with RunStore(tmp_path / "runs" / "history.sqlite") as store:
        assert {name: store.resolve(name) for name in runs} == {n: r.run_id for n, r in runs.items()}


def test_sweep_without_cache_asks_every_variant(tmp_path: Path) -> None:
    case = make_case(tmp_path)
    variants = [{"name": n, "adapter": f"replay:{case.replay_b}"} for n in ("x", "y")]
    cfg = parse_sweep({"run": {"dataset": [str(case.set_path)]}, "variant": variants})
    result = run_sweep(cfg, output_dir=tmp_path / "runs", cache_path=None, resamples=200)
    assert [r.from_cache for r in result.runs] == [0, 0]
    assert not (tmp_path / "runs" / "cache.sqlite").exists()


# --- checked before anything is asked; a variant that answered nothing fails --------------------------


def _sweep_file(tmp_path: Path, variants: list[tuple[str, str, str]]) -> Path:
    """A sweep over a small set: variants as (name, adapter spec, options as inline TOML)."""
    from tests.benchmark.runkit import numbered_set

    numbered_set(tmp_path / "sets", 3)
    body = '[run]\ndataset = ["sets/set.json"]\n'
    for name, adapter, options in variants:
        body += f'[[variant]]\nname = "{name}"\nadapter = "{adapter}"\noptions = {options}\n'
    path = tmp_path / "sweep.toml"
    path.write_text(body, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("second", "message"),
    [
        (("baselin", "{}"), "[[variant]] #2 (second): adapter 'baselin': unknown adapter 'baselin'; did you mean 'baseline'?"),
        (("baseline", "{ top_kk = 3 }"), "[[variant]] #2 (second): adapter 'baseline': unknown baseline option(s): top_kk"),
        (("replay:missing.jsonl", "{}"), "[[variant]] #2 (second): adapter 'replay:missing.jsonl': missing.jsonl: cannot read"),
    ],
    ids=["misspelled adapter", "misspelled option", "missing replay file"],
)  # fmt: skip
def test_a_bad_variant_refuses_the_sweep_before_the_first_variant_asks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, second: tuple[str, str], message: str
) -> None:
    from tests.benchmark.cli.test_run_cmd import ASKED, invoke

    monkeypatch.chdir(tmp_path)
    ASKED.clear()
    path = _sweep_file(tmp_path, [("first", "echo-cli-test", "{}"), ("second", *second)])
    code, out, err = invoke("sweep", "sweep.toml", "--no-progress")
    assert code == 2 and out == ""
    assert err.startswith(f"error: {path.name}: ") and message in err and "nothing was run" in err
    assert ASKED == []  # the first variant asked nothing
    assert not (tmp_path / "runs").exists()


def test_a_variant_that_answered_nothing_fails_the_sweep_with_the_reason(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.benchmark.cli.test_run_cmd import invoke

    monkeypatch.chdir(tmp_path)
    (tmp_path / "other.jsonl").write_text('{"id": "elsewhere", "answer": "x"}\n', encoding="utf-8")
    _sweep_file(tmp_path, [("good", "echo-cli-test", "{}"), ("empty", "replay:other.jsonl", "{}")])
    code, out, err = invoke("sweep", "sweep.toml", "--no-progress")
    assert code == 1
    assert "variant 'empty' failed: every one of its 3 questions was skipped: no answer in replay file" in err
    assert "FAILED: every one of its 3 questions" in err  # said as the variant finished, too
    [line] = [row for row in out.splitlines() if " empty " in row]
    assert line.endswith("FAILED: answered no question")
    code, out, _ = invoke("sweep", "sweep.toml", "--no-progress", "--json")
    rows = {r["name"]: r for r in json.loads(out)["rows"]}
    assert rows["good"]["failed"] is None and rows["empty"]["failed"].startswith("every one of its 3")


def test_an_unreachable_variant_stops_the_sweep_and_the_variants_before_it_are_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.benchmark.cli.test_run_cmd import invoke
    from tests.benchmark.test_failfast import closed_port, http_config

    monkeypatch.chdir(tmp_path)
    http_config(tmp_path / "down.toml", f"http://127.0.0.1:{closed_port()}/ask")
    _sweep_file(tmp_path, [("good", "echo-cli-test", "{}"), ("down", "http:down.toml", "{}")])
    code, _, err = invoke("sweep", "sweep.toml", "--no-progress")
    assert code == 2
    assert (
        "error: sweep.toml: variant 'down': cannot reach the system: cannot connect to http://127.0.0.1"
        in err
    )
    with RunStore(tmp_path / "runs" / "history.sqlite") as store:
        assert {(r.label, r.status) for r in store.list_runs()} == {("good", "complete"), ("down", "stopped")}
