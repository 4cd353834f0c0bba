"""Retrieval through the real CLI: ``run --k``, ``rescore --k``, ``compare`` with retrieval deltas, and
``sweep --rank-by`` over a case file (tests/fixtures/case_mini)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmark.cli import main

CASE = Path(__file__).resolve().parents[2] / "fixtures" / "case_mini" / "questions.json"


def invoke(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    try:
        code = main(list(args))
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    return int(code or 0), out, err


def latest_report(output: Path) -> dict:  # type: ignore[type-arg]
    """The newest finished run's report (``list_runs`` orders runs started in the same second too:
    their ids' random suffixes do not)."""
    from benchmark.rundir import list_runs

    runs = [r.path for r in list_runs(output) if r.complete]
    return json.loads((runs[-1] / "report.json").read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def test_run_and_rescore_take_k(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = invoke(
        capsys, "run", "--dataset", str(CASE), "--adapter", "baseline", "--output", str(tmp_path), "--k", "3"
    )
    assert code == 1  # the baseline misses the contradictions
    report = latest_report(tmp_path)
    assert report["summary"]["retrieval"]["k"] == 3
    assert report["options"]["scorer_options"] == {"retrieval_k": 3}
    assert "recall@3" in out and "foreign@3" in out
    row = next(
        line
        for line in out.splitlines()
        if line.startswith("all ") and "0." in line and len(line.split()) == 7
    )
    assert row.split()[1] == "8"
    code, out, _ = invoke(capsys, "rescore", "latest", "--output", str(tmp_path), "--k", "1")
    assert latest_report(tmp_path)["summary"]["retrieval"]["k"] == 1 and "recall@1" in out
    code, _, err = invoke(capsys, "run", "--dataset", str(CASE), "--output", str(tmp_path), "--k", "0")
    assert code == 2 and "--k" in err


def test_compare_shows_retrieval_with_confidence_intervals(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    for adapter in ("oracle", "baseline"):
        invoke(
            capsys,
            "run",
            "--dataset",
            str(CASE),
            "--adapter",
            adapter,
            "--output",
            str(tmp_path),
            "--label",
            adapter,
        )
    store = str(tmp_path / "history.sqlite")
    code, out, _ = invoke(
        capsys, "compare", "oracle", "baseline", "--store", store, "--json", "--resamples", "200"
    )
    assert code == 0
    deltas = json.loads(out)["comparisons"][0]["retrieval"]
    recall = next(d for d in deltas if d["metric"] == "recall" and d["type"] == "overall")
    assert recall["n"] == 8 and recall["a"] == 1.0 and recall["k_a"] == recall["k_b"] == 5
    assert recall["bootstrap"]["ci_low"] <= recall["delta"] <= recall["bootstrap"]["ci_high"]
    assert {d["type"] for d in deltas} == {"overall", "fact_exact", "evidence_set", "conflict_gap"}
    code, out, _ = invoke(capsys, "compare", "oracle", "baseline", "--store", store, "--resamples", "200")
    assert "recall@5 overall" in out and "foreign_rate@5 overall" in out


def test_sweep_ranks_by_a_retrieval_metric(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    config = tmp_path / "sweep.toml"
    config.write_text(
        f'[run]\ndataset = ["{CASE}"]\nbaseline = "k5"\n'
        '[[variant]]\nname = "k5"\noptions = { top_k = 5 }\n'
        '[[variant]]\nname = "k1"\noptions = { top_k = 1 }\n',
        encoding="utf-8",
    )
    out_dir = str(tmp_path / "runs")
    code, out, _ = invoke(
        capsys, "sweep", str(config), "--output", out_dir, "--rank-by", "recall@3", "--json"
    )
    assert code == 0
    board = json.loads(out)
    assert board["rank_by"] == "recall@3" and board["ranking"].startswith("recall@3 (higher first)")
    rows = {r["name"]: r for r in board["rows"]}
    assert rows["k5"]["retrieval"]["k"] == 3 == rows["k1"]["retrieval"]["k"]
    assert rows["k5"]["retrieval"]["recall"] > rows["k1"]["retrieval"]["recall"]
    assert [r["name"] for r in board["rows"]] == ["k5", "k1"]
    assert rows["k1"]["vs_baseline"]["metric"] == "recall" and rows["k1"]["vs_baseline"]["p_value"] is None
    code, _, err = invoke(capsys, "sweep", str(config), "--output", out_dir, "--rank-by", "recal@5")
    assert code == 2 and "did you mean 'recall'" in err
    config.write_text(config.read_text(encoding="utf-8") + "[scoring]\nretrieval_k = 10\n", encoding="utf-8")
    code, _, err = invoke(capsys, "sweep", str(config), "--output", out_dir, "--rank-by", "ndcg@5")
    assert code == 2 and "retrieval_k is 10" in err
