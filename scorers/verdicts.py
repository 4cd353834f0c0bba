"""What a judge is asked and what it answers: plain data shared by the scorers (which build requests
and apply verdicts, ``scorers.judgeable``) and the judges (``benchmark.judges``, which answer them).

A request is identified by ``key``: the sha256 of its kind, question id and text, accepted
references and the answer's material (what the judge reads). A verdict cache adds the judge's own
identity to it (``benchmark.judges.cache``).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

#: The kinds of component a judge may overturn; amounts, dates, counts and yes/no never are.
KINDS = ("text_answer", "entity", "key_point")


@dataclass(frozen=True)
class JudgeRequest:
    kind: str  # one of KINDS
    question_id: str
    question: str
    references: tuple[str, ...]  # the accepted wordings (a key point is its own one reference)
    answer: str  # the answer's conclusion (text, entity) or the texts key points are sought in
    key: str = ""

    @classmethod
    def build(
        cls, kind: str, question_id: str, question: str, references: tuple[str, ...], answer: str
    ) -> JudgeRequest:
        parts = {"kind": kind, "id": question_id, "question": question, "refs": references, "answer": answer}
        text = json.dumps(parts, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
        return cls(kind, question_id, question, references, answer, hashlib.sha256(text.encode()).hexdigest())


@dataclass(frozen=True)
class Verdict:
    """A judge's answer: ``match`` True or False, or None when the judge failed (``reason`` says how)."""

    judge: str  # the judge's name as reports show it
    match: bool | None
    reason: str

    @property
    def error(self) -> bool:
        return self.match is None

    def to_dict(self) -> dict[str, Any]:
        if self.match is None:
            return {"name": self.judge, "error": self.reason}
        return {"name": self.judge, "match": self.match, "reason": self.reason}


@dataclass(frozen=True)
class Judgement:
    """One judgeable mismatch of a scored answer and the verdict applied to it (None: not asked yet)."""

    request: JudgeRequest
    verdict: Verdict | None = None

    @property
    def overturned(self) -> bool:
        return self.verdict is not None and self.verdict.match is True


__all__ = ["KINDS", "JudgeRequest", "Judgement", "Verdict"]
