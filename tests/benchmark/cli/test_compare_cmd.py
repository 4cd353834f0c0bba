"""``compare`` and ``sweep`` through the real CLI entry point: output, JSON, exit codes, refusals."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from benchmark.cli import main
from benchmark.cli.compare_cmd import explain, format_leaderboard, leaderboard_markdown
from benchmark.compare import compare_outcomes, compare_runs
from benchmark.store import RunStore
from tests.benchmark.report.casekit import make_case
from tests.benchmark.test_sweep import outcomes, report


def invoke(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Run the CLI in-process as ``python -m benchmark`` would: (exit code, stdout, stderr)."""
    try:
        code = main(list(args))
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    return int(code or 0), out, err


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "benchmark", *args], capture_output=True, text=True, timeout=120
    )


BASE = "P" * 48 + "F" * 12  # 60 questions, 80% pass


def flip(pattern: str, positions: range, to: str) -> str:
    chars = list(pattern)
    for i in positions:
        chars[i] = to
    return "".join(chars)


@pytest.fixture(scope="module")
def store_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("compare") / "history.sqlite"
    runs = {
        "base": BASE,
        "same": BASE,
        "worse": flip(BASE, range(20, 45), "F"),  # 25 PASS -> FAIL
        "noisy": flip(BASE, range(3, 4), "F"),  # one flip
        "skips": flip(BASE, range(0, 5), "S"),
    }
    with RunStore(path) as store:
        for i, (label, pattern) in enumerate(runs.items()):
            r = report(
                f"2026010{i}T000000Z-00000{i}",
                outcomes(pattern[:40]) | outcomes(pattern[40:], "conflict_gap", "g"),
            )
            r["started_at"] = f"2026-01-0{i + 1}T00:00:00Z"
            store.save_report(r, label=label)
        store.save_report(
            {**report("20260109T000000Z-000009", outcomes("PPP", prefix="z")), "started_at": "2026-01-09"},
            label="other",
        )
    return path


def test_compare_text_says_worse_and_lists_flips(
    store_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = invoke(
        capsys, "compare", "base", "worse", "--store", str(store_path), "--resamples", "2000", "--flips", "3"
    )
    assert code == 0, err
    assert "B = worse (20260102T000000Z-000002)  vs  A = base (20260100T000000Z-000000)" in out
    overall = next(line for line in out.splitlines() if line.startswith("overall"))
    assert overall.split()[:5] == ["overall", "60", "0.800", "0.383", "-0.417"] and overall.endswith("worse")
    assert "worse: worse (20260102T000000Z-000002) is worse than base" in out and "by 0.417" in out
    assert "flipped questions: 25" in out and "... and 22 more" in out
    assert "  PASS->FAIL  g00  conflict_gap  1.000 -> 0.000" in out


def test_identical_runs_are_within_noise(store_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = invoke(
        capsys, "compare", "base", "same", "noisy", "--store", str(store_path), "--resamples", "500"
    )
    assert code == 0
    assert out.count("within noise: ") == 2 and "Do not pick a winner on this." in out
    assert "flipped questions: 0 (none)" in out and "flipped questions: 1" in out


def test_json_matches_the_library(store_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = invoke(capsys, "compare", "base", "worse", "skips", "--store", str(store_path), "--json")
    assert code == 0
    data = json.loads(out)
    with RunStore(store_path) as store:
        expected = [compare_runs(store, "base", ref).to_dict() for ref in ("worse", "skips")]
    assert data["comparisons"] == expected
    assert data["reference"] == data["runs"][0]["run_id"] and [r["label"] for r in data["runs"]] == [
        "base",
        "worse",
        "skips",
    ]
    assert [s["id"] for s in data["comparisons"][1]["skipped"]] == ["q00", "q01", "q02", "q03", "q04"]


@pytest.mark.parametrize(
    ("other", "threshold", "code"),
    [("worse", "0.05", 1), ("worse", "0.5", 0), ("same", "0", 0), ("noisy", "0", 0)],
)
def test_fail_on_regression_gates_only_significant_drops(
    store_path: Path, capsys: pytest.CaptureFixture[str], other: str, threshold: str, code: int
) -> None:
    got, _, err = invoke(
        capsys, "compare", "base", other, "--store", str(store_path), "--fail-on-regression", threshold
    )
    assert got == code
    assert ("regression: worse" in err) == (code == 1)


def test_fail_on_regression_checks_every_later_run(
    store_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = invoke(capsys, "compare", "base", "same", "worse", "--store", str(store_path),
                          "--fail-on-regression", "0.1", "--json")  # fmt: skip
    assert code == 1 and json.loads(out)["regressions"] == ["20260102T000000Z-000002"]


def test_refs_resolve_latest_and_prefixes(store_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = invoke(capsys, "compare", "20260100", "latest~1", "--store", str(store_path), "--json")
    assert code == 0
    assert [r["label"] for r in json.loads(out)["runs"]] == ["base", "skips"]


def test_html_report_is_written(store_path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    page = tmp_path / "out" / "compare.html"
    code, _, err = invoke(
        capsys, "compare", "base", "worse", "noisy", "--store", str(store_path), "--html", str(page)
    )
    assert code == 0 and f"wrote {page}" in err
    match = re.search(
        r'<script type="application/json" id="lrb-data">(.*?)</script>', page.read_text("utf-8"), re.S
    )
    assert match is not None
    data = json.loads(match.group(1))
    assert data["kind"] == "comparison" and [r["label"] for r in data["runs"]] == ["base", "worse", "noisy"]
    assert [c["run_b"] for c in data["comparisons"]] == [data["runs"][1]["run_id"], data["runs"][2]["run_id"]]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["base"], "compare needs at least two runs"),
        (["base", "nope"], "no run 'nope' in the store"),
        (["base", "other"], "no scored question in common"),
        (["base", "worse", "--fail-on-regression", "2"], "is not in the range"),
    ],
)
def test_refusals_are_one_line_exit_2(store_path: Path, args: list[str], message: str) -> None:
    done = cli("compare", *args, "--store", str(store_path))
    assert done.returncode == 2 and message in done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""


def test_missing_store_is_a_refusal_and_is_not_created(tmp_path: Path) -> None:
    done = cli("compare", "a", "b", "--store", str(tmp_path / "none.sqlite"))
    assert done.returncode == 2 and "no run history here" in done.stderr
    assert not (tmp_path / "none.sqlite").exists()


def test_help_documents_both_commands() -> None:
    for command in ("compare", "sweep"):
        done = cli(command, "--help")
        assert done.returncode == 0 and "Example" in done.stdout and "--html" in done.stdout
    assert "--fail-on-regression" in cli("compare", "--help").stdout


# --- rendering helpers ----------------------------------------------------------------------------


def test_explain_states_the_evidence_for_each_verdict() -> None:
    a = outcomes("P" * 50)
    worse = compare_outcomes("A", a, "B", outcomes("F" * 50), resamples=300).overall
    noise = compare_outcomes("A", a, "B", outcomes("P" * 49 + "F"), resamples=300).overall
    assert explain(worse, "A", "B").startswith("worse: B is worse than A by 1.000 (95% CI")
    assert "McNemar p < 0.001 (below 0.05)" in explain(worse, "A", "B")
    text = explain(noise, "A", "B")
    assert text.startswith("within noise: B and A cannot be told apart on these 50 questions")
    assert "includes 0" in text and "not below 0.05" in text


def board() -> dict[str, Any]:
    from benchmark.sweep import build_leaderboard

    runs = [("k5", report("r1", outcomes("PPPPPPPPFF"))), ("k3", report("r2", outcomes("PPPPPPPPPF")))]
    return build_leaderboard(runs, "k5", resamples=200)


def test_leaderboard_text_and_markdown() -> None:
    text = format_leaderboard(board())
    lines = text.splitlines()
    assert lines[2].split()[:3] == ["1", "k3", "0.900"] and "(leader)" in lines[2]
    assert lines[3].split()[:3] == ["2", "k5", "0.800"] and "(baseline)" in lines[3]
    md = leaderboard_markdown(board(), questions=10)
    assert "| 1 | k3 | - | 0.900 | 100.0% | 90.0% | 0.900 | within noise +0.100" in md
    assert "**fact_exact**" in md and "| 2 | k5 | 0.800 | 100.0% | 8/10 |" in md


# --- sweep through the CLI ----------------------------------------------------------------------------


def test_sweep_command_prints_the_leaderboard_and_writes_files(tmp_path: Path) -> None:
    case = make_case(tmp_path)
    config = tmp_path / "sweep.toml"
    config.write_text(
        f'[run]\ndataset = ["{case.set_path.as_posix()}"]\n'
        f'[[variant]]\nname = "a"\nadapter = "replay:{case.replay_a.as_posix()}"\n'
        f'[[variant]]\nname = "b"\nadapter = "replay:{case.replay_b.as_posix()}"\n',
        encoding="utf-8",
    )
    md, page = tmp_path / "docs" / "lb.md", tmp_path / "sweep.html"
    done = cli(
        "sweep", str(config), "--output", str(tmp_path / "runs"), "--markdown", str(md), "--html", str(page)
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[2].split()[:3] == ["1", "b", "0.825"]
    assert "[1/2] a: replay:" in done.stderr and "from the answer cache" in done.stderr
    assert "| 1 | b |" in md.read_text("utf-8") and page.stat().st_size > 10_000
    listed = cli("runs", "list", "--store", str(tmp_path / "runs" / "history.sqlite"), "--json")
    assert sorted(r["label"] for r in json.loads(listed.stdout)) == ["a", "b"]


def test_sweep_refuses_a_bad_config(tmp_path: Path) -> None:
    config = tmp_path / "sweep.toml"
    config.write_text('[[variant]]\nname = "a"\nadapter = "nosuch"\n', encoding="utf-8")
    done = cli("sweep", str(config), "--output", str(tmp_path / "runs"))
    assert done.returncode == 2 and "nosuch" in done.stderr and "Traceback" not in done.stderr
    config.write_text('[[variant]]\nnam = "a"\n', encoding="utf-8")
    done = cli("sweep", str(config), "--output", str(tmp_path / "runs"))
    assert (
        done.returncode == 2
        and f"{config}: [[variant]] #1: unknown key 'nam'; did you mean 'name'?" in done.stderr
    )


def test_compare_markdown_for_a_pull_request_comment(
    store_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = invoke(
        capsys, "compare", "base", "worse", "--store", str(store_path), "--resamples", "2000", "--markdown",
        "--flips", "2",
    )  # fmt: skip
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "### worse (20260102T000000Z-000002) vs base (20260100T000000Z-000000)"
    assert lines[2].startswith("**worse (20260102T000000Z-000002) is worse than base")
    header = lines.index(
        "| type | questions | A | B | Δ (B−A) | 95% CI of Δ | PASS→FAIL | FAIL→PASS | McNemar p | verdict |"
    )
    assert lines[header + 1] == "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|"
    overall = lines[header + 2].split(" | ")
    assert overall[0] == "| all" and overall[1] == "60" and overall[6] == "25" and overall[-1] == "worse |"
    assert all(line.count("|") == 11 for line in lines[header : header + 4])  # every row has every cell
    assert "<details><summary>25 flipped questions</summary>" in out
    assert "... and 23 more (`--flips -1` lists all)." in out and out.rstrip().endswith("</details>")
    assert "{" not in out  # no JSON


def test_markdown_cells_stay_text() -> None:
    from benchmark.report.markdown import cell

    assert cell("a|b <script>*x*") == "a\\|b \\<script\\>\\*x\\*"
