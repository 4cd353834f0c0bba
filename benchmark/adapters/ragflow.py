"""``ragflow:CONFIG.toml``: a RAGFlow chat assistant, over plain HTTP (docs/adapters/ragflow.md).

Two endpoints (``endpoint``):

- ``native``: the chat completion API. Current servers take ``POST /api/v1/chat/completions`` with
  ``chat_id`` in the body and open a session themselves; older ones only have
  ``POST /api/v1/chats/{chat_id}/completions``, which needs a session made first
  (``POST /api/v1/chats/{chat_id}/sessions``). Replies are ``{"code": 0, "data": {"answer", "reference"}}``.
- ``openai``: the OpenAI-compatible API, ``/api/v1/openai/{chat_id}/chat/completions`` (current) or
  ``/api/v1/chats_openai/{chat_id}/chat/completions`` (older), asking for the reference with
  ``extra_body.reference`` (needed since v0.23); the chunks come in ``choices[0].message.reference``.

With ``api = "auto"`` (the default) the current path is tried first and a 404/405 switches the adapter
to the older one for the rest of the run. The answer's markers (``[ID:n]``, older ``##n$$``) index the
reference chunks; cited chunks become citations (one per page in their ``positions``) and evidence
(their content). Chunks without positions (text, Markdown, Word documents) give evidence without a page.
Every reference chunk, cited or not, becomes a retrieved ``context`` (most similar first, by
``similarity`` when the chunks give it). A chunk's document name (``document_name``, older
``document_keyword``/``docnm_kwd``, or ``doc_name``) is mapped to the id of the case's document
(``document_names`` table first, then leniently by id, title or file name: ``benchmark.adapters.doc_names``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from benchmark.adapters.base import Query
from benchmark.adapters.doc_names import DocumentNames
from benchmark.adapters.http_common import (
    COMMON_KEYS,
    AdapterConfig,
    HttpSettings,
    HttpStatusError,
    PooledClient,
    excerpt,
    join_url,
)
from benchmark.adapters.secrets import Redactor, credential_headers, read_secret
from benchmark.errors import AdapterError
from benchmark.models import Answer, Citation, Context, EvidenceItem

KEYS = (
    *COMMON_KEYS,
    "base_url",
    "chat_id",
    "endpoint",
    "api",
    "model",
    "evidence",
    "delete_sessions",
    "document_names",
    "name",
)
TRANSIENT_CODES = frozenset({100, 105, 106})  # server exception, connection error, still running
FALLBACK_STATUSES = frozenset({404, 405})
MAX_PAGES_PER_CHUNK = 20
DELETE_BATCH = 100

MARKER = re.compile(r"\s?(?:\[ID:\s*(\d+)\]|##(\d+)\$\$)")
THINK = re.compile(r"<think>.*?</think>", re.DOTALL)
CONTENT_KEYS = ("content", "content_with_weight")
NAME_KEYS = ("document_name", "document_keyword", "docnm_kwd", "doc_name")
POSITION_KEYS = ("positions", "position_int")


# --- reading replies --------------------------------------------------------------------------


def chunk_list(reference: Any) -> dict[int, Mapping[str, Any]]:
    """Chunks by the index markers use: a list, ``{"chunks": list | {"0": chunk}}``, or ``{"0": chunk}``."""
    chunks = reference.get("chunks", reference) if isinstance(reference, Mapping) else reference
    if isinstance(chunks, list):
        return {i: c for i, c in enumerate(chunks) if isinstance(c, Mapping)}
    if isinstance(chunks, Mapping):
        out: dict[int, Mapping[str, Any]] = {}
        for key, chunk in chunks.items():
            if isinstance(chunk, Mapping) and str(key).isdecimal():
                out[int(key)] = chunk
        return out
    return {}


def cited_indexes(answer: str) -> list[int]:
    """Chunk indexes named by markers, in order of first appearance."""
    seen: list[int] = []
    for m in MARKER.finditer(answer):
        index = int(m.group(1) or m.group(2))
        if index not in seen:
            seen.append(index)
    return seen


def clean_answer(answer: str) -> str:
    """The answer without reasoning blocks and citation markers (their digits are not part of the answer)."""
    return MARKER.sub("", THINK.sub("", answer)).strip()


def _first(chunk: Mapping[str, Any], keys: tuple[str, ...]) -> Any:
    return next((chunk[k] for k in keys if chunk.get(k) not in (None, "", [])), None)


def chunk_pages(chunk: Mapping[str, Any]) -> list[int]:
    """1-based pages from ``positions`` entries ``[page, left, right, top, bottom]``; [] for ``[]``/``[""]``."""
    positions = _first(chunk, POSITION_KEYS)
    pages: list[int] = []
    for entry in positions if isinstance(positions, list) else []:
        head = entry[0] if isinstance(entry, (list, tuple)) and entry else entry
        if isinstance(head, str) and head.strip().split(",")[0].strip().isdecimal():
            head = int(head.strip().split(",")[0])
        if isinstance(head, (int, float)) and not isinstance(head, bool) and head >= 1:
            page = int(head)
            if page not in pages:
                pages.append(page)
    return sorted(pages)[:MAX_PAGES_PER_CHUNK]


def chunk_items(chunk: Mapping[str, Any]) -> tuple[list[Citation], EvidenceItem | None]:
    text = _first(chunk, CONTENT_KEYS)
    content = text.strip() if isinstance(text, str) else ""
    name = _first(chunk, NAME_KEYS)
    doc = str(name) if name is not None else None
    pages = chunk_pages(chunk)
    quote = content or None
    citations = [Citation(page=p, quote=quote, doc=doc) for p in pages] or (
        [Citation(quote=quote, doc=doc)] if quote else []
    )
    evidence = EvidenceItem(text=content, page=pages[0] if pages else None, doc=doc) if content else None
    return citations, evidence


def _similarity(chunk: Mapping[str, Any]) -> float | None:
    value = chunk.get("similarity")
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def chunk_contexts(chunks: Mapping[int, Mapping[str, Any]]) -> tuple[Context, ...]:
    """Every reference chunk as a retrieved passage, most similar first (in the given order when the
    chunks carry no ``similarity``); a chunk's page is the first of its ``positions``."""
    order = sorted(chunks)
    scores = {i: _similarity(chunks[i]) for i in order}
    if all(v is not None for v in scores.values()):
        order.sort(key=lambda i: -(scores[i] or 0.0))
    out = []
    for i in order:
        text = _first(chunks[i], CONTENT_KEYS)
        name = _first(chunks[i], NAME_KEYS)
        pages = chunk_pages(chunks[i])
        content = text.strip() if isinstance(text, str) and text.strip() else None
        if content is not None or pages:
            doc = str(name) if name is not None else None
            out.append(Context(content, pages[0] if pages else None, None, doc, scores[i]))
    return tuple(out)


def to_answer(text: str, reference: Any, evidence_mode: str) -> Answer:
    """Map RAGFlow's answer and reference to an ``Answer``: cited chunks -> citations and evidence,
    every chunk -> contexts."""
    chunks = chunk_list(reference)
    cited = [chunks[i] for i in cited_indexes(text) if i in chunks]
    citations: list[Citation] = []
    evidence: list[EvidenceItem] = []
    for chunk in cited:
        cites, item = chunk_items(chunk)
        citations.extend(cites)
        if item is not None:
            evidence.append(item)
    if evidence_mode == "all" or (evidence_mode == "auto" and not cited):
        evidence = [item for i in sorted(chunks) if (item := chunk_items(chunks[i])[1]) is not None]
    return Answer(
        answer=clean_answer(text),
        citations=tuple(citations),
        evidence=tuple(evidence),
        contexts=chunk_contexts(chunks),
    )


def envelope_data(body: Any, redact: Redactor) -> Any:
    """``data`` of a ``{"code": 0, "data": ...}`` reply; a non-zero code is a fault."""
    if not isinstance(body, Mapping):
        raise AdapterError(f"expected a JSON object from RAGFlow, got {type(body).__name__}")
    code = body.get("code", 0)
    if code not in (0, None):
        message = excerpt(str(body.get("message") or body.get("msg") or ""), redact)
        transient = isinstance(code, int) and code in TRANSIENT_CODES
        raise AdapterError(f"RAGFlow error code {code}: {message}", transient=transient)
    return body.get("data")


# --- the adapter ------------------------------------------------------------------------------


class RagflowAdapter:
    """Asks one RAGFlow chat assistant; one new session per question, so questions stay independent."""

    def __init__(self, config: AdapterConfig) -> None:
        config.check_keys(KEYS)
        self.base_url = config.required_text("base_url").rstrip("/")
        if not self.base_url.startswith(("http://", "https://")):
            raise config.error("base_url", f"must start with http:// or https://, got {self.base_url!r}")
        self.chat_id = config.required_text("chat_id")
        self.endpoint = config.choice("endpoint", ("native", "openai"), "native")
        self.api = config.choice("api", ("auto", "current", "legacy"), "auto")
        self.model = config.text("model", "model") or "model"
        self.evidence_mode = config.choice("evidence", ("auto", "cited", "all"), "auto")
        self.delete_sessions = config.flag("delete_sessions", False)
        self.document_names = config.str_table("document_names")
        self.name = config.text("name", "ragflow") or "ragflow"
        self.settings = HttpSettings.from_config(config)
        self.max_concurrency = self.settings.concurrency
        self.secret = read_secret(config, required=True)
        assert self.secret is not None
        headers = {**config.headers(), "Authorization": f"Bearer {self.secret.value}"}
        self.redact = Redactor([self.secret, *credential_headers(headers)])
        self._client = PooledClient(
            self.settings, headers, self.redact, tls=self.base_url.startswith("https://")
        )
        self._legacy = self.api == "legacy"
        self._sessions: list[str] = []

    def describe(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "base_url": self.base_url,
            "chat_id": self.chat_id,
            "endpoint": self.endpoint,
            "api": self.api,
            "evidence": self.evidence_mode,
            "api_key_env": self.secret.env if self.secret else None,
        }
        if self.endpoint == "openai":
            out["model"] = self.model
        if self.document_names:
            out["document_names"] = self.document_names
        return out

    async def query(self, query: Query) -> Answer:
        answer = self.redact.answer(await self._ask_any(query))
        if query.case is None:
            return answer
        return DocumentNames(query.documents, self.document_names).answer(answer)

    async def _ask_any(self, query: Query) -> Answer:
        if self.api != "auto":
            return await self._ask(query)
        try:
            return await self._ask(query)
        except HttpStatusError as exc:
            if self._legacy or exc.status not in FALLBACK_STATUSES:
                raise
            self._legacy = True  # an older server: use the older paths from now on
            return await self._ask(query)

    async def _ask(self, query: Query) -> Answer:
        legacy = self._legacy
        if self.endpoint == "openai":
            return await self._ask_openai(query, legacy)
        if legacy:
            return await self._ask_native_legacy(query)
        body = {"chat_id": self.chat_id, "question": query.text, "stream": False}
        data = await self._native(join_url(self.base_url, "api/v1/chat/completions"), body)
        return self._native_answer(data)

    async def _ask_native_legacy(self, query: Query) -> Answer:
        chats = f"api/v1/chats/{self.chat_id}"
        name = f"legal-rag-bench {query.question.id}"
        created = await self._native(join_url(self.base_url, f"{chats}/sessions"), {"name": name})
        session = created.get("id") if isinstance(created, Mapping) else None
        if not isinstance(session, str) or not session:
            raise AdapterError("RAGFlow did not return a session id when asked to create a session")
        self._sessions.append(session)
        body = {"question": query.text, "stream": False, "session_id": session}
        return self._native_answer(await self._native(join_url(self.base_url, f"{chats}/completions"), body))

    async def _native(self, url: str, body: dict[str, Any]) -> Any:
        return envelope_data(await self._client.json("POST", url, json=body), self.redact)

    def _native_answer(self, data: Any) -> Answer:
        if not isinstance(data, Mapping) or not isinstance(data.get("answer"), str):
            shown = excerpt(repr(data), self.redact)
            raise AdapterError(f"RAGFlow reply has no data.answer: {shown}")
        session = data.get("session_id")
        if not self._legacy and isinstance(session, str) and session:
            self._sessions.append(session)
        return to_answer(data["answer"], data.get("reference"), self.evidence_mode)

    async def _ask_openai(self, query: Query, legacy: bool) -> Answer:
        prefix = "chats_openai" if legacy else "openai"
        url = join_url(self.base_url, f"api/v1/{prefix}/{self.chat_id}/chat/completions")
        body = {
            "model": self.model,
            "messages": [{"role": "user", "content": query.text}],
            "stream": False,
            "extra_body": {"reference": True},
        }
        reply = await self._client.json("POST", url, json=body)
        if isinstance(reply, Mapping) and "choices" not in reply:
            envelope_data(reply, self.redact)  # raises on an error envelope
        message = _first_message(reply)
        if message is None or not isinstance(message.get("content"), str):
            raise AdapterError(
                f"reply has no choices[0].message.content: {excerpt(repr(reply), self.redact)}"
            )
        return to_answer(message["content"], message.get("reference"), self.evidence_mode)

    async def close(self) -> None:
        try:
            if self.delete_sessions and self._sessions:
                await self._delete_sessions()
        finally:
            await self._client.close()

    async def _delete_sessions(self) -> None:
        """Best effort: remove the sessions this run created (``delete_sessions = true``)."""
        url = join_url(self.base_url, f"api/v1/chats/{self.chat_id}/sessions")
        ids, self._sessions = sorted(set(self._sessions)), []
        for start in range(0, len(ids), DELETE_BATCH):
            try:
                await self._client.request("DELETE", url, json={"ids": ids[start : start + DELETE_BATCH]})
            except AdapterError:
                return


def _first_message(reply: Any) -> Mapping[str, Any] | None:
    choices = reply.get("choices") if isinstance(reply, Mapping) else None
    if not isinstance(choices, list) or not choices or not isinstance(choices[0], Mapping):
        return None
    message = choices[0].get("message")
    return message if isinstance(message, Mapping) else None


def create(arg: str | None, options: dict[str, Any]) -> RagflowAdapter:
    """Factory for ``ragflow:CONFIG.toml``."""
    return RagflowAdapter(AdapterConfig.load("ragflow", arg, options))
