"""What a reviewer reads about a question that did not pass: each component that fell short, with the
expected and the extracted values from the scorer's diagnostics, and the reason."""

from __future__ import annotations

import json
from typing import Any

MAX_VALUE_CHARS = 120


def show_value(value: Any) -> str:
    """A short one-line rendering of a diagnostic value."""
    if value is None or value == [] or value == {}:
        return "nothing"
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, sort_keys=True)
    text = " ".join(text.split())
    return text if len(text) <= MAX_VALUE_CHARS else text[: MAX_VALUE_CHARS - 1] + "…"


def _ordered_components(question: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    comps = (question.get("details") or {}).get("components") or {}
    items = [(name, c) for name, c in comps.items() if isinstance(c, dict)]
    return sorted(items, key=lambda item: (-(item[1].get("weight") or 0.0), item[0]))


def shortfalls(question: dict[str, Any]) -> list[dict[str, Any]]:
    """The applicable components scoring below 1, heaviest first."""
    out = []
    for name, c in _ordered_components(question):
        score = c.get("score")
        if score is not None and score < 1.0:
            out.append({"name": name, **c})
    return out


def component_line(c: dict[str, Any]) -> str:
    parts = [f"{c['name']} {c.get('score', 0.0):.2f}"]
    if c.get("status"):
        parts.append(f"[{c['status']}]")
    parts.append(f"expected {show_value(c.get('expected'))}, extracted {show_value(c.get('extracted'))}")
    line = " ".join(parts)
    return f"{line}: {c['reason']}" if c.get("reason") else line


def reviewer_note(question: dict[str, Any]) -> str:
    """One line: why this question did not pass."""
    if question.get("outcome") == "SKIP":
        return f"skipped: {question.get('skip_reason') or 'no answer'}"
    if question.get("outcome") == "ERROR":
        return f"the scorer raised {question.get('error') or 'an exception'}"
    lines = [component_line(c) for c in shortfalls(question)]
    if not lines:
        return f"score {question.get('score') or 0.0:.2f} is below the pass threshold"
    return "; ".join(lines)
