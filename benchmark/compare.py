"""Compare runs on the same questions: score deltas with paired-bootstrap CIs, pass/fail flips with an
exact McNemar test, and a plain verdict that says when a difference is within noise.

Questions are paired by id (trial 0). Score differences use the questions resolved (PASS or FAIL) in
both runs; questions skipped in either run, or whose scorer raised (ERROR), are counted and listed
with the skipped ones, never silently scored as 0.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from benchmark.stats import DEFAULT_RESAMPLES, BootstrapCI, McNemar, mcnemar_exact, paired_bootstrap

ALPHA = 0.05
UNRESOLVED = ("SKIP", "ERROR")  # no score to pair: listed with the skipped questions


@dataclass
class TypeDelta:
    type: str
    n: int
    score_a: float
    score_b: float
    ci: BootstrapCI
    mcnemar: McNemar

    @property
    def verdict(self) -> str:
        if self.n == 0:
            return "no shared questions"
        if not self.ci.excludes_zero and self.mcnemar.p_value >= ALPHA:
            return "within noise"
        return "better" if self.ci.mean_diff > 0 else "worse" if self.ci.mean_diff < 0 else "within noise"

    def regression(self, threshold: float) -> bool:
        """B is significantly worse than A by at least ``threshold`` (the whole CI below zero)."""
        return self.ci.high < 0 and -self.ci.mean_diff >= threshold

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": self.type,
            "n": self.n,
            "score_a": round(self.score_a, 6),
            "score_b": round(self.score_b, 6),
            "delta": round(self.score_b - self.score_a, 6),
            "bootstrap": self.ci.to_dict(),
            "mcnemar": self.mcnemar.to_dict(),
            "verdict": self.verdict,
        }


@dataclass
class Comparison:
    run_a: str
    run_b: str
    overall: TypeDelta
    by_type: list[TypeDelta]
    flips: list[dict[str, Any]] = field(default_factory=list)
    skipped: list[dict[str, Any]] = field(default_factory=list)
    only_in_a: list[str] = field(default_factory=list)
    only_in_b: list[str] = field(default_factory=list)

    def regression(self, threshold: float) -> bool:
        """B is significantly worse than A overall by at least ``threshold`` (CI wholly below zero)."""
        return self.overall.regression(threshold)

    def to_dict(self) -> dict[str, Any]:
        return {
            "run_a": self.run_a,
            "run_b": self.run_b,
            "overall": self.overall.to_dict(),
            "by_type": [t.to_dict() for t in self.by_type],
            "flips": self.flips,
            "skipped": self.skipped,
            "only_in_a": self.only_in_a,
            "only_in_b": self.only_in_b,
        }


Outcomes = dict[str, tuple[str, float | None, str]]  # id -> (outcome, score, type)


def _delta(qtype: str, ids: list[str], a: Outcomes, b: Outcomes, resamples: int) -> TypeDelta:
    sa = [a[i][1] or 0.0 for i in ids]
    sb = [b[i][1] or 0.0 for i in ids]
    p2f = sum(1 for i in ids if a[i][0] == "PASS" and b[i][0] == "FAIL")
    f2p = sum(1 for i in ids if a[i][0] == "FAIL" and b[i][0] == "PASS")
    n = len(ids)
    return TypeDelta(
        type=qtype,
        n=n,
        score_a=sum(sa) / n if n else 0.0,
        score_b=sum(sb) / n if n else 0.0,
        ci=paired_bootstrap(sa, sb, resamples=resamples),
        mcnemar=mcnemar_exact(p2f, f2p),
    )


def compare_outcomes(
    run_a: str, a: Outcomes, run_b: str, b: Outcomes, *, resamples: int = DEFAULT_RESAMPLES
) -> Comparison:
    shared = sorted(set(a) & set(b))
    resolved = [i for i in shared if a[i][0] not in UNRESOLVED and b[i][0] not in UNRESOLVED]
    types = sorted({a[i][2] for i in resolved})
    comparison = Comparison(
        run_a=run_a,
        run_b=run_b,
        overall=_delta("overall", resolved, a, b, resamples),
        by_type=[_delta(t, [i for i in resolved if a[i][2] == t], a, b, resamples) for t in types],
        only_in_a=sorted(set(a) - set(b)),
        only_in_b=sorted(set(b) - set(a)),
    )
    for i in shared:
        (oa, score_a, qtype), (ob, score_b, _) = a[i], b[i]
        entry = {"id": i, "type": qtype, "a": oa, "b": ob, "score_a": score_a, "score_b": score_b}
        if oa in UNRESOLVED or ob in UNRESOLVED:
            comparison.skipped.append(entry)
        elif oa != ob:
            comparison.flips.append(entry)
    return comparison


def compare_runs(store: Any, ref_a: str, ref_b: str, *, resamples: int = DEFAULT_RESAMPLES) -> Comparison:
    """Compare two stored runs (``benchmark.store.RunStore``) by id, prefix, label or ``latest``."""
    run_a, run_b = store.resolve(ref_a), store.resolve(ref_b)
    return compare_outcomes(run_a, store.outcomes(run_a), run_b, store.outcomes(run_b), resamples=resamples)
