from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest

from benchmark.adapters.base import ADAPTERS, Query, create_adapter
from benchmark.adapters.baseline import VERSION, BaselineAdapter, create
from benchmark.adapters.system_query import system_query
from benchmark.documents import Document
from benchmark.errors import AdapterError, AdapterSpecError
from benchmark.models import Answer, Question

from .conftest import TRANSCRIPT


def ask(text: str, qtype: str = "fact_exact") -> Question:
    return Question(id="q", type=qtype, question=text)


def test_the_entry_point_builds_the_baseline() -> None:
    assert ADAPTERS.get("baseline") is create
    adapter = create_adapter("baseline")
    assert isinstance(adapter, BaselineAdapter)
    assert adapter.name == "baseline"


def test_describe_is_the_retrieval_config_and_a_version() -> None:
    adapter = create(None, {"top_k": "7", "chunking": "paragraph"})
    assert adapter.describe() == {
        "retriever": "bm25",
        "chunking": "paragraph",
        "chunk_size": 200,
        "top_k": 7,
        "model": None,
        "version": VERSION,
    }


def test_the_argument_names_the_retriever() -> None:
    with pytest.raises(AdapterSpecError, match="needs model=PATH_OR_NAME"):
        create("hybrid", {})
    assert create("BM25", {}).config.retriever == "bm25"
    with pytest.raises(
        AdapterSpecError, match=r"baseline:tfidf names no retriever; expected baseline:bm25\|dense\|hybrid"
    ):
        create("tfidf", {})
    with pytest.raises(AdapterSpecError, match="contradicts the option retriever=dense"):
        create("bm25", {"retriever": "dense", "model": "x"})


def test_unknown_options_are_refused_with_the_valid_ones() -> None:
    with pytest.raises(AdapterSpecError) as err:
        create(None, {"topk": "3", "temperature": "0"})
    message = str(err.value)
    assert "unknown baseline option(s): temperature, topk" in message
    assert "retriever, chunking, chunk_size, top_k, model" in message


def test_query_answers_from_the_query_document(transcript: Document) -> None:
    answer = create(None, {}).query(Query(question=ask("乔慕白有没有还钱？"), document=transcript))
    assert isinstance(answer, Answer)
    assert answer.fields["boolean"] is False


def test_query_loads_the_document_from_its_path_when_not_given(tmp_path: Path) -> None:
    path = tmp_path / "t.md"
    path.write_text(TRANSCRIPT, encoding="utf-8")
    answer = create(None, {}).query(Query(question=ask("乔慕白有没有还钱？"), document_path=path))
    assert answer.fields["boolean"] is False


def test_a_question_without_a_document_is_an_adapter_error() -> None:
    with pytest.raises(AdapterError, match="needs the question set's document"):
        create(None, {}).query(Query(question=ask("乔慕白有没有还钱？")))


def test_the_question_object_is_not_changed(transcript: Document) -> None:
    question = ask("韩砚舟一共借给乔慕白多少钱？")
    before = dataclasses.asdict(question)
    create(None, {}).query(Query(question=question, document=transcript))
    assert dataclasses.asdict(question) == before


def test_the_baseline_answers_from_the_system_query_alone(transcript: Document) -> None:
    """What the runner hands over and what any system sees give the same answer: the baseline's
    ``query`` only turns the Query into a SystemQuery, which holds no type and no expected values."""
    adapter = create(None, {})
    question = Question(id="q9", type="conflict_gap", question="韩砚舟一共借给乔慕白多少钱？")
    public = system_query(Query(question=question, document=transcript, set_name="s"))
    assert {f.name for f in dataclasses.fields(public)} == {
        "text",
        "id",
        "set_name",
        "documents",
        "system_instructions",
    }
    relabelled = dataclasses.replace(question, type="fact_exact")
    via_runner = adapter.query(Query(question=relabelled, document=transcript))
    assert adapter.answer(public, transcript) == via_runner
    assert via_runner.fields.get("amount") is not None  # a value question gets a value, whatever its type


BASELINE = Path(__file__).resolve().parents[4] / "benchmark" / "adapters" / "baseline"


def test_only_the_adapter_module_touches_the_benchmarks_query() -> None:
    """No module of the baseline but ``adapter.py`` names ``Query`` or ``Question``, and that one hands on
    ``system_query(query)``: the type, expected values and evidence cannot reach a decision."""
    offenders = []
    for path in sorted(BASELINE.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
        names |= {a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) for a in n.names}
        attrs = {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
        if path.name != "adapter.py" and names & {"Query", "Question"}:
            offenders.append(f"{path.name} names Query/Question")
        gold = attrs & {"question", "expected", "required_evidence", "should_abstain", "metadata"}
        if gold:
            offenders.append(f"{path.name} reads {sorted(gold)}")
    assert offenders == []
