"""Retrieval metrics of a run: the mean of each over the questions whose answers gave contexts
(docs/contract.md §4 "Outcomes"; the per-question values are ``details["retrieval"]``).

``{"k": 5, "questions": 42, "hit": 0.93, "recall": 0.81, "mrr": 0.77, "ndcg": 0.79,
"foreign_rate": 0.12}``; a metric's mean is over the questions that have it (``foreign_rate`` needs
contexts that name their document), ``k`` is None when the sets of a run use different k (their values
are then listed in ``k_values``). No question measured: no summary.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

METRICS = ("hit", "recall", "mrr", "ndcg", "foreign_rate")
LOWER_IS_BETTER = frozenset({"foreign_rate"})


def question_retrieval(details: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """A question's measured retrieval (None when it was not measured: no contexts, or no gold)."""
    found = (details or {}).get("retrieval")
    if not isinstance(found, Mapping) or found.get("recall") is None:
        return None
    return dict(found)


def retrieval_summary(entries: Iterable[Mapping[str, Any] | None]) -> dict[str, Any] | None:
    """The means over ``entries`` (each a question's ``details["retrieval"]`` or None)."""
    measured = [m for m in (question_retrieval({"retrieval": e}) for e in entries) if m is not None]
    if not measured:
        return None
    ks = sorted({int(m["k"]) for m in measured})
    out: dict[str, Any] = {"k": ks[0] if len(ks) == 1 else None, "questions": len(measured)}
    if len(ks) > 1:
        out["k_values"] = ks
    for name in METRICS:
        values = [float(m[name]) for m in measured if m.get(name) is not None]
        out[name] = round(sum(values) / len(values), 6) if values else None
    return out


def metric_label(name: str, k: int | None) -> str:
    """``recall@5``; ``mrr@5``; ``recall@k`` when k is mixed."""
    return f"{name}@{k if k is not None else 'k'}"
