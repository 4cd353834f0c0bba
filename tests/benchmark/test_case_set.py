"""Question sets over several documents (case files): both dialects load, every evidence location's
document is checked at load time (one message per problem, with did-you-mean), lint checks texts in the
documents the locations name, and one-document sets stay as they were."""

from __future__ import annotations

import copy
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from benchmark.errors import QuestionSetError
from benchmark.lint import lint_set
from benchmark.pipeline.plan import plan
from benchmark.questions import load_question_set

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "case_mini"
SOURCE = json.loads((FIXTURE / "questions.json").read_text(encoding="utf-8"))


@pytest.fixture
def case_dir(tmp_path: Path) -> Path:
    for doc in FIXTURE.glob("*.md"):
        shutil.copy(doc, tmp_path / doc.name)
    return tmp_path


def write(folder: Path, obj: dict[str, Any], name: str = "q.json") -> Path:
    path = folder / name
    path.write_text(json.dumps(obj, ensure_ascii=False), encoding="utf-8")
    return path


def changed(**edits: Any) -> dict[str, Any]:
    obj = copy.deepcopy(SOURCE)
    for where, value in edits.items():
        node: Any = obj
        *parents, leaf = where.split("__")
        for part in parents:
            node = node[int(part)] if part.isdigit() else node[part]
        if value is None:
            del node[int(leaf) if leaf.isdigit() else leaf]
        else:
            node[int(leaf) if leaf.isdigit() else leaf] = value
    return obj


def refusal(folder: Path, obj: dict[str, Any]) -> str:
    with pytest.raises(QuestionSetError) as err:
        load_question_set(write(folder, obj))
    return str(err.value)


def test_seed_dialect_case_loads() -> None:
    qs = load_question_set(FIXTURE / "questions.json")
    assert [d.id for d in qs.documents] == ["xunwen-1", "xunwen-2", "xunwen-victim", "liushui"]
    assert qs.documents[0].title == "第一次讯问笔录" and qs.documents[0].type == "讯问笔录"
    assert qs.documents[0].path == FIXTURE / "xunwen_1.md"
    assert qs.is_case and qs.document_path is None
    q = next(q for q in qs.questions if q.id == "mini_conflict_001")
    assert q.evidence_location is not None and q.evidence_location.document == "xunwen-1"
    assert q.additional_evidence[0].document == "xunwen-2"
    assert qs.questions[0].required_evidence[0].document == "xunwen-2"
    assert qs.criteria.options["retrieval_k"] == 5


def test_upstream_dialect_case_loads(case_dir: Path) -> None:
    obj = {
        "benchmark_name": "mini",
        "document_info": [
            {"doc_id": d["id"], "source_path": d["path"], "title": d["title"], "doc_type": d["type"]}
            for d in SOURCE["documents"]
        ],
        "questions": SOURCE["questions"],
        "scoring_config": {"overall_pass_threshold": 0.7, "retrieval_k": 3},
    }
    qs = load_question_set(write(case_dir, obj))
    assert [d.id for d in qs.documents] == ["xunwen-1", "xunwen-2", "xunwen-victim", "liushui"]
    assert qs.documents[1].type == "讯问笔录"
    assert qs.criteria.options["retrieval_k"] == 3


def test_a_case_of_one_document_is_also_its_document(case_dir: Path) -> None:
    obj = changed(documents=[SOURCE["documents"][1]], questions=[SOURCE["questions"][0]])
    qs = load_question_set(write(case_dir, obj))
    assert qs.document_path == case_dir / "xunwen_2.md" and len(qs.documents) == 1


@pytest.mark.parametrize(
    ("edits", "where", "says"),
    [
        ({"questions__0__required_evidence__0__document": "xunwen2"},
         "$.questions[0].required_evidence[0].document", "unknown document 'xunwen2' (did you mean 'xunwen-2'?)"),
        ({"questions__0__required_evidence__0__document": "第二次讯问笔录"},
         "$.questions[0].required_evidence[0].document", "did you mean 'xunwen-2'?"),
        ({"questions__0__required_evidence__0__document": None},
         "$.questions[0].required_evidence[0]", "names no document; the set has 4"),
        ({"questions__5__evidence_location__document": "nope"},
         "$.questions[5].evidence_location.document", "unknown document 'nope'"),
        ({"questions__5__additional_evidence__0__document": None},
         "$.questions[5].additional_evidence[0]", "names no document"),
        ({"documents__3__id": "XUNWEN_1"}, "$.documents[3].id", "duplicate document id 'XUNWEN_1'"),
        ({"documents__3__id": "xunwen-1"}, "$.documents[3].id", "duplicate document id 'xunwen-1'; first at $.documents[0]"),
        ({"document": "xunwen_1.md"}, "$", "give either 'document' (one document) or 'documents'"),
        ({"documents__0__path": None}, "$.documents[0]", "'path' is a required property"),
    ],
)  # fmt: skip
def test_bad_references_are_refused_with_their_place(
    case_dir: Path, edits: dict[str, Any], where: str, says: str
) -> None:
    message = refusal(case_dir, changed(**edits))
    assert f"{where}: " in message and says in message


def test_every_bad_reference_is_reported_at_once(case_dir: Path) -> None:
    message = refusal(
        case_dir,
        changed(
            questions__0__required_evidence__0__document="a", questions__1__required_evidence__0__document="b"
        ),
    )
    assert "questions[0]" in message and "questions[1]" in message


def test_a_one_document_set_cannot_name_documents(tmp_path: Path) -> None:
    shutil.copy(FIXTURE / "xunwen_2.md", tmp_path / "d.md")
    q = copy.deepcopy(SOURCE["questions"][0])
    message = refusal(tmp_path, {"document": "d.md", "questions": [q]})
    assert "$.questions[0].required_evidence[0].document" in message and "one unnamed document" in message


def test_document_option_cannot_replace_several_documents(case_dir: Path) -> None:
    with pytest.raises(QuestionSetError, match="cannot stand in for the 4 documents"):
        load_question_set(write(case_dir, SOURCE), document=case_dir / "xunwen_1.md")
    one = changed(documents=[SOURCE["documents"][1]], questions=[SOURCE["questions"][0]])
    qs = load_question_set(write(case_dir, one), document=case_dir / "xunwen_1.md")
    assert qs.documents[0].path == case_dir / "xunwen_1.md"


def test_sets_of_one_case_share_their_loaded_documents(case_dir: Path) -> None:
    facts = changed(questions=SOURCE["questions"][:4])
    gaps = changed(questions=SOURCE["questions"][5:])
    the_plan = plan([write(case_dir, facts, "a.json"), write(case_dir, gaps, "b.json")])
    (qs_a, _), (qs_b, _) = the_plan.pairs[0], the_plan.pairs[-1]
    assert the_plan.case(qs_a) is the_plan.case(qs_b) and len({id(c) for c in the_plan.cases.values()}) == 1
    query = the_plan.query(qs_a, the_plan.pairs[0][1])
    assert [d.id for d in query.documents] == ["xunwen-1", "xunwen-2", "xunwen-victim", "liushui"]
    assert query.case is the_plan.case(qs_a) and query.document is None
    entry = the_plan.datasets()[0]
    assert [d["id"] for d in entry["documents"]] == ["xunwen-1", "xunwen-2", "xunwen-victim", "liushui"]
    assert entry["document_sha256"] == the_plan.case(qs_a).sha256  # type: ignore[union-attr]


# --- lint ------------------------------------------------------------------------------------------


def lint(folder: Path, obj: dict[str, Any]) -> list[str]:
    return [
        f"{p.question_id}: {p.field}: {p.problem}" for p in lint_set(load_question_set(write(folder, obj)))
    ]


def test_the_fixture_lints_clean() -> None:
    assert lint_set(load_question_set(FIXTURE / "questions.json")) == []


@pytest.mark.parametrize(
    ("edits", "says"),
    [
        ({"questions__0__required_evidence__0__document": "xunwen-1"},
         "mini_fact_001: required_evidence[0].must_include: '我实际收到的是80000元' does not occur on page 1 of "
         "xunwen-1 (第一次讯问笔录); it is at xunwen-2 (第二次讯问笔录) page 1, line 10"),
        ({"questions__1__required_evidence__0__page": 2},
         "'她借给我50000元' does not occur on page 2 of xunwen-1 (第一次讯问笔录); it is at page 1, line 10"),
        ({"questions__0__required_evidence__0__page": 7}, "required_evidence[0].page: xunwen-2 (第二次讯问笔录) has no page 7"),
        ({"questions__6__additional_evidence__0__lines": "17"},
         "additional_quotes[0]: '之前说还了5000元是假的' is not within xunwen-1 (第一次讯问笔录) page 2 lines 20, "
         "xunwen-2 (第二次讯问笔录) page 2 lines 17; it is at xunwen-2 (第二次讯问笔录) page 2, line 18"),
        ({"questions__7__required_quote": "他住在海棠路"}, "required_quote: '他住在海棠路' does not occur in any document of the case"),
        ({"questions__7__evidence_location__page": 9}, "evidence_location.page: xunwen-victim (苏婉宁询问笔录) has no page 9"),
    ],
)  # fmt: skip
def test_lint_says_which_document_holds_a_text(case_dir: Path, edits: dict[str, Any], says: str) -> None:
    problems = lint(case_dir, changed(**edits))
    assert any(says in p for p in problems), problems


def test_lint_reports_a_missing_document(case_dir: Path) -> None:
    (case_dir / "liushui.md").unlink()
    problems = lint_set(load_question_set(write(case_dir, SOURCE)))
    assert [p.field for p in problems] == ["documents[liushui]"]
    assert "document not found" in problems[0].problem


def test_text_answer_and_entity_may_list_accepted_answers(case_dir: Path) -> None:
    obj = changed(questions__1__expected={"text_answer": ["五万元", "50000元"], "entity": ["苏婉宁"]})
    q = load_question_set(write(case_dir, obj)).questions[1]
    assert q.expected.text_answer == ("五万元", "50000元") and q.expected.entity == ("苏婉宁",)
    for bad in ([], [""], [1]):
        message = refusal(case_dir, changed(questions__1__expected={"text_answer": bad}))
        assert "$.questions[1].expected.text_answer" in message
