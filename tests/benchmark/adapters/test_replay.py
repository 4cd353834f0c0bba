"""The replay adapter: JSONL answers keyed by question id."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from benchmark.adapters.base import Query, create_adapter
from benchmark.errors import AdapterError, AdapterSpecError
from benchmark.models import Question


def query(qid: str) -> Query:
    return Query(Question(id=qid, type="fact_exact", question="?"))


def write(tmp_path: Path, *lines: str) -> Path:
    path = tmp_path / "answers.jsonl"
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path


def test_answers_by_id_and_skip_when_missing(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        json.dumps({"id": "a", "answer": "42000元"}, ensure_ascii=False),
        "",
        '{"id": "b", "answer": "否"}',
    )
    adapter = create_adapter(f"replay:{path}")
    assert asyncio.run(adapter.query(query("a")))["answer"] == "42000元"  # type: ignore[index, arg-type]
    with pytest.raises(AdapterError, match="no answer in replay file"):
        asyncio.run(adapter.query(query("c")))  # type: ignore[arg-type]
    assert adapter.describe()["answers"] == 2  # type: ignore[attr-defined]


def test_trials_beyond_zero_are_kept_apart(tmp_path: Path) -> None:
    path = write(
        tmp_path, '{"id": "a", "trial": 0, "answer": "一"}', '{"id": "a", "trial": 1, "answer": "二"}'
    )
    adapter = create_adapter(f"replay:{path}")
    assert asyncio.run(adapter.query(query("a")))["answer"] == "一"  # type: ignore[index, arg-type]


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        ("{oops", "line 2: not valid JSON"),
        ("[1, 2]", "line 2: expected a JSON object, got list"),
        ('{"answer": "x"}', "line 2: the object has no string 'id'"),
        ('{"id": "a", "answer": "again"}', "line 2: second answer for 'a' (trial 0); the first is on line 1"),
        ('{"id": "b", "trial": -1, "answer": "x"}', "line 2: 'trial' must be a whole number >= 0"),
    ],
)
def test_malformed_lines_are_refused_with_file_and_line(tmp_path: Path, line: str, problem: str) -> None:
    path = write(tmp_path, '{"id": "a", "answer": "x"}', line)
    with pytest.raises(AdapterSpecError) as err:
        create_adapter(f"replay:{path}")
    assert str(err.value) == f"{path}: {problem}" or str(err.value).startswith(f"{path}: {problem}")


def test_missing_file_and_missing_argument(tmp_path: Path) -> None:
    with pytest.raises(AdapterSpecError, match="cannot read replay file"):
        create_adapter(f"replay:{tmp_path / 'none.jsonl'}")
    with pytest.raises(AdapterSpecError, match="needs a file"):
        create_adapter("replay")


def test_describe_changes_with_the_file_content(tmp_path: Path) -> None:
    path = write(tmp_path, '{"id": "a", "answer": "x"}')
    first = create_adapter(f"replay:{path}").describe()  # type: ignore[attr-defined]
    write(tmp_path, '{"id": "a", "answer": "y"}')
    assert create_adapter(f"replay:{path}").describe() != first  # type: ignore[attr-defined]


def test_answers_are_read_from_the_file_when_asked(tmp_path: Path) -> None:
    path = tmp_path / "answers.jsonl"
    path.write_bytes(
        b'\xef\xbb\xbf{"id": "a", "answer": "first"}\r\n'
        + json.dumps({"id": "b", "answer": "x\u2028y"}, ensure_ascii=False).encode()
        + b"\n"
        + b'{"id": "c", "answer": "no line end"}'
    )
    adapter = create_adapter(f"replay:{path}")
    assert not hasattr(adapter, "answers")  # only where each answer is: the file is read when asked
    answers = [asyncio.run(adapter.query(query(q)))["answer"] for q in "abc"]  # type: ignore[index, arg-type]
    assert answers == ["first", "x\u2028y", "no line end"]
    adapter.close()  # type: ignore[attr-defined]
    assert asyncio.run(adapter.query(query("a")))["answer"] == "first"  # type: ignore[index, arg-type]


def test_a_line_that_is_not_utf8_is_refused_with_its_line_and_byte(tmp_path: Path) -> None:
    path = tmp_path / "answers.jsonl"
    path.write_bytes(b'{"id": "a", "answer": "ok"}\n{"id": "b", "answer": "\xff"}\n')
    with pytest.raises(AdapterSpecError, match=r"line 2.*not UTF-8 text \(invalid start byte at byte 23\)"):
        create_adapter(f"replay:{path}")


def test_a_replay_run_copies_no_answer_into_the_answer_cache_unless_resumed(tmp_path: Path) -> None:
    from benchmark.api import run
    from benchmark.cache import AnswerCache
    from tests.benchmark.runkit import numbered_set

    sets = numbered_set(tmp_path / "sets", 3)
    answers = write(tmp_path, *(json.dumps({"id": f"q{i:03d}", "answer": f"答案q{i:03d}"}) for i in range(3)))
    record = run(sets, f"replay:{answers}", output_dir=tmp_path / "runs")
    assert record.summary()["passed"] == 3
    assert not (tmp_path / "runs" / "cache.sqlite").exists()
    run(sets, f"replay:{answers}", output_dir=tmp_path / "runs", resume=True)
    with AnswerCache(tmp_path / "runs" / "cache.sqlite") as cache:
        assert cache.count() == 3  # resumed: what it received is kept for the next resume
