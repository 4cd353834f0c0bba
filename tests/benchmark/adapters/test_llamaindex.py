"""The ``llamaindex:`` adapter with the real llama-index-core: BM25 and an in-memory vector index with
LlamaIndex's own MockEmbedding/MockLLM (no network, no model download)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from benchmark.adapters.base import Query, create_adapter
from benchmark.adapters.llamaindex import page_documents
from benchmark.api import run
from benchmark.documents import load_document
from benchmark.errors import AdapterSpecError
from benchmark.models import Question
from benchmark.resources import datasets_dir
from tests.benchmark.adapters.framework_case import PAGE_OF, QUESTIONS, user_project

MODULE = """
from llama_index.core import VectorStoreIndex
from llama_index.core.embeddings import MockEmbedding
from llama_index.core.llms import MockLLM
from llama_index.core.node_parser import SentenceSplitter
from llama_index.core.query_engine import RetrieverQueryEngine
from llama_index.retrievers.bm25 import BM25Retriever

from benchmark.adapters.llamaindex import page_documents

pages = page_documents("contract.md", document_id="loan-contract", title="借款合同")
retriever = BM25Retriever.from_defaults(nodes=pages, similarity_top_k=2, token_pattern=r"(?u)\\w", skip_stemming=True)
engine = RetrieverQueryEngine.from_args(retriever, llm=MockLLM(max_tokens=8))
index = VectorStoreIndex.from_documents(
    pages, embed_model=MockEmbedding(embed_dim=8), transformations=[SentenceSplitter(chunk_size=64, chunk_overlap=0)]
)
chat = index.as_chat_engine(chat_mode="context", llm=MockLLM(max_tokens=8))
small_chunks = index.as_retriever(similarity_top_k=4)


def build():
    return retriever


def build_with(top_k):
    return retriever


def broken():
    raise RuntimeError("index folder missing")
"""


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return user_project(tmp_path, monkeypatch, "li_case", MODULE)


def query(project: Path, qid: str) -> Query:
    text = next(text for i, text, *_ in QUESTIONS if i == qid)
    return Query(Question(id=qid, type="fact_exact", question=text), load_document(project / "contract.md"))


def test_page_documents_are_the_benchmarks_pages() -> None:
    doc = load_document(datasets_dir() / "transcript" / "document.md")
    pages = page_documents(doc, document_id="xunwen-1", title="讯问笔录")
    assert [p.metadata["page_label"] for p in pages] == [str(p.number) for p in doc.pages if p.text.strip()]
    for built, page in zip(pages, [p for p in doc.pages if p.text.strip()], strict=True):
        assert built.text == page.text
        assert (built.metadata["first_line"], built.metadata["last_line"]) == (
            page.lines[0].number,
            page.lines[-1].number,
        )
        assert built.metadata["file_name"] == "document.md" and built.id_ == f"xunwen-1#page={page.number}"
    from llama_index.core.schema import MetadataMode

    embedded, shown = pages[0].get_content(MetadataMode.EMBED), pages[0].get_content(MetadataMode.LLM)
    assert "first_line" not in embedded and "page_label" not in embedded and "讯问笔录" in embedded
    assert "page_label: 1" in shown and "file_name: document.md" in shown and "first_line" not in shown


def test_a_query_engine_run_cites_what_bm25_retrieved(project: Path) -> None:
    record = run(
        [project / "contract_facts.json"],
        "llamaindex:li_case:engine",
        output_dir=None,
        cache_path=None,
        store_path=None,
    )
    retriever = sys.modules["li_case"].retriever
    doc = load_document(project / "contract.md")
    for r in record.results:
        top = retriever.retrieve(r.question.question)[0].node.metadata["page_label"]
        assert r.answer is not None and r.result is not None
        (citation,) = r.answer.citations
        page = doc.page(citation.page or 0)
        assert page is not None and str(citation.page) == top
        written = [line.number for line in page.lines if line.text.strip()]
        assert (citation.lines.start, citation.lines.end) == (written[0], written[-1])  # type: ignore[union-attr]
        assert citation.doc == "loan-contract"
        assert r.result.components["citation"].score == (1.0 if citation.page == PAGE_OF[r.id] else 0.0)
    assert all(r.result.components["citation"].score == 1.0 for r in record.results)  # type: ignore[union-attr]
    assert record.adapter["config"]["kind"] == "query engine"


def test_a_retriever_answers_with_its_best_passage_and_ranks_contexts(project: Path) -> None:
    adapter = create_adapter("llamaindex:li_case:build")  # a factory, called once
    obj: Any = adapter.query(query(project, "fact_003"))
    nodes = sys.modules["li_case"].retriever.retrieve(QUESTIONS[2][1])
    assert [c["page"] for c in obj["contexts"]] == [int(n.node.metadata["page_label"]) for n in nodes]
    assert [c["score"] for c in obj["contexts"]] == [n.score for n in nodes]
    assert obj["answer"] == nodes[0].node.get_content() and "骆成蹊" in obj["answer"]
    assert adapter.describe() == {
        "target": "li_case:build",
        "kind": "retriever",
        "class": "BM25Retriever",
        "cite": "top",
    }  # type: ignore[attr-defined]


def test_split_nodes_are_placed_on_their_own_lines(project: Path) -> None:
    adapter = create_adapter("llamaindex:li_case:small_chunks", {"cite": "all"})
    obj: Any = adapter.query(query(project, "fact_002"))
    doc = load_document(project / "contract.md")
    assert len(obj["contexts"]) == 4
    for context in obj["contexts"]:
        first, _, last = context["lines"].partition("-")
        held = "\n".join(line.text for line in doc.lines if int(first) <= line.number <= int(last or first))
        assert context["text"].strip() in held
        assert doc.lines[int(first) - 1].text in context["text"] or context["text"] in held
    assert len(obj["citations"]) == 4


def test_a_chat_engine_forgets_the_previous_question(project: Path) -> None:
    adapter = create_adapter("llamaindex:li_case:chat")
    assert adapter.max_concurrency == 1  # type: ignore[attr-defined]
    adapter.query(query(project, "fact_001"))
    obj: Any = adapter.query(query(project, "fact_002"))
    history = sys.modules["li_case"].chat.chat_history
    assert [m.content for m in history if m.role == "user"] == [QUESTIONS[1][1]]
    assert obj["contexts"] and obj["citations"]


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("llamaindex", "needs 'llamaindex:MODULE:ATTRIBUTE'"),
        (
            "llamaindex:li_case:index",
            "has type VectorStoreIndex; expected a LlamaIndex query engine.*index.as_query_engine()",
        ),
        ("llamaindex:li_case:pages", "has type list; expected"),
        (
            "llamaindex:li_case:build_with",
            "takes arguments; name an object, or a function or class taking none",
        ),
        ("llamaindex:li_case:broken", "building 'li_case:broken' failed: RuntimeError: index folder missing"),
        ("llamaindex:li_case:nothing", "module 'li_case' has no attribute 'nothing'"),
    ],
)
def test_refusals_name_what_was_expected(project: Path, spec: str, message: str) -> None:
    with pytest.raises(AdapterSpecError, match=message.replace("(", r"\(").replace(")", r"\)")):
        create_adapter(spec)


def test_without_llamaindex_the_refusal_says_how_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "llama_index.core", None)
    with pytest.raises(
        AdapterSpecError, match=r"llamaindex adapter: needs 'llama_index.core'.*pip install llama-index-core"
    ):
        create_adapter("llamaindex:li_case:engine")
