"""The report's ``summary.judge``: how many verdicts the judge gave, what they did, where.

``verdicts`` counts the judgeable mismatches that got a verdict (from the judge or its cache),
``overturned`` those it turned into matches, ``upheld`` those it confirmed, ``errors`` those it could
not judge; ``components`` counts report components whose status is ``judged``. The same by question
type and by kind (``text_answer``, ``entity``, ``key_point``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from scorers.judgeable import judged_components
from scorers.result import ScoreResult
from scorers.verdicts import Judgement

COUNTS = ("verdicts", "overturned", "upheld", "errors")


def _add(counts: dict[str, int], j: Judgement) -> None:
    if j.verdict is None:
        return
    counts["verdicts"] += 1
    key = "errors" if j.verdict.match is None else "overturned" if j.verdict.match else "upheld"
    counts[key] += 1


class JudgeTally:
    """The judge's summary counted answer by answer, from each answer's judgements (with their
    verdicts) and how many of its components a verdict turned."""

    def __init__(self) -> None:
        self.total = dict.fromkeys((*COUNTS, "components"), 0)
        self.by_type: dict[str, dict[str, int]] = {}
        self.by_kind: dict[str, dict[str, int]] = {}

    def add(self, qtype: str, judged: int, judgements: Iterable[Judgement]) -> None:
        typed = self.by_type.setdefault(qtype, dict.fromkeys((*COUNTS, "components"), 0))
        self.total["components"] += judged
        typed["components"] += judged
        for j in judgements:
            _add(self.total, j)
            _add(typed, j)
            _add(self.by_kind.setdefault(j.request.kind, dict.fromkeys(COUNTS, 0)), j)

    def summary(self, judge: Mapping[str, Any]) -> dict[str, Any]:
        return {
            "name": judge.get("name"),
            "spec": judge.get("spec"),
            **self.total,
            "by_type": {t: c for t, c in sorted(self.by_type.items()) if any(c.values())},
            "by_kind": dict(sorted(self.by_kind.items())),
        }


def judge_summary(rows: Iterable[tuple[str, ScoreResult | None]], judge: Mapping[str, Any]) -> dict[str, Any]:
    """``rows``: (question type, its scored result or None) for every question of the run."""
    tally = JudgeTally()
    for qtype, result in rows:
        if result is not None:
            tally.add(qtype, judged_components(result.components), result.judgements)
    return tally.summary(judge)


def summary_line(summary: Mapping[str, Any]) -> str:
    """The terminal's line about the judge."""
    j = summary.get("judge")
    if not isinstance(j, Mapping):
        return ""
    kinds = ", ".join(
        f"{k} {c.get('overturned', 0)}" for k, c in (j.get("by_kind") or {}).items() if c.get("overturned")
    )
    return (
        f"judge {j.get('name')}: {j.get('verdicts', 0)} verdict(s): {j.get('overturned', 0)} overturned a mismatch"
        f"{f' ({kinds})' if kinds else ''}, {j.get('upheld', 0)} upheld it, {j.get('errors', 0)} judge error(s); "
        f"{j.get('components', 0)} component(s) judged"
    )


__all__ = ["COUNTS", "JudgeTally", "judge_summary", "summary_line"]
