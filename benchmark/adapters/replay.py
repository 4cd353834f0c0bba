"""``replay:answers.jsonl``: answers produced elsewhere, one JSON object per line with the question ``id``.

Each line is the answer object of docs/contract.md §3 plus ``"id"`` (and optionally ``"trial"``; the replay
answers with trial 0, or the line without a trial). A question with no line becomes a SKIP "no answer in
replay file". A line that is not a JSON object with a string ``id``, or a second line for the same id
and trial, is a refusal (exit 2) naming the file and the line. The ``answers.jsonl`` of a run directory
is in this format, so any run can be replayed.

Every line is read and checked once, when the adapter is made; what is kept is where each answer is in
the file (``ReplayIndex``), and an answer is read from there when its question is asked, so a replay
of any size takes the memory of its index.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any, BinaryIO

from benchmark.adapters.base import Query
from benchmark.errors import AdapterError, AdapterSpecError
from benchmark.json_input import load_json_line
from benchmark.json_lines import loads_line


def _answer_line(path: Path, number: int, obj: Any) -> tuple[str, int, dict[str, Any]]:
    if not isinstance(obj, dict):
        raise AdapterSpecError(
            f"expected a JSON object, got {type(obj).__name__}", path=path, where=f"line {number}"
        )
    qid = obj.get("id")
    if not isinstance(qid, str) or not qid:
        raise AdapterSpecError(
            "the object has no string 'id' (the question id)", path=path, where=f"line {number}"
        )
    trial = obj.get("trial", 0)
    if not isinstance(trial, int) or isinstance(trial, bool) or trial < 0:
        raise AdapterSpecError(
            f"'trial' must be a whole number >= 0, got {trial!r}", path=path, where=f"line {number}"
        )
    return qid, trial, obj


class ReplayIndex:
    """Where each question's answer (trial 0) is in a replay file, and the file's sha256."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.spans: dict[str, tuple[int, int]] = {}
        digest = hashlib.sha256()
        seen: dict[tuple[str, int], int] = {}
        try:
            with path.open("rb") as f:
                offset = 0
                for number, raw in enumerate(f, 1):  # bytes split only at line ends (never at U+2028)
                    digest.update(raw)
                    line = raw.removeprefix(b"\xef\xbb\xbf") if number == 1 else raw
                    start = offset + len(raw) - len(line)
                    offset += len(raw)
                    line = line.removesuffix(b"\n").removesuffix(b"\r")
                    if line.strip():
                        self._add(line, start, number, seen)
        except OSError as exc:
            raise AdapterSpecError(f"cannot read replay file ({exc.strerror or exc})", path=path) from None
        self.sha256 = digest.hexdigest()

    def _add(self, line: bytes, start: int, number: int, seen: dict[tuple[str, int], int]) -> None:
        value = load_json_line(line, self.path, number, AdapterSpecError)
        qid, trial, _ = _answer_line(self.path, number, value)
        if (qid, trial) in seen:
            raise AdapterSpecError(
                f"second answer for {qid!r} (trial {trial}); the first is on line {seen[(qid, trial)]}",
                path=self.path,
                where=f"line {number}",
            )
        seen[(qid, trial)] = number
        if trial == 0:
            self.spans[qid] = (start, len(line))

    def read(self, handle: BinaryIO, qid: str) -> dict[str, Any] | None:
        span = self.spans.get(qid)
        if span is None:
            return None
        handle.seek(span[0])
        obj: dict[str, Any] = loads_line(handle.read(span[1]))
        return obj


class ReplayAdapter:
    name = "replay"
    answers_stored = True  # the replay file is the answers' store: they are not copied to the answer cache

    def __init__(self, path: Path) -> None:
        self.path = path
        self.index = ReplayIndex(path)
        self.sha256 = self.index.sha256
        self._handle: BinaryIO | None = None

    async def query(self, query: Query) -> dict[str, Any]:
        if self._handle is None:
            self._handle = self.path.open("rb")
        obj = self.index.read(self._handle, query.question.id)
        if obj is None:
            raise AdapterError("no answer in replay file")
        return obj

    def close(self) -> None:
        if self._handle is not None:
            self._handle.close()
            self._handle = None

    def describe(self) -> dict[str, Any]:
        return {"file": self.path.name, "sha256": self.sha256, "answers": len(self.index.spans)}


def create(arg: str | None, options: dict[str, Any]) -> ReplayAdapter:
    if not arg:
        raise AdapterSpecError("replay adapter needs a file: 'replay:answers.jsonl'")
    return ReplayAdapter(Path(arg))
