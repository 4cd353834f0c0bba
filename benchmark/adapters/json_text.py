"""Reading JSON as text: where values end (to tell a cut-off body from a garbled one, and to pull a JSON
object out of a model's prose), and ``JsonPath``, the small path language (``$.data.items[0].text``)
that response mappings use.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

__all__ = ["MISSING", "JsonPath", "is_cut_short", "json_scan", "json_value_end"]


def json_scan(text: str) -> Iterator[tuple[int, str]]:
    """Positions and characters of ``text`` outside JSON strings (strings and their quotes are skipped)."""
    in_string = escaped = False
    for i, ch in enumerate(text):
        if in_string:
            escaped, in_string = (False, True) if escaped else (ch == "\\", ch != '"')
        elif ch == '"':
            in_string = True
        else:
            yield i, ch


def json_value_end(text: str) -> int | None:
    """Index just past the bracket closing the first object or list of ``text``; None if it never closes."""
    depth = 0
    for i, ch in json_scan(text):
        if ch in "{[":
            depth += 1
        elif ch in "}]":
            depth -= 1
            if depth == 0:
                return i + 1
    return None


def is_cut_short(text: str) -> bool:
    """True when the body's outer brackets (or a string) never close: JSON cut off, not garbled."""
    return json_value_end(text) is None


MISSING: Any = object()
_SEGMENT = re.compile(r"""\.([^.\[\]]+)|\[(\d+|-\d+)\]|\[(['"])(.*?)\3\]""")


class JsonPath:
    """``$.data.answer``, ``data.items[0].text``, ``$["odd key"][1]``: keys and list indexes only."""

    def __init__(self, text: str) -> None:
        self.text = text.strip()
        self.parts = self._parse(self.text)

    @staticmethod
    def _parse(text: str) -> tuple[str | int, ...]:
        body = text[1:] if text.startswith("$") else text
        if body and not body.startswith((".", "[")):
            body = "." + body
        parts: list[str | int] = []
        pos = 0
        while pos < len(body):
            m = _SEGMENT.match(body, pos)
            if m is None:
                raise ValueError(f"cannot read JSON path {text!r} at {body[pos:]!r}")
            key, index, _, quoted = m.groups()
            parts.append(key if key is not None else int(index) if index is not None else quoted)
            pos = m.end()
        return tuple(parts)

    def get(self, obj: Any, default: Any = MISSING) -> Any:
        node = obj
        for part in self.parts:
            in_list = isinstance(part, int) and isinstance(node, list) and -len(node) <= part < len(node)
            in_map = isinstance(part, str) and isinstance(node, Mapping) and part in node
            if not (in_list or in_map):
                return default
            node = node[part]
        return node

    def __str__(self) -> str:
        return self.text
