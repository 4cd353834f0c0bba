"""``required_evidence.section`` / ``speaker`` on a transcript: evidence must come from that part.

On a document with transcript structure (``benchmark.documents.transcript``), a required item with
``section: "qa_pair"`` is covered only by evidence from a question-answer pair, ``section: "header"``
only by evidence from the header (基础信息) or the closing block, ``speaker: "answer"`` /
``"question"`` only by evidence from that part of a pair. So an item quoting the question
``你是不是收了42000元？`` does not cover ``42000元`` required from the answer.

How: the item's text is found in the document (folded, ``Document.places``); it covers the required
item only when one of its places holds an occurrence of the ``must_include`` that lies in the required
part. An item whose text cannot be found verbatim (a paraphrase) is judged by its text alone, as
without a transcript. Other ``section`` / ``speaker`` values (``claims``, ``court``…) and documents
without transcript structure put no constraint on evidence.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from benchmark.models import RequiredEvidence

if TYPE_CHECKING:
    from benchmark.documents.model import Document
    from benchmark.documents.places import Place
    from benchmark.documents.transcript import Role, Transcript

SECTIONS = ("header", "qa_pair")
SPEAKERS = ("question", "answer")
_NAMES = {
    "header": "the header",
    "qa_pair": "a question-answer pair",
    "question": "a question",
    "answer": "an answer",
}


def constrained(req: RequiredEvidence) -> bool:
    return req.section in SECTIONS or req.speaker in SPEAKERS


def wanted(req: RequiredEvidence) -> str:
    """Where the required item must come from, in words."""
    if req.speaker in SPEAKERS:
        return f"{_NAMES[req.speaker]} part"
    return _NAMES[req.section or "qa_pair"]


def allowed(role: Role | None, req: RequiredEvidence) -> bool:
    if role is None:
        return False
    if req.section == "header" and role.section not in ("header", "closing"):
        return False
    if req.section == "qa_pair" and role.section != "qa_pair":
        return False
    return req.speaker not in SPEAKERS or role.speaker == req.speaker


def place_allowed(place: Place, transcript: Transcript, req: RequiredEvidence) -> bool:
    return all(allowed(transcript.role(n), req) for n in place.lines)


def describe_role(role: Role | None) -> str:
    if role is None:
        return "page furniture"
    if role.section != "qa_pair":
        return f"the {role.section}"
    return f"the {role.speaker} of QA pair {role.pair}"


def _inside(inner: Place, outer: Place) -> bool:
    return outer.start <= inner.start and inner.end <= outer.end


class RoleCheck:
    """Checks covered items against the parts their required items name, for one answer."""

    def __init__(self, doc: Document, transcript: Transcript) -> None:
        self.doc, self.transcript = doc, transcript
        self._places: dict[str, list[Place]] = {}

    def places(self, text: str) -> list[Place]:
        if text not in self._places:
            self._places[text] = self.doc.places(text)
        return self._places[text]

    def verdict(self, item_text: str, req: RequiredEvidence) -> str | None:
        """None when the item may cover ``req``; else why it may not."""
        good = [p for p in self.places(req.must_include) if place_allowed(p, self.transcript, req)]
        found = self.places(item_text)
        if not good or not found:
            return None  # the set is wrong (lint says so), or a paraphrase: judged by its text
        if any(_inside(g, f) for f in found for g in good):
            return None
        where = describe_role(self.transcript.role(found[0].start))
        return f"holds the text, but from {where}; the evidence must come from {wanted(req)}"
