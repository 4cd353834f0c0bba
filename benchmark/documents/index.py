"""What matching looks up in a document, built once per document (``Document.index``).

- each page's lines folded one by one (``match_view``) and joined, with where each line starts: a
  passage is located on a page by one ``str.find`` and a bisection, never by folding lines again;
- which page each line is on;
- every page's folded text joined by a character folding never keeps: one ``find`` over the
  document tells the first page that holds a passage (a passage cannot span two pages).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import accumulate

from benchmark.documents.pages import Page
from benchmark.text.view import match_view

__all__ = ["DocumentIndex", "PageLines"]

_PAGE_BREAK = "\x00"  # folding keeps letters and digits only


@dataclass(frozen=True, slots=True)
class PageLines:
    """One page's lines folded one by one and joined: ``joined[starts[k]:ends[k]]`` is line ``k``."""

    number: int
    line_numbers: tuple[int, ...]
    joined: str
    starts: tuple[int, ...]
    ends: tuple[int, ...]

    @classmethod
    def of(cls, page: Page) -> PageLines:
        folded = [match_view(line.text) for line in page.lines]
        ends = tuple(accumulate(len(t) for t in folded))
        starts = (0, *ends[:-1]) if ends else ()
        return cls(page.number, tuple(line.number for line in page.lines), "".join(folded), starts, ends)

    def holding(self, needle: str) -> list[int]:
        """Positions (0-based, in page order) of the lines that together hold the first occurrence of
        the folded ``needle``: every line sharing a character with it, and any empty line between."""
        pos = self.joined.find(needle) if needle else -1
        if pos < 0:
            return []
        end = pos + len(needle)
        k = max(0, bisect_right(self.starts, pos) - 1)  # the last line starting at or before ``pos``
        out = []
        while k < len(self.starts) and self.starts[k] < end:
            if self.ends[k] > pos:
                out.append(k)
            k += 1
        return out


class DocumentIndex:
    """The look-ups of the module docstring, for one document's pages."""

    def __init__(self, pages: Sequence[Page]) -> None:
        self.pages = {p.number: PageLines.of(p) for p in pages}
        self.page_of_line = {n: p.number for p in self.pages.values() for n in p.line_numbers}
        self._joined = _PAGE_BREAK.join(p.folded for p in pages)
        self._page_numbers = [p.number for p in pages]
        self._page_starts = list(accumulate((len(p.folded) + 1 for p in pages[:-1]), initial=0))

    def first_page_holding(self, needle: str) -> int | None:
        """The first page, in document order, whose folded text holds the folded ``needle``."""
        pos = self._joined.find(needle) if needle else -1
        return self._page_numbers[bisect_right(self._page_starts, pos) - 1] if pos >= 0 else None

    def lines_holding(self, page: int, needle: str) -> tuple[int, int] | None:
        """The first and last line numbers of ``page`` that hold the folded ``needle``, or None."""
        lines = self.pages.get(page)
        found = lines.holding(needle) if lines is not None else []
        return (lines.line_numbers[found[0]], lines.line_numbers[found[-1]]) if lines and found else None
