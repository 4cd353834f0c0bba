"""Where a question's evidence is: its gold locations, as retrieval is measured against them.

Every ``required_evidence`` item (its ``must_include`` is its text), the ``evidence_location`` (its text:
its own ``must_include``/``quote``, else the ``required_quote``) and each ``additional_evidence`` item
(its own text, else the additional quote at the same position); identical ones count once, in that
order. A location that names no document is in ``single`` (a set's only document), if given.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from benchmark.documents.model import match_view
from benchmark.models import LineRange, Question

__all__ = ["GoldLocation", "gold_locations"]


@dataclass(frozen=True)
class GoldLocation:
    """A gold evidence location: its document id (None in a set over one unnamed document), page,
    lines and the text it holds, each when known."""

    document: str | None
    page: int | None
    lines: LineRange | None = None
    text: str | None = None

    @cached_property
    def folded(self) -> str:
        """``text`` folded as contexts are (``match_view``), made once: a question holds its locations."""
        return match_view(self.text) if self.text else ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "document": self.document,
            "page": self.page,
            "lines": None if self.lines is None else str(self.lines),
            "text": self.text,
        }


def gold_locations(question: Question, single: str | None = None) -> list[GoldLocation]:
    """The question's evidence locations, each once (see the module docstring)."""
    out = [
        GoldLocation(e.document or single, e.page, e.lines, e.must_include)
        for e in question.required_evidence
    ]
    quotes = [question.required_quote, *question.additional_quotes]
    for i, loc in enumerate([question.evidence_location, *question.additional_evidence]):
        if loc is None or loc.page is None:
            continue
        text = loc.text or (quotes[i] if i < len(quotes) else None)
        out.append(GoldLocation(loc.document or single, loc.page, loc.lines, text))
    return list(dict.fromkeys(out))
