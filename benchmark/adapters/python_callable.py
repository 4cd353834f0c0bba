"""``python:module:attribute``: a system living in the same Python process.

The attribute is a callable (sync or ``async def``) taking the question text, or an object with
``.query(question_text)`` (a class is instantiated with no arguments first). It returns an answer
object (docs/contract.md §3) or a plain string. The working directory is put on ``sys.path`` so that
``python:my_app.rag:answer`` works from a project folder.

Options: ``max_concurrency`` (an upper bound the runner honours).
"""

from __future__ import annotations

import importlib
import inspect
import os
import sys
from typing import Any

from benchmark.adapters.base import Query
from benchmark.errors import AdapterSpecError


class CallableAdapter:
    """Wraps a callable or a ``.query`` object; ``query`` is async exactly when the target is."""

    def __init__(self, target: Any, name: str, max_concurrency: int | None = None) -> None:
        self.name = name
        self.max_concurrency = max_concurrency
        self._obj = target
        self._fn = target.query if callable(getattr(target, "query", None)) else target
        if inspect.iscoroutinefunction(self._fn):
            self.query = self._query_async  # type: ignore[method-assign]

    def query(self, query: Query) -> Any:
        return self._fn(query.text)

    async def _query_async(self, query: Query) -> Any:
        return await self._fn(query.text)

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


def _import_target(arg: str) -> Any:
    module_name, sep, attr = arg.partition(":")
    if not sep or not module_name or not attr:
        raise AdapterSpecError(f"python adapter needs 'python:MODULE:ATTRIBUTE', got 'python:{arg}'")
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
        raise AdapterSpecError(
            f"cannot import {module_name!r} ({exc}){hint}", where="python adapter"
        ) from None
    except Exception as exc:
        raise AdapterSpecError(
            f"importing {module_name!r} failed: {type(exc).__name__}: {exc}", where="python adapter"
        ) from None
    target: Any = module
    for part in attr.split("."):
        if not hasattr(target, part):
            raise AdapterSpecError(
                f"module {module_name!r} has no attribute {attr!r}", where="python adapter"
            )
        target = getattr(target, part)
    return target


def create(arg: str | None, options: dict[str, Any]) -> CallableAdapter:
    if not arg:
        raise AdapterSpecError(
            "python adapter needs 'python:MODULE:ATTRIBUTE' (e.g. python:my_app.rag:answer)"
        )
    target = _import_target(arg)
    if inspect.isclass(target):
        try:
            target = target()
        except Exception as exc:
            raise AdapterSpecError(f"cannot instantiate {arg!r}: {type(exc).__name__}: {exc}") from None
    if not callable(getattr(target, "query", None)) and not callable(target):
        raise AdapterSpecError(
            f"{arg!r} is neither callable nor an object with .query()", where="python adapter"
        )
    limit = options.get("max_concurrency")
    if limit is not None and (not str(limit).isdigit() or int(limit) < 1):
        raise AdapterSpecError(
            f"max_concurrency must be a positive integer, got {limit!r}", where="python adapter"
        )
    return CallableAdapter(target, arg, int(limit) if limit is not None else None)
