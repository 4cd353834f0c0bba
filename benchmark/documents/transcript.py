"""The structure of an interrogation / inquiry record (讯问笔录, 询问笔录): header, question-answer pairs.

``parse_transcript(lines)`` reads a document's content lines (``benchmark.documents.places``: page
furniture left out) and finds its speaker markers. The first of these marker styles that yields at
least ``MIN_PAIRS`` question-answer pairs is used:

1. ``问：`` / ``答：`` (either colon), ``问:``, ``问 …`` (a space instead of the colon) and
   ``问（贺某）：`` (a name in brackets);
2. the same with a name before the marker: ``侦查员问：``, ``张某答：``;
3. no separator at all: ``问你叫什么名字？`` / ``答张某。`` (only when no document line uses a separator);
4. two alternating speaker labels, ``民警：`` / ``张某：``, the questioning one being the label whose
   lines mostly end with a question mark.

A question marker starts a pair (numbered from 1 in document order); the answer marker after it starts
its answer part; further answer markers before the next question continue that answer. Lines without
a marker continue the part before them, across page breaks. Content lines before the first question
are the *header* (基础信息); lines after the last answer from the first closing line on (``以上笔录我看过``,
``被讯问人：``, ``讯问人：``, ``记录人：``, a date alone) are the *closing* block (signatures). A
document with fewer than ``MIN_PAIRS`` pairs has no transcript structure (``None``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from benchmark.text.ocr import strip_ocr_noise

if TYPE_CHECKING:
    from benchmark.documents.pages import Line

MIN_PAIRS = 2
Q, A = "question", "answer"

_NAME = r"(?:[（(][^）)\n]{1,12}[）)])"
_PLAIN = {
    Q: re.compile(rf"^[\s　]*问[\s　]*(?:{_NAME}[\s　]*[:：]?|[:：]|[\s　]+(?=\S))"),
    A: re.compile(rf"^[\s　]*答[\s　]*(?:{_NAME}[\s　]*[:：]?|[:：]|[\s　]+(?=\S))"),
}
_NAMED = {
    Q: re.compile(rf"^[\s　]*[\u4e00-\u9fff·A-Za-z]{{2,6}}问[\s　]*{_NAME}?[\s　]*[:：]"),
    A: re.compile(rf"^[\s　]*[\u4e00-\u9fff·A-Za-z]{{2,6}}答[\s　]*{_NAME}?[\s　]*[:：]"),
}
# glued markers: the words that begin with 问/答 are not markers
_GLUED = {
    Q: re.compile(r"^[\s　]*问(?![题询候责卷号世津路诊鼎罪好安])\S"),
    A: re.compile(r"^[\s　]*答(?![复应辩案谢卷题])\S"),
}
_SEPARATED = re.compile(r"^[\s　]*[\u4e00-\u9fff·A-Za-z]{0,6}[问答][\s　]*(?:[:：]|[\s　]+\S|[（(])")
_LABEL = re.compile(r"^[\s　]*([\u4e00-\u9fff·A-Za-z]{1,8})[\s　]*[:：]")
_CLOSING = re.compile(
    r"^[\s　]*(?:以上(?:笔录|记录|内容)|(?:被)?[讯询]问人[\s　]*[:：（(]|记录人[\s　]*[:：（(]|"
    r"(?:[0-9]{4}|[〇○零一二三四五六七八九]{4})年[^，。]{1,8}日[\s　]*$)"
)
_QUESTION_END = re.compile(r"[？?][”\"）)]?[\s　]*$")


@dataclass(frozen=True)
class Part:
    """A run of content lines: the header, a question, an answer or the closing."""

    lines: tuple[int, ...]
    pages: tuple[int, ...]
    text: str
    line_pages: tuple[int, ...] = ()  # the page of each line

    def lines_on(self, page: int) -> tuple[int, ...]:
        return tuple(n for n, p in zip(self.lines, self.line_pages, strict=True) if p == page)

    @property
    def first_line(self) -> int:
        return self.lines[0]

    @property
    def last_line(self) -> int:
        return self.lines[-1]


@dataclass(frozen=True)
class QAPair:
    number: int  # 1-based, in document order
    question: Part | None
    answer: Part | None

    @property
    def lines(self) -> tuple[int, ...]:
        return (*(self.question.lines if self.question else ()), *(self.answer.lines if self.answer else ()))

    @property
    def pages(self) -> tuple[int, ...]:
        parts = (self.question, self.answer)
        return tuple(dict.fromkeys(p for part in parts if part for p in part.pages))

    def part(self, speaker: str) -> Part | None:
        return self.question if speaker == Q else self.answer if speaker == A else None

    def lines_on(self, page: int) -> tuple[int, ...]:
        return tuple(n for part in (self.question, self.answer) if part for n in part.lines_on(page))


@dataclass(frozen=True)
class Role:
    """What a content line is: ``section`` ``"header"`` | ``"qa_pair"`` | ``"closing"``."""

    section: str
    pair: int | None = None
    speaker: str | None = None


@dataclass
class Transcript:
    header: Part | None
    pairs: tuple[QAPair, ...]
    closing: Part | None = None
    style: str = "plain"  # the marker style found (see the module docstring)
    roles: dict[int, Role] = field(default_factory=dict)

    def pair(self, number: int) -> QAPair | None:
        return self.pairs[number - 1] if 1 <= number <= len(self.pairs) else None

    def role(self, line: int) -> Role | None:
        return self.roles.get(line)


# --- parsing ----------------------------------------------------------------------------------

Marks = list[str | None]


_MARKUP = re.compile(r"[*#>]+")


def marker_text(text: str) -> str:
    """A line as marker patterns see it: OCR noise (``|``, LaTeX) and Markdown emphasis removed."""
    return _MARKUP.sub("", strip_ocr_noise(text))


def _by_patterns(patterns: dict[str, re.Pattern[str]]) -> Callable[[list[Line]], Marks]:
    def mark(lines: list[Line]) -> Marks:
        texts = [marker_text(ln.text) for ln in lines]
        return [Q if patterns[Q].match(t) else A if patterns[A].match(t) else None for t in texts]

    return mark


def _plain_or_named(lines: list[Line]) -> Marks:
    plain = _by_patterns(_PLAIN)(lines)
    named = _by_patterns(_NAMED)(lines)
    return [p or n for p, n in zip(plain, named, strict=True)]


def _glued(lines: list[Line]) -> Marks:
    if any(_SEPARATED.match(marker_text(ln.text)) for ln in lines):
        return [None] * len(lines)
    return _by_patterns(_GLUED)(lines)


def _labels(lines: list[Line]) -> Marks:
    """Two alternating speaker labels; the questioning one mostly ends its lines with a question mark."""
    found = [(m.group(1) if (m := _LABEL.match(marker_text(ln.text))) else None) for ln in lines]
    counts: dict[str, int] = {}
    for label in found:
        if label:
            counts[label] = counts.get(label, 0) + 1
    common = sorted((c for c in counts if counts[c] >= 3), key=lambda c: -counts[c])[:2]
    if len(common) < 2:
        return [None] * len(lines)
    asks = {
        c: sum(1 for i, f in enumerate(found) if f == c and _QUESTION_END.search(lines[i].text))
        for c in common
    }
    asker = max(common, key=lambda c: asks[c] / counts[c])
    if asks[asker] < 0.6 * counts[asker]:
        return [None] * len(lines)
    return [None if f not in common else Q if f == asker else A for f in found]


STYLES: tuple[tuple[str, Callable[[list[Line]], Marks]], ...] = (
    ("plain", _by_patterns(_PLAIN)),
    ("named", _plain_or_named),
    ("glued", _glued),
    ("labels", _labels),
)


def _count_pairs(marks: Marks) -> int:
    pairs, asked = 0, False
    for m in marks:
        if m == Q:
            asked = True
        elif m == A and asked:
            pairs, asked = pairs + 1, False
    return pairs


def _part(lines: list[Line]) -> Part | None:
    kept = [ln for ln in lines if ln.text.strip()]
    if not kept:
        return None
    pages = tuple(dict.fromkeys(ln.page for ln in kept))
    text = "\n".join(ln.text for ln in kept)
    return Part(tuple(ln.number for ln in kept), pages, text, tuple(ln.page for ln in kept))


def _closing_start(lines: list[Line], marks: Marks) -> int:
    """Index of the first closing line after the last answer marker (len(lines) when none)."""
    last = max((i for i, m in enumerate(marks) if m == A), default=len(lines))
    for i in range(last + 1, len(lines)):
        if _CLOSING.match(marker_text(lines[i].text)):
            return i
    return len(lines)


def _build(lines: list[Line], marks: Marks, style: str) -> Transcript:
    first = next(i for i, m in enumerate(marks) if m == Q)
    end = _closing_start(lines, marks)
    pairs: list[QAPair] = []
    q_lines: list[Line] = []
    a_lines: list[Line] = []
    current: list[Line] | None = None
    for i in range(first, end):
        if marks[i] == Q:
            if q_lines or a_lines:
                pairs.append(QAPair(len(pairs) + 1, _part(q_lines), _part(a_lines)))
            q_lines, a_lines = [], []
            current = q_lines
        elif marks[i] == A:
            current = a_lines
        assert current is not None
        current.append(lines[i])
    if q_lines or a_lines:
        pairs.append(QAPair(len(pairs) + 1, _part(q_lines), _part(a_lines)))
    transcript = Transcript(_part(lines[:first]), tuple(pairs), _part(lines[end:]), style)
    transcript.roles = _roles(transcript)
    return transcript


def _roles(t: Transcript) -> dict[int, Role]:
    roles: dict[int, Role] = {}
    for block, name in ((t.header, "header"), (t.closing, "closing")):
        for n in block.lines if block else ():
            roles[n] = Role(name)
    for pair in t.pairs:
        for speaker in (Q, A):
            part = pair.part(speaker)
            for n in part.lines if part else ():
                roles[n] = Role("qa_pair", pair.number, speaker)
    return roles


def parse_transcript(lines: list[Line]) -> Transcript | None:
    """The transcript structure of a document's content lines (``TextIndex.content``), or None when
    they hold fewer than ``MIN_PAIRS`` pairs."""
    for style, mark in STYLES:
        marks = mark(lines)
        if _count_pairs(marks) >= MIN_PAIRS:
            return _build(lines, marks, style)
    return None
