"""The adapter contract: one required method, ``query``; everything else is optional.

An adapter is built by a factory registered by name (``ADAPTERS``), from the spec's argument
(``NAME:ARG``) and options (``--adapter-option KEY=VALUE`` and ``--config``). Optional members:

- ``name: str``: shown in reports (defaults to the registry name),
- ``max_concurrency: int | None``: an upper bound the runner honours,
- ``describe() -> dict``: the config that identifies the system (part of the answer-cache key and
  the report); never include secrets,
- ``setup()`` / ``close()``: sync or async, called once around a run,
- ``answers_stored: bool``: its answers are read from a file that stays where it is (``replay``), so a
  run copies none of them into the answer cache (with ``--resume`` it still does).

``query`` may be sync or ``async def``; it returns an ``Answer``, a mapping of docs/contract.md §3, or a
plain string. Faults should be raised as ``AdapterError`` (``transient=True`` for retryable ones);
any other exception is recorded as a SKIP too, with its type and message.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from benchmark.errors import AdapterSpecError
from benchmark.models import Answer, DocumentInfo, Question, SystemInstructions
from benchmark.registry import Registry

if TYPE_CHECKING:
    from benchmark.documents.case import Case
    from benchmark.documents.model import Document


@dataclass(frozen=True)
class Query:
    """One question as the system under test receives it."""

    question: Question
    # loaded documents stay out of repr: asyncio formats finished tasks' results (every Query) when it
    # restores its signal handler, and a case file's pages made that take a second
    document: Document | None = field(default=None, repr=False)
    document_path: Path | None = None
    set_name: str = ""
    system_instructions: SystemInstructions | None = None  # the set's, passed on to the system
    # the set's documents (id, title, path, type): one, or the documents of a case file
    documents: tuple[DocumentInfo, ...] = ()
    case: Case | None = field(
        default=None, repr=False
    )  # the loaded documents of a case file (in-process systems)

    @property
    def text(self) -> str:
        return self.question.question


AnswerLike = Answer | Mapping[str, Any] | str


@runtime_checkable
class Adapter(Protocol):
    def query(self, query: Query) -> AnswerLike | Awaitable[AnswerLike]: ...


AdapterFactory = Callable[[str | None, dict[str, Any]], Adapter]

BUILTIN_ADAPTERS = {
    "baseline": "benchmark.adapters.baseline:create",
    "replay": "benchmark.adapters.replay:create",
    "python": "benchmark.adapters.python_callable:create",
    "oracle": "benchmark.adapters.fake:create_oracle",
    "refuse": "benchmark.adapters.fake:create_refuse",
    "http": "benchmark.adapters.http:create",
    "openai": "benchmark.adapters.openai:create",
    "ragflow": "benchmark.adapters.ragflow:create",
    "llamaindex": "benchmark.adapters.llamaindex:create",
    "langchain": "benchmark.adapters.langchain:create",
}
ADAPTERS: Registry[AdapterFactory] = Registry("adapter", builtins=BUILTIN_ADAPTERS)


def parse_spec(spec: str) -> tuple[str, str | None]:
    """``"replay:answers.jsonl"`` -> ("replay", "answers.jsonl"); ``"baseline"`` -> ("baseline", None)."""
    name, sep, arg = spec.strip().partition(":")
    if not name:
        raise AdapterSpecError(f"empty adapter name in {spec!r}; expected NAME or NAME:ARG")
    if sep and not arg:
        raise AdapterSpecError(f"adapter spec {spec!r} has ':' but no argument after it")
    return name, (arg if sep else None)


def create_adapter(spec: str, options: Mapping[str, Any] | None = None) -> Adapter:
    """Build the adapter a spec names; unknown names and bad arguments raise ``AdapterSpecError``."""
    name, arg = parse_spec(spec)
    factory = ADAPTERS.get(name)
    adapter = factory(arg, dict(options or {}))
    if not callable(getattr(adapter, "query", None)):
        raise AdapterSpecError(f"adapter {name!r} has no query() method")
    return adapter


def describe(adapter: object, spec: str) -> dict[str, Any]:
    """The adapter's identifying config (its ``describe()``), with the spec; secrets are never included."""
    fn = getattr(adapter, "describe", None)
    config = fn() if callable(fn) else {}
    return {"spec": spec, "config": dict(config)}
