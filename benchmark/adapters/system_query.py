"""What a system under test receives (docs/contract.md §3): the question, never what the benchmark knows.

``python:`` callables that ask for it get a ``SystemQuery``: the question text, its id, the set's name, the
set's documents (id, title, path) and the set's ``system_instructions``. The question's type, expected
values, evidence, tags and difficulty stay out of it, so a system cannot peek at the answer key.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchmark.adapters.base import Query


@dataclass(frozen=True)
class DocumentRef:
    """A document of the set: ``id`` is what citations may name (the file name when the set gives none)."""

    id: str
    path: str | None = None
    title: str | None = None
    type: str | None = None


@dataclass(frozen=True)
class SystemQuery:
    """One question as a system under test sees it; ``str(query)`` is the question text."""

    text: str
    id: str
    set_name: str = ""
    documents: tuple[DocumentRef, ...] = ()
    system_instructions: Mapping[str, Any] | None = field(default=None, hash=False)

    def __str__(self) -> str:
        return self.text


def system_query(query: Query) -> SystemQuery:
    """The public view of the runner's query."""
    instructions = getattr(query, "system_instructions", None)
    return SystemQuery(
        text=query.text,
        id=query.question.id,
        set_name=query.set_name,
        documents=_documents(query),
        system_instructions=dict(instructions) if isinstance(instructions, Mapping) else None,
    )


def _documents(query: Query) -> tuple[DocumentRef, ...]:
    listed = getattr(query, "documents", None)  # sets over several documents list them on the query
    if listed:
        return tuple(_info(d) for d in listed)
    path = query.document_path or (query.document.path if query.document is not None else None)
    return (DocumentRef(id=Path(path).name, path=str(path)),) if path is not None else ()


def _info(doc: object) -> DocumentRef:
    path = getattr(doc, "path", None)
    ident = getattr(doc, "id", None) or (Path(path).name if path else "")
    title, kind = getattr(doc, "title", None), getattr(doc, "type", None)
    return DocumentRef(str(ident), None if path is None else str(path), title or None, kind or None)
