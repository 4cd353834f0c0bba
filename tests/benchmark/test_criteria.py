"""Set criteria of both dialects: what each key does, what is warned about, what is refused."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from benchmark.criteria import CRITERIA_KEYS, DEFAULT_WEIGHTS
from benchmark.errors import QuestionSetError
from benchmark.models import Gate
from benchmark.questions import load_question_set
from benchmark.resources import schema_path

ROOT = Path(__file__).resolve().parents[2]
SEED_BANK = ROOT / "tests" / "fixtures" / "seed_bank"
FACT = {"id": "f1", "type": "fact_exact", "question": "多少钱？", "expected": {"amount_total": 1}}
GAP = {"id": "g1", "type": "conflict_gap", "question": "电话？", "should_abstain": True}
EVIDENCE = {"id": "e1", "type": "evidence_set", "question": "证据？", "expected": {"key_points": ["甲"]}}


def load(tmp_path: Path, criteria: dict[str, Any], questions: list[dict[str, Any]], **root: Any) -> Any:
    obj = {"questions": questions, **root}
    if "benchmark_name" in root:
        obj["scoring_config"] = criteria
    else:
        obj["evaluation_criteria"] = criteria
    path = tmp_path / "set.json"
    path.write_text(json.dumps(obj, ensure_ascii=False), encoding="utf-8")
    return load_question_set(path)


CASES = [
    {
        "why": "the seed's fact_exact file: threshold 1.0, breakdown named in its own words",
        "criteria": {"passing_threshold": 1.0, "scoring_breakdown": {
            "exact_match": {"weight": 0.7}, "citation_correctness": {"weight": 0.3}}},
        "questions": [FACT], "root": {"benchmark_type": "fact_exact"},
        "threshold": 1.0, "weights": {"fact_exact": {"exact_match": 0.7, "citation": 0.3}},
    },
    {
        "why": "the seed's conflict_gap file: bare-number weights mapped onto our components, and its gates",
        "criteria": {"scoring_breakdown": {"correct_abstention": 0.4, "no_hallucination": 0.4, "proper_citation": 0.2},
                     "passing_score": {"abstention_correctness": 1.0, "hallucination_rate": 0.0, "quote_inclusion_rate": 1.0}},
        "questions": [GAP], "root": {"benchmark_type": "conflict_gap"},
        "weights": {"conflict_gap": {"abstention": 0.4, "no_hallucination": 0.4, "quote": 0.2}},
        "gates": (Gate("abstention_correctness", 1.0, "min"), Gate("hallucination_rate", 0.0, "max"),
                  Gate("quote_inclusion_rate", 1.0, "min")),
    },
    {
        "why": "the seed's evidence_set file: metric thresholds become settings, coverage takes citation's weight",
        "criteria": {"scoring_metrics": {"evidence_recall": {"passing_threshold": 0.8},
                                         "evidence_precision": {"passing_threshold": 0.7},
                                         "citation_coverage": {"passing_threshold": 0.8, "description": "x"}}},
        "questions": [EVIDENCE], "root": {"benchmark_type": "evidence_set"},
        "weights": {"evidence_set": {"citation_coverage": 0.2, "citation": 0.0}},
        "options": {"evidence_recall_min": 0.8, "evidence_precision_min": 0.7, "citation_coverage_min": 0.8},
    },
    {
        "why": "a breakdown naming some components replaces the defaults: the others get no weight",
        "criteria": {"scoring_breakdown": {"evidence_recall": 0.6, "citation_coverage": 0.4}},
        "questions": [EVIDENCE], "root": {"benchmark_type": "evidence_set"},
        "weights": {"evidence_set": {"evidence_recall": 0.6, "evidence_precision": 0.0, "citation": 0.0,
                                     "citation_coverage": 0.4}},
    },
    {
        "why": "no benchmark_type: the breakdown goes to the type that has every component it names",
        "criteria": {"scoring_breakdown": {"exact_match": 0.5, "citation_correctness": 0.5}},
        "questions": [FACT, EVIDENCE], "root": {},
        "weights": {"fact_exact": {"exact_match": 0.5, "citation": 0.5}},
    },
    {
        "why": "the upstream dialect reads the same keys in scoring_config, with its own threshold name",
        "criteria": {"overall_pass_threshold": 0.9, "passing_score": {"quote_inclusion_rate": 0.5}},
        "questions": [GAP], "root": {"benchmark_name": "upstream"},
        "threshold": 0.9, "gates": (Gate("quote_inclusion_rate", 0.5, "min"),),
    },
    {
        "why": "the older weights table still merges over the defaults",
        "criteria": {"pass_threshold": 0.6, "weights": {"fact_exact": {"citation": 0.5}, "conflict_gap": 2}},
        "questions": [FACT], "root": {},
        "threshold": 0.6, "weights": {"fact_exact": {"citation": 0.5}}, "options": {"type_weights": {"conflict_gap": 2.0}},
    },
]  # fmt: skip


@pytest.mark.parametrize("case", CASES, ids=[c["why"] for c in CASES])
def test_criteria(tmp_path: Path, case: dict[str, Any]) -> None:
    qs = load(tmp_path, case["criteria"], case["questions"], **case["root"])
    assert qs.warnings == ()
    assert qs.criteria.pass_threshold == case.get("threshold", 0.7)
    assert qs.criteria.weights == case.get("weights", {})
    assert qs.criteria.gates == case.get("gates", ())
    assert qs.criteria.options == case.get("options", {})


def test_unknown_breakdown_component_warns_with_a_did_you_mean(tmp_path: Path) -> None:
    qs = load(
        tmp_path,
        {"scoring_breakdown": {"exact_matc": 0.7, "citation": 0.3}},
        [FACT],
        benchmark_type="fact_exact",
    )
    (warning,) = qs.warnings
    assert warning.endswith(
        "$.evaluation_criteria.scoring_breakdown.exact_matc: unknown component 'exact_matc' "
        "(did you mean 'exact_match'?); ignored"
    )
    assert qs.criteria.weights == {"fact_exact": {"exact_match": 0.0, "citation": 0.3}}


def test_unknown_gate_and_metric_names_warn(tmp_path: Path) -> None:
    criteria = {
        "passing_score": {"quote_rate": 1.0},
        "scoring_metrics": {"evidence_recal": {"passing_threshold": 1}},
    }
    qs = load(tmp_path, criteria, [GAP], benchmark_type="conflict_gap")
    assert [w.split(": ", 2)[1:] for w in qs.warnings] == [
        ["$.evaluation_criteria.passing_score", "unknown key 'quote_rate' (did you mean 'quote_inclusion_rate'?); "
         "ignored (prefix your own keys with 'x-')"],
        ["$.evaluation_criteria.scoring_metrics", "unknown key 'evidence_recal' (did you mean 'evidence_recall'?); "
         "ignored (prefix your own keys with 'x-')"],
    ]  # fmt: skip
    assert qs.criteria.gates == ()


@pytest.mark.parametrize(
    ("criteria", "questions", "message"),
    [
        ({"pass_threshold": 0.7, "passing_threshold": 1.0}, [FACT], "pass thresholds disagree"),
        (
            {"scoring_breakdown": {"exact_match": 0.5, "correct_abstention": 0.5}},
            [FACT, GAP],
            "different question types",
        ),
        ({"passing_threshold": 1.5}, [FACT], "1.5 is greater than the maximum of 1"),
    ],
)
def test_contradictions_are_refused(
    tmp_path: Path, criteria: dict[str, Any], questions: Any, message: str
) -> None:
    with pytest.raises(QuestionSetError, match=message) as info:
        load(tmp_path, criteria, questions)
    assert "set.json" in str(info.value) and "$.evaluation_criteria" in str(info.value)


def test_seed_bank_sets_load_with_their_criteria() -> None:
    fact = load_question_set(SEED_BANK / "fact_exact.json")
    assert fact.criteria.pass_threshold == 1.0 and fact.warnings == ()
    gaps = load_question_set(SEED_BANK / "conflict_gap.json")
    assert [g.name for g in gaps.criteria.gates] == [
        "abstention_correctness",
        "hallucination_rate",
        "quote_inclusion_rate",
    ]
    assert gaps.system_instructions is not None and len(gaps.system_instructions.rules) == 3


def test_default_weights_are_the_scorers() -> None:
    from scorers.registry import SCORERS

    for qtype, weights in DEFAULT_WEIGHTS.items():
        assert SCORERS.get(qtype).default_weights == weights


def _documented_keys() -> set[str]:
    text = (ROOT / "docs" / "dataset-format.md").read_text(encoding="utf-8")
    section = text.split("<!-- criteria-keys -->")[1].split("<!-- /criteria-keys -->")[0]
    return {m.group(1) for m in re.finditer(r"^\| `([^`]+)` \|", section, re.MULTILINE)}


def test_docs_list_every_criteria_key_we_read() -> None:
    assert _documented_keys() == set(CRITERIA_KEYS)


def test_schema_accepts_exactly_the_keys_we_read() -> None:
    schema = json.loads(schema_path().read_text(encoding="utf-8"))["$defs"]
    both = "evaluation_criteria / scoring_config."
    for block in ("evaluation_criteria", "scoring_config"):
        allowed = set(schema[block]["properties"]) - {"description"}
        read = {k.split(".")[1] for k in CRITERIA_KEYS if k.startswith((f"{block}.", both))}
        assert allowed == read, block
