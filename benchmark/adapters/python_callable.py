"""``python:module:attribute``: a system living in the same Python process.

The attribute is a callable (sync or ``async def``), or an object with ``.query(...)`` (a class is
instantiated with no arguments first). It is called with the question text; when its signature asks
for more it also gets the query (``benchmark.adapters.system_query.SystemQuery``: text, id, set name,
documents, system instructions, never the answer key):

- ``f(text)``: the text; ``f(text, query)``: a second positional parameter without a default gets the
  query; ``f(query: SystemQuery)``: a single parameter annotated ``SystemQuery`` gets only the query.

It returns an answer object (docs/contract.md §3), a plain string, or what a framework returns: a
LlamaIndex ``Response`` or a LangChain ``{"answer", "context"}`` result (``benchmark.adapters.results``).
The working directory is put on ``sys.path`` so that ``python:my_app.rag:answer`` works from a project
folder.

Options: ``max_concurrency`` (an upper bound the runner honours), ``cite`` (which retrieved passages of
a framework result are cited: ``top`` (default: those the answer marks ``[n]``, else the first), ``all``,
``none``).
"""

from __future__ import annotations

import importlib
import inspect
import os
import sys
from typing import Any

from benchmark.adapters.base import Query
from benchmark.adapters.results import read_result
from benchmark.adapters.sources import CITE_CHOICES, Shelf
from benchmark.adapters.system_query import SystemQuery, system_query
from benchmark.errors import AdapterSpecError

TEXT, TEXT_AND_QUERY, QUERY = "text", "text+query", "query"


def calling_convention(fn: Any) -> str:
    """What ``fn`` is called with, read from its signature (``TEXT`` when it cannot be read)."""
    try:
        params = list(inspect.signature(fn).parameters.values())
    except (TypeError, ValueError):
        return TEXT
    positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    if len(positional) >= 2 and (
        positional[1].default is inspect.Parameter.empty or _is_query(positional[1])
    ):
        return TEXT_AND_QUERY
    if len(positional) == 1 and _is_query(positional[0]):
        return QUERY
    return TEXT


def _is_query(param: inspect.Parameter) -> bool:
    ann = param.annotation
    if isinstance(ann, str):  # ``from __future__ import annotations`` leaves the annotation as text
        return ann.rsplit(".", 1)[-1].strip("'\"") == SystemQuery.__name__
    return ann is SystemQuery


class CallableAdapter:
    """Wraps a callable or a ``.query`` object; ``query`` is async exactly when the target is."""

    def __init__(self, target: Any, name: str, max_concurrency: int | None = None, cite: str = "top") -> None:
        self.name = name
        self.max_concurrency = max_concurrency
        self.cite = cite
        self._obj = target
        self._fn = target.query if callable(getattr(target, "query", None)) else target
        self._convention = calling_convention(self._fn)
        if inspect.iscoroutinefunction(self._fn):
            self.query = self._query_async  # type: ignore[method-assign]

    def _args(self, query: Query) -> tuple[Any, ...]:
        if self._convention == TEXT:
            return (query.text,)
        public = system_query(query)
        return (public,) if self._convention == QUERY else (query.text, public)

    def query(self, query: Query) -> Any:
        return read_result(self._fn(*self._args(query)), Shelf.of(query), self.cite)

    async def _query_async(self, query: Query) -> Any:
        return read_result(await self._fn(*self._args(query)), Shelf.of(query), self.cite)

    def describe(self) -> dict[str, Any]:
        own = getattr(self._obj, "describe", None)
        config = dict(own()) if callable(own) and not inspect.isclass(self._obj) else {}
        return {"target": self.name, **config}

    def setup(self) -> Any:
        fn = getattr(self._obj, "setup", None)
        return fn() if callable(fn) and fn is not self._fn else None

    def close(self) -> Any:
        fn = getattr(self._obj, "close", None)
        return fn() if callable(fn) and fn is not self._fn else None


def wrap(target: Any, name: str | None = None, max_concurrency: int | None = None) -> CallableAdapter:
    """An adapter around an in-process callable or ``.query`` object (used by ``benchmark.test_runner``)."""
    label = name or getattr(target, "__qualname__", None) or type(target).__name__
    return CallableAdapter(target, str(label), max_concurrency)


def import_target(arg: str, adapter: str = "python") -> Any:
    """``MODULE:ATTRIBUTE`` (dotted attribute allowed) imported with the working directory on ``sys.path``."""
    where = f"{adapter} adapter"
    module_name, sep, attr = arg.partition(":")
    if not sep or not module_name or not attr:
        raise AdapterSpecError(f"{where} needs '{adapter}:MODULE:ATTRIBUTE', got '{adapter}:{arg}'")
    cwd = os.getcwd()
    if cwd not in sys.path:
        sys.path.insert(0, cwd)
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        hint = (
            "; run from your project folder or set PYTHONPATH"
            if exc.name == module_name.split(".")[0]
            else ""
        )
        raise AdapterSpecError(f"cannot import {module_name!r} ({exc}){hint}", where=where) from None
    except Exception as exc:
        raise AdapterSpecError(
            f"importing {module_name!r} failed: {type(exc).__name__}: {exc}", where=where
        ) from None
    target: Any = module
    for part in attr.split("."):
        if not hasattr(target, part):
            raise AdapterSpecError(f"module {module_name!r} has no attribute {attr!r}", where=where)
        target = getattr(target, part)
    return target


def create(arg: str | None, options: dict[str, Any]) -> CallableAdapter:
    if not arg:
        raise AdapterSpecError(
            "python adapter needs 'python:MODULE:ATTRIBUTE' (e.g. python:my_app.rag:answer)"
        )
    target = import_target(arg)
    if inspect.isclass(target):
        try:
            target = target()
        except Exception as exc:
            raise AdapterSpecError(f"cannot instantiate {arg!r}: {type(exc).__name__}: {exc}") from None
    if not callable(getattr(target, "query", None)) and not callable(target):
        raise AdapterSpecError(
            f"{arg!r} is neither callable nor an object with .query(){_framework_hint(target, arg)}",
            where="python adapter",
        )
    limit = options.get("max_concurrency")
    if limit is not None and (not str(limit).isdecimal() or int(limit) < 1):
        raise AdapterSpecError(
            f"max_concurrency must be a positive integer, got {limit!r}", where="python adapter"
        )
    return CallableAdapter(
        target, arg, int(limit) if limit is not None else None, cite_option(options, "python")
    )


def _framework_hint(target: Any, arg: str) -> str:
    """A LangChain runnable or a LlamaIndex chat engine/retriever has its own adapter."""
    for method, adapter in (("invoke", "langchain"), ("chat", "llamaindex"), ("retrieve", "llamaindex")):
        if callable(getattr(target, method, None)):
            return f"; it has .{method}(): use --adapter {adapter}:{arg}"
    return ""


def cite_option(options: dict[str, Any], adapter: str) -> str:
    cite = str(options.get("cite", "top"))
    if cite not in CITE_CHOICES:
        raise AdapterSpecError(
            f"cite must be one of {', '.join(CITE_CHOICES)}, got {cite!r}", where=f"{adapter} adapter"
        )
    return cite
