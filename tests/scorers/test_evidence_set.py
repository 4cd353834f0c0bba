"""The evidence_set scorer: components, thresholds, partial credit, weights, settings, checks."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from benchmark.adapters.fake import oracle_evidence
from benchmark.answers import parse_answer
from benchmark.documents import Document, load_document
from benchmark.errors import ConfigError
from benchmark.models import Answer, Criteria, EvidenceItem, Expected, Question, RequiredEvidence
from benchmark.questions import load_question_sets
from scorers.evidence_set import (
    DEFAULT_WEIGHTS,
    SCORER,
    check_evidence_set,
    score_evidence_set,
    settings_for,
)
from scorers.registry import SCORERS, ScoringContext

ROOT = Path(__file__).resolve().parents[2]


@cache
def transcript() -> Document:
    return load_document(ROOT / "datasets" / "transcript" / "document.md")


REQUIRED = (
    RequiredEvidence(2, "钱全额退还，一分不少", is_critical=True),
    RequiredEvidence(4, "如办理不成全额退还", is_critical=True),
    RequiredEvidence(6, "承诺于2020年10月10日前归还", is_critical=True),
)
KEY_POINTS = ("第一次见面口头承诺办不成全额退还", "收条写明如办理不成全额退还")


def make_question(scoring: dict[str, Any] | None = None, **kw: Any) -> Question:
    kw.setdefault("required_evidence", REQUIRED)
    kw.setdefault("expected", Expected(evidence_count_min=3, key_points=KEY_POINTS))
    return Question(id="e1", type="evidence_set", question="有哪些证据？", scoring=dict(scoring or {}), **kw)


def score(
    q: Question, answer: Answer | dict[str, Any] | str, criteria: Criteria | None = None, **options: Any
) -> Any:
    ctx = ScoringContext(criteria=criteria or Criteria(), document=transcript(), options=options)
    return score_evidence_set(q, parse_answer(answer), ctx)


def items(*indexes: int, pages: bool = True) -> list[dict[str, Any]]:
    return [{"text": REQUIRED[i].must_include, "page": REQUIRED[i].page if pages else None} for i in indexes]


def test_registered_through_the_entry_point() -> None:
    assert SCORERS.get("evidence_set") is SCORER
    assert SCORER.default_weights == {"evidence_recall": 0.5, "evidence_precision": 0.3, "citation": 0.2}
    assert SCORER.default_weights == DEFAULT_WEIGHTS


def test_oracle_scores_every_bundled_evidence_question_fully() -> None:
    seen = 0
    for qs in load_question_sets([ROOT / "datasets"]):
        document = load_document(qs.document_path) if qs.document_path else None
        for q in qs.questions:
            if q.type != "evidence_set":
                continue
            seen += 1
            assert check_evidence_set(q) == [], q.id
            result = score_evidence_set(
                q, parse_answer(oracle_evidence(q)), ScoringContext(qs.criteria, document)
            )
            assert result.score == 1.0 and result.passed, (q.id, result.diagnostics())
            assert result.details["key_points"]["fraction"] == 1.0, q.id
    assert seen >= 30


def test_full_answer() -> None:
    r = score(make_question(), {"answer": "见证据。", "evidence": items(0, 1, 2)})
    assert r.component_scores() == {"evidence_recall": 1.0, "evidence_precision": 1.0, "citation": 1.0}
    assert r.score == 1.0 and r.passed
    assert r.details["evidence_count"] == {"min": 3, "returned": 3, "relevant": 3, "met": True}


def test_recall_threshold_default_and_partial_credit() -> None:
    answer = {"answer": "x", "evidence": items(0, 1)}  # recall 2/3 < 0.8
    r = score(make_question(), answer)
    assert r.components["evidence_recall"].score == 0.0
    assert r.components["evidence_recall"].extracted == pytest.approx(2 / 3, abs=1e-6)
    assert r.score == pytest.approx(0.5) and not r.passed
    partial = score(make_question({"partial_credit": True}), answer)
    assert partial.components["evidence_recall"].score == pytest.approx(2 / 3)
    assert partial.score == pytest.approx(0.5 * 2 / 3 + 0.3 + 0.2)
    lenient = score(make_question({"evidence_recall_min": 0.6}), answer)
    assert lenient.components["evidence_recall"].score == 1.0


def test_precision_threshold() -> None:
    noise = [{"text": f"无关的第{i}段材料", "page": 1} for i in range(4)]
    r = score(make_question(), {"answer": "x", "evidence": items(0, 1, 2) + noise})  # 3/7 < 0.5
    assert r.components["evidence_precision"].score == 0.0
    assert r.components["evidence_precision"].status == "partial"
    assert r.score == pytest.approx(0.7) and r.passed  # 0.5 + 0.2
    ok = score(make_question(), {"answer": "x", "evidence": items(0, 1, 2) + noise[:3]})  # 3/6
    assert ok.components["evidence_precision"].score == 1.0


def test_no_evidence_returned() -> None:
    r = score(make_question(), "邝振川给了钱，戚鸣远承诺退还。")
    assert r.components["evidence_recall"].status == "omission"
    assert r.components["evidence_precision"].status == "omission"
    assert r.components["citation"].score == 0.0 and r.score == 0.0


def test_citation_dropped_when_not_required() -> None:
    answer = {"answer": "x", "evidence": items(0, 1, 2, pages=False)}  # no page: nothing cited
    required = score(make_question(), answer)
    assert required.components["citation"].score == 0.0 and required.score == pytest.approx(0.8)
    dropped = score(make_question({"citation_required": False}), answer)
    assert dropped.components["citation"].score is None
    assert dropped.score == 1.0


def test_citation_to_a_page_without_required_evidence() -> None:
    answer = {"answer": "x", "evidence": items(0, 1, 2, pages=False), "citations": [{"page": 9}]}
    assert score(make_question(), answer).components["citation"].score == 0.0
    answer["citations"] = [{"page": 9}, {"page": 4}]
    assert score(make_question(), answer).components["citation"].score == 1.0


def test_key_points_diagnostic_unless_weighted() -> None:
    answer = {"answer": "第一次见面口头承诺办不成全额退还。", "evidence": items(0, 1, 2)}
    points = Expected(key_points=("第一次见面口头承诺办不成全额退还", "2020年9月25日写了还款承诺书"))

    def kp_question(scoring: dict[str, Any] | None = None) -> Question:
        return make_question(scoring, expected=points)

    plain = score(kp_question(), answer)
    assert "key_points" not in plain.components
    assert plain.details["key_points"]["covered"] == 1 and plain.details["key_points"]["total"] == 2
    by_question = score(kp_question({"weights": {"key_points": 0.5}}), answer)
    assert by_question.components["key_points"].score == 0.5
    assert by_question.score == pytest.approx((0.5 + 0.3 + 0.2 + 0.5 * 0.5) / 1.5)
    criteria = Criteria(weights={"evidence_set": {"key_points": 1.0}})
    by_set = score(kp_question(), answer, criteria)
    assert by_set.components["key_points"].weight == pytest.approx(0.5)


def test_key_point_options_from_criteria_and_run() -> None:
    answer = {"answer": "第一次见面时他说办不成就全退。", "evidence": items(0, 1, 2)}
    criteria = Criteria(options={"key_points": {"threshold": 0.3}})
    assert score(make_question(), answer, criteria).details["key_points"]["points"][0]["covered"]
    run = score(make_question(), answer, criteria, **{"key_points.threshold": 0.95})
    assert run.details["key_points"]["threshold"] == 0.95
    assert not run.details["key_points"]["points"][0]["covered"]


def test_only_key_points() -> None:
    q = make_question(required_evidence=(), scoring={})
    assert check_evidence_set(q) == []
    r = score(q, "第一次见面口头承诺办不成全额退还；收条写明如办理不成全额退还。")
    assert r.component_scores() == {"key_points": 1.0}
    assert r.components["citation"].reason == "the question lists no required_evidence"
    assert r.score == 1.0
    half = score(q, "第一次见面口头承诺办不成全额退还。")
    assert half.score == 0.5 and not half.passed


def test_evidence_count_scores_only_when_weighted() -> None:
    answer = {"answer": "x", "evidence": [*items(0, 1), {"text": "无关材料", "page": 1}]}
    q = make_question({"evidence_recall_min": 0.6})
    plain = score(q, answer)
    assert "evidence_count" not in plain.components
    assert plain.details["evidence_count"] == {"min": 3, "returned": 3, "relevant": 2, "met": False}
    weighted = score(make_question({"evidence_recall_min": 0.6, "weights": {"evidence_count": 0.5}}), answer)
    assert weighted.components["evidence_count"].score == 0.0
    assert weighted.score == pytest.approx(1.0 / 1.5)


def test_settings_precedence() -> None:
    criteria = Criteria(options={"evidence_recall_min": 0.5, "partial_credit": True})
    ctx = ScoringContext(criteria=criteria, options={"evidence_recall_min": 0.6})
    assert settings_for(make_question(), ctx) == {
        "evidence_recall_min": 0.6,
        "evidence_precision_min": 0.5,
        "partial_credit": True,
    }
    own = make_question({"evidence_recall_min": 0.9, "partial_credit": False})
    assert settings_for(own, ctx)["evidence_recall_min"] == 0.9
    assert settings_for(own, ctx)["partial_credit"] is False
    assert settings_for(make_question(), ScoringContext(criteria=Criteria())) == {
        "evidence_recall_min": 0.8,
        "evidence_precision_min": 0.5,
        "partial_credit": False,
    }


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"partial_credit": "no"}, "partial_credit must be true or false"),
        ({"evidence_recall_min": "abc"}, "evidence_recall_min must be a number from 0 to 1"),
        ({"evidence_precision_min": 5}, "evidence_precision_min must be a number from 0 to 1"),
    ],
)
def test_bad_run_options_are_config_errors(options: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        settings_for(make_question(), ScoringContext(criteria=Criteria(), options=options))


def test_pass_threshold_from_question() -> None:
    answer = {"answer": "x", "evidence": items(0, 1, 2, pages=False)}  # 0.8
    assert score(make_question(), answer).passed
    assert not score(make_question({"pass_threshold": 0.9}), answer).passed


def test_check_problems() -> None:
    bare = make_question(required_evidence=(), expected=Expected())
    assert "neither required_evidence nor expected.key_points" in check_evidence_set(bare)[0]
    blank = make_question(required_evidence=(RequiredEvidence(2, "——"),))
    assert "has no letter or digit" in check_evidence_set(blank)[0]
    weights = make_question({"weights": {"exact_match": 1, "key_points": 1}}, expected=Expected())
    problems = check_evidence_set(weights)
    assert any("'exact_match'" in p for p in problems)
    assert any("expected.key_points is empty" in p for p in problems)


def test_details_are_json_and_deterministic() -> None:
    answer = {
        "answer": "第一次见面口头承诺办不成全额退还",
        "evidence": [*items(0, 2), {"text": "如办理不成全额退还", "page": 9}, "无关材料"],
        "citations": [{"page": 4, "quote": "如办理不成全额退还"}],
    }
    first, second = score(make_question(), answer), score(make_question(), answer)
    text = json.dumps(first.details, ensure_ascii=False, sort_keys=True)
    assert text == json.dumps(second.details, ensure_ascii=False, sort_keys=True)
    assert first.diagnostics() == second.diagnostics()
    ev = first.details["evidence"]
    assert [i["status"] for i in ev["items"]] == ["match", "match", "irrelevant", "irrelevant", "match"]
    assert [r["status"] for r in ev["required"]] == ["match", "match", "match"]


def test_evidence_as_plain_strings() -> None:
    answer = {"answer": "x", "evidence": [r.must_include for r in REQUIRED]}
    r = score(make_question(), answer)
    assert r.components["evidence_recall"].score == 1.0
    assert r.components["citation"].score == 0.0  # strings carry no page to cite
    answer_with = {**answer, "citations": [{"page": 2}]}
    assert score(make_question(), answer_with).score == 1.0


def test_scoring_uses_item_pages_from_evidence() -> None:
    answer = Answer("x", evidence=tuple(EvidenceItem(r.must_include, r.page) for r in REQUIRED))
    assert score(make_question(), answer).score == 1.0
