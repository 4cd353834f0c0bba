"""Compare runs on the same questions: score deltas with paired-bootstrap CIs, pass/fail flips with an
exact McNemar test, and a plain verdict that says when a difference is within noise.

Questions are paired by id (trial 0). Score differences use the questions resolved (PASS or FAIL) in
both runs; questions skipped in either run, or whose scorer raised (ERROR), are counted and listed
with the skipped ones, never silently scored as 0.

Retrieval metrics (hit@k, recall@k, MRR@k, nDCG@k, foreign-document rate) are compared the same way
when both runs measured them: over the questions measured in both, a paired-bootstrap CI of the
difference of means, overall and per type; a higher value is better, but for the foreign-document
rate. Runs measured at different k are not compared (the verdict says so).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from benchmark.retrieval_summary import LOWER_IS_BETTER, METRICS
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
class MetricDelta:
    """One retrieval metric of B against A over the questions both measured (overall or one type)."""

    metric: str
    type: str
    n: int
    k_a: int | None
    k_b: int | None
    mean_a: float
    mean_b: float
    ci: BootstrapCI

    @property
    def verdict(self) -> str:
        if self.k_a != self.k_b:
            return "not comparable (different k)"
        if self.n == 0:
            return "no shared questions"
        if not self.ci.excludes_zero:
            return "within noise"
        gain = -self.ci.mean_diff if self.metric in LOWER_IS_BETTER else self.ci.mean_diff
        return "better" if gain > 0 else "worse"

    def to_dict(self) -> dict[str, Any]:
        return {
            "metric": self.metric,
            "type": self.type,
            "n": self.n,
            "k_a": self.k_a,
            "k_b": self.k_b,
            "a": round(self.mean_a, 6),
            "b": round(self.mean_b, 6),
            "delta": round(self.mean_b - self.mean_a, 6),
            "bootstrap": self.ci.to_dict(),
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
    retrieval: list[MetricDelta] = field(default_factory=list)

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
            **({"retrieval": [d.to_dict() for d in self.retrieval]} if self.retrieval else {}),
        }


Outcomes = dict[str, tuple[str, float | None, str]]  # id -> (outcome, score, type)
Retrieval = dict[str, dict[str, Any]]  # id -> details["retrieval"] (trial 0, measured questions only)


def _k(values: Retrieval) -> int | None:
    ks = {v.get("k") for v in values.values()}
    k = next(iter(ks)) if len(ks) == 1 else None
    return k if isinstance(k, int) else None


def compare_retrieval(
    a: Retrieval, b: Retrieval, types: dict[str, str], *, resamples: int = DEFAULT_RESAMPLES
) -> list[MetricDelta]:
    """Every retrieval metric of B against A, overall then per type (``types``: question id -> type)."""
    shared = sorted(set(a) & set(b))
    if not shared:
        return []
    k_a, k_b = _k({i: a[i] for i in shared}), _k({i: b[i] for i in shared})
    out = []
    for metric in METRICS:
        for qtype in ["overall", *sorted({types.get(i, "") for i in shared})]:
            ids = [
                i
                for i in shared
                if qtype in ("overall", types.get(i)) and None not in (a[i].get(metric), b[i].get(metric))
            ]
            if not ids:
                continue
            va, vb = [float(a[i][metric]) for i in ids], [float(b[i][metric]) for i in ids]
            ci = paired_bootstrap(va, vb, resamples=resamples)
            out.append(
                MetricDelta(metric, qtype, len(ids), k_a, k_b, sum(va) / len(ids), sum(vb) / len(ids), ci)
            )
    return out


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
    run_a: str,
    a: Outcomes,
    run_b: str,
    b: Outcomes,
    *,
    resamples: int = DEFAULT_RESAMPLES,
    retrieval: tuple[Retrieval, Retrieval] | None = None,
) -> Comparison:
    """B against A; ``retrieval``: each run's measured retrieval per question, to compare too."""
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
    if retrieval is not None:
        type_of = {i: a[i][2] for i in shared}
        comparison.retrieval = compare_retrieval(*retrieval, type_of, resamples=resamples)
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
    retrieval = (store.retrieval(run_a), store.retrieval(run_b))
    return compare_outcomes(
        run_a, store.outcomes(run_a), run_b, store.outcomes(run_b), resamples=resamples, retrieval=retrieval
    )
