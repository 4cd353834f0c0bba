"""Set-level gates (``passing_score``): rates over a set's resolved questions against their bounds.

A gate counts one component over the set's resolved questions (PASS or FAIL) where that component
applies: ``abstention_correctness`` = answers whose ``abstention`` is 1 / answers where it applies,
``quote_inclusion_rate`` likewise for ``quote``, ``hallucination_rate`` = answers whose
``no_hallucination`` is below 1 / answers where it applies. The first two are minima, the last a
maximum. A gate with nothing to measure (no question where its component applies) is reported with
``rate: null`` and ``held: null`` and does not decide anything. A set *passes* when every one of its
questions passed and none of its gates failed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from benchmark.criteria import GATES

if TYPE_CHECKING:
    from benchmark.results import QuestionResult

_EPS = 1e-9
RESOLVED = ("PASS", "FAIL")


def _hits(scores: list[float], kind: str) -> int:
    """Answers that count towards the rate: a full score for a minimum gate, a failure for a maximum."""
    if kind == "max":
        return sum(1 for s in scores if s < 1.0 - _EPS)
    return sum(1 for s in scores if s >= 1.0 - _EPS)


def measure_gate(name: str, spec: Mapping[str, Any], results: Iterable[QuestionResult]) -> dict[str, Any]:
    component, kind = GATES[name]
    threshold = float(spec["threshold"])
    scores = []
    for r in results:
        comp = r.result.components.get(component) if r.result is not None else None
        if r.outcome in RESOLVED and comp is not None and comp.score is not None:
            scores.append(comp.score)
    hits = _hits(scores, kind)
    rate = round(hits / len(scores), 6) if scores else None
    held = None
    if rate is not None:
        held = rate <= threshold + _EPS if kind == "max" else rate >= threshold - _EPS
    return {
        "component": component,
        "kind": kind,
        "threshold": threshold,
        "rate": rate,
        "counted": hits,
        "measured": len(scores),
        "held": held,
    }


def measure_gates(
    results: Sequence[QuestionResult], datasets: Sequence[Mapping[str, Any]]
) -> dict[str, Any] | None:
    """``{set path: {"passed": bool, "gates": {name: measurement}}}`` for the sets that have gates
    (None when none has)."""
    from benchmark.rundir import display_path

    defined = [d for d in datasets if d.get("gates")]
    if not defined:
        return None
    by_set: dict[str, list[QuestionResult]] = {}
    for r in results:
        by_set.setdefault(display_path(r.question.set_path), []).append(r)
    out: dict[str, Any] = {}
    for entry in defined:
        path = str(entry.get("path"))
        mine = by_set.get(path, [])
        gates = {name: measure_gate(name, spec, mine) for name, spec in sorted(entry["gates"].items())}
        all_passed = bool(mine) and all(r.outcome == "PASS" for r in mine)
        out[path] = {
            "passed": all_passed and not any(g["held"] is False for g in gates.values()),
            "gates": gates,
        }
    return out


def gates_held(measured: Mapping[str, Any] | None) -> bool:
    """False when some set's gate failed (a set without gates, or a gate with nothing to measure, holds)."""
    if not measured:
        return True
    return not any(g.get("held") is False for s in measured.values() for g in (s.get("gates") or {}).values())
