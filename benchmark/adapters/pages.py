"""The benchmark's pages as a framework indexes them: one record per page, with the page's metadata.

A framework's own loaders split files into pages their own way (or not at all); indexing these records
instead makes a system cite pages and lines exactly as the benchmark counts them. The LlamaIndex and
LangChain adapters wrap the records into their documents (``page_documents`` in each adapter module).

Metadata of every record: ``file_name``, ``page_label`` (the page number as text, the key LlamaIndex's
and LangChain's PDF loaders use), ``first_line`` and ``last_line`` (1-based over the whole document),
and, when given, ``document_id`` and ``document_title``. Blank pages are left out.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from benchmark.documents.model import Document

#: metadata that locates a page but means nothing to an embedding model
LOCATING_KEYS = ("file_name", "first_line", "last_line", "document_id")


@dataclass(frozen=True)
class PageRecord:
    id: str
    text: str
    metadata: dict[str, Any]


def page_records(
    source: Document | str | Path, *, document_id: str | None = None, title: str | None = None
) -> list[PageRecord]:
    """One record per non-blank page of a document (a loaded ``Document`` or a path to load)."""
    from benchmark.documents.loaders import load_document
    from benchmark.documents.model import Document

    document = source if isinstance(source, Document) else load_document(source)
    name = document.path.name
    base = document_id or name
    out = []
    for page in document.pages:
        if not page.text.strip():
            continue
        metadata: dict[str, Any] = {
            "file_name": name,
            "page_label": str(page.number),
            "first_line": page.lines[0].number,
            "last_line": page.lines[-1].number,
        }
        if document_id:
            metadata["document_id"] = document_id
        if title:
            metadata["document_title"] = title
        out.append(PageRecord(f"{base}#page={page.number}", page.text, metadata))
    return out
