"""A set's criteria (``evaluation_criteria`` in the seed dialect, ``scoring_config`` upstream) -> ``Criteria``.

``CRITERIA_KEYS`` lists every key read here and what it does; docs/dataset-format.md shows the same
table (a test keeps the two in sync). Problems the loader can live with (a breakdown naming a component
we do not have) come back as warnings; contradictions (two pass thresholds that disagree, a breakdown
mixing the components of two types) are refusals.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchmark.errors import QuestionSetError
from benchmark.models import Criteria, Gate

DEFAULT_PASS_THRESHOLD = 0.7

#: The built-in scorers' default weights (tests/benchmark/test_criteria.py checks them against the scorers).
DEFAULT_WEIGHTS: dict[str, dict[str, float]] = {
    "fact_exact": {"exact_match": 0.7, "citation": 0.3},
    "evidence_set": {"evidence_recall": 0.5, "evidence_precision": 0.3, "citation": 0.2},
    "conflict_gap": {"abstention": 0.4, "no_hallucination": 0.4, "quote": 0.2},
}

#: ``scoring_breakdown`` names -> our component, per question type.
BREAKDOWN_NAMES: dict[str, dict[str, str]] = {
    "fact_exact": {
        "exact_match": "exact_match",
        "citation": "citation",
        "citation_correctness": "citation",
        "proper_citation": "citation",
    },
    "evidence_set": {
        "evidence_recall": "evidence_recall",
        "evidence_precision": "evidence_precision",
        "citation": "citation",
        "citation_correctness": "citation",
        "proper_citation": "citation",
        "citation_coverage": "citation_coverage",
        "key_points": "key_points",
        "key_point_coverage": "key_points",
        "evidence_count": "evidence_count",
    },
    "conflict_gap": {
        "abstention": "abstention",
        "correct_abstention": "abstention",
        "abstention_correctness": "abstention",
        "no_hallucination": "no_hallucination",
        "quote": "quote",
        "proper_citation": "quote",
        "quote_inclusion": "quote",
    },
}

#: The retrieval components (``scorers.contexts``): any type may weigh them, by the same names.
RETRIEVAL_COMPONENTS = ("retrieval_hit", "retrieval_recall", "retrieval_mrr", "retrieval_ndcg")
for _names in BREAKDOWN_NAMES.values():
    _names.update({name: name for name in RETRIEVAL_COMPONENTS})

#: ``scoring_metrics.<metric>.passing_threshold`` -> the evidence_set setting it gives.
METRIC_SETTINGS = {
    "evidence_recall": "evidence_recall_min",
    "evidence_precision": "evidence_precision_min",
    "citation_coverage": "citation_coverage_min",
}

#: ``passing_score`` gates: name -> (the component it counts, "min" | "max").
GATES: dict[str, tuple[str, str]] = {
    "abstention_correctness": ("abstention", "min"),
    "hallucination_rate": ("no_hallucination", "max"),
    "quote_inclusion_rate": ("quote", "min"),
}

#: Scorer settings a set may give for all its questions (a question's ``scoring`` overrides them).
SETTING_KEYS = ("evidence_recall_min", "evidence_precision_min", "citation_coverage_min", "partial_credit")

_BOTH = "evaluation_criteria / scoring_config"
#: Every criteria key we read, and what it does (docs/dataset-format.md has the same table).
CRITERIA_KEYS: dict[str, str] = {
    f"{_BOTH}.passing_threshold": "per-question pass mark (score >= it); default 0.7",
    "evaluation_criteria.pass_threshold": "the same as passing_threshold",
    "scoring_config.overall_pass_threshold": "the same as passing_threshold",
    "scoring_config.pass_threshold": "the same as passing_threshold",
    f"{_BOTH}.scoring_breakdown.<name>.weight": (
        "component weight (a bare number works too); the named components replace the type's defaults"
    ),
    f"{_BOTH}.scoring_metrics.evidence_recall.passing_threshold": "evidence_set: evidence_recall_min",
    f"{_BOTH}.scoring_metrics.evidence_precision.passing_threshold": "evidence_set: evidence_precision_min",
    f"{_BOTH}.scoring_metrics.citation_coverage.passing_threshold": (
        "evidence_set: citation_coverage_min; citation_coverage is scored in place of citation"
    ),
    f"{_BOTH}.passing_score.abstention_correctness": "set gate: minimum share of correct abstentions",
    f"{_BOTH}.passing_score.hallucination_rate": "set gate: maximum share of answers that invent a value",
    f"{_BOTH}.passing_score.quote_inclusion_rate": "set gate: minimum share of answers quoting the record",
    "evaluation_criteria.weights.<type>.<component>": "component weight for one type (merged over defaults)",
    "scoring_config.type_weights.<type>.<component>": "the same as weights.<type>.<component>",
    "evaluation_criteria.weights.<type>": "a number: recorded as the type's weight; not used in scoring",
    "scoring_config.type_weights.<type>": "a number: recorded as the type's weight; not used in scoring",
    f"{_BOTH}.evidence_recall_min": "evidence_set: recall needed for the evidence_recall component",
    f"{_BOTH}.evidence_precision_min": "evidence_set: precision needed for the evidence_precision component",
    f"{_BOTH}.citation_coverage_min": "evidence_set: coverage needed for the citation_coverage component",
    f"{_BOTH}.partial_credit": "evidence_set: the raw ratios are the scores instead of 0/1",
    f"{_BOTH}.key_points": "key-point matching options: method, model, threshold",
    f"{_BOTH}.retrieval_k": "the k of the retrieval metrics (hit@k, recall@k, MRR@k, nDCG@k); default 5",
}


@dataclass
class _Reading:
    path: Path
    block: str  # "evaluation_criteria" | "scoring_config"
    warnings: list[str] = field(default_factory=list)

    def warn(self, where: str, problem: str) -> None:
        self.warnings.append(f"{self.path}: $.{self.block}{where}: {problem}")

    def refuse(self, where: str, problem: str) -> QuestionSetError:
        return QuestionSetError(problem, path=self.path, where=f"$.{self.block}{where}")


def read_criteria(
    path: Path, obj: Mapping[str, Any], types: Sequence[str], benchmark_type: str | None
) -> tuple[Criteria, list[str]]:
    """The set's criteria and the warnings about what was ignored. ``types``: the set's question types."""
    crit = obj.get("evaluation_criteria") or {}
    cfg = obj.get("scoring_config") or {}
    block = "scoring_config" if cfg and not crit else "evaluation_criteria"
    reading = _Reading(path, block)
    merged = {**cfg, **crit}
    threshold = _threshold(reading, merged)
    weights, type_weights = _plain_weights(cfg.get("type_weights") or {}, crit.get("weights") or {})
    breakdown = merged.get("scoring_breakdown") or {}
    metrics = merged.get("scoring_metrics") or {}
    if breakdown:
        _apply_breakdown(reading, breakdown, types, benchmark_type, weights)
    _coverage_weight(reading, metrics, breakdown, weights)
    options = _options(merged, metrics)
    if type_weights:
        options["type_weights"] = type_weights
    gates = tuple(
        Gate(name, float(value), GATES[name][1])
        for name, value in (merged.get("passing_score") or {}).items()
        if name in GATES
    )
    return Criteria(threshold, weights, options, gates), reading.warnings


def _threshold(reading: _Reading, merged: Mapping[str, Any]) -> float:
    names = ("passing_threshold", "pass_threshold", "overall_pass_threshold")
    given = {n: float(merged[n]) for n in names if merged.get(n) is not None}
    if len(set(given.values())) > 1:
        listed = ", ".join(f"{n} {v:g}" for n, v in given.items())
        raise reading.refuse("", f"pass thresholds disagree ({listed}); give one")
    return next(iter(given.values()), DEFAULT_PASS_THRESHOLD)


def _plain_weights(
    *sources: Mapping[str, Any],
) -> tuple[dict[str, dict[str, float]], dict[str, float]]:
    weights: dict[str, dict[str, float]] = {}
    type_weights: dict[str, float] = {}
    for source in sources:
        for qtype, value in source.items():
            if isinstance(value, Mapping):
                weights.setdefault(qtype, {}).update({k: float(v) for k, v in value.items()})
            else:
                type_weights[qtype] = float(value)
    return weights, type_weights


def _weight_of(value: Any) -> float | None:
    if isinstance(value, Mapping):
        value = value.get("weight")
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value)


def _apply_breakdown(
    reading: _Reading,
    breakdown: Mapping[str, Any],
    types: Sequence[str],
    benchmark_type: str | None,
    weights: dict[str, dict[str, float]],
) -> None:
    """The breakdown's weights replace the defaults of the types it applies to (see docs/dataset-format.md)."""
    every = sorted({n for names in BREAKDOWN_NAMES.values() for n in names})
    known = {}
    for name, value in breakdown.items():
        weight = _weight_of(value)
        if weight is None:
            continue  # the schema reported it
        if name not in every:
            close = difflib.get_close_matches(name, every, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            reading.warn(f".scoring_breakdown.{name}", f"unknown component {name!r}{hint}; ignored")
            continue
        known[name] = weight
    if not known:
        return
    targets = [benchmark_type] if benchmark_type else [t for t in _types(types) if _owns(t, known)]
    if not targets:
        raise reading.refuse(
            ".scoring_breakdown",
            f"names components of different question types ({', '.join(sorted(known))}); "
            "give the file a benchmark_type or use weights.<type>",
        )
    for qtype in targets:
        names = BREAKDOWN_NAMES.get(qtype, {})
        out = weights.setdefault(qtype, {})
        for component in DEFAULT_WEIGHTS.get(qtype, {}):
            out.setdefault(component, 0.0)
        for name, weight in known.items():
            if name in names:
                out[names[name]] = weight
            else:
                reading.warn(f".scoring_breakdown.{name}", f"{name!r} is not a {qtype} component; ignored")


def _types(types: Sequence[str]) -> list[str]:
    return sorted(set(types)) or sorted(BREAKDOWN_NAMES)


def _owns(qtype: str, known: Mapping[str, float]) -> bool:
    return all(name in BREAKDOWN_NAMES.get(qtype, {}) for name in known)


def _coverage_weight(
    reading: _Reading,
    metrics: Mapping[str, Any],
    breakdown: Mapping[str, Any],
    weights: dict[str, dict[str, float]],
) -> None:
    """``scoring_metrics.citation_coverage`` without a breakdown weight: coverage takes citation's weight."""
    if "citation_coverage" not in metrics:
        return
    es = weights.get("evidence_set", {})
    if "citation_coverage" in es:
        return
    if any(BREAKDOWN_NAMES["evidence_set"].get(n) == "citation" for n in breakdown):
        reading.warn(
            ".scoring_metrics.citation_coverage",
            "scoring_breakdown weighs citation, not citation_coverage: coverage is reported, not scored",
        )
        return
    es = weights.setdefault("evidence_set", {})
    es["citation_coverage"] = es.get("citation", DEFAULT_WEIGHTS["evidence_set"]["citation"])
    es["citation"] = 0.0


def _options(merged: Mapping[str, Any], metrics: Mapping[str, Any]) -> dict[str, Any]:
    skip = {
        "pass_threshold",
        "passing_threshold",
        "overall_pass_threshold",
        "weights",
        "type_weights",
        "scoring_breakdown",
        "scoring_metrics",
        "passing_score",
        "description",
    }
    options = {k: v for k, v in merged.items() if k not in skip and not k.startswith("x-")}
    for metric, setting in METRIC_SETTINGS.items():
        spec = metrics.get(metric)
        if isinstance(spec, Mapping) and spec.get("passing_threshold") is not None:
            options.setdefault(setting, float(spec["passing_threshold"]))
    return options


__all__ = [
    "BREAKDOWN_NAMES",
    "CRITERIA_KEYS",
    "DEFAULT_WEIGHTS",
    "GATES",
    "METRIC_SETTINGS",
    "SETTING_KEYS",
    "read_criteria",
]
