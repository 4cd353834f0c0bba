"""``llamaindex:module:attribute``: a LlamaIndex query engine, chat engine or retriever.

The attribute is the engine or retriever, or a function (or class) taking no arguments that returns
one; it is called once, when the adapter is built. Each question is asked as its text:
``engine.query(text)``, ``chat_engine.chat(text)`` after ``reset()`` (so no question sees another's
conversation; a chat engine is asked one question at a time), ``retriever.retrieve(text)``. The source
nodes become citations, evidence and ranked contexts (``benchmark.adapters.sources``); a retriever's
answer is its best passage. ``page_documents`` builds LlamaIndex documents from the benchmark's pages.

Needs ``llama-index-core`` (the ``llamaindex`` extra), imported only when the adapter is used.
Options: ``cite`` (``top``, ``all``, ``none``), ``max_concurrency``. Docs: docs/adapters/llamaindex.md.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from benchmark.adapters.framework import FrameworkAdapter, require, resolve
from benchmark.adapters.pages import LOCATING_KEYS, page_records

if TYPE_CHECKING:
    from benchmark.documents.model import Document

EXPECTED = (
    "a LlamaIndex query engine, chat engine or retriever, or a function returning one "
    "(for an index: index.as_query_engine() or index.as_retriever())"
)
INSTALL = "llama-index-core"


def page_documents(
    source: Document | str | Path, *, document_id: str | None = None, title: str | None = None
) -> list[Any]:
    """One ``llama_index.core.Document`` per page, with ``file_name``, ``page_label``, ``first_line``,
    ``last_line`` (and ``document_id``/``document_title`` when given) as metadata. Embeddings see the
    page text (and title); the LLM also sees file name and page label, so it can cite them."""
    core = require("llama_index.core", "llamaindex", INSTALL)
    return [
        core.Document(
            text=r.text,
            id_=r.id,
            metadata=r.metadata,
            excluded_embed_metadata_keys=[k for k in r.metadata if k != "document_title"],
            excluded_llm_metadata_keys=[k for k in LOCATING_KEYS if k in r.metadata and k != "file_name"],
        )
        for r in page_records(source, document_id=document_id, title=title)
    ]


def _kind_of(obj: object) -> str | None:
    from llama_index.core.base.base_query_engine import BaseQueryEngine
    from llama_index.core.base.base_retriever import BaseRetriever
    from llama_index.core.chat_engine.types import BaseChatEngine

    if isinstance(obj, BaseQueryEngine):
        return "query engine"
    if isinstance(obj, BaseChatEngine):
        return "chat engine"
    if isinstance(obj, BaseRetriever):
        return "retriever"
    return None


def create(arg: str | None, options: dict[str, Any]) -> FrameworkAdapter:
    require("llama_index.core", "llamaindex", INSTALL)
    target, kind = resolve(arg, "llamaindex", _kind_of, EXPECTED)
    if kind == "chat engine":

        def ask(text: str) -> Any:
            target.reset()
            return target.chat(text)

    else:
        ask = target.retrieve if kind == "retriever" else target.query
    config = {"kind": kind, "class": type(target).__name__}
    return FrameworkAdapter("llamaindex", str(arg), ask, config, options, serial=kind == "chat engine")
