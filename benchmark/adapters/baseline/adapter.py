"""``baseline``: the built-in offline RAG (chunking, BM25 or dense retrieval, extractive answers).

It never sees the benchmark's question: ``query`` turns the runner's ``Query`` into the ``SystemQuery``
every system under test gets (text, id, set, documents, system_instructions) and answers from that
alone; what to answer and when to abstain come from the text and what retrieval finds (``dispatch``).
Over a case file it retrieves from every document of the case at once, and its citations, evidence
and ranked ``contexts`` name their documents.
Its options are the retrieval config (``retriever``, ``chunking``, ``chunk_size``, ``top_k``,
``model``); ``baseline:hybrid`` is short for ``--adapter-option retriever=hybrid``.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from benchmark.adapters.base import Query
from benchmark.adapters.baseline.dispatch import answer_question
from benchmark.adapters.baseline.retriever import (
    RETRIEVAL_OPTIONS,
    RETRIEVERS,
    RetrievalConfig,
    get_retriever,
)
from benchmark.adapters.system_query import SystemQuery, system_query
from benchmark.documents.case import Case
from benchmark.documents.model import Document
from benchmark.errors import AdapterError, AdapterSpecError
from benchmark.models import Answer

__all__ = ["VERSION", "BaselineAdapter", "create"]

#: Bumped whenever the baseline answers differently for the same options (part of ``describe()``,
#: hence of the answer-cache key).
VERSION = 3  # 2: ranked contexts, case files searched as a whole; 3: decides from the text, never the type


class BaselineAdapter:
    """Answers each question from its document, deterministically, without any network access."""

    name = "baseline"

    def __init__(self, config: RetrievalConfig | None = None) -> None:
        self.config = config or RetrievalConfig()
        self._documents: dict[str, Document] = {}
        self._lock = threading.Lock()

    def describe(self) -> dict[str, Any]:
        return {**self.config.describe(), "version": VERSION}

    def _document(self, query: Query) -> Document | Case:
        if query.case is not None:
            return query.case
        if query.document is not None:
            return query.document
        if query.document_path is None:
            raise AdapterError("the baseline needs the question set's document, and this question has none")
        key = str(Path(query.document_path))
        with self._lock:
            if key not in self._documents:
                from benchmark.documents.loaders import load_document

                self._documents[key] = load_document(query.document_path)
            return self._documents[key]

    def query(self, query: Query) -> Answer:
        return self.answer(system_query(query), self._document(query))

    def answer(self, query: SystemQuery, document: Document | Case) -> Answer:
        """The answer to what a system under test sees of a question, over its loaded document."""
        return answer_question(query.text, get_retriever(document, self.config))


def _options(arg: str | None, options: dict[str, Any]) -> dict[str, Any]:
    unknown = sorted(k for k in options if k not in RETRIEVAL_OPTIONS)
    if unknown:
        raise AdapterSpecError(
            f"unknown baseline option(s): {', '.join(unknown)}; valid options: {', '.join(RETRIEVAL_OPTIONS)}"
        )
    merged = dict(options)
    if arg is not None:
        name = arg.strip().lower()
        if name not in RETRIEVERS:
            raise AdapterSpecError(
                f"baseline:{arg} names no retriever; expected baseline:{'|'.join(RETRIEVERS)} "
                "(or --adapter-option retriever=...)"
            )
        if "retriever" in options and str(options["retriever"]).strip().lower() != name:
            raise AdapterSpecError(
                f"baseline:{arg} contradicts the option retriever={options['retriever']}; give only one"
            )
        merged["retriever"] = name
    return merged


def create(arg: str | None, options: dict[str, Any]) -> BaselineAdapter:
    """The factory behind the ``baseline`` entry point: ``baseline`` or ``baseline:RETRIEVER``."""
    return BaselineAdapter(RetrievalConfig.from_options(_options(arg, options)))
