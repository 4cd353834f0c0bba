"""The ``langchain:`` adapter with the real langchain-core: an in-memory vector store over the benchmark's
pages with LangChain's own DeterministicFakeEmbedding and FakeListChatModel (no network, no model)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from benchmark.adapters.base import Query, create_adapter
from benchmark.adapters.langchain import page_documents
from benchmark.api import run
from benchmark.documents import load_document
from benchmark.errors import AdapterSpecError
from benchmark.models import Question
from tests.benchmark.adapters.framework_case import PAGE_OF, QUESTIONS, user_project

MODULE = """
from langchain_core.embeddings import DeterministicFakeEmbedding
from langchain_core.language_models import FakeListChatModel
from langchain_core.output_parsers import StrOutputParser
from langchain_core.prompts import ChatPromptTemplate
from langchain_core.runnables import RunnableLambda, RunnablePassthrough
from langchain_core.vectorstores import InMemoryVectorStore

from benchmark.adapters.langchain import page_documents

pages = page_documents("contract.md", document_id="loan-contract")
store = InMemoryVectorStore.from_documents(pages, DeterministicFakeEmbedding(size=32))
retriever = store.as_retriever(search_kwargs={"k": 2})
prompt = ChatPromptTemplate.from_template("资料：{context}\\n问题：{input}")
llm = FakeListChatModel(responses=["借款金额为42000元。", "应于2020年8月31日前归还。", "保证人是骆成蹊。"])
rag = RunnablePassthrough.assign(context=(lambda x: x["input"]) | retriever).assign(answer=prompt | llm | StrOutputParser())
plain = {"context": retriever, "input": RunnablePassthrough()} | prompt | llm | StrOutputParser()
two_keys = ChatPromptTemplate.from_template("{question} {lang}") | llm
legacy = RunnableLambda(lambda x: {"result": "见第三页", "source_documents": retriever.invoke(x["query"])}).with_types(
    input_type=dict
)


def make_retriever():
    return retriever
"""


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return user_project(tmp_path, monkeypatch, "lc_case", MODULE)


def query(project: Path, qid: str) -> Query:
    text = next(text for i, text, *_ in QUESTIONS if i == qid)
    return Query(Question(id=qid, type="fact_exact", question=text), load_document(project / "contract.md"))


def test_page_documents_carry_the_page_metadata(project: Path) -> None:
    doc = load_document(project / "contract.md")
    pages = page_documents(doc, title="借款合同")
    assert [(d.page_content, d.metadata["page_label"]) for d in pages] == [
        (p.text, str(p.number)) for p in doc.pages
    ]
    assert pages[1].metadata == {
        "file_name": "contract.md",
        "page_label": "2",
        "first_line": doc.pages[1].lines[0].number,
        "last_line": doc.pages[1].lines[-1].number,
        "document_title": "借款合同",
    }
    assert pages[1].id == "contract.md#page=2"


def test_an_answer_and_context_chain_is_scored_on_what_it_retrieved(project: Path) -> None:
    record = run(
        [project / "contract_facts.json"],
        "langchain:lc_case:rag",
        concurrency=1,
        output_dir=None,
        cache_path=None,
        store_path=None,
    )
    retriever = sys.modules["lc_case"].retriever
    assert record.adapter["config"]["input_key"] == "input"
    for r in record.results:
        assert r.answer is not None and r.result is not None
        assert r.result.components["exact_match"].score == 1.0  # the scripted answers are right
        top = retriever.invoke(r.question.question)[0]
        (citation,) = r.answer.citations
        assert (citation.page, citation.doc) == (int(top.metadata["page_label"]), "loan-contract")
        assert r.result.components["citation"].score == (1.0 if citation.page == PAGE_OF[r.id] else 0.0)
        assert [e.page for e in r.answer.evidence] == [
            int(d.metadata["page_label"]) for d in retriever.invoke(r.question.question)
        ]


def test_a_retriever_returns_ranked_contexts(project: Path) -> None:
    adapter = create_adapter("langchain:lc_case:make_retriever")
    obj: Any = adapter.query(query(project, "fact_001"))
    docs = sys.modules["lc_case"].retriever.invoke(QUESTIONS[0][1])
    assert [c["page"] for c in obj["contexts"]] == [int(d.metadata["page_label"]) for d in docs]
    assert obj["answer"] == docs[0].page_content
    assert all(c["lines"] and c["document"] == "loan-contract" for c in obj["contexts"])
    assert adapter.describe()["kind"] == "retriever"  # type: ignore[attr-defined]


def test_a_string_chain_gets_the_text_and_gives_an_answer_only(project: Path) -> None:
    adapter = create_adapter("langchain:lc_case:plain")
    assert "input_key" not in adapter.describe()  # type: ignore[attr-defined]
    obj = adapter.query(query(project, "fact_001"))
    assert obj == "借款金额为42000元。"


def test_the_older_result_and_source_documents_shape(project: Path) -> None:
    adapter = create_adapter("langchain:lc_case:legacy", {"input_key": "query"})
    obj: Any = adapter.query(query(project, "fact_003"))
    assert obj["answer"] == "见第三页" and len(obj["contexts"]) == 2


def test_several_input_keys_need_the_option(project: Path) -> None:
    with pytest.raises(AdapterSpecError, match=r"input has the keys lang, question; .*input_key=KEY"):
        create_adapter("langchain:lc_case:two_keys")
    adapter = create_adapter("langchain:lc_case:two_keys", {"input_key": "question"})
    assert adapter.describe()["input_key"] == "question"  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("langchain:lc_case:pages", "has type list; expected a LangChain runnable"),
        ("langchain:lc_case:store", "has type InMemoryVectorStore; expected"),
        ("langchain:lc_case", "needs 'langchain:MODULE:ATTRIBUTE'"),
    ],
)
def test_refusals(project: Path, spec: str, message: str) -> None:
    with pytest.raises(AdapterSpecError, match=message):
        create_adapter(spec)


def test_without_langchain_the_refusal_says_how_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "langchain_core", None)
    with pytest.raises(AdapterSpecError, match=r"pip install langchain-core"):
        create_adapter("langchain:lc_case:rag")
