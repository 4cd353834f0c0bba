"""The names a system under test gives documents, mapped to the ids of the set's documents.

A RAG system names the document of a passage its own way (RAGFlow: the uploaded file's name in
``document_name``/``doc_name``/``document_keyword``). An adapter maps each name in its answer's
citations, evidence and contexts: first through its config's ``document_names`` table (the system's
name -> the set's id), else leniently (``benchmark.documents.case.resolve_document``: id, title or file
name, folded, with or without folder and extension). A name that maps to no document of the set is kept
as given: the scorers then count it as a document the case does not have.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from benchmark.documents.case import NameIndex
from benchmark.models import Answer, DocumentInfo

__all__ = ["DocumentNames"]


class DocumentNames:
    """Maps names to the ids of ``documents`` (see the module docstring)."""

    def __init__(self, documents: Sequence[DocumentInfo], table: Mapping[str, str] | None = None) -> None:
        self.index = NameIndex.of(documents)
        self.table = dict(table or {})

    def __call__(self, name: str | None) -> str | None:
        if name is None:
            return None
        mapped = self.table.get(name)
        return mapped if mapped is not None else self.index.resolve(name) or name

    def answer(self, answer: Answer) -> Answer:
        """The answer with every document name it gives replaced by the set's id for it."""
        if not self.index.ids:
            return answer
        return replace(
            answer,
            citations=tuple(replace(c, doc=self(c.doc)) for c in answer.citations),
            evidence=tuple(replace(e, doc=self(e.doc)) for e in answer.evidence),
            contexts=tuple(replace(c, document=self(c.document)) for c in answer.contexts),
        )
