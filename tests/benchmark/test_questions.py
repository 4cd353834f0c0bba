"""Loading question sets: both dialects, the seed examples, and one clear error per bad-input class."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from benchmark.errors import QuestionSetError
from benchmark.questions import find_set_files, load_question_set, load_question_sets

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def write_set(tmp_path: Path, obj: Any, name: str = "set.json") -> Path:
    p = tmp_path / name
    p.write_text(json.dumps(obj, ensure_ascii=False), encoding="utf-8")
    return p


def seed_set(**overrides: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "benchmark_type": "fact_exact",
        "description": "测试",
        "document": "document.md",
        "questions": [
            {
                "id": "q1",
                "question": "一共收了多少钱？",
                "expected": {"amount_total": 42000},
                "required_evidence": [{"page": 1, "must_include": "42000元"}],
            }
        ],
    }
    base.update(overrides)
    return base


def test_seed_examples_validate_and_model() -> None:
    qs = load_question_set(FIXTURES / "seed_002_examples.json")
    assert qs.dialect == "seed"
    fact, evidence, gap = qs.questions
    assert (fact.type, fact.expected.amount_total, fact.required_evidence[0].page) == ("fact_exact", 42000, 2)
    assert evidence.type == "evidence_set" and len(evidence.expected.key_points) == 2
    # the conflict_gap example has no type and keeps its fields at the top level
    assert gap.type == "conflict_gap"
    assert gap.should_abstain is True and gap.expected.should_abstain is True
    assert gap.hallucination_penalty == 1.0
    assert gap.evidence_location is not None and str(gap.evidence_location.lines) == "105-107"
    assert qs.document_path == FIXTURES / "seed_transcript.md"


def test_upstream_dialect(tmp_path: Path) -> None:
    obj = {
        "benchmark_name": "判决书测试",
        "version": "1.0.0",
        "document_info": {
            "doc_id": "jd1",
            "doc_type": "judgment",
            "source_path": "docs/j.md",
            "total_pages": 3,
        },
        "questions": [
            {"id": "a", "type": "fact_exact", "question": "借款多少？", "expected": {"amount_total": 150000}},
            {
                "id": "b",
                "question": "被告电话？",
                "expected": {
                    "should_abstain": True,
                    "required_quote": "未提供联系方式",
                    "hallucination_penalty": 0.8,
                },
            },
        ],
        "scoring_config": {
            "overall_pass_threshold": 0.8,
            "type_weights": {"fact_exact": {"exact_match": 0.9, "citation": 0.1}, "conflict_gap": 2},
        },
    }
    qs = load_question_set(write_set(tmp_path, obj))
    assert qs.dialect == "upstream" and qs.name == "判决书测试"
    assert qs.document_path == tmp_path / "docs" / "j.md"
    assert qs.criteria.pass_threshold == 0.8
    assert qs.criteria.weights_for("fact_exact", {"exact_match": 0.7, "citation": 0.3}) == {
        "exact_match": 0.9,
        "citation": 0.1,
    }
    assert qs.criteria.options["type_weights"] == {"conflict_gap": 2.0}
    gap = qs.questions[1]
    # no type anywhere, conflict_gap fields under expected: inferred as conflict_gap
    assert gap.type == "conflict_gap" and gap.should_abstain and gap.required_quote == "未提供联系方式"
    assert gap.hallucination_penalty == 0.8


@pytest.mark.parametrize("dialect", ["seed", "upstream"])
def test_text_answer_and_entity_take_a_string_or_a_list(tmp_path: Path, dialect: str) -> None:
    questions = [
        {"id": "a", "type": "fact_exact", "question": "谁？", "expected": {"entity": ["陈明飞", "陈老板"]}},
        {"id": "b", "type": "fact_exact", "question": "什么？", "expected": {"text_answer": "大专"}},
        {"id": "c", "type": "fact_exact", "question": "什么？", "expected": {"text_answer": ["大专"]}},
    ]
    if dialect == "seed":
        obj: dict[str, Any] = {"benchmark_type": "fact_exact", "document": "d.md", "questions": questions}
    else:
        info = {"doc_id": "d", "doc_type": "transcript", "source_path": "d.md", "total_pages": 1}
        obj = {"benchmark_name": "t", "version": "1", "document_info": info, "questions": questions}
    a, b, c = load_question_set(write_set(tmp_path, obj)).questions
    assert a.expected.entity == ("陈明飞", "陈老板")
    assert b.expected.text_answer == "大专" and c.expected.text_answer == ("大专",)


@pytest.mark.parametrize("value", [[], ["大专", ""], 3, ""])
def test_bad_accepted_answers_are_refused(tmp_path: Path, value: Any) -> None:
    obj = seed_set()
    obj["questions"][0]["expected"] = {"text_answer": value}
    with pytest.raises(QuestionSetError) as err:
        load_question_set(write_set(tmp_path, obj))
    message = str(err.value)
    assert "$.questions[0].expected.text_answer" in message
    assert "a string, or a list of accepted answers (any one matches)" in message


def test_document_override(tmp_path: Path) -> None:
    qs = load_question_set(write_set(tmp_path, seed_set()), document=tmp_path / "ocr.json")
    assert qs.document_path == tmp_path / "ocr.json"


def test_x_extension_keys_are_accepted(tmp_path: Path) -> None:
    obj = seed_set(**{"x-source": "hand-written"})
    obj["questions"][0]["x-reviewer"] = "甲"
    assert load_question_set(write_set(tmp_path, obj)).questions[0].id == "q1"


def _error(tmp_path: Path, obj: Any = None, raw: bytes | None = None) -> str:
    p = tmp_path / "bad.json"
    if raw is not None:
        p.write_bytes(raw)
    elif obj is not None:
        p.write_text(json.dumps(obj, ensure_ascii=False), encoding="utf-8")
    with pytest.raises(QuestionSetError) as info:
        load_question_set(p)
    return str(info.value)


def test_unreadable_file(tmp_path: Path) -> None:
    msg = _error(tmp_path)
    assert "bad.json" in msg and "cannot read file" in msg


def test_not_json(tmp_path: Path) -> None:
    msg = _error(tmp_path, raw=b'{"questions": [}')
    assert "bad.json: line 1, column 16: not valid JSON" in msg


def test_not_utf8(tmp_path: Path) -> None:
    assert "not UTF-8" in _error(tmp_path, raw=b'{"a": "\xff"}')


def test_wrong_root(tmp_path: Path) -> None:
    assert "bad.json: $: the root must be an object, got list" in _error(tmp_path, [1, 2])


def test_missing_required_field(tmp_path: Path) -> None:
    obj = seed_set()
    del obj["questions"][0]["question"]
    assert "bad.json: $.questions[0]: 'question' is a required property" in _error(tmp_path, obj)


def test_unknown_type(tmp_path: Path) -> None:
    obj = seed_set()
    obj["questions"][0]["type"] = "fact_exactly"
    msg = _error(tmp_path, obj)
    assert "$.questions[0].type: 'fact_exactly' is not one of" in msg


def test_wrong_value_type(tmp_path: Path) -> None:
    obj = seed_set()
    obj["questions"][0]["expected"]["amount_total"] = "四万二"
    assert "$.questions[0].expected.amount_total: '四万二' is not of type 'number'" in _error(tmp_path, obj)


def test_unknown_key_warns_with_a_did_you_mean(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    obj = seed_set()
    obj["questions"][0]["expected"]["amount_totl"] = 1
    obj["system_instruction"] = {"rules": ["只依据材料"]}
    path = write_set(tmp_path, obj)
    qs = load_question_set(path)
    assert qs.questions[0].expected.amount_total == 42000  # the run goes on
    assert qs.warnings == (
        f"{path}: $: unknown key 'system_instruction' (did you mean 'system_instructions'?); "
        "ignored (prefix your own keys with 'x-')",
        f"{path}: $.questions[0].expected: unknown key 'amount_totl' (did you mean 'amount_total'?); "
        "ignored (prefix your own keys with 'x-')",
    )
    assert [r.getMessage() for r in caplog.records] == list(qs.warnings)


def test_unknown_key_refused_when_strict(tmp_path: Path) -> None:
    obj = seed_set()
    obj["questions"][0]["expected"]["amount_totl"] = 1
    with pytest.raises(QuestionSetError) as info:
        load_question_set(write_set(tmp_path, obj), strict=True)
    assert "$.questions[0].expected: unknown key 'amount_totl' (did you mean 'amount_total'?)" in str(
        info.value
    )


def test_unknown_key_far_from_any_lists_the_allowed_ones(tmp_path: Path) -> None:
    obj = seed_set()
    obj["questions"][0]["required_evidence"][0]["zzz"] = 1
    (warning,) = load_question_set(write_set(tmp_path, obj)).warnings
    assert (
        "$.questions[0].required_evidence[0]: unknown key 'zzz'; allowed here: document, is_critical, lines"
        in warning
    )


def test_unknown_key_in_date_range_is_ignored(tmp_path: Path) -> None:
    obj = seed_set()
    obj["questions"][0]["expected"] = {
        "date_range": {"start": "2020-08-01", "end": "2020-08-31", "note": "x"}
    }
    qs = load_question_set(write_set(tmp_path, obj))
    assert qs.questions[0].expected.date_range is not None and len(qs.warnings) == 1


def test_system_instructions_are_modelled(tmp_path: Path) -> None:
    si = {
        "required_behavior": "只依据笔录回答",
        "rules": ["引用原文", " "],
        "forbidden_behavior": ["编造电话号码"],
    }
    qs = load_question_set(write_set(tmp_path, seed_set(system_instructions=si)))
    assert qs.warnings == ()
    assert qs.system_instructions is not None
    assert qs.system_instructions.to_dict() == {
        "required_behavior": "只依据笔录回答",
        "rules": ["引用原文"],
        "forbidden_behavior": ["编造电话号码"],
    }


def test_bad_penalty_word(tmp_path: Path) -> None:
    obj = seed_set()
    obj["questions"][0]["hallucination_penalty"] = "severe"
    msg = _error(tmp_path, obj)
    assert "$.questions[0].hallucination_penalty" in msg and "'high', 'medium', 'low'" in msg


def test_bad_date_form(tmp_path: Path) -> None:
    obj = seed_set()
    obj["questions"][0]["expected"] = {"date": "2020年8月31日"}
    assert "$.questions[0].expected.date" in _error(tmp_path, obj)


def test_duplicate_ids(tmp_path: Path) -> None:
    obj = seed_set()
    obj["questions"].append(dict(obj["questions"][0]))
    msg = _error(tmp_path, obj)
    assert "$.questions[1].id: duplicate question id 'q1' (first at $.questions[0])" in msg


def test_missing_type_everywhere(tmp_path: Path) -> None:
    obj = seed_set()
    del obj["benchmark_type"]
    assert "has no 'type' and the file has no 'benchmark_type'" in _error(tmp_path, obj)


def test_all_schema_problems_are_listed(tmp_path: Path) -> None:
    obj = seed_set()
    obj["questions"][0]["expected"]["count"] = "3"
    obj["questions"][0]["required_evidence"][0]["page"] = 0
    msg = _error(tmp_path, obj)
    assert "expected.count" in msg and "required_evidence[0].page" in msg


def test_ids_unique_across_sets(tmp_path: Path) -> None:
    write_set(tmp_path, seed_set(), "a.json")
    write_set(tmp_path, seed_set(), "b.json")
    with pytest.raises(QuestionSetError, match="also used in"):
        load_question_sets([tmp_path])


def test_folder_skips_ocr_page_lists(tmp_path: Path) -> None:
    write_set(tmp_path, seed_set(), "set.json")
    (tmp_path / "ocr_pages.json").write_text('[{"markdown": {"text": "x"}}]', encoding="utf-8")
    assert find_set_files([tmp_path]) == [tmp_path / "set.json"]


def test_missing_path(tmp_path: Path) -> None:
    with pytest.raises(QuestionSetError, match="no such file or folder"):
        find_set_files([tmp_path / "nope"])
