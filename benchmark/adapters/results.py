"""What a framework pipeline returned, read as an answer (docs/contract.md §3), by duck typing.

Understood, besides a string, an ``Answer`` and an answer object (a mapping with ``answer``):

- a LlamaIndex ``Response`` / ``AgentChatResponse`` / streaming response: ``response`` + ``source_nodes``;
- a LangChain result: a mapping or object with ``answer`` (a string or a message) and ``context`` (a
  list of documents), or the older ``result`` + ``source_documents``; a chat message (``content``);
- a retriever's list of source nodes or documents: the answer is the best passage's text, so such a
  system is measured by its retrieval, citations and evidence.

Anything else raises ``AdapterError`` naming what was expected; the runner records it as a SKIP.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from benchmark.adapters.sources import Shelf, Source, answer_object, as_sources
from benchmark.errors import AdapterError
from benchmark.models import Answer

EXPECTED = (
    "expected a string, an answer object with 'answer' (docs/contract.md §3), a LlamaIndex Response "
    "('response' and 'source_nodes'), a LangChain result ('answer' and 'context') or a list of retrieved "
    "nodes/documents"
)
_PAIRS = (("answer", "context"), ("result", "source_documents"), ("output", "context"))


def read_result(obj: object, shelf: Shelf, cite: str = "top") -> Answer | Mapping[str, Any] | str:
    """``obj`` as something ``benchmark.answers.parse_answer`` takes; raises ``AdapterError`` if unknown."""
    if isinstance(obj, (str, Answer)):
        return obj
    if isinstance(obj, Mapping):
        return _from_mapping(obj, shelf, cite)
    sources = as_sources(obj)
    if sources is not None:
        return retrieved(sources, shelf, cite)
    if hasattr(obj, "source_nodes") and hasattr(obj, "response"):
        return _from_llama(obj, shelf, cite)
    for answer_key, context_key in _PAIRS:
        if hasattr(obj, answer_key) and hasattr(obj, context_key):
            pairs = {answer_key: getattr(obj, answer_key), context_key: getattr(obj, context_key)}
            return _from_mapping(pairs, shelf, cite)
    text = message_text(obj)
    if text is not None:
        return text
    raise AdapterError(f"{EXPECTED}; got {type(obj).__name__}")


def retrieved(sources: list[Source], shelf: Shelf, cite: str = "top") -> dict[str, Any]:
    """A retriever's result: the best passage stands as the answer."""
    return answer_object(sources[0].text if sources else "", sources, shelf, cite)


def message_text(value: object) -> str | None:
    """A string, or the text of a chat message (``content`` as a string or a list of text blocks)."""
    if isinstance(value, str):
        return value
    content = getattr(value, "content", None)
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = [b if isinstance(b, str) else b.get("text") for b in content if isinstance(b, (str, dict))]
        return "".join(p for p in parts if isinstance(p, str))
    return None


def _from_llama(obj: Any, shelf: Shelf, cite: str) -> dict[str, Any]:
    text = obj.response
    if text is None and callable(getattr(obj, "get_response", None)):  # a streaming response
        obj = obj.get_response()
        text = obj.response
    sources = as_sources(list(obj.source_nodes or []))
    if sources is None:
        raise AdapterError(f"{EXPECTED}; got {type(obj).__name__} whose source_nodes are not nodes")
    return answer_object(str(text or ""), sources, shelf, cite)


def _from_mapping(obj: Mapping[str, Any], shelf: Shelf, cite: str) -> Mapping[str, Any]:
    for answer_key, context_key in _PAIRS:
        if answer_key in obj and context_key in obj:
            sources = as_sources(obj[context_key])
            text = message_text(obj[answer_key])
            if sources is not None and text is not None:
                return answer_object(text, sources, shelf, cite)
    answer = obj.get("answer")
    if answer is not None and not isinstance(answer, str) and message_text(answer) is not None:
        return {**obj, "answer": message_text(answer)}
    return obj
