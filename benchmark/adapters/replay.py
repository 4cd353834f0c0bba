"""``replay:answers.jsonl``: answers produced elsewhere, one JSON object per line with the question ``id``.

Each line is the answer object of docs/contract.md §3 plus ``"id"`` (and optionally ``"trial"``; the replay
answers with trial 0, or the line without a trial). A question with no line becomes a SKIP "no answer in
replay file". A line that is not a JSON object with a string ``id``, or a second line for the same id
and trial, is a refusal (exit 2) naming the file and the line. The ``answers.jsonl`` of a run directory
is in this format, so any run can be replayed.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from benchmark.adapters.base import Query
from benchmark.errors import AdapterError, AdapterSpecError
from benchmark.json_input import MAX_ANSWERS_BYTES, iter_json_lines, read_limited


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


def read_replay(path: Path) -> tuple[dict[str, dict[str, Any]], str]:
    """id -> answer object (trial 0), and the file's sha256. Lines are read as a run directory's
    ``answers.jsonl`` is (``benchmark.json_input``: split at ``\n`` only, decoded strictly)."""
    data = read_limited(path, MAX_ANSWERS_BYTES, AdapterSpecError, "replay file")
    answers: dict[str, dict[str, Any]] = {}
    seen: dict[tuple[str, int], int] = {}
    for number, value in iter_json_lines(data, path, AdapterSpecError):
        qid, trial, obj = _answer_line(path, number, value)
        if (qid, trial) in seen:
            raise AdapterSpecError(
                f"second answer for {qid!r} (trial {trial}); the first is on line {seen[(qid, trial)]}",
                path=path,
                where=f"line {number}",
            )
        seen[(qid, trial)] = number
        if trial == 0:
            answers[qid] = obj
    return answers, hashlib.sha256(data).hexdigest()


class ReplayAdapter:
    name = "replay"

    def __init__(self, path: Path) -> None:
        self.path = path
        self.answers, self.sha256 = read_replay(path)

    async def query(self, query: Query) -> dict[str, Any]:
        obj = self.answers.get(query.question.id)
        if obj is None:
            raise AdapterError("no answer in replay file")
        return obj

    def describe(self) -> dict[str, Any]:
        return {"file": self.path.name, "sha256": self.sha256, "answers": len(self.answers)}


def create(arg: str | None, options: dict[str, Any]) -> ReplayAdapter:
    if not arg:
        raise AdapterSpecError("replay adapter needs a file: 'replay:answers.jsonl'")
    return ReplayAdapter(Path(arg))
