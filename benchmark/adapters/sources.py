"""Retrieved passages (LlamaIndex source nodes, LangChain documents) as citations, evidence and contexts.

Read by duck typing, so nothing here imports a framework. Where a passage is:

- its **page** from the metadata ``page_label`` (LlamaIndex, LangChain's PDF loaders), else
  ``page_number``, else ``page`` (taken as 1-based);
- its **document** from ``document_id``, else ``document_title``, else ``file_name``, else the file name
  of ``source`` / ``file_path``;
- its **lines** from the benchmark's own document the passage names (``Shelf``: by id, title or file
  name; a passage naming none is of the set's only document): the passage's character offsets on its
  page (LlamaIndex ``start_char_idx``/``end_char_idx``, LangChain ``start_index``) when they point at
  the same text, else where its text is found on the page. Nothing is guessed: a passage that cannot
  be placed gets no lines.

The answer object (docs/contract.md §3) built from them: ``contexts`` are every passage in the order the
framework returned them (best first), ``evidence`` every passage's text with its page; ``citations`` name
page, lines and document of the passages the answer cites with ``[n]`` markers (LlamaIndex's
``CitationQueryEngine``), else of the first passage. Citations carry no quote: the passage is what the
system read, not what it quoted.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import accumulate
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Any

from benchmark.models import LineRange

if TYPE_CHECKING:
    from benchmark.adapters.base import Query
    from benchmark.documents.model import Document

CITE_CHOICES = ("top", "all", "none")
_MARKER = re.compile(r"\[(\d{1,3})\]")


@dataclass(frozen=True)
class Source:
    """One retrieved passage: its text, its metadata, its score and its character span when known."""

    text: str
    metadata: Mapping[str, Any] = field(default_factory=dict, hash=False)
    score: float | None = None
    start: int | None = None
    end: int | None = None


@dataclass(frozen=True)
class Place:
    document: str | None
    page: int | None
    lines: LineRange | None


def llama_source(item: object) -> Source | None:
    """A LlamaIndex ``NodeWithScore`` (or a bare node), else None."""
    node = getattr(item, "node", item)
    get_content = getattr(node, "get_content", None)
    metadata = getattr(node, "metadata", None)
    if not callable(get_content) or not isinstance(metadata, Mapping):
        return None
    text = get_content()  # without metadata: the passage as the document has it
    if not isinstance(text, str):
        return None
    score = getattr(item, "score", None) if node is not item else None
    start, end = getattr(node, "start_char_idx", None), getattr(node, "end_char_idx", None)
    return Source(text, dict(metadata), _number(score), _offset(start), _offset(end))


def langchain_source(item: object) -> Source | None:
    """A LangChain ``Document`` (``page_content`` + ``metadata``), else None."""
    text, metadata = getattr(item, "page_content", None), getattr(item, "metadata", None)
    if not isinstance(text, str) or not isinstance(metadata, Mapping):
        return None
    score = next((metadata[k] for k in ("score", "relevance_score", "similarity") if k in metadata), None)
    start = _offset(metadata.get("start_index"))
    return Source(text, dict(metadata), _number(score), start, None if start is None else start + len(text))


def as_sources(items: object) -> list[Source] | None:
    """A list of source nodes or documents as sources; None when ``items`` is not one."""
    if not isinstance(items, (list, tuple)):
        return None
    out = []
    for item in items:
        source = llama_source(item) or langchain_source(item)
        if source is None:
            return None
        out.append(source)
    return out


def _number(value: object) -> float | None:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def _offset(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None


def page_of(metadata: Mapping[str, Any]) -> int | None:
    for key in ("page_label", "page_number", "page"):
        value = metadata.get(key)
        if isinstance(value, int) and not isinstance(value, bool) and value > 0:
            return value
        if isinstance(value, str) and value.strip().isdecimal() and int(value) > 0:
            return int(value)
    return None


def document_of(metadata: Mapping[str, Any]) -> str | None:
    for key in ("document_id", "document_title", "file_name"):
        value = metadata.get(key)
        if isinstance(value, str) and value:
            return value
    for key in ("source", "file_path"):
        value = metadata.get(key)
        if isinstance(value, str) and value:
            return PurePath(value).name
    return None


@dataclass(frozen=True)
class Shelf:
    """The benchmark's documents a system may have retrieved from, each with the names it goes by."""

    entries: tuple[tuple[frozenset[str], Document], ...] = ()

    @classmethod
    def of(cls, query: Query) -> Shelf:
        """The query's document, or the documents of its case file (``query.case``) when it has one."""
        case = getattr(query, "case", None)
        infos, loaded = getattr(case, "infos", ()), getattr(case, "documents", {})
        entries = [
            (frozenset(n for n in (i.id, i.title, Path(str(i.path)).name) if n), loaded[i.id])
            for i in infos
            if i.id in loaded
        ]
        if not entries and query.document is not None:
            entries = [(frozenset({query.document.path.name}), query.document)]
        return cls(tuple(entries))

    @classmethod
    def holding(cls, document: Document | None) -> Shelf:
        return cls(((frozenset({document.path.name}), document),) if document is not None else ())

    def find(self, names: set[str]) -> Document | None:
        """The one document the names point at; with no names, the only document."""
        if not names:
            return self.entries[0][1] if len(self.entries) == 1 else None
        found = [doc for known, doc in self.entries if known & names]
        return found[0] if len(found) == 1 else None


def _names(metadata: Mapping[str, Any]) -> set[str]:
    names = {metadata.get(k) for k in ("document_id", "document_title", "file_name")}
    names |= {PurePath(v).name for k in ("source", "file_path") if isinstance(v := metadata.get(k), str)}
    return {n for n in names if isinstance(n, str) and n}


def locate(source: Source, shelf: Shelf | Document | None) -> Place:
    """Document, page and (when a document of the benchmark holds the passage) lines of a passage."""
    shelf = shelf if isinstance(shelf, Shelf) else Shelf.holding(shelf)
    page = page_of(source.metadata)
    document = shelf.find(_names(source.metadata))
    lines = _lines(source, document, page) if document is not None and page is not None else None
    return Place(document_of(source.metadata), page, lines)


def _lines(source: Source, document: Document, page_number: int) -> LineRange | None:
    page = document.page(page_number)
    if page is None or not page.lines or not source.text.strip():
        return None
    text = page.text
    start, end = source.start, source.end
    if start is None or end is None or text[start:end] != source.text:
        found = text.find(source.text.strip())
        if found < 0:
            return None
        start, end = found, found + len(source.text.strip())
    starts = list(accumulate((len(line.text) + 1 for line in page.lines[:-1]), initial=0))
    first = page.lines[bisect_right(starts, start) - 1].number
    last = page.lines[bisect_right(starts, max(start, end - 1)) - 1].number
    return LineRange(first, last)


def cited_indices(answer: str, count: int, cite: str = "top") -> list[int]:
    """Which passages the answer cites: its ``[n]`` markers, else the first (``top``), all, or none."""
    if cite == "none" or count == 0:
        return []
    if cite == "all":
        return list(range(count))
    marked = [int(m) - 1 for m in _MARKER.findall(answer)]
    if marked and all(0 <= i < count for i in marked):
        return list(dict.fromkeys(marked))
    return [0]


def answer_object(
    answer: str, sources: Sequence[Source], shelf: Shelf | Document | None, cite: str = "top"
) -> dict[str, Any]:
    """The answer object of docs/contract.md §3 for an answer text and the passages behind it."""
    places = [locate(s, shelf) for s in sources]
    contexts = [_context(s, p) for s, p in zip(sources, places, strict=True)]
    evidence = [
        _drop_none({"text": s.text, "page": p.page, "document": p.document})
        for s, p in zip(sources, places, strict=True)
    ]
    citations = [
        _drop_none({"page": places[i].page, "lines": _lines_text(places[i]), "document": places[i].document})
        for i in cited_indices(answer, len(sources), cite)
        if places[i].page is not None
    ]
    return {"answer": answer, "citations": citations, "evidence": evidence, "contexts": contexts}


def _context(source: Source, place: Place) -> dict[str, Any]:
    return {
        "document": place.document,
        "page": place.page,
        "lines": _lines_text(place),
        "text": source.text,
        "score": source.score,
    }


def _lines_text(place: Place) -> str | None:
    return None if place.lines is None else str(place.lines)


def _drop_none(obj: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in obj.items() if v is not None}
