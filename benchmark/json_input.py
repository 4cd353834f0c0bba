"""The JSON a user hands in (question sets, replay answer files, OCR documents), read strictly.

Python's ``json`` module accepts more than JSON text can carry safely: ``NaN`` and ``Infinity`` (and
``1e400``, read as infinity), and ``\\ud800`` escapes that decode to a lone surrogate, which no file,
database or hash can encode later. Nesting deep enough exhausts the parser's recursion. Each of these
is refused here, at the door, with the file and the place (line, JSON path), instead of failing later
in the middle of a run:

- a file larger than its limit (``MAX_SET_BYTES``, ``MAX_ANSWERS_BYTES``, ``MAX_DOCUMENT_BYTES``) is
  refused before it is read whole;
- values nested deeper than ``MAX_JSON_DEPTH`` levels, ``NaN``/``Infinity`` and lone surrogates (in
  keys too) are refused;
- JSON lines are split at ``\\n`` only (a ``\\r`` before it is dropped): U+2028, U+2029 and U+0085 are
  characters a JSON string may hold as they are, not line ends.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from benchmark.errors import BenchmarkError
from benchmark.json_lines import loads_line_and_reader

MAX_JSON_DEPTH = 100  # a question set nests about 6 levels, an answer about 4
MAX_SET_BYTES = 64 * 2**20
MAX_ANSWERS_BYTES = 1024 * 2**20
MAX_DOCUMENT_BYTES = 256 * 2**20

_SURROGATE = re.compile("[\ud800-\udfff]")
_BOM = b"\xef\xbb\xbf"
_TOKEN = re.compile(rb'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def _mib(n: int) -> str:
    return f"{n / 2**20:g} MiB"


def read_limited(path: Path, limit: int, error: type[BenchmarkError], what: str) -> bytes:
    """The file's bytes, refused (``error``) when it holds more than ``limit``; never reads past it."""
    try:
        with path.open("rb") as fh:
            data = fh.read(limit + 1)
    except (OSError, ValueError) as exc:  # ValueError: a NUL byte in the path
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
        raise error(f"cannot read {what} ({reason})", path=path) from None
    if len(data) > limit:
        raise error(f"the {what} is larger than the limit of {_mib(limit)}", path=path)
    return data


def _path_text(parts: tuple[object, ...]) -> str:
    out = "$"
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


def _text_problem(text: str) -> str | None:
    if text.isascii():
        return None
    m = _SURROGATE.search(text)
    if m is None:
        return None
    return f"holds \\u{ord(m.group()):04x}, half of a UTF-16 pair alone, which is not text"


def value_problem(value: Any, limit: int = MAX_JSON_DEPTH) -> tuple[str, str] | None:
    """(JSON path, problem) of the first value in document order that JSON text cannot carry safely:
    NaN or an infinity, a lone surrogate in a string or key, nesting deeper than ``limit``; else None."""
    stack: list[tuple[Any, tuple[object, ...]]] = [(value, ())]
    while stack:
        node, where = stack.pop()
        kind = type(node)
        if kind is str:
            problem = _text_problem(node)
            if problem:
                return _path_text(where), f"the text {problem}"
        elif kind is float and not math.isfinite(node):
            name = "NaN" if node != node else "Infinity" if node > 0 else "-Infinity"
            return _path_text(where), f"{name} is not a JSON number (NaN and Infinity are refused)"
        elif kind is dict or kind is list:
            if len(where) >= limit:
                return _path_text(where), f"nested deeper than {limit} levels"
            if kind is dict:
                for key in node:
                    problem = _text_problem(key) if type(key) is str else None
                    if problem:
                        return _path_text(where), f"the key {key!r} {problem}"
                items = list(node.items())
            else:
                items = list(enumerate(node))
            stack.extend((child, (*where, k)) for k, child in reversed(items))
    return None


def _deep_place(data: bytes, limit: int) -> str:
    """Line and column where the nesting first goes deeper than ``limit`` (strings skipped)."""
    depth = 0
    for m in _TOKEN.finditer(data):
        token = m.group()
        if token in (b"[", b"{"):
            depth += 1
            if depth > limit:
                line = data.count(b"\n", 0, m.start()) + 1
                column = m.start() - (data.rfind(b"\n", 0, m.start()) + 1) + 1
                return f"line {line}, column {column}"
        elif token in (b"]", b"}"):
            depth -= 1
    return "?"


def loads_document(data: bytes, path: Path, error: type[BenchmarkError]) -> Any:
    """One JSON value from a whole file, strictly (see the module docstring)."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise error(f"not UTF-8 text (byte {exc.start})", path=path) from None
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno}, column {exc.colno}"
        raise error(f"not valid JSON: {exc.msg}", path=path, where=where) from None
    except RecursionError:
        where = _deep_place(data, MAX_JSON_DEPTH)
        raise error(f"nested deeper than {MAX_JSON_DEPTH} levels", path=path, where=where) from None
    problem = value_problem(value)
    if problem is not None:
        raise error(problem[1], path=path, where=problem[0])
    return value


def _loads_line(line: bytes) -> Any:
    """``loads_line``, strictly. What orjson read needs only the depth check, and only when the line
    holds more brackets than the limit."""
    value, by_orjson = loads_line_and_reader(line)
    if not by_orjson or line.count(b"[") + line.count(b"{") > MAX_JSON_DEPTH:
        problem = value_problem(value)
        if problem is not None:
            raise _LineProblem(*problem)
    return value


class _LineProblem(Exception):
    def __init__(self, json_path: str, problem: str) -> None:
        super().__init__(problem)
        self.json_path, self.problem = json_path, problem


def iter_json_lines(data: bytes, path: Path, error: type[BenchmarkError]) -> Iterator[tuple[int, Any]]:
    """(line number, value) of every non-blank line; a bad line is refused with its number."""
    if data.startswith(_BOM):
        data = data[len(_BOM) :]
    for number, raw in enumerate(data.split(b"\n"), 1):
        line = raw[:-1] if raw.endswith(b"\r") else raw
        if line.strip():
            yield number, load_json_line(line, path, number, error)


def load_json_line(line: bytes, path: Path, number: int, error: type[BenchmarkError]) -> Any:
    """The value of one line of a JSON-lines file, strictly; a bad line is refused with its number."""
    where = f"line {number}"
    try:
        return _loads_line(line)
    except json.JSONDecodeError as exc:
        raise error(f"not valid JSON ({exc.msg}, column {exc.colno})", path=path, where=where) from None
    except UnicodeDecodeError as exc:
        raise error(f"not UTF-8 text ({exc.reason} at byte {exc.start})", path=path, where=where) from None
    except RecursionError:
        raise error(f"nested deeper than {MAX_JSON_DEPTH} levels", path=path, where=where) from None
    except _LineProblem as exc:
        raise error(exc.problem, path=path, where=f"{where}, {exc.json_path}") from None
