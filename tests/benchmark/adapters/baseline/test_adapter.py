from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from benchmark.adapters.base import ADAPTERS, Query, create_adapter
from benchmark.adapters.baseline import VERSION, BaselineAdapter, create
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
