"""Reading a Markdown question bank: one ``## N. title`` section per question, ``**字段**：值`` fields.

A field's value is the text after its colon plus the lines below it up to the next field or heading;
list lines (``- …``, ``1. …``, ``1、…``, ``（1）…``) are kept as items. Field names are matched after
removing spaces and a trailing colon (``**位置：**`` and ``**位置**：`` are the same). Text before the
first question (a ``#`` title, a note) is kept as the bank's preamble.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from benchmark.errors import QuestionSetError

_QUESTION = re.compile(r"^##(?!#)\s*(?:第\s*)?(\d+)?\s*(?:题)?\s*[.、．:：)）]?\s*(.*?)\s*#*\s*$")
_TITLE = re.compile(r"^#(?!#)\s*(.*?)\s*#*\s*$")
_FIELD = re.compile(r"^\s*(?:[-*+]\s+)?\*\*\s*([^*]+?)\s*[:：]?\s*\*\*\s*[:：]?\s*(.*)$")
_ITEM = re.compile(r"^\s*(?:[-*+•]|\d+\s*[.、．)]|[（(]\d+[）)])\s*(.+?)\s*$")
_RULE = re.compile(r"^\s*(?:-{3,}|\*{3,}|_{3,})\s*$")


@dataclass
class Field:
    name: str
    text: str  # the text on the field's own line, after the colon
    items: list[str] = field(default_factory=list)  # list lines below it
    rest: list[str] = field(default_factory=list)  # other lines below it
    line: int = 0

    @property
    def full_text(self) -> str:
        return "\n".join([t for t in (self.text, *self.items, *self.rest) if t])


@dataclass
class BankItem:
    number: int
    title: str
    line: int
    fields: dict[str, Field] = field(default_factory=dict)
    loose: list[str] = field(default_factory=list)  # lines before the first field


@dataclass
class Bank:
    path: Path
    title: str
    preamble: list[str]
    items: list[BankItem]


def _read(path: Path) -> str:
    try:
        return path.read_bytes().decode("utf-8-sig")
    except OSError as exc:
        raise QuestionSetError(f"cannot read the bank ({exc.strerror or exc})", path=path) from None
    except UnicodeDecodeError as exc:
        raise QuestionSetError(f"not UTF-8 text (byte {exc.start})", path=path) from None


def field_key(name: str) -> str:
    return re.sub(r"[\s:：]+", "", name)


def parse_bank(path: Path) -> Bank:
    """The bank's sections and their fields (see the module docstring)."""
    title = ""
    preamble: list[str] = []
    items: list[BankItem] = []
    item: BankItem | None = None
    current: Field | None = None
    for number, raw in enumerate(_read(path).splitlines(), start=1):
        line = raw.rstrip()
        if not line.strip() or _RULE.match(line):
            continue
        q = _QUESTION.match(line)
        if q:
            item = BankItem(int(q.group(1)) if q.group(1) else len(items) + 1, q.group(2), number)
            items.append(item)
            current = None
            continue
        t = _TITLE.match(line)
        if t and item is None:
            title = title or t.group(1)
            continue
        f = _FIELD.match(line)
        if f and item is not None:
            current = Field(field_key(f.group(1)), f.group(2).strip(), line=number)
            item.fields.setdefault(current.name, current)
            continue
        if item is None:
            preamble.append(line.strip())
        elif current is None:
            item.loose.append(line.strip())
        elif m := _ITEM.match(line):
            current.items.append(m.group(1))
        else:
            current.rest.append(line.strip())
    if not items:
        raise QuestionSetError("no question sections ('## N. title') in the bank", path=path)
    return Bank(path, title, preamble, items)
