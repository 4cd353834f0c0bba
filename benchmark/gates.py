"""Set-level gates (``passing_score``): rates over a set's resolved questions against their bounds.

A gate counts one component over the set's resolved questions (PASS or FAIL) where that component
applies: ``abstention_correctness`` = answers whose ``abstention`` is 1 / answers where it applies,
``quote_inclusion_rate`` likewise for ``quote``, ``hallucination_rate`` = answers whose
``no_hallucination`` is below 1 / answers where it applies. The first two are minima, the last a
maximum. A gate with nothing to measure (no question where its component applies) is reported with
``rate: null`` and ``held: null`` and does not decide anything. A set *passes* when every one of its
questions passed and none of its gates failed.

Gates are measured from report lines (``question_entry``), one line at a time, so a run's summary is
counted from what it wrote without holding its results.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from benchmark.criteria import GATES

_EPS = 1e-9
RESOLVED = ("PASS", "FAIL")
Entry = Mapping[str, Any]  # a report line (benchmark.report.json_report.question_entry)


def _hit(score: float, kind: str) -> bool:
    """An answer that counts towards the rate: a full score for a minimum gate, a failure for a maximum."""
    return score < 1.0 - _EPS if kind == "max" else score >= 1.0 - _EPS


class SetGates:
    """One set's gates, measured line by line."""

    def __init__(self, specs: Mapping[str, Mapping[str, Any]]) -> None:
        self.specs = dict(sorted(specs.items()))
        self.hits = dict.fromkeys(self.specs, 0)
        self.measured = dict.fromkeys(self.specs, 0)
        self.lines = 0
        self.all_passed = True

    def add(self, entry: Entry) -> None:
        self.lines += 1
        outcome = entry.get("outcome")
        self.all_passed = self.all_passed and outcome == "PASS"
        if outcome not in RESOLVED:
            return
        scores = entry.get("components") or {}
        for name in self.specs:
            component, kind = GATES[name]
            score = scores.get(component)
            if score is not None:
                self.measured[name] += 1
                self.hits[name] += _hit(score, kind)

    def gate(self, name: str) -> dict[str, Any]:
        component, kind = GATES[name]
        threshold = float(self.specs[name]["threshold"])
        measured, hits = self.measured[name], self.hits[name]
        rate = round(hits / measured, 6) if measured else None
        held = None
        if rate is not None:
            held = rate <= threshold + _EPS if kind == "max" else rate >= threshold - _EPS
        return {
            "component": component,
            "kind": kind,
            "threshold": threshold,
            "rate": rate,
            "counted": hits,
            "measured": measured,
            "held": held,
        }

    def result(self) -> dict[str, Any]:
        gates = {name: self.gate(name) for name in self.specs}
        passed = self.lines > 0 and self.all_passed
        return {"passed": passed and not any(g["held"] is False for g in gates.values()), "gates": gates}


class GateTally:
    """The gates of every set that has some, fed report lines in any order."""

    def __init__(self, datasets: Sequence[Mapping[str, Any]]) -> None:
        self.sets = {str(d.get("path")): SetGates(d["gates"]) for d in datasets if d.get("gates")}
        self._paths: dict[str, str] = {}

    def add(self, entry: Entry) -> None:
        if not self.sets:
            return
        raw = str(entry.get("set") or "")
        path = self._paths.get(raw)
        if path is None:
            from benchmark.rundir import display_path

            path = self._paths[raw] = display_path(raw)
        gates = self.sets.get(path)
        if gates is not None:
            gates.add(entry)

    def result(self) -> dict[str, Any] | None:
        """``{set path: {"passed": bool, "gates": {name: measurement}}}`` (None when no set has gates)."""
        if not self.sets:
            return None
        return {path: gates.result() for path, gates in self.sets.items()}


def measure_gate(name: str, spec: Mapping[str, Any], entries: Iterable[Entry]) -> dict[str, Any]:
    gates = SetGates({name: spec})
    for entry in entries:
        gates.add(entry)
    return gates.gate(name)


def measure_gates(entries: Iterable[Entry], datasets: Sequence[Mapping[str, Any]]) -> dict[str, Any] | None:
    tally = GateTally(datasets)
    for entry in entries:
        tally.add(entry)
    return tally.result()


def gates_held(measured: Mapping[str, Any] | None) -> bool:
    """False when some set's gate failed (a set without gates, or a gate with nothing to measure, holds)."""
    if not measured:
        return True
    return not any(g.get("held") is False for s in measured.values() for g in (s.get("gates") or {}).values())
