"""Stage 4, append: what each answer produced goes to the run directory as it comes.

- ``answers.jsonl``: each answer appended (and flushed) the moment it arrives, before it is scored,
  so a killed run keeps what it received; put in plan order when the run ends.
- the report lines and the page rows: appended to two spool files as they are scored, in whatever
  order that is (replies arrive out of order under concurrency, and so do results from several
  scoring processes), and read back in plan order by the byte offset kept for each sequence number.
  The reports are written from them (``finish``), then the spools are removed.

Offsets are kept in arrays (16 bytes per answer), so memory does not grow with what is written.
"""

from __future__ import annotations

import json
import os
from array import array
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from benchmark.json_lines import dumps_line_bytes, loads_line
from benchmark.rundir import ANSWERS
from benchmark.runner import Reply

MISSING = -1


class Spool:
    """Records put by index in any order (a later put of an index replaces it), read back by index."""

    def __init__(self, path: Path, size: int) -> None:
        self.path = path
        self._file: IO[bytes] = path.open("w+b")
        self._end = 0
        self._at_end = True  # no read since the last write: the file position is at the end
        self.offsets = array("q", [MISSING]) * size
        self.lengths = array("q", [0]) * size

    def put(self, index: int, data: bytes) -> None:
        if not self._at_end:
            self._file.seek(self._end)
            self._at_end = True
        self._file.write(data)
        self.offsets[index], self.lengths[index] = self._end, len(data)
        self._end += len(data)

    def has(self, index: int) -> bool:
        return self.offsets[index] != MISSING

    def get(self, index: int) -> bytes:
        offset = self.offsets[index]
        if offset == MISSING:
            raise KeyError(index)
        self._at_end = False
        self._file.seek(offset)
        return self._file.read(self.lengths[index])

    def in_order(self) -> Iterator[bytes]:
        """Every record put, by index."""
        self._at_end = False
        for index, offset in enumerate(self.offsets):
            if offset != MISSING:
                self._file.seek(offset)
                yield self._file.read(self.lengths[index])

    def close(self, *, remove: bool = True) -> None:
        self._file.close()
        if remove:
            self.path.unlink(missing_ok=True)


def answer_line(reply: Reply) -> dict[str, Any]:
    """One line of ``answers.jsonl``: the replay format (the answer object plus its question id)."""
    assert reply.answer is not None
    line = {"id": reply.job.query.question.id, "trial": reply.job.trial, "latency_ms": reply.latency_ms}
    return {**line, **reply.answer.to_dict()}


def _plain(value: Any) -> Any:
    """JSON for what adapters may put in ``fields``: Decimals as numbers, anything else as text."""
    from decimal import Decimal

    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    return str(value)


def _answer_bytes(reply: Reply) -> bytes:
    line = answer_line(reply)
    try:
        return dumps_line_bytes(line) + b"\n"
    except TypeError:  # a Decimal (or another object) in the adapter's fields
        return json.dumps(line, ensure_ascii=False, sort_keys=True, default=_plain).encode("utf-8") + b"\n"


class RunFiles:
    """The files a run fills as it goes, in ``folder`` (the run directory, or a temporary one)."""

    def __init__(self, folder: Path, jobs: int, questions: int) -> None:
        self.folder = folder
        self.answers = Spool(folder / ANSWERS, jobs)
        self.lines = Spool(folder / ".report-lines.tmp", jobs)
        self.rows = Spool(folder / ".page-rows.tmp", questions)

    def answer(self, reply: Reply) -> None:
        """Append the reply's answer (none for a SKIP) and flush it: a killed run keeps it."""
        if reply.answer is not None:
            self.answers.put(reply.job.seq, _answer_bytes(reply))
            self.answers._file.flush()

    def stored_answer(self, seq: int) -> dict[str, Any] | None:
        """The answer line written for ``seq`` (None for a SKIP)."""
        if not self.answers.has(seq):
            return None
        line: dict[str, Any] = loads_line(self.answers.get(seq))
        return line

    def close(self) -> None:
        """Put ``answers.jsonl`` in plan order (unless it already is) and remove the spools."""
        self.lines.close()
        self.rows.close()
        present = [o for o in self.answers.offsets if o != MISSING]
        if present == sorted(present):
            self.answers.close(remove=False)
            return
        tmp = self.folder / f".{ANSWERS}.{os.getpid()}.tmp"
        with tmp.open("wb") as out:
            for data in self.answers.in_order():
                out.write(data)
        self.answers.close(remove=False)
        os.replace(tmp, self.folder / ANSWERS)

    def discard(self) -> None:
        """Remove the spools of a run that failed half-way (``answers.jsonl`` stays, as it came)."""
        self.lines.close()
        self.rows.close()
        self.answers.close(remove=False)


class AnswerIndex:
    """Where each (question id, trial) is in a stored ``answers.jsonl`` (the first line for it wins); a
    line cut short by a killed run (no line end) is left out."""

    def __init__(self, path: Path, data: bytes, spans: dict[tuple[str, int], tuple[int, int]]) -> None:
        self.path, self.data, self.spans = path, data, spans

    @classmethod
    def of(cls, path: Path) -> AnswerIndex:
        from benchmark.errors import StoreError

        try:
            data = path.read_bytes()
        except OSError as exc:
            raise StoreError(f"cannot read answers ({exc.strerror or exc})", path=path) from None
        spans: dict[tuple[str, int], tuple[int, int]] = {}
        start, number = 0, 0
        # bytes split only at line ends: text would also split at U+2028 and U+2029, which JSON
        # strings may hold as they are (answers are written with ensure_ascii=False)
        while (end := data.find(b"\n", start)) >= 0:
            number += 1
            line = data[start:end]
            if line.strip():
                obj = _decode(path, number, line)
                spans.setdefault((str(obj.get("id")), int(obj.get("trial") or 0)), (start, end))
            start = end + 1
        return cls(path, data, spans)

    def get(self, ident: tuple[str, int]) -> dict[str, Any] | None:
        span = self.spans.get(ident)
        if span is None:
            return None
        obj: dict[str, Any] = loads_line(self.data[span[0] : span[1]])
        return obj


def _decode(path: Path, number: int, line: bytes) -> dict[str, Any]:
    from benchmark.errors import StoreError

    try:
        obj = loads_line(line)
    except json.JSONDecodeError as exc:
        raise StoreError(f"line {number} is not valid JSON ({exc.msg})", path=path) from None
    except UnicodeDecodeError as exc:
        raise StoreError(f"line {number} is not UTF-8 ({exc.reason})", path=path) from None
    if not isinstance(obj, dict):
        raise StoreError(f"line {number} is not a JSON object", path=path)
    return obj
