"""Texts folded once (``match_view``), however many checks read them.

- An answer's texts: a scorer makes one :class:`FoldOnce` for the answer it scores and hands it to
  the checks that read them (evidence items, citation quotes, key-point haystacks, the answer
  itself), which then fold each once, not once per check. It lives as long as that one answer's
  scoring; the checks take plain ``match_view`` when called on their own.
- A question's own texts (a ``must_include``, a key point, a citation target, a gold location) are
  folded once per question and held by it (``scorers.gold.GoldText``, ``CitationTarget.folded``,
  ``GoldLocation.folded``): every answer to the question reads them again.
"""

from __future__ import annotations

from collections.abc import Callable

from benchmark.documents.model import match_view

Fold = Callable[[str], str]


class FoldOnce:
    """``match_view``, each distinct text folded on its first call only (for one answer)."""

    __slots__ = ("_views",)

    def __init__(self) -> None:
        self._views: dict[str, str] = {}

    def __call__(self, text: str) -> str:
        view = self._views.get(text)
        if view is None:
            view = self._views[text] = match_view(text)
        return view


__all__ = ["Fold", "FoldOnce"]
