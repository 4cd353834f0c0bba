"""The 位置 field of a bank question: which transcript part it names.

Forms read (any combination, separated by ``，`` ``、`` ``；``):

- ``基础信息部分（头部）``, ``头部``, ``首部``: the transcript's header;
- ``第4个问答``, ``第4问答``, ``第3-5个问答``, ``第3至5个问答``, ``第3、4个问答``: question-answer pairs;
- ``答部分`` / ``回答部分`` / ``问部分`` / ``提问部分``: the part, after a pair (``第4个问答（答部分）``)
  or at the end for every pair without its own (``第1个问答（…）、第4个问答（…），答部分``);
- ``第3页``: a page.

Text in brackets after a pair that names no part is a note. What cannot be read is kept in
``Position.unread``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from benchmark.text import parse_chinese_number

_N = r"[\d一二三四五六七八九十百两]+"
_PAIRS = re.compile(
    rf"第\s*({_N}(?:\s*(?:[-~—–至到]|、|,|，|和|及)\s*{_N})*)\s*个?\s*问答\s*(?:[（(]([^）)]*)[）)])?"
)
_PAGE = re.compile(rf"第\s*({_N})\s*页")
_HEADER = re.compile(r"基础信息|头部|首部|笔录开头|笔录首部")
_ANSWER = re.compile(r"答部分|回答部分|答话部分|^答$")
_QUESTION = re.compile(r"问部分|提问部分|^问$")
_FILLER = re.compile(r"[\s，,、；;。.（）()部分]+")


def _part_of(text: str) -> str | None:
    if _ANSWER.search(text):
        return "answer"
    if _QUESTION.search(text):
        return "question"
    return None


def _int(text: str) -> int | None:
    value = parse_chinese_number(text.strip()) if text.strip() else None
    return int(value) if value is not None else None


def _numbers(spec: str) -> list[int]:
    out: list[int] = []
    for chunk in re.split(r"\s*(?:、|,|，|和|及)\s*", spec):
        bounds = [n for x in re.split(r"\s*[-~—–至到]\s*", chunk) if (n := _int(x)) is not None]
        if len(bounds) == 2 and bounds[0] <= bounds[1]:
            out += range(bounds[0], bounds[1] + 1)
        else:
            out += bounds
    return out


@dataclass
class Position:
    text: str
    header: bool = False
    pairs: dict[int, str | None] = field(default_factory=dict)  # pair -> "question" | "answer" | None
    pages: list[int] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # bracketed remarks after pairs
    unread: str = ""

    @property
    def empty(self) -> bool:
        return not (self.header or self.pairs or self.pages)


def parse_position(text: str) -> Position:
    pos = Position(text.strip())
    rest = pos.text
    own: dict[int, str | None] = {}
    for m in _PAIRS.finditer(pos.text):
        part = _part_of(m.group(2) or "")
        if m.group(2) and part is None:
            pos.notes.append(m.group(2).strip())
        for number in _numbers(m.group(1)):
            own[number] = part
        rest = rest.replace(m.group(0), " ", 1)
    pages = [_int(m.group(1)) for m in _PAGE.finditer(rest)]
    pos.pages = [n for n in pages if n is not None]
    rest = _PAGE.sub(" ", rest)
    if _HEADER.search(rest):
        pos.header = True
        rest = _HEADER.sub(" ", rest)
    trailing = _part_of(rest)
    rest = re.sub(r"回答部分|答话部分|提问部分|答部分|问部分|信息", " ", rest)
    pos.pairs = {n: part if part is not None else trailing for n, part in own.items()}
    pos.unread = _FILLER.sub(" ", rest).strip()
    return pos
