"""lint: the bundled sets are clean, and each kind of disagreement with the document is reported."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from benchmark.lint import errors, lint_set
from benchmark.questions import load_question_set, load_question_sets
from benchmark.resources import datasets_dir

DOC = """<!-- page: 1 -->
讯问笔录
问：你收了多少钱？
答：一共收了42000元。
<!-- page: 2 -->
问：钱用到哪里了？
答：具体请了谁吃饭，
都忘记了。
答：第一次是2020年8月3日转的两万元。
"""


def make_set(tmp_path: Path, question: dict[str, Any], qtype: str = "fact_exact") -> Path:
    (tmp_path / "document.md").write_text(DOC, encoding="utf-8")
    obj = {"benchmark_type": qtype, "document": "document.md", "questions": [question]}
    path = tmp_path / "set.json"
    path.write_text(json.dumps(obj, ensure_ascii=False), encoding="utf-8")
    return path


def problems(path: Path) -> list[str]:
    return [str(p) for p in lint_set(load_question_set(path))]


def fact(**kw: Any) -> dict[str, Any]:
    q: dict[str, Any] = {
        "id": "q1",
        "question": "收了多少钱？",
        "expected": {"amount_total": 42000},
        "required_evidence": [{"page": 1, "must_include": "一共收了42000元"}],
    }
    q.update(kw)
    return q


def test_bundled_sets_are_clean() -> None:
    sets = load_question_sets([datasets_dir()])
    assert sum(len(qs.questions) for qs in sets) >= 150
    found = [p for qs in sets for p in lint_set(qs)]
    assert [str(p) for p in errors(found)] == []
    # the warnings: accepted answers of the set author's own wording (尾号0428) or OCR-damaged text
    assert all(p.severity == "warning" and "occurs nowhere in the document" in p.problem for p in found)


def test_clean_minimal_set(tmp_path: Path) -> None:
    assert problems(make_set(tmp_path, fact())) == []


def test_must_include_on_wrong_page_names_the_right_one(tmp_path: Path) -> None:
    q = fact(required_evidence=[{"page": 2, "must_include": "一共收了42000元"}])
    (msg,) = problems(make_set(tmp_path, q))
    assert msg.endswith(
        "q1: required_evidence[0].must_include: '一共收了42000元' does not occur on page 2; it is on page 1"
    )
    assert str(tmp_path / "set.json") in msg


def test_must_include_nowhere(tmp_path: Path) -> None:
    q = fact(required_evidence=[{"page": 1, "must_include": "收了43000元"}])
    assert "it is nowhere in the document" in problems(make_set(tmp_path, q))[0]


def test_missing_page(tmp_path: Path) -> None:
    q = fact(required_evidence=[{"page": 9, "must_include": "42000元"}])
    assert (
        "required_evidence[0].page: page 9 does not exist (document has 2)"
        in problems(make_set(tmp_path, q))[0]
    )


def test_impossible_dates_and_bad_range(tmp_path: Path) -> None:
    q = fact(expected={"date": "2021-02-30", "date_range": {"start": "2021-03-01", "end": "2021-01-01"}})
    out = problems(make_set(tmp_path, q))
    assert any("expected.date: '2021-02-30' is not a real calendar date" in m for m in out)
    assert any("expected.date_range: start 2021-03-01 is after end 2021-01-01" in m for m in out)


def test_breakdown_must_add_up(tmp_path: Path) -> None:
    q = fact(expected={"amount_total": 42000, "amount_breakdown": [{"amount": 20000}, {"amount": 12000}]})
    (msg,) = problems(make_set(tmp_path, q))
    assert "parts 20000 + 12000 = 32000, but amount_total is 42000" in msg


def test_accepted_answers_nowhere_in_the_document_are_warnings(tmp_path: Path) -> None:
    q = fact(expected={"entity": ["四万二", "一共收了", "陈明飞"], "text_answer": "42000元"})
    qs = load_question_set(make_set(tmp_path, q))
    found = lint_set(qs)
    assert errors(found) == []
    (warning,) = found
    assert warning.severity == "warning"
    assert str(warning).endswith(
        "q1: expected.entity[2]: warning: '陈明飞' occurs nowhere in the document (an accepted wording of your own?)"
    )


def test_accepted_answers_are_compared_in_canonical_form(tmp_path: Path) -> None:
    """The scorer's reading: 四万二千元 is found where the document writes 42000元, 二〇二〇 as 2020."""
    q = fact(expected={"text_answer": "四万二千元"})
    assert problems(make_set(tmp_path, q)) == []
    q = fact(expected={"text_answer": "四万三千元"})
    assert problems(make_set(tmp_path, q)) == [
        f"{tmp_path / 'set.json'}: q1: expected.text_answer: warning: '四万三千元' occurs nowhere in the document "
        "(an accepted wording of your own?)"
    ]


def gap(**kw: Any) -> dict[str, Any]:
    q: dict[str, Any] = {
        "id": "g1",
        "question": "钱具体用在哪里？",
        "should_abstain": True,
        "required_quote": "具体请了谁吃饭...都忘记了",
        "evidence_location": {"page": 2, "lines": "7-8"},
    }
    q.update(kw)
    return q


def test_quote_with_ellipsis_within_lines(tmp_path: Path) -> None:
    assert problems(make_set(tmp_path, gap(), "conflict_gap")) == []


def test_quote_outside_stated_lines(tmp_path: Path) -> None:
    (msg,) = problems(make_set(tmp_path, gap(evidence_location={"page": 2, "lines": "9"}), "conflict_gap"))
    assert (
        "required_quote: '具体请了谁吃饭...都忘记了' is not within page 2 lines 9; it is at page 2, lines 7-8"
        in msg
    )


def test_quote_not_in_document(tmp_path: Path) -> None:
    (msg,) = problems(make_set(tmp_path, gap(additional_quotes=["我都记得"]), "conflict_gap"))
    assert "additional_quotes[0]: '我都记得' does not occur in the document" in msg


def test_location_lines_that_do_not_exist(tmp_path: Path) -> None:
    out = problems(make_set(tmp_path, gap(evidence_location={"page": 2, "lines": "400-401"}), "conflict_gap"))
    assert any("evidence_location.lines: no line 400-401 on page 2" in m for m in out)


def test_missing_document_is_one_problem(tmp_path: Path) -> None:
    path = make_set(tmp_path, fact())
    (tmp_path / "document.md").unlink()
    (msg,) = problems(path)
    assert "document not found" in msg


def test_broken_copy_of_a_bundled_set(tmp_path: Path) -> None:
    src = datasets_dir() / "transcript"
    dst = tmp_path / "transcript"
    shutil.copytree(src, dst)
    obj = json.loads((dst / "fact_exact.json").read_text(encoding="utf-8"))
    first = obj["questions"][0]
    first["required_evidence"][0]["must_include"] = "这句话不在笔录里"
    (dst / "fact_exact.json").write_text(json.dumps(obj, ensure_ascii=False), encoding="utf-8")
    out = problems(dst / "fact_exact.json")
    assert len(out) == 1 and first["id"] in out[0] and "nowhere in the document" in out[0]


@pytest.mark.parametrize("qtype", ["fact_exact", "evidence_set", "conflict_gap"])
def test_unscorable_questions_are_reported(tmp_path: Path, qtype: str) -> None:
    q = {"id": "x1", "question": "？", "expected": {}}
    out = problems(make_set(tmp_path, q, qtype))
    assert out and all("x1: question:" in m for m in out)


TRANSCRIPT = """<!-- page: 1 -->
讯问笔录
被讯问人：某甲
问：你收了多少钱？
答：一共收了42000元，他说要等
被讯问人：某甲（捺印）　　第1页　共2页
<!-- page: 2 -->
人事科开会研究。
问：你是不是收了42000元？
答：是的。
"""


def transcript_set(tmp_path: Path, question: dict[str, Any], qtype: str = "fact_exact") -> Path:
    path = make_set(tmp_path, question, qtype)
    (tmp_path / "document.md").write_text(TRANSCRIPT, encoding="utf-8")
    return path


def test_speaker_must_match_the_part_on_its_page(tmp_path: Path) -> None:
    ok = fact(
        required_evidence=[{"page": 1, "must_include": "42000元", "section": "qa_pair", "speaker": "answer"}]
    )
    assert problems(transcript_set(tmp_path, ok)) == []
    wrong = fact(required_evidence=[{"page": 2, "must_include": "42000元", "speaker": "answer"}])
    (msg,) = problems(transcript_set(tmp_path, wrong))
    assert "'42000元' is in the question of QA pair 2 on page 2, not in an answer part" in msg
    header = fact(required_evidence=[{"page": 1, "must_include": "一共收了42000元", "section": "header"}])
    (msg,) = problems(transcript_set(tmp_path, header))
    assert "is in the answer of QA pair 1 on page 1, not in the header" in msg


def test_section_and_speaker_are_free_labels_off_transcripts(tmp_path: Path) -> None:
    q = fact(
        required_evidence=[
            {"page": 1, "must_include": "一共收了42000元", "section": "header", "speaker": "court"}
        ]
    )
    path = make_set(tmp_path, q)
    (tmp_path / "document.md").write_text("<!-- page: 1 -->\n一共收了42000元。\n", encoding="utf-8")
    assert problems(path) == []


def test_text_across_a_page_break_is_reported_as_crossing(tmp_path: Path) -> None:
    q = fact(required_evidence=[{"page": 1, "must_include": "他说要等人事科开会研究"}])
    (msg,) = problems(transcript_set(tmp_path, q))
    assert (
        "does not occur on page 1; it crosses the page break: pages 1-2 (lines 5-8, across the page break)"
        in msg
    )
    assert "nowhere" not in msg


def test_a_quote_across_a_page_break_within_its_location(tmp_path: Path) -> None:
    q = gap(required_quote="他说要等人事科开会研究", evidence_location={"page": 1, "lines": "5-8"})
    assert problems(transcript_set(tmp_path, q, "conflict_gap")) == []
