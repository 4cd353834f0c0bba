"""A document: pages of numbered lines (``benchmark.documents.pages``), plus a folded view for matching.

What matching looks up (``index``, ``text_index``), its transcript structure (``transcript``) and what
scorers derive from it (``derived``) are made once, on first need, and held by the document.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any, TypeVar

from benchmark.documents.index import DocumentIndex
from benchmark.documents.pages import Line, Page
from benchmark.documents.places import Place, TextIndex
from benchmark.documents.transcript import Transcript, parse_transcript
from benchmark.text.view import match_view

__all__ = ["Document", "Line", "Page", "match_view"]

T = TypeVar("T")


@dataclass
class Document:
    path: Path
    format: str
    pages: list[Page]
    sha256: str
    _derived: dict[Callable[[Any], Any], Any] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    def __repr__(self) -> str:
        # not every line: a repr is printed in tracebacks, and asyncio formats one of everything a
        # finished task returned (a run's queries hold their document)
        return f"Document(path={str(self.path)!r}, format={self.format!r}, pages={len(self.pages)}, sha256={self.sha256[:12]!r}...)"

    @cached_property
    def _by_number(self) -> dict[int, Page]:
        return {p.number: p for p in self.pages}

    @cached_property
    def lines(self) -> list[Line]:
        return [line for page in self.pages for line in page.lines]

    @cached_property
    def text(self) -> str:
        return "\n".join(p.text for p in self.pages)

    @cached_property
    def folded(self) -> str:
        """The whole document folded (width, case, whitespace, punctuation) for containment tests."""
        return match_view(self.text)

    @cached_property
    def index(self) -> DocumentIndex:
        """Folded lines by page, the page of each line, one search over all pages (built once)."""
        return DocumentIndex(self.pages)

    def derived(self, build: Callable[[Document], T]) -> T:
        """``build(self)``, made on first need and held by the document: the per-document index a
        scorer keeps (the facts hallucination checks compare with), without this package knowing the
        scorers. ``build`` must be a pure function of the document."""
        if build not in self._derived:
            self._derived[build] = build(self)
        made: T = self._derived[build]
        return made

    @property
    def page_count(self) -> int:
        return len(self.pages)

    @cached_property
    def text_index(self) -> TextIndex:
        """Content lines (page furniture left out) folded and joined, for finding text across breaks."""
        return TextIndex(self.pages)

    @cached_property
    def transcript(self) -> Transcript | None:
        """Header and question-answer pairs when the document is a 讯问/询问笔录, else None."""
        return parse_transcript(self.text_index.content)

    def places(self, text: str) -> list[Place]:
        """Every occurrence of ``text`` (folded; across line and page breaks, furniture skipped)."""
        return self.text_index.find(text)

    def page(self, number: int) -> Page | None:
        return self._by_number.get(number)

    def lines_between(self, start: int, end: int, page: int | None = None) -> list[Line]:
        """Lines numbered ``start..end`` inclusive, optionally only those on ``page``."""
        return [
            line for line in self.lines if start <= line.number <= end and (page is None or line.page == page)
        ]

    def folded_lines_text(self, start: int, end: int, page: int | None = None) -> str:
        return match_view("\n".join(line.text for line in self.lines_between(start, end, page)))

    def pages_containing(self, snippet: str) -> list[int]:
        """Pages whose folded text contains the folded ``snippet`` (empty when it is nowhere)."""
        needle = match_view(snippet)
        if not needle:
            return []
        return [p.number for p in self.pages if needle in p.folded]

    def locate(self, snippet: str, page: int | None = None) -> list[Line]:
        """Lines that together hold ``snippet`` (folded), searching within one page at a time."""
        needle = match_view(snippet)
        if not needle:
            return []
        for p in self.pages if page is None else [x for x in self.pages if x.number == page]:
            found = self.index.pages[p.number].holding(needle)
            if found:
                return [p.lines[k] for k in found]
        return []
