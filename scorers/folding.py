"""Texts folded once (``match_view``), however many checks read them.

- An answer's texts: a scorer makes one :class:`FoldOnce` for the answer it scores and hands it to
  the checks that read them (evidence items, citation quotes, key-point haystacks, the answer
  itself), which then fold each once, not once per check. It lives as long as that one answer's
  scoring; the checks take plain ``match_view`` when called on their own.
- A question's own texts (a ``must_include``, a key point): :func:`gold_view`, kept per text like
  the other readings of the gold side (its required numbers, a quote's parts), since every answer
  to the question reads them again. Never called with an answer's text.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

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


@lru_cache(maxsize=4096)
def gold_view(text: str) -> str:
    """``match_view`` of a question's own text (see the module docstring)."""
    return match_view(text)


__all__ = ["Fold", "FoldOnce", "gold_view"]
