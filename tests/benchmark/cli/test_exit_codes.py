"""Exit codes through the real entry point: 0 all passed, 1 some failed/skipped/errored, 2 refused,
3 an internal error (one line, or the traceback with --traceback), and what a fault keeps on disk."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from benchmark.cli import INTERNAL_ERROR
from benchmark.rundir import list_runs
from tests.benchmark.cli.test_run_cmd import invoke
from tests.benchmark.runkit import RAISE_MARK, RAISES, question, write_set


@pytest.fixture
def sets(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    qs = [question("q000", "答案q000", scorer=RAISES), question("q001", RAISE_MARK, scorer=RAISES)]
    return write_set(tmp_path / "sets", "set.json", qs)


def args(*extra: str) -> list[str]:
    return ["run", "--dataset", "sets/set.json", "--adapter", "echo-cli-test", "--no-progress", *extra]


def test_a_scorer_error_is_reported_and_exits_1(sets: Path) -> None:
    code, out, err = invoke(*args())
    assert code == 1, err
    assert "ERROR  q001  fact_exact" in out
    assert "why: the scorer raised IndexError: string index out of range" in out
    assert "1 passed, 0 failed, 0 skipped, 1 errored of 2" in out
    [run] = list_runs(Path("runs"))
    assert {p.name for p in run.path.iterdir()} >= {"report.json", "answers.jsonl", "report.html"}


@pytest.mark.parametrize("fmt", ["junit", "tsv", "json"])
def test_a_scorer_error_in_every_rendering(sets: Path, fmt: str) -> None:
    code, out, _ = invoke(*args("--render", fmt))
    assert code == 1
    if fmt == "junit":
        assert '<error message="IndexError: string index out of range"' in out
    elif fmt == "tsv":
        header, row = out.splitlines()
        assert dict(zip(header.split("\t"), row.split("\t"), strict=True))["errored"] == "1"
    else:
        assert json.loads(out)["questions"][1]["error"] == "IndexError: string index out of range"


def _break_the_json_report(monkeypatch: pytest.MonkeyPatch) -> None:
    import benchmark.pipeline.finish as finish

    def broken(*_: object, **__: object) -> object:
        raise KeyError("a bug")

    monkeypatch.setattr(finish, "write_report", broken)


def test_an_internal_error_exits_3_with_one_line_and_keeps_the_answers(
    sets: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _break_the_json_report(monkeypatch)
    code, _, err = invoke(*args())
    assert code == INTERNAL_ERROR == 3
    assert err == "internal error: KeyError: 'a bug'; run with --traceback for details\n"
    [run] = list_runs(Path("runs"))
    assert [a["id"] for a in run.read_answers()] == ["q000", "q001"], (
        "answers.jsonl is written before scoring"
    )
    assert run.has("config.json") and not run.complete


def test_traceback_shows_the_traceback_and_keeps_the_code(
    sets: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _break_the_json_report(monkeypatch)
    code, _, err = invoke(*args(), "--traceback")
    assert code == 3
    assert err.startswith("Traceback (most recent call last):") and "KeyError: 'a bug'" in err
    assert err.endswith("internal error: KeyError: 'a bug'; the traceback is above\n")


def test_traceback_of_a_refusal_keeps_exit_2(sets: Path) -> None:
    code, _, err = invoke("run", "--dataset", "nowhere.json", "--traceback")
    assert code == 2
    assert err.startswith("Traceback (most recent call last):")
    assert err.split("\n")[-2].startswith("error: nowhere.json: no such file or folder")


def test_a_failing_html_page_loses_nothing(sets: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from benchmark.report.html_run import RunPage

    def broken(*_: object, **__: object) -> str:
        raise ValueError("Out of range float values are not JSON compliant")

    monkeypatch.setattr(RunPage, "write", broken)
    code, out, err = invoke(*args())
    assert code == 3
    assert "1 passed, 0 failed, 0 skipped, 1 errored of 2" in out, "the summary is still printed"
    assert err.splitlines() == [
        "the HTML report was not written; the other reports are complete",
        "internal error: ValueError: Out of range float values are not JSON compliant; "
        "run with --traceback for details",
    ]
    [run] = list_runs(Path("runs"))
    assert run.complete and run.has("answers.jsonl") and not run.has("report.html")
    assert run.read_report()["summary"]["errored"] == 1


def test_an_unwritable_html_path_is_a_refusal_after_the_results(sets: Path) -> None:
    Path("blocker").write_text("a file, not a folder")
    code, out, err = invoke(*args("--html", "blocker/page.html"))
    assert code == 2
    assert "errored of 2" in out
    assert err.splitlines()[-1].startswith("error: blocker/page.html: cannot write the HTML report")
    [run] = list_runs(Path("runs"))
    assert run.complete


def test_an_internal_error_in_a_real_process_exits_3(tmp_path: Path) -> None:
    """A python adapter whose describe() raises: not a refusal, a fault, in a real subprocess."""
    (tmp_path / "flaky.py").write_text(
        "class Broken:\n"
        "    def query(self, text):\n        return '42000元'\n"
        "    def describe(self):\n        raise RuntimeError('describe broke')\n",
        encoding="utf-8",
    )
    cmd = [sys.executable, "-m", "benchmark", "--adapter", "python:flaky:Broken", "--type", "fact_exact"]
    r = subprocess.run(cmd, cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert r.returncode == 3, r.stderr
    assert r.stderr == "internal error: RuntimeError: describe broke; run with --traceback for details\n"
