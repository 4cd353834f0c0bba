"""``report.json`` written from the run's report lines, and read back from them.

The report is written in one pass: the head (everything before ``"questions"``, keys sorted), the
question lines copied in plan order, each also counted into the summary (``benchmark.summary.Tally``),
then the tail with the summary. The bytes are those ``dumps_report_bytes`` gives for the same report.

``WrittenReport`` keeps the head in memory and where each question line is in the file: renderers,
the run history and ``RunRecord.results`` read the lines back one at a time.
"""

from __future__ import annotations

import json
import os
import tempfile
from array import array
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import IO, Any, overload

from benchmark.json_lines import loads_line
from benchmark.report_line import clean
from benchmark.summary import Tally

_QUESTIONS = "\x00questions\x00"
_SUMMARY = "\x00summary\x00"


class WrittenReport:
    """A report as written: ``head`` (the report without ``questions``) and the question lines on disk."""

    def __init__(self, head: dict[str, Any], path: Path | None, handle: IO[bytes] | None) -> None:
        self.head = head
        self.path, self._handle = path, handle  # a file in the run directory, or an anonymous one
        self.offsets = array("q")
        self.lengths = array("q")

    @property
    def summary(self) -> dict[str, Any]:
        summary: dict[str, Any] = self.head["summary"]
        return summary

    def __len__(self) -> int:
        return len(self.offsets)

    def _open(self) -> IO[bytes]:
        if self._handle is not None:
            return self._handle
        assert self.path is not None
        return self.path.open("rb")

    def line(self, index: int) -> bytes:
        handle = self._open()
        try:
            handle.seek(self.offsets[index])
            return handle.read(self.lengths[index])
        finally:
            if handle is not self._handle:
                handle.close()

    def lines(self) -> Iterator[bytes]:
        """The question lines in order (compact JSON, as in the file)."""
        handle = self._open()
        try:
            for offset, length in zip(self.offsets, self.lengths, strict=True):
                handle.seek(offset)
                yield handle.read(length)
        finally:
            if handle is not self._handle:
                handle.close()

    def questions(self) -> QuestionLines:
        return QuestionLines(self)

    def report(self) -> dict[str, Any]:
        """The report dict whose ``questions`` are read from the file as they are iterated."""
        return {**self.head, "questions": self.questions()}

    def as_dict(self) -> dict[str, Any]:
        """The report dict with every question decoded (as ``json.loads`` of the file gives it)."""
        return {**self.head, "questions": [loads_line(line) for line in self.lines()]}


class QuestionLines(Sequence[dict[str, Any]]):
    """A report's question entries, decoded from its file one at a time."""

    def __init__(self, written: WrittenReport) -> None:
        self.written = written

    def __len__(self) -> int:
        return len(self.written)

    @overload
    def __getitem__(self, index: int) -> dict[str, Any]: ...
    @overload
    def __getitem__(self, index: slice) -> list[dict[str, Any]]: ...
    def __getitem__(self, index: int | slice) -> dict[str, Any] | list[dict[str, Any]]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        entry: dict[str, Any] = loads_line(self.written.line(range(len(self))[index]))
        return entry

    def __iter__(self) -> Iterator[dict[str, Any]]:
        return (loads_line(line) for line in self.written.lines())

    def raw_lines(self) -> Iterator[bytes]:
        """The entries as the file holds them (``dumps_report_bytes`` copies them)."""
        return self.written.lines()


def _parts(head: dict[str, Any]) -> tuple[bytes, bytes, bytes]:
    """The report's text before the question lines, between them and the summary, and after it."""
    text = json.dumps(
        {**head, "questions": _QUESTIONS, "summary": _SUMMARY},
        ensure_ascii=False,
        indent=2,
        sort_keys=True,
        default=str,
    )
    before, rest = text.split(json.dumps(_QUESTIONS), 1)
    middle, after = rest.split(json.dumps(_SUMMARY), 1)
    return before.encode("utf-8"), middle.encode("utf-8"), after.encode("utf-8") + b"\n"


def write_report(
    path: Path | None, head: dict[str, Any], lines: Iterable[bytes], tally: Tally
) -> WrittenReport:
    """Write the report (``path``, atomically; None: an anonymous temporary file) from ``head`` (without
    summary or questions) and the question lines in order; the summary is counted from the lines."""
    if path is None:
        handle = tempfile.TemporaryFile()  # noqa: SIM115 - kept open: the record reads its lines back
        written = WrittenReport(head, None, handle)
        _write(handle, written, lines, tally)
        return written
    written = WrittenReport(head, path, None)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with tmp.open("wb") as out:
        _write(out, written, lines, tally)
    os.replace(tmp, path)
    return written


def _write(out: IO[bytes], written: WrittenReport, lines: Iterable[bytes], tally: Tally) -> None:
    before, middle, after = _parts(written.head)
    position = out.write(before)
    first = True
    for line in lines:
        position += out.write(b"[\n    " if first else b",\n    ")
        first = False
        written.offsets.append(position)
        written.lengths.append(len(line))
        position += out.write(line)
        tally.add(loads_line(line))
    out.write(b"[]" if first else b"\n  ]")
    summary = clean(tally.summary())
    out.write(middle)
    text = json.dumps(summary, ensure_ascii=False, indent=2, sort_keys=True, default=str)
    out.write(text.replace("\n", "\n  ").encode("utf-8"))  # nested one level in the report
    out.write(after)
    out.flush()
    written.head = {**written.head, "summary": summary}
