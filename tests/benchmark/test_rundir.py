"""The run directory's stored answers read back exactly as they were written."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmark.errors import StoreError
from benchmark.rundir import ANSWERS, RunDir


def test_answers_read_back_as_written_line_separators_and_big_integers_included(tmp_path: Path) -> None:
    lines = [
        {"id": "q1", "trial": 0, "answer": "第一段\u2028第二段\u2029第三段\x85完", "fields": {"n": 10**25}},
        {"id": "q2", "trial": 1, "answer": "肆万贰仟元整", "citations": [{"page": 2, "quote": "今借到"}]},
    ]
    run_dir = RunDir(tmp_path / "run").create()
    run_dir.write_answers(lines)
    assert run_dir.read_answers() == lines


def test_a_line_that_is_not_utf8_is_named(tmp_path: Path) -> None:
    run_dir = RunDir(tmp_path / "run").create()
    (run_dir.path / ANSWERS).write_bytes(b'{"id": "q1"}\n{"id": "\xff"}\n')
    with pytest.raises(StoreError, match="line 2: not UTF-8 text"):
        run_dir.read_answers()
