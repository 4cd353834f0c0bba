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


class RetrievalTally:
    """The means counted question by question (a run's summary holds no question's values)."""

    def __init__(self) -> None:
        self.questions = 0
        self.ks: set[int] = set()
        self.sums = dict.fromkeys(METRICS, 0.0)
        self.counts = dict.fromkeys(METRICS, 0)

    def add(self, entry: Mapping[str, Any] | None) -> None:
        """One question's ``details["retrieval"]`` (or None)."""
        measured = question_retrieval({"retrieval": entry})
        if measured is None:
            return
        self.questions += 1
        self.ks.add(int(measured["k"]))
        for name in METRICS:
            if measured.get(name) is not None:
                self.sums[name] += float(measured[name])
                self.counts[name] += 1

    def summary(self) -> dict[str, Any] | None:
        if not self.questions:
            return None
        ks = sorted(self.ks)
        out: dict[str, Any] = {"k": ks[0] if len(ks) == 1 else None, "questions": self.questions}
        if len(ks) > 1:
            out["k_values"] = ks
        for name in METRICS:
            n = self.counts[name]
            out[name] = round(self.sums[name] / n, 6) if n else None
        return out


def retrieval_summary(entries: Iterable[Mapping[str, Any] | None]) -> dict[str, Any] | None:
    """The means over ``entries`` (each a question's ``details["retrieval"]`` or None)."""
    tally = RetrievalTally()
    for entry in entries:
        tally.add(entry)
    return tally.summary()


def metric_label(name: str, k: int | None) -> str:
    """``recall@5``; ``mrr@5``; ``recall@k`` when k is mixed."""
    return f"{name}@{k if k is not None else 'k'}"
