"""A document's pages of numbered lines.

Line numbers are those an editor shows for the source file (page-marker lines use a number but hold
no content); OCR page lists number their lines consecutively across pages.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from benchmark.text.view import match_view

__all__ = ["Line", "Page"]


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
