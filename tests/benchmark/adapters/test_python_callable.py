"""The python adapter: callables (sync/async) and .query objects, imported from the working directory."""

from __future__ import annotations

import asyncio
import inspect
import sys
from pathlib import Path

import pytest

from benchmark.adapters.base import Query, create_adapter
from benchmark.adapters.python_callable import wrap
from benchmark.errors import AdapterSpecError
from benchmark.models import Question

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
