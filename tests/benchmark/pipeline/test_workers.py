"""--workers N: the same reports, byte for byte, as one process."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from benchmark.api import rescore, run
from benchmark.errors import ConfigError
from benchmark.report.json_report import strip_timings
from benchmark.resources import datasets_dir
from benchmark.rundir import RunDir

TIMINGS = re.compile(
    rb'"(run_id|started_at|finished_at|duration_s|git_commit)": ?("[^"]*"|[0-9.]+|null)|"(latency_ms|ms)":[0-9]+'
    rb"|\d{8}T\d{6}Z-[0-9a-f]{6}"
)


def _files(out: Path, run_id: str) -> dict[str, bytes]:
    folder = out / run_id
    return {name: TIMINGS.sub(b"", (folder / name).read_bytes()) for name in ("report.json", "report.html")}


def test_two_processes_write_the_reports_of_one(tmp_path: Path) -> None:
    sets = [datasets_dir() / "transcript", datasets_dir() / "loan_contract"]
    one = run(sets, "baseline", output_dir=tmp_path / "one", workers=1, repeat=2, cache_path=None)
    two = run(sets, "baseline", output_dir=tmp_path / "two", workers=2, repeat=2, cache_path=None)
    assert {r.outcome for r in one.results} >= {"PASS", "FAIL"}  # a mix worth comparing
    assert _files(tmp_path / "one", one.run_id) == _files(tmp_path / "two", two.run_id)
    again = rescore(one.run_id, output_dir=tmp_path / "one", workers=2)
    before, after = (strip_timings(RunDir(tmp_path / "one" / r.run_id).read_report()) for r in (one, again))
    for entry in (*before["questions"], *after["questions"]):
        entry.pop("set")  # the rescore reads the sets from the paths the run recorded (relative ones)
    assert after["questions"] == before["questions"] and after["summary"] == before["summary"]


@pytest.mark.parametrize("workers", [0, -1, True])
def test_workers_must_be_a_whole_number_from_1(tmp_path: Path, workers: object) -> None:
    with pytest.raises(ConfigError, match="--workers"):
        run(datasets_dir() / "judgment", "oracle", output_dir=None, workers=workers)  # type: ignore[arg-type]
