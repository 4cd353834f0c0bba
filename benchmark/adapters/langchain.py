"""``langchain:module:attribute``: a LangChain runnable (an LCEL chain, a legacy chain) or retriever.

The attribute is the runnable or retriever, or a function (or class) taking no arguments that returns
one; it is called once, when the adapter is built. Each question is sent with ``invoke``: as its text
when the runnable takes a string, else as ``{KEY: text}``, with KEY the option ``input_key``, else the
input's one required key, else whichever of ``input``, ``question``, ``query`` it has.

What comes back is read by ``benchmark.adapters.results``: a string or a chat message (the answer only),
``{"answer": ..., "context": [documents]}`` (the documents become citations, evidence and ranked
contexts), or a retriever's documents (the best passage stands as the answer). ``page_documents``
builds LangChain documents from the benchmark's pages.

Needs ``langchain-core`` (the ``langchain`` extra), imported only when the adapter is used.
Options: ``input_key``, ``cite`` (``top``, ``all``, ``none``), ``max_concurrency``.
Docs: docs/adapters/langchain.md.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from benchmark.adapters.framework import FrameworkAdapter, require, resolve
from benchmark.adapters.pages import page_records
from benchmark.errors import AdapterSpecError

if TYPE_CHECKING:
    from benchmark.documents.model import Document

EXPECTED = "a LangChain runnable (chain) or retriever, or a function returning one"
INSTALL = "langchain-core"
_USUAL_KEYS = ("input", "question", "query")


def page_documents(
    source: Document | str | Path, *, document_id: str | None = None, title: str | None = None
) -> list[Any]:
    """One ``langchain_core.documents.Document`` per page, with ``file_name``, ``page_label``,
    ``first_line``, ``last_line`` (and ``document_id``/``document_title`` when given) as metadata."""
    documents = require("langchain_core.documents", "langchain", INSTALL)
    return [
        documents.Document(page_content=r.text, metadata=r.metadata, id=r.id)
        for r in page_records(source, document_id=document_id, title=title)
    ]


def _kind_of(obj: object) -> str | None:
    from langchain_core.retrievers import BaseRetriever
    from langchain_core.runnables import Runnable

    if isinstance(obj, BaseRetriever):
        return "retriever"
    if isinstance(obj, Runnable):
        return "runnable"
    return None


def input_key(runnable: Any, chosen: str | None) -> str | None:
    """The key the question goes under, or None when the runnable takes the text itself."""
    if chosen:
        return chosen
    schema = _input_schema(runnable)
    if schema.get("type") != "object":
        return None
    found = schema.get("properties")
    properties: dict[str, Any] = found if isinstance(found, dict) else {}
    required = [k for k in schema.get("required", []) if isinstance(k, str)]
    if len(required) == 1:
        return required[0]
    if not required:
        usual = [k for k in _USUAL_KEYS if k in properties]
        if usual or len(properties) == 1:
            return usual[0] if usual else next(iter(properties))
    keys = ", ".join(required or properties) or "none"
    raise AdapterSpecError(
        f"the runnable's input has the keys {keys}; say which one takes the question with "
        "--adapter-option input_key=KEY",
        where="langchain adapter",
    )


def _input_schema(runnable: Any) -> dict[str, Any]:
    try:
        get = getattr(runnable, "get_input_jsonschema", None)
        schema = get() if callable(get) else runnable.input_schema.model_json_schema()
    except Exception:  # a schema that cannot be built says nothing about the input
        return {}
    return schema if isinstance(schema, dict) else {}


def create(arg: str | None, options: dict[str, Any]) -> FrameworkAdapter:
    require("langchain_core", "langchain", INSTALL)
    target, kind = resolve(arg, "langchain", _kind_of, EXPECTED)
    chosen = options.get("input_key")
    key = None if kind == "retriever" else input_key(target, str(chosen) if chosen else None)

    def ask(text: str) -> Any:
        return target.invoke(text if key is None else {key: text})

    config: dict[str, Any] = {"kind": kind, "class": type(target).__name__}
    if key is not None:
        config["input_key"] = key
    return FrameworkAdapter("langchain", str(arg), ask, config, options)
