"""Pages of text lines with 1-based global line numbers, plus a folded view for matching.

Line numbers are those an editor shows for the source file (page-marker lines use a number but hold
no content); OCR page lists number their lines consecutively across pages.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from benchmark.text.folding import fold
from benchmark.text.ocr import strip_ocr_noise

if TYPE_CHECKING:
    from benchmark.documents.places import Place, TextIndex
    from benchmark.documents.transcript import Transcript


def match_view(text: str) -> str:
    """The folded, OCR-cleaned form of ``text`` that all matching uses."""
    return fold(strip_ocr_noise(text))


@dataclass(frozen=True)
class Line:
    number: int  # 1-based over the whole document
    page: int  # 1-based
    text: str


@dataclass
class Page:
    number: int
    lines: list[Line] = field(default_factory=list)

    @cached_property
    def text(self) -> str:
        return "\n".join(line.text for line in self.lines)

    @cached_property
    def folded(self) -> str:
        return match_view(self.text)


@dataclass
class Document:
    path: Path
    format: str
    pages: list[Page]
    sha256: str

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

    @property
    def page_count(self) -> int:
        return len(self.pages)

    @cached_property
    def text_index(self) -> TextIndex:
        """Content lines (page furniture left out) folded and joined, for finding text across breaks."""
        from benchmark.documents.places import TextIndex

        return TextIndex(self)

    @cached_property
    def transcript(self) -> Transcript | None:
        """Header and question-answer pairs when the document is a 讯问/询问笔录, else None."""
        from benchmark.documents.transcript import parse_transcript

        return parse_transcript(self)

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
            folded_lines = [match_view(line.text) for line in p.lines]
            joined = "".join(folded_lines)
            pos = joined.find(needle)
            if pos < 0:
                continue
            hits, offset = [], 0
            for line, text in zip(p.lines, folded_lines, strict=False):
                if offset < pos + len(needle) and offset + len(text) > pos:
                    hits.append(line)
                offset += len(text)
            return hits
        return []
