"""Turn whatever a system returned into an ``Answer`` (docs/contract.md §3), accepting older shapes.

Accepted: a plain string; ``{"answer": ...}`` with ``citations`` (or a singular ``citation`` of any
shape), ``evidence`` as objects or strings, ``abstained`` and ``fields``. Anything else raises
``AdapterError`` so the runner records a SKIP with the reason.

A system's JSON may escape a lone surrogate (``\\ud800``) or write ``NaN``; Python reads both, but no
file, database or hash can encode the first and JSON cannot carry the second, so either would stop the
run later. What the answer keeps is repaired where it is taken: each text by ``_safe``, ``fields`` by
``json_safe`` (a NaN page or score is no page or score already).
"""

from __future__ import annotations

import difflib
import math
import re
from collections.abc import Iterable, Mapping
from typing import Any

from benchmark.errors import AdapterError
from benchmark.models import Answer, Citation, Context, EvidenceItem, LineRange

_ANSWER_KEYS = ("answer", "response", "text", "output", "content")
_SURROGATE = re.compile("[\ud800-\udfff]")
# the keys of docs/contract.md §3, what older systems send, and what a replay line adds
DOCUMENTED_KEYS = ("answer", "citations", "evidence", "abstained", "fields", "contexts")
KNOWN_KEYS = frozenset((*DOCUMENTED_KEYS, *_ANSWER_KEYS, "citation", "id", "trial", "latency_ms"))


def parse_answer(obj: object) -> Answer:
    if isinstance(obj, Answer):
        return obj
    if isinstance(obj, str):
        return Answer(answer=_safe(obj))
    if not isinstance(obj, Mapping):
        raise AdapterError(f"answer must be a string or an object, got {type(obj).__name__}")
    text = obj.get("answer")  # the usual key first
    if not isinstance(text, str):
        text = next((obj[k] for k in _ANSWER_KEYS[1:] if isinstance(obj.get(k), str)), None)
    if text is None:
        raise AdapterError("answer object has no string 'answer' field")
    citations = [*_as_list(obj.get("citations")), *_as_list(obj.get("citation"))]
    abstained = obj.get("abstained")
    fields = obj.get("fields")
    return Answer(
        answer=_safe(text),
        citations=tuple(c for x in citations if (c := parse_citation(x)) is not None),
        evidence=tuple(e for x in _as_list(obj.get("evidence")) if (e := parse_evidence(x)) is not None),
        abstained=abstained if isinstance(abstained, bool) else None,
        fields=json_safe(dict(fields)) if isinstance(fields, Mapping) else {},
        contexts=tuple(x for x in map(parse_context, _as_list(obj.get("contexts"))) if x is not None),
    )


def json_safe(value: Any) -> Any:
    """``value`` with every lone surrogate in its strings (keys too) replaced by U+FFFD and every NaN
    or infinity by None; the very object when it holds neither (see the module docstring)."""
    return _replaced(value) if _unsafe(value) else value


def _safe(text: str) -> str:
    """``text`` with every lone surrogate replaced by U+FFFD; the very string when it holds none."""
    if text.isascii() or _SURROGATE.search(text) is None:
        return text
    return _SURROGATE.sub("\ufffd", text)


def _unsafe(value: Any) -> bool:
    if isinstance(value, str):
        return not value.isascii() and _SURROGATE.search(value) is not None
    if isinstance(value, float):
        return not math.isfinite(value)
    if isinstance(value, Mapping):
        return any(_unsafe(k) or _unsafe(v) for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return any(_unsafe(v) for v in value)
    return False


def _replaced(value: Any) -> Any:
    if isinstance(value, str):
        return _SURROGATE.sub("\ufffd", value)
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, Mapping):
        return {_replaced(k): _replaced(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_replaced(v) for v in value]
    return value


def _as_list(value: object) -> list[Any]:
    if value is None:
        return []
    if isinstance(value, (list, tuple)):
        return list(value)
    return [value]


def _as_page(value: object) -> int | None:
    if type(value) is int:  # the usual case first (a bool is not one)
        return value
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str):
        digits = value.strip().lstrip("第pP.页 ").rstrip("页 ")
        return int(digits) if digits.isdecimal() else None
    return None


def _as_pair(value: object) -> int | None:
    """A question-answer pair number: ``4``, ``"4"``, ``"第4个问答"``; None when absent or unreadable."""
    if value is None:
        return None
    if isinstance(value, str):
        value = value.strip().removeprefix("第").removesuffix("个问答").removesuffix("问答").strip()
    page = _as_page(value)
    return page if page is not None and page > 0 else None


def parse_citation(value: object) -> Citation | None:
    """A citation object (``qa``: a transcript's question-answer pair), ``"p.2 L40-42"``-like string
    or bare page number."""
    if isinstance(value, Mapping):
        quote = value.get("quote") or value.get("text")
        doc = value.get("doc") or value.get("document")
        lines = value.get("lines") if "lines" in value else value.get("line")
        qa = value.get("qa") if "qa" in value else value.get("qa_pair")
        return Citation(
            _as_page(value.get("page")),
            None if lines is None else LineRange.parse(lines),
            _safe(str(quote)) if quote else None,
            _safe(str(doc)) if doc else None,
            _as_pair(qa),
        )
    if isinstance(value, (int, str)) and not isinstance(value, bool):
        page = _as_page(value)
        if page is not None:
            return Citation(page=page)
        return Citation(quote=_safe(str(value))) if str(value).strip() else None
    return None


def _as_score(value: object) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value) if value == value and abs(value) != float("inf") else None


def parse_context(value: object) -> Context | None:
    """A retrieved passage: ``{"document", "page", "lines", "text", "score"}`` (``content``/``doc``
    accepted), or a plain string (its text). One that gives neither a place nor a text is dropped."""
    if isinstance(value, str):
        return Context(text=_safe(value)) if value.strip() else None
    if not isinstance(value, Mapping):
        return None
    text = value.get("text") or value.get("content") or value.get("quote")
    doc = value.get("document") or value.get("doc")
    lines = value.get("lines") if "lines" in value else value.get("line")
    context = Context(
        _safe(text) if isinstance(text, str) and text.strip() else None,
        _as_page(value.get("page")),
        None if lines is None else LineRange.parse(lines),
        _safe(str(doc)) if doc else None,
        _as_score(value.get("score")),
    )
    if context.text is None and context.page is None and context.lines is None:
        return None
    return context


def parse_evidence(value: object) -> EvidenceItem | None:
    if isinstance(value, str):
        return EvidenceItem(text=_safe(value)) if value.strip() else None
    if isinstance(value, Mapping):
        text = value.get("text") or value.get("content") or value.get("quote")
        if not isinstance(text, str) or not text.strip():
            return None
        doc = value.get("doc") or value.get("document")
        return EvidenceItem(_safe(text), _as_page(value.get("page")), _safe(str(doc)) if doc else None)
    return None


def unknown_keys(obj: object) -> tuple[str, ...]:
    """Top-level keys of an answer object that nothing reads (a typo such as ``citatons`` loses the
    citations without a word otherwise); ``x-`` keys are the system's own and are left alone."""
    if not isinstance(obj, Mapping):
        return ()
    return tuple(
        sorted(k for k in obj if isinstance(k, str) and k not in KNOWN_KEYS and not k.startswith("x-"))
    )


def unknown_key_warnings(seen: Iterable[tuple[str, tuple[str, ...]]]) -> list[str]:
    """One warning per unknown key, from (question id, unknown keys) pairs: how many answers carried
    it, the first question, and the closest documented key."""
    counts: dict[str, list[str]] = {}
    for qid, keys in seen:
        for key in keys:
            counts.setdefault(key, []).append(qid)
    out = []
    for key in sorted(counts):
        ids = counts[key]
        close = difflib.get_close_matches(key, [*DOCUMENTED_KEYS, "citation"], n=1, cutoff=0.6)
        hint = f"did you mean {close[0]!r}? " if close else ""
        out.append(
            f"answers carry an unknown key {key!r} ({len(ids)} answer{'s' if len(ids) != 1 else ''}, "
            f"first {ids[0]}): {hint}it was ignored (known keys: {', '.join(DOCUMENTED_KEYS)})"
        )
    return out
