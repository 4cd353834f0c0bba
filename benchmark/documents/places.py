"""Where a text occurs in a document, across line and page breaks, with page furniture left out.

A document's *content lines* are its lines without page furniture: page-number footers (``第3页 共8页``,
``- 3 -``, ``Page 3 of 8``), blank lines, and a signature line (``被讯问人：某某（捺印）``) that is the
first or last line of a page other than the last. ``TextIndex`` joins every content line, folded
(``match_view``), into one string, once per document (at its first search); a search is then one ``find`` loop over it. An
occurrence whose lines lie on two pages *crosses a page break* (``Place.crosses_pages``): a quote that
runs on from the foot of one page to the top of the next, over the footer between them.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from benchmark.documents.pages import Line, Page
from benchmark.text.view import match_view

_PAGE_NUMBER = re.compile(
    r"第\s*[0-9一二三四五六七八九十]+\s*页\s*[，,/]?\s*共\s*[0-9一二三四五六七八九十]+\s*页"
    r"|^\s*[-—–]\s*\d+\s*[-—–]\s*$|^\s*(?:page|p\.)\s*\d+\s*(?:of\s*\d+)?\s*$"
    r"|^\s*第\s*\d+\s*页\s*$|^\s*\d+\s*/\s*\d+\s*$",
    re.IGNORECASE,
)
_SIGNATURE = re.compile(r"捺印|签名|签字|指印|手印|（印）|\(印\)")
_ELLIPSIS = re.compile(r"\.{3,}|…+|⋯+")
MAX_GAP = 400  # folded characters allowed between the parts of an elided quote


def is_page_number(text: str) -> bool:
    return bool(_PAGE_NUMBER.search(text))


def furniture_lines(pages: Sequence[Page]) -> frozenset[int]:
    """Numbers of the lines that are page furniture (see the module docstring)."""
    out: set[int] = set()
    last_page = pages[-1].number if pages else 0
    for page in pages:
        filled = [ln for ln in page.lines if ln.text.strip()]
        out.update(ln.number for ln in page.lines if not ln.text.strip() or is_page_number(ln.text))
        if page.number == last_page or not filled:
            continue
        for edge in (filled[0], filled[-1]):
            if _SIGNATURE.search(edge.text) and len(edge.text.strip()) <= 40:
                out.add(edge.number)
    return frozenset(out)


@dataclass(frozen=True)
class Place:
    """One occurrence of a text: the content lines it touches (in order) and their pages."""

    lines: tuple[int, ...]
    pages: tuple[int, ...]

    @property
    def start(self) -> int:
        return self.lines[0]

    @property
    def end(self) -> int:
        return self.lines[-1]

    @property
    def page(self) -> int:
        return self.pages[0]

    @property
    def crosses_pages(self) -> bool:
        return len(self.pages) > 1

    def describe(self) -> str:
        lines = f"line {self.start}" if self.start == self.end else f"lines {self.start}-{self.end}"
        if self.crosses_pages:
            return f"pages {self.pages[0]}-{self.pages[-1]} ({lines}, across the page break)"
        return f"page {self.page}, {lines}"


def quote_parts(text: str) -> list[str]:
    """A quote with ``...`` / ``…`` elides text: its folded parts, which must occur in order."""
    return [p for p in (match_view(x) for x in _ELLIPSIS.split(text)) if p]


class TextIndex:
    """Every content line of a document's pages, folded and joined once; occurrences found by ``find``."""

    def __init__(self, pages: Sequence[Page]) -> None:
        skip = furniture_lines(pages)
        self.content: list[Line] = [ln for page in pages for ln in page.lines if ln.number not in skip]

    @cached_property
    def _folded(self) -> tuple[str, list[int]]:
        """The content lines folded and joined, and where each starts (built at the first search)."""
        folded = [match_view(ln.text) for ln in self.content]
        starts, pos = [], 0
        for text in folded:
            starts.append(pos)
            pos += len(text)
        return "".join(folded), starts

    @property
    def joined(self) -> str:
        return self._folded[0]

    def _place(self, start: int, end: int) -> Place:
        starts = self._folded[1]
        first = bisect_right(starts, start) - 1
        last = bisect_right(starts, max(start, end - 1)) - 1
        lines = self.content[first : last + 1]
        kept = [ln for ln in lines if ln.text.strip()]
        return Place(tuple(ln.number for ln in kept), tuple(dict.fromkeys(ln.page for ln in kept)))

    def find(self, text: str, limit: int = 50) -> list[Place]:
        """Every occurrence of ``text`` (folded; ``…`` elides), in document order, at most ``limit``."""
        parts = quote_parts(text)
        if not parts:
            return []
        out: list[Place] = []
        pos = self.joined.find(parts[0])
        while pos >= 0 and len(out) < limit:
            end = self._rest(parts, pos + len(parts[0]))
            if end is not None:
                place = self._place(pos, end)
                if place.lines and (not out or out[-1] != place):
                    out.append(place)
            pos = self.joined.find(parts[0], pos + 1)
        return out

    def _rest(self, parts: list[str], pos: int) -> int | None:
        for part in parts[1:]:
            found = self.joined.find(part, pos, pos + MAX_GAP + len(part))
            if found < 0:
                return None
            pos = found + len(part)
        return pos

    def on_page(self, text: str, page: int) -> list[Place]:
        """Occurrences that lie wholly on ``page``."""
        return [p for p in self.find(text) if p.pages == (page,)]
