"""What the ``llamaindex:`` and ``langchain:`` adapters share: the lazy framework import with its install
hint, the target (an object, or a zero-argument factory called once), and asking one question.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable
from typing import Any

from benchmark.adapters.base import Query
from benchmark.adapters.python_callable import cite_option, import_target
from benchmark.adapters.results import read_result
from benchmark.adapters.sources import Shelf
from benchmark.errors import AdapterSpecError

#: ``kind_of(obj)`` names what ``obj`` is for the adapter ("query engine", ...), or None when unusable
KindOf = Callable[[Any], "str | None"]


def require(module: str, adapter: str, install: str) -> Any:
    """Import the framework, or refuse with how to install it."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise AdapterSpecError(
            f"needs {module!r}, which cannot be imported ({exc}); install it with "
            f"`pip install {install}` (in a checkout of legal-rag-bench: `uv sync --extra {adapter}`)",
            where=f"{adapter} adapter",
        ) from None


def resolve(arg: str | None, adapter: str, kind_of: KindOf, expected: str) -> tuple[Any, str]:
    """The object ``MODULE:ATTRIBUTE`` names, or what its zero-argument factory returns, and its kind."""
    where = f"{adapter} adapter"
    if not arg:
        raise AdapterSpecError(f"needs '{adapter}:MODULE:ATTRIBUTE' naming {expected}", where=where)
    target = import_target(arg, adapter)
    kind = kind_of(target)
    if kind is None and callable(target):
        target = _call_factory(target, arg, where)
        kind = kind_of(target)
    if kind is None:
        raise AdapterSpecError(f"{arg!r} has type {type(target).__name__}; expected {expected}", where=where)
    return target, kind


def _call_factory(factory: Callable[[], Any], arg: str, where: str) -> Any:
    try:
        signature = inspect.signature(factory)
        signature.bind()
    except TypeError:
        raise AdapterSpecError(
            f"{arg!r} takes arguments; name an object, or a function or class taking none", where=where
        ) from None
    except ValueError:
        pass  # no signature to read (a builtin): try the call
    try:
        return factory()
    except Exception as exc:
        raise AdapterSpecError(f"building {arg!r} failed: {type(exc).__name__}: {exc}", where=where) from None


class FrameworkAdapter:
    """Asks ``ask(text)`` and reads what comes back (``benchmark.adapters.results``); ``serial``: one
    question at a time (a chat engine's memory is shared)."""

    def __init__(
        self,
        adapter: str,
        arg: str,
        ask: Callable[[str], Any],
        config: dict[str, Any],
        options: dict[str, Any],
        serial: bool = False,
    ) -> None:
        self.name = f"{adapter}:{arg}"
        self.max_concurrency = 1 if serial else _limit(options.get("max_concurrency"), adapter)
        self.cite = cite_option(options, adapter)
        self._ask = ask
        self._config = {"target": arg, **config}

    def query(self, query: Query) -> Any:
        return read_result(self._ask(query.text), Shelf.of(query), self.cite)

    def describe(self) -> dict[str, Any]:
        return {**self._config, "cite": self.cite}


def _limit(value: object, adapter: str) -> int | None:
    if value is None:
        return None
    if not str(value).isdecimal() or int(str(value)) < 1:
        raise AdapterSpecError(
            f"max_concurrency must be a positive integer, got {value!r}", where=f"{adapter} adapter"
        )
    return int(str(value))
