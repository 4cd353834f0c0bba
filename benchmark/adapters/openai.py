"""``openai:CONFIG.toml``: any OpenAI-compatible chat endpoint (vLLM, Ollama, hosted), see docs/adapters/openai.md.

For each question the adapter retrieves passages from the question's document (from every document of
a case file, which the prompt then names: each passage's title and id, and citations that give the
document) with the baseline retriever (the same retrieval options as the ``baseline`` adapter: ``retriever``, ``chunking``,
``chunk_size``, ``top_k``, and ``retrieval_model`` for the baseline's dense ``model``), sends the prompts of
``benchmark.adapters.prompts`` to ``{base_url}/chat/completions``, and reads the JSON answer from the
reply. A reply that holds no readable answer object is a SKIP whose reason keeps the raw text. The
retrieved passages are the answer's ``contexts`` (so retrieval is measured), and the document names in
the model's citations are mapped to the case's ids (``benchmark.adapters.doc_names``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from benchmark.adapters.base import Query
from benchmark.adapters.doc_names import DocumentNames
from benchmark.adapters.http_common import (
    COMMON_KEYS,
    AdapterConfig,
    HttpSettings,
    PooledClient,
    excerpt,
    join_url,
)
from benchmark.adapters.prompts import ModelOutputError, Passage, build_messages, parse_model_json
from benchmark.adapters.secrets import Redactor, credential_headers, read_secret
from benchmark.answers import parse_answer
from benchmark.errors import AdapterError, AdapterSpecError
from benchmark.models import Answer

# retrieval keys, as the baseline adapter takes them (its dense ``model`` is ``retrieval_model`` here)
RETRIEVAL_KEYS = ("retriever", "chunking", "chunk_size", "top_k", "retrieval_model")
KEYS = (
    *COMMON_KEYS,
    *RETRIEVAL_KEYS,
    "base_url",
    "model",
    "temperature",
    "max_tokens",
    "json_mode",
    "extra_body",
    "name",
)
RAW_KEPT_CHARS = 2000
DEFAULT_TOP_K = 5


class ContextBuilder:
    """The passages put in front of the model: the baseline retriever's best ``top_k`` chunks.

    Each passage keeps its page and line range, so the model can cite them. Indexes are built once
    per document and retrieval config (the baseline's cache).
    """

    def __init__(self, config: Any) -> None:
        self.config = config  # benchmark.adapters.baseline.retriever.RetrievalConfig

    @classmethod
    def from_config(cls, config: AdapterConfig) -> ContextBuilder:
        from benchmark.adapters.baseline.retriever import RetrievalConfig

        options = {k: config.values[k] for k in RETRIEVAL_KEYS if config.values.get(k) is not None}
        if "retrieval_model" in options:
            options["model"] = options.pop("retrieval_model")
        options.setdefault("top_k", DEFAULT_TOP_K)
        try:
            return cls(RetrievalConfig.from_options(options))
        except AdapterSpecError as exc:
            raise AdapterSpecError(exc.problem, path=config.source, where="retrieval options") from None

    def describe(self) -> dict[str, Any]:
        return dict(self.config.describe())

    def warm(self) -> None:
        """Load the retrieval tokenizer now (jieba's dictionary: ~0.85 s on the project machine).

        Every question needs it before its request can be built, so when the first question loaded it,
        all the run's workers waited for it together (13% of a 2,000-question run at concurrency 16).
        """
        from benchmark.adapters.baseline.tokenize import load_jieba

        load_jieba()

    def passages(self, query: Query) -> list[Passage]:
        source = query.case if query.case is not None else query.document
        if source is None:
            return []
        from benchmark.adapters.baseline.retriever import get_retriever

        hits = get_retriever(source, self.config).search(query.text)
        return [
            Passage(hit.text, hit.page, hit.start, hit.end, hit.document, hit.chunk.title or None)
            for hit in hits
        ]


class OpenAIAdapter:
    """Retrieval from the document + one chat completion per question."""

    def __init__(self, config: AdapterConfig, *, need_key: bool = True) -> None:
        config.check_keys(KEYS)
        self.base_url = config.required_text("base_url").rstrip("/")
        if not self.base_url.startswith(("http://", "https://")):
            raise config.error("base_url", f"must start with http:// or https://, got {self.base_url!r}")
        self.model = config.required_text("model")
        self.temperature = config.number("temperature", 0.0)
        self.max_tokens = config.integer("max_tokens", 1024) if config.has("max_tokens") else None
        self.json_mode = config.flag("json_mode", False)
        self.extra_body = config.table("extra_body")
        self.name = config.text("name", "openai") or "openai"
        self.context = ContextBuilder.from_config(config)
        self.context.warm()
        self.settings = HttpSettings.from_config(config)
        self.max_concurrency = self.settings.concurrency
        self.api_key_env = config.text("api_key_env")
        secret = read_secret(config) if need_key else None
        headers = {**config.headers()}
        self.redact = Redactor([secret, *credential_headers(headers)])
        if secret is not None:
            headers["Authorization"] = f"Bearer {secret.value}"
        self._client = PooledClient(
            self.settings, headers, self.redact, tls=self.base_url.startswith("https://")
        )

    def describe(self) -> dict[str, Any]:
        return {
            "base_url": self.base_url,
            "model": self.model,
            "temperature": self.temperature,
            "max_tokens": self.max_tokens,
            "json_mode": self.json_mode,
            "extra_body": self.extra_body,
            "api_key_env": self.api_key_env,
            "retrieval": self.context.describe(),
        }

    def messages(self, query: Query, passages: list[Passage] | None = None) -> list[dict[str, str]]:
        """The exact messages sent for ``query`` (``dump-prompts`` writes these)."""
        chosen = self.context.passages(query) if passages is None else passages
        return build_messages(query.text, chosen, query.system_instructions)

    def request_body(self, query: Query, passages: list[Passage] | None = None) -> dict[str, Any]:
        body: dict[str, Any] = {
            **self.extra_body,
            "model": self.model,
            "messages": self.messages(query, passages),
            "temperature": self.temperature,
            "stream": False,
        }
        if self.max_tokens is not None:
            body["max_tokens"] = self.max_tokens
        if self.json_mode:
            body["response_format"] = {"type": "json_object"}
        return body

    async def query(self, query: Query) -> Answer:
        url = join_url(self.base_url, "chat/completions")
        passages = self.context.passages(query)
        reply = await self._client.json("POST", url, json=self.request_body(query, passages))
        content, finish = self._content(reply)
        try:
            obj = parse_model_json(content)
        except ModelOutputError as exc:
            cut = " (the reply was cut at max_tokens)" if finish == "length" else ""
            raw = self.redact(exc.raw)[:RAW_KEPT_CHARS]  # masked first: a key cut in two would leak half
            raise AdapterError(
                f"model output is not a JSON answer: {exc.problem}{cut}; raw reply: {raw}"
            ) from None
        if not isinstance(obj.get("answer"), str) and obj.get("answer") is not None:
            obj["answer"] = json.dumps(obj["answer"], ensure_ascii=False)
        answer = replace(self.redact.answer(parse_answer(obj)), contexts=tuple(p.context() for p in passages))
        if query.case is None:
            return answer
        return DocumentNames(query.documents).answer(answer)

    def _content(self, reply: Any) -> tuple[str, str | None]:
        choices = reply.get("choices") if isinstance(reply, Mapping) else None
        if not isinstance(choices, list) or not choices or not isinstance(choices[0], Mapping):
            raise AdapterError(
                f"reply has no choices: {excerpt(json.dumps(reply, ensure_ascii=False), self.redact)}"
            )
        message = choices[0].get("message")
        content = message.get("content") if isinstance(message, Mapping) else None
        if not isinstance(content, str) or not content.strip():
            finish = choices[0].get("finish_reason")
            raise AdapterError(f"reply has an empty message content (finish_reason {finish!r})")
        finish_reason = choices[0].get("finish_reason")
        return content, finish_reason if isinstance(finish_reason, str) else None

    async def close(self) -> None:
        await self._client.close()


def create(arg: str | None, options: dict[str, Any]) -> OpenAIAdapter:
    """Factory for ``openai:CONFIG.toml``."""
    return OpenAIAdapter(AdapterConfig.load("openai", arg, options))
