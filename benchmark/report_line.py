"""A question's report line: what a run writes for each answer (``report.json``'s question entries),
and what the summary, the run history and the HTML page are built from.

JSON-ready as built: floats rounded to 6 places, tuples as lists, Decimals as numbers (``clean``).
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from benchmark.models import Answer
    from benchmark.results import QuestionResult

FLOAT_DIGITS = 6
_PLAIN = (str, int, bool, type(None))


def clean(value: Any) -> Any:
    """JSON-ready copy: floats rounded, tuples as lists, Decimals as numbers, other objects as text."""
    kind = type(value)
    if kind is dict:
        return {k if type(k) is str else str(k): clean(v) for k, v in value.items()}
    if kind in _PLAIN:
        return value
    if kind is float:
        return round(value, FLOAT_DIGITS)
    if kind is list or kind is tuple:
        return [clean(v) for v in value]
    return _clean_other(value)


def _clean_other(value: Any) -> Any:
    if isinstance(value, bool) or value is None or isinstance(value, (int, str)):
        return value
    if isinstance(value, float):
        return round(value, FLOAT_DIGITS)
    if isinstance(value, Decimal):
        return clean(int(value) if value == value.to_integral_value() else float(value))
    if isinstance(value, dict):
        return {str(k): clean(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [clean(v) for v in value]
    to_dict = getattr(value, "to_dict", None)
    if callable(to_dict):
        return clean(to_dict())
    return str(value)


def question_entry(r: QuestionResult) -> dict[str, Any]:
    """A question's report entry, JSON-ready: the scorer's details go through ``clean`` unless the
    scorer promised they need not (``ScoreResult.json_ready``); so do the answer's ``fields``."""
    details: dict[str, Any] = {}
    if r.result is not None:
        details = dict(r.result.details)
        details["components"] = r.result.diagnostics()
        if not r.result.json_ready:
            details = clean(details)
    entry = {
        "id": r.id,
        "type": r.type,
        "set": r.question.set_path,
        "question": r.question.question,
        "trial": r.trial,
        "outcome": r.outcome,
        "score": clean(r.score),
        "components": r.result.component_scores() if r.result is not None else {},
        "details": details,
        "answer": answer_entry(r.answer) if r.answer is not None else None,
        "latency_ms": clean(r.latency_ms),
        "skip_reason": r.skip_reason,
    }
    if r.error is not None:  # only on ERROR lines: the other lines stay as they were
        entry["error"] = r.error
    return entry


def answer_entry(answer: Answer) -> dict[str, Any]:
    """The answer as the report shows it. ``parse_answer`` builds its text, citations and evidence from
    plain values; ``fields`` holds whatever the adapter returned, so only it goes through ``clean``."""
    entry = answer.to_dict()
    if entry["fields"]:
        entry["fields"] = clean(entry["fields"])
    return entry
