"""The append stage: records in any order read back in plan order; answers kept as they arrive."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmark.errors import StoreError
from benchmark.pipeline.append import AnswerIndex, RunFiles, Spool
from benchmark.runner import Job, Reply
from tests.benchmark.runkit import question  # noqa: F401  (the stub scorer's registration)


def test_a_spool_reads_back_in_index_order(tmp_path: Path) -> None:
    spool = Spool(tmp_path / "s", 5)
    for index, data in [(3, b"three"), (0, b"zero"), (4, b"four"), (3, b"THREE")]:
        spool.put(index, data)
    assert list(spool.in_order()) == [b"zero", b"THREE", b"four"]  # a later put replaces; 1 and 2 absent
    assert spool.get(4) == b"four" and spool.has(0) and not spool.has(1)
    spool.put(1, b"one")  # writing after reading appends at the end
    assert list(spool.in_order()) == [b"zero", b"one", b"THREE", b"four"]
    with pytest.raises(KeyError):
        spool.get(2)
    spool.close()
    assert not (tmp_path / "s").exists()


def _reply(seq: int, answer: str | None) -> Reply:
    from benchmark.adapters.base import Query
    from benchmark.models import Answer, Question

    job = Job(seq, Query(Question(id=f"q{seq}", type="fact_exact", question="?")), 0, f"k{seq}")
    return Reply(job, Answer(answer) if answer is not None else None, None if answer else "boom", 7)


def test_answers_are_appended_as_they_arrive_and_put_in_plan_order(tmp_path: Path) -> None:
    files = RunFiles(tmp_path, 4, 4)
    for seq, answer in [(2, "二"), (0, "零"), (1, None), (3, "三")]:
        files.answer(_reply(seq, answer))
    arrived = (tmp_path / "answers.jsonl").read_text(encoding="utf-8").splitlines()
    assert [line.split('"id":"')[1][:2] for line in arrived] == ["q2", "q0", "q3"]  # on disk at once
    assert files.stored_answer(0) == {**files.stored_answer(0), "answer": "零", "latency_ms": 7}  # type: ignore[dict-item]
    assert files.stored_answer(1) is None
    files.close()
    ordered = (tmp_path / "answers.jsonl").read_text(encoding="utf-8").splitlines()
    assert [line.split('"id":"')[1][:2] for line in ordered] == ["q0", "q2", "q3"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["answers.jsonl"]  # the spools are gone


def test_an_answer_cut_short_by_a_killed_run_is_left_out(tmp_path: Path) -> None:
    path = tmp_path / "answers.jsonl"
    path.write_bytes(
        b'{"id":"a","trial":0,"answer":"x"}\n{"id":"a","trial":0,"answer":"second"}\n'
        b'{"id":"b","trial":1,"answer":"y \xe2\x80\xa8 z"}\n{"id":"c","ans'
    )
    index = AnswerIndex.of(path)
    assert index.get(("a", 0)) == {"id": "a", "trial": 0, "answer": "x"}  # the first line for it wins
    assert index.get(("b", 1))["answer"] == "y \u2028 z"  # type: ignore[index]
    assert index.get(("c", 0)) is None


def test_a_damaged_answers_file_is_refused_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "answers.jsonl"
    path.write_bytes(b'{"id":"a"}\nnot json\n')
    with pytest.raises(StoreError, match="line 2 is not valid JSON"):
        AnswerIndex.of(path)
