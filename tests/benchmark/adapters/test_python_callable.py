"""The python adapter: callables (sync/async) and .query objects, imported from the working directory."""

from __future__ import annotations

import asyncio
import dataclasses
import inspect
import sys
from pathlib import Path

import pytest

from benchmark.adapters.base import Query, create_adapter
from benchmark.adapters.python_callable import wrap
from benchmark.adapters.system_query import DocumentRef, SystemQuery, system_query
from benchmark.answers import parse_answer
from benchmark.errors import AdapterError, AdapterSpecError
from benchmark.models import Expected, Question

MODULE = """
class Rag:
    def __init__(self):
        self.seen = []
    def query(self, text):
        self.seen.append(text)
        return {"answer": "对象:" + text}
    def describe(self):
        return {"model": "tiny"}

rag = Rag()

def answer(text):
    return "函数:" + text

async def answer_async(text):
    return {"answer": "异步:" + text}

not_callable = 42
"""


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    pkg = tmp_path / "proj_pkg_lrb"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "rag.py").write_text(MODULE, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", str(tmp_path))])
    for name in [m for m in sys.modules if m.startswith("proj_pkg_lrb")]:
        monkeypatch.delitem(sys.modules, name)
    return tmp_path


Q = Query(Question(id="a", type="fact_exact", question="借了多少钱？"))


def ask(adapter: object) -> object:
    result = adapter.query(Q)  # type: ignore[attr-defined]
    return asyncio.run(result) if inspect.isawaitable(result) else result


def test_sync_callable_from_the_working_directory(project: Path) -> None:
    adapter = create_adapter("python:proj_pkg_lrb.rag:answer")
    assert ask(adapter) == "函数:借了多少钱？"
    assert adapter.describe() == {"target": "proj_pkg_lrb.rag:answer"}  # type: ignore[attr-defined]


def test_async_callable_makes_an_async_adapter(project: Path) -> None:
    adapter = create_adapter("python:proj_pkg_lrb.rag:answer_async")
    assert inspect.iscoroutinefunction(adapter.query)
    assert ask(adapter) == {"answer": "异步:借了多少钱？"}


def test_object_with_query_and_class_instantiated(project: Path) -> None:
    adapter = create_adapter("python:proj_pkg_lrb.rag:rag")
    assert ask(adapter) == {"answer": "对象:借了多少钱？"}
    assert adapter.describe() == {"target": "proj_pkg_lrb.rag:rag", "model": "tiny"}  # type: ignore[attr-defined]
    from_class = create_adapter("python:proj_pkg_lrb.rag:Rag", {"max_concurrency": 2})
    assert ask(from_class) == {"answer": "对象:借了多少钱？"}
    assert from_class.max_concurrency == 2  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("python", "needs 'python:MODULE:ATTRIBUTE'"),
        ("python:proj_pkg_lrb.rag", "needs 'python:MODULE:ATTRIBUTE'"),
        ("python:no_such_pkg_lrb:answer", "cannot import 'no_such_pkg_lrb'"),
        ("python:proj_pkg_lrb.rag:missing", "has no attribute 'missing'"),
        ("python:proj_pkg_lrb.rag:not_callable", "neither callable nor an object with .query()"),
    ],
)
def test_bad_specs_are_refusals(project: Path, spec: str, message: str) -> None:
    with pytest.raises(AdapterSpecError, match=message.replace("(", r"\(").replace(")", r"\)")):
        create_adapter(spec)


def test_bad_max_concurrency(project: Path) -> None:
    with pytest.raises(AdapterSpecError, match="max_concurrency"):
        create_adapter("python:proj_pkg_lrb.rag:answer", {"max_concurrency": "lots"})


def test_wrap_an_object_in_process() -> None:
    class Seedish:
        def query(self, question: str) -> dict[str, str]:
            return {"answer": question[::-1]}

    adapter = wrap(Seedish(), name="python-object:Seedish")
    assert ask(adapter) == {"answer": "？钱少多了借"}
    assert adapter.name == "python-object:Seedish"


# --- what the callable is given: the text, or the query when its signature asks for it ----------------

QUERY_MODULE = """
from __future__ import annotations

from benchmark.adapters.system_query import SystemQuery


def text_only(text):
    return repr(text)


def with_query(text, query):
    return {"answer": text, "fields": {"text": f"{query.id}|{query.set_name}|{query.documents[0].id}"}}


def with_default(text, top_k=5):
    return f"{text}|{top_k}"


def annotated(query: SystemQuery):
    return f"{type(query).__name__}|{query.text}|{query.id}"


def star_args(*args):
    return f"{len(args)}"


async def async_with_query(text, query):
    return f"{query.id}:{text}"


class Obj:
    def query(self, text, query):
        return f"obj|{query.id}"
"""

DOC_QUERY = Query(
    Question(id="q7", type="fact_exact", question="借了多少钱？", expected=Expected(amount_total=42000)),
    document_path=Path("cases/loan/document.md"),
    set_name="loan",
)


@pytest.fixture
def query_module(project: Path) -> Path:
    (project / "proj_pkg_lrb" / "sig.py").write_text(QUERY_MODULE, encoding="utf-8")
    return project


def ask_with(adapter: object, query: Query) -> object:
    result = adapter.query(query)  # type: ignore[attr-defined]
    return asyncio.run(result) if inspect.isawaitable(result) else result


@pytest.mark.parametrize(
    ("attr", "expected", "why"),
    [
        ("text_only", "'借了多少钱？'", "one parameter: the text, as before"),
        ("with_default", "借了多少钱？|5", "a second parameter with a default is the callable's own option"),
        ("annotated", "SystemQuery|借了多少钱？|q7", "one parameter annotated SystemQuery: the query alone"),
        ("star_args", "1", "*args: the text only"),
        ("async_with_query", "q7:借了多少钱？", "async, second parameter: text and query"),
        ("Obj", "obj|q7", "a .query method with a second parameter"),
    ],
)
def test_the_signature_says_what_the_callable_gets(
    query_module: Path, attr: str, expected: str, why: str
) -> None:
    adapter = create_adapter(f"python:proj_pkg_lrb.sig:{attr}")
    assert ask_with(adapter, DOC_QUERY) == expected, why


def test_the_query_names_the_set_and_documents_but_not_the_answer_key(query_module: Path) -> None:
    adapter = create_adapter("python:proj_pkg_lrb.sig:with_query")
    assert ask_with(adapter, DOC_QUERY) == {
        "answer": "借了多少钱？",
        "fields": {"text": "q7|loan|document.md"},
    }
    public = system_query(DOC_QUERY)
    assert public.documents == (DocumentRef(id="document.md", path=str(Path("cases/loan/document.md"))),)
    assert str(public) == "借了多少钱？"
    assert {f.name for f in dataclasses.fields(SystemQuery)} == {
        "text",
        "id",
        "set_name",
        "documents",
        "system_instructions",
    }
    assert "42000" not in repr(public)


# --- what the callable returns: framework results are understood, anything else named ------------------


def test_a_llamaindex_response_is_read(query_module: Path) -> None:
    from llama_index.core.base.response.schema import Response
    from llama_index.core.schema import NodeWithScore, TextNode

    node = TextNode(text="甲向乙借款42000元。", metadata={"page_label": "1", "file_name": "document.md"})
    response = Response("借款42000元。", source_nodes=[NodeWithScore(node=node, score=0.8)])
    adapter = wrap(lambda text: response)
    answer = parse_answer(ask_with(adapter, DOC_QUERY))
    assert answer.answer == "借款42000元。"
    assert [(c.page, c.doc) for c in answer.citations] == [(1, "document.md")]
    assert [(e.text, e.page) for e in answer.evidence] == [("甲向乙借款42000元。", 1)]


def test_a_langchain_answer_and_context_is_read() -> None:
    from langchain_core.documents import Document as LCDocument
    from langchain_core.messages import AIMessage

    context = [LCDocument(page_content="还款日期为2020年8月31日。", metadata={"page_label": "2"})]
    adapter = wrap(
        lambda text: {"input": text, "answer": AIMessage(content="2020年8月31日"), "context": context}
    )
    answer = parse_answer(ask_with(adapter, Q))
    assert answer.answer == "2020年8月31日"
    assert [c.page for c in answer.citations] == [2]


def test_an_unknown_object_is_refused_naming_what_was_expected() -> None:
    class Reply:
        text = "借款42000元"

    adapter = wrap(lambda text: Reply())
    with pytest.raises(
        AdapterError, match=r"LlamaIndex Response \('response' and 'source_nodes'\).*got Reply"
    ):
        ask_with(adapter, Q)


def test_a_framework_object_is_pointed_at_its_adapter(project: Path) -> None:
    (project / "proj_pkg_lrb" / "chains.py").write_text(
        "from langchain_core.runnables import RunnableLambda\nchain = RunnableLambda(lambda x: x)\n",
        encoding="utf-8",
    )
    with pytest.raises(
        AdapterSpecError, match=r"has .invoke\(\): use --adapter langchain:proj_pkg_lrb.chains:chain"
    ):
        create_adapter("python:proj_pkg_lrb.chains:chain")


def test_bad_cite_option(project: Path) -> None:
    with pytest.raises(AdapterSpecError, match="cite must be one of top, all, none"):
        create_adapter("python:proj_pkg_lrb.rag:answer", {"cite": "best"})
