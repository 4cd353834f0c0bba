"""Interrupted runs (Ctrl-C, kill -9) continue with --resume: same report, no answered question asked again."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from benchmark.api import run
from benchmark.report.json_report import build_report, dumps_report, strip_timings
from benchmark.rundir import RunDir, list_runs
from tests.benchmark.runkit import EchoAdapter, numbered_set

N = 30
REPO = Path(__file__).resolve().parents[2]

SLOW_RAG = """
import os, re, time

def answer(text):
    time.sleep(0.05)
    n = int(re.search(r"第(\\d+)题", text).group(1))
    with open(os.environ["LRB_TEST_LOG"], "a", encoding="utf-8") as fh:
        fh.write(f"{n}\\n")  # logged when the answer is given, just before it is returned
    return {"answer": f"金额为{n * 100 + 7}元。", "citations": [{"page": 1}]}
"""


def write_fact_set(folder: Path) -> Path:
    """A fact_exact set scored by the real scorer: question n expects n*100+7 yuan."""
    lines = [f"第{n}笔借款为{n * 100 + 7}元。" for n in range(N)]
    (folder / "document.md").write_text("<!-- page: 1 -->\n" + "\n".join(lines) + "\n", encoding="utf-8")
    questions = [
        {
            "id": f"r{n:03d}",
            "type": "fact_exact",
            "question": f"第{n}题：第{n}笔借款是多少钱？",
            "expected": {"amount_total": n * 100 + 7},
            "scoring": {"citation_required": False},
        }
        for n in range(N)
    ]
    body = {
        "benchmark_type": "fact_exact",
        "description": "resume test",
        "document": "document.md",
        "questions": questions,
    }
    path = folder / "set.json"
    path.write_text(json.dumps(body, ensure_ascii=False), encoding="utf-8")
    (folder / "slowrag.py").write_text(SLOW_RAG, encoding="utf-8")
    return path


def bench(folder: Path, out: str, log: str, *extra: str) -> subprocess.Popen[bytes]:
    env = {**os.environ, "LRB_TEST_LOG": str(folder / log), "PYTHONPATH": str(REPO)}
    cmd = [
        sys.executable,
        "-m",
        "benchmark",
        "run",
        "--dataset",
        "set.json",
        "--adapter",
        "python:slowrag:answer",
    ]
    cmd += ["--output", out, "--no-progress", "--render", "tsv", *extra]
    return subprocess.Popen(cmd, cwd=folder, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def logged(path: Path) -> list[int]:
    return [int(x) for x in path.read_text().split()] if path.exists() else []


def kill_after(proc: subprocess.Popen[bytes], log: Path, answered: int) -> None:
    deadline = time.monotonic() + 60
    while len(logged(log)) < answered:
        assert proc.poll() is None, proc.stderr.read() if proc.stderr else b""
        assert time.monotonic() < deadline, "the run did not progress"
        time.sleep(0.005)
    time.sleep(0.025)  # mid-way through the next question's 50 ms
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)


def final_report(out: Path) -> dict[str, Any]:
    [run_dir] = [r for r in list_runs(out) if r.complete]
    return strip_timings(run_dir.read_report())


def cached_ids(out: Path) -> set[str]:
    rows = sqlite3.connect(out / "cache.sqlite").execute("SELECT question_id FROM answers").fetchall()
    return {r[0] for r in rows}


@pytest.mark.parametrize("concurrency", ["1", "4"])
def test_kill_9_then_resume_gives_the_uninterrupted_report(tmp_path: Path, concurrency: str) -> None:
    write_fact_set(tmp_path)
    whole = bench(tmp_path, "runs_a", "log_a", "--concurrency", concurrency)
    _, err = whole.communicate(timeout=120)
    assert whole.returncode == 0, err.decode()
    assert err == b""

    victim = bench(tmp_path, "runs_b", "log_b", "--concurrency", concurrency)
    kill_after(victim, tmp_path / "log_b", answered=8)
    assert victim.returncode == -signal.SIGKILL
    before = logged(tmp_path / "log_b")
    assert 8 <= len(before) < N
    cached_before = cached_ids(tmp_path / "runs_b")
    [unfinished] = list_runs(tmp_path / "runs_b")
    assert not unfinished.complete

    resumed = bench(tmp_path, "runs_b", "log_b", "--concurrency", concurrency, "--resume")
    _, err = resumed.communicate(timeout=120)
    assert resumed.returncode == 0, err.decode()
    after = logged(tmp_path / "log_b")[len(before) :]
    asked_again = {f"r{n:03d}" for n in after} & cached_before
    assert asked_again == set(), "a question whose answer was cached was asked again"
    assert sorted(set(before) | set(after)) == list(range(N))
    if concurrency == "1":  # one question in flight at a time: nothing answered is ever lost or repeated
        assert sorted(before + after) == list(range(N))
    [continued] = list_runs(tmp_path / "runs_b")  # the same run directory was continued
    assert continued.run_id == unfinished.run_id and continued.complete
    assert dumps_report(final_report(tmp_path / "runs_b")) == dumps_report(final_report(tmp_path / "runs_a"))


def test_ctrl_c_in_process_then_resume(tmp_path: Path) -> None:
    path = numbered_set(tmp_path / "sets", 10)
    out = tmp_path / "runs"

    class InterruptAt(EchoAdapter):
        def query(self, query: Any) -> dict[str, Any]:
            if query.question.id == "q006":
                raise KeyboardInterrupt
            return super().query(query)

    first = InterruptAt()
    with pytest.raises(KeyboardInterrupt):
        run(path, first, output_dir=out, concurrency=1)
    assert first.calls == [f"q{i:03d}" for i in range(6)]
    second = EchoAdapter()
    record = run(path, second, output_dir=out, concurrency=1, resume=True)
    assert second.calls == [f"q{i:03d}" for i in range(6, 10)]
    reference = run(path, EchoAdapter(), output_dir=None)
    assert dumps_report(strip_timings(build_report(record))) == dumps_report(
        strip_timings(build_report(reference))
    )
    assert [r.run_id for r in list_runs(out)] == [record.run_id]
    assert RunDir(out / record.run_id).complete


def test_resume_starts_a_new_run_when_nothing_matches(tmp_path: Path) -> None:
    path = numbered_set(tmp_path / "sets", 3)
    out = tmp_path / "runs"
    done = run(path, EchoAdapter(), output_dir=out)
    again = run(path, EchoAdapter(), output_dir=out, resume=True)  # the earlier run finished
    assert again.run_id != done.run_id
    assert all(r.cached for r in again.results)
