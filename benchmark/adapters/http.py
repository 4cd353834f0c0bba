"""``http:CONFIG.toml``: any JSON-over-HTTP endpoint, described by a config (docs/adapters/http.md).

The request body (or query parameters) is a JSON template in which string values may hold
placeholders: ``{question}``, ``{question_id}``, ``{document_id}``,
``{document_name}``, ``{set_name}``, ``{system_instructions}`` (the set's instructions as the
``openai`` adapter words them, "" when it has none), ``{documents}`` and ``{document_titles}`` (the set's
documents: a list of ``{"id", "title", "path", "type"}`` objects, and their titles), ``{api_key}``
(headers only). Substitution happens on the parsed template, value by value, and the result is
JSON-encoded by the client: a question holding quotes, braces or newlines can never break or inject
into the request. A string that is exactly one placeholder is replaced by the value (a list stays a
list); inside longer text a list is written as JSON (``{document_titles}``: the titles joined by ``、``);
``{{`` and ``}}`` are literal braces.

The response mapping gives JSON paths to ``answer`` (required), ``citations``, ``evidence``,
``contexts`` (the retrieved passages, best first), ``abstained``, ``fields`` and ``error`` (a non-empty
value there is reported as the fault). In a case file, the document names in the answer are mapped to
the set's ids (``document_names`` table first, then leniently: ``benchmark.adapters.doc_names``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from benchmark.adapters.base import Query
from benchmark.adapters.doc_names import DocumentNames
from benchmark.adapters.http_common import (
    COMMON_KEYS,
    AdapterConfig,
    HttpSettings,
    PooledClient,
    compile_path,
    excerpt,
)
from benchmark.adapters.json_text import MISSING, JsonPath
from benchmark.adapters.prompts import instructions_text
from benchmark.adapters.secrets import Redactor, credential_headers, read_secret
from benchmark.answers import parse_answer
from benchmark.errors import AdapterError
from benchmark.models import Answer

KEYS = (
    *COMMON_KEYS,
    "url",
    "method",
    "body",
    "body_json",
    "params",
    "response",
    "document_ids",
    "document_names",
    "name",
)
RESPONSE_KEYS = (
    "answer",
    "citations",
    "evidence",
    "contexts",
    "abstained",
    "fields",
    "error",
    "citation",
    "evidence_item",
    "context",
)
ITEM_KEYS = {
    "citation": ("page", "lines", "quote", "doc", "document"),
    "evidence_item": ("text", "page", "doc", "document"),
    "context": ("text", "page", "lines", "document", "score"),
}
LIST_KEYS = {"citations": "citation", "evidence": "evidence_item", "contexts": "context"}
PLACEHOLDERS = (
    "question",
    "question_id",
    "document_id",
    "document_name",
    "set_name",
    "documents",
    "document_titles",
    "system_instructions",
)
METHODS = ("post", "put", "patch", "get")

_PLACEHOLDER = re.compile(r"\{\{|\}\}|\{([A-Za-z_]\w*)\}")


def render(template: Any, values: Mapping[str, Any]) -> Any:
    """The template with placeholders replaced inside string values (never inside raw JSON text)."""
    if isinstance(template, str):
        whole = _PLACEHOLDER.fullmatch(template)
        if whole is not None and whole.group(1) and not isinstance(values[whole.group(1)], str):
            return values[whole.group(1)]  # a list placeholder alone stays a list
        return _render_text(template, values)
    if isinstance(template, Mapping):
        return {str(k): render(v, values) for k, v in template.items()}
    if isinstance(template, list):
        return [render(v, values) for v in template]
    return template


def _render_text(text: str, values: Mapping[str, Any]) -> str:
    def sub(m: re.Match[str]) -> str:
        token = m.group(0)
        if token in ("{{", "}}"):
            return token[0]
        value = values[m.group(1)]
        if isinstance(value, str):
            return value
        if m.group(1) == "document_titles":
            return "、".join(value)
        return json.dumps(value, ensure_ascii=False)

    return _PLACEHOLDER.sub(sub, text)


def placeholders_in(template: Any) -> set[str]:
    if isinstance(template, str):
        return {m.group(1) for m in _PLACEHOLDER.finditer(template) if m.group(1)}
    if isinstance(template, Mapping):
        return set().union(*(placeholders_in(v) for v in template.values())) if template else set()
    if isinstance(template, list):
        return set().union(*(placeholders_in(v) for v in template)) if template else set()
    return set()


def query_values(query: Query, document_ids: Mapping[str, str]) -> dict[str, Any]:
    """The placeholder values for one question."""
    path = query.document_path or (query.document.path if query.document is not None else None)
    name = path.name if path is not None else ""
    documents = [
        {"id": d.id, "title": d.title or d.id, "path": d.ref, "type": d.type or ""} for d in query.documents
    ]
    return {
        "question": query.text,
        "question_id": query.question.id,
        "document_name": name,
        "document_id": document_ids.get(name, document_ids.get(str(path), name)) if path else "",
        "set_name": query.set_name,
        "documents": documents,
        "document_titles": [d["title"] for d in documents],
        "system_instructions": instructions_text(query.system_instructions),
    }


class ResponseMap:
    """JSON paths from a response body to the answer object of docs/contract.md §3."""

    def __init__(self, config: AdapterConfig) -> None:
        table = config.table("response")
        for key in table:
            if key not in RESPONSE_KEYS:
                raise config.error(f"response.{key}", f"unknown; expected one of {', '.join(RESPONSE_KEYS)}")
        self.paths: dict[str, JsonPath] = {}
        for key in ("answer", "citations", "evidence", "contexts", "abstained", "fields", "error"):
            if key in table:
                self.paths[key] = compile_path(config, f"response.{key}", table[key])
        self.paths.setdefault("answer", JsonPath("$.answer"))
        self.items = {name: self._item_paths(config, name, table.get(name, {})) for name in ITEM_KEYS}

    @staticmethod
    def _item_paths(config: AdapterConfig, name: str, table: object) -> dict[str, JsonPath]:
        if not isinstance(table, Mapping):
            raise config.error(f"response.{name}", "must be a table of field = JSON path")
        paths = {}
        for field, path in table.items():
            if field not in ITEM_KEYS[name]:
                raise config.error(
                    f"response.{name}.{field}", f"unknown; expected {', '.join(ITEM_KEYS[name])}"
                )
            paths[field] = compile_path(config, f"response.{name}.{field}", path)
        return paths

    def apply(self, body: Any, redact: Redactor) -> Answer:
        error = self.paths["error"].get(body, None) if "error" in self.paths else None
        if error not in (None, "", False, [], {}):
            text = error if isinstance(error, str) else json.dumps(error, ensure_ascii=False)
            raise AdapterError(f"the system reported an error: {excerpt(text, redact)}")
        answer = self.paths["answer"].get(body)
        if answer is MISSING or answer is None:
            shown = excerpt(json.dumps(body, ensure_ascii=False), redact)
            raise AdapterError(f"response has no answer at {self.paths['answer']}: {shown}")
        obj: dict[str, Any] = {
            "answer": answer if isinstance(answer, str) else json.dumps(answer, ensure_ascii=False)
        }
        for key in ("citations", "evidence", "contexts", "abstained", "fields"):
            if key in self.paths:
                value = self.paths[key].get(body, None)
                obj[key] = self._remap(key, value)
        return parse_answer(obj)

    def _remap(self, key: str, value: Any) -> Any:
        item_key = LIST_KEYS.get(key)
        paths = self.items.get(item_key or "", {})
        if not paths or not isinstance(value, list):
            return value
        return [self._remap_item(item, paths) if isinstance(item, Mapping) else item for item in value]

    @staticmethod
    def _remap_item(item: Mapping[str, Any], paths: Mapping[str, JsonPath]) -> dict[str, Any]:
        out = dict(item)
        for field, path in paths.items():
            value = path.get(item, None)
            if value is not None:
                out[field] = value
        return out


class HttpAdapter:
    """Sends each question to one JSON endpoint and maps the reply to an answer."""

    def __init__(self, config: AdapterConfig) -> None:
        config.check_keys(KEYS)
        self.config_source = config.source
        self.url = config.required_text("url")
        if not self.url.startswith(("http://", "https://")):
            raise config.error("url", f"must start with http:// or https://, got {self.url!r}")
        self.method = config.choice("method", (*METHODS, *(m.upper() for m in METHODS)), "post").upper()
        self.settings = HttpSettings.from_config(config)
        self.max_concurrency = self.settings.concurrency
        self.name = config.text("name", "http") or "http"
        self.secret = read_secret(config)
        self.body, self.params = self._templates(config)
        self.document_ids = config.str_table("document_ids")
        self.document_names = config.str_table("document_names")
        self.response = ResponseMap(config)
        self._header_template = config.headers()
        self._api_key_env = self.secret.env if self.secret else None
        headers = self._headers(config)
        self.redact = Redactor([self.secret, *credential_headers(headers)])
        self._client = PooledClient(self.settings, headers, self.redact, tls=self.url.startswith("https://"))

    def _templates(self, config: AdapterConfig) -> tuple[Any, dict[str, Any]]:
        if config.has("body") and config.has("body_json"):
            raise config.error(
                "body_json", "give either body (a table) or body_json (a JSON string), not both"
            )
        body: Any = config.table("body") if config.has("body") else None
        if config.has("body_json"):
            try:
                body = json.loads(config.required_text("body_json"))
            except json.JSONDecodeError as exc:
                raise config.error("body_json", f"not valid JSON ({exc.msg} at char {exc.pos})") from None
        if body is None and self.method != "GET":
            body = {"question": "{question}"}
        params = config.table("params")
        for key, template in (("body", body), ("params", params)):
            unknown = sorted(placeholders_in(template) - set(PLACEHOLDERS))
            if "question_type" in unknown:
                raise config.error(
                    key,
                    "{question_type} is not sent: a system under test never learns a question's type "
                    "(docs/adapters/query.md)",
                )
            if unknown:
                raise config.error(
                    key, f"unknown placeholder {{{unknown[0]}}}; known: {', '.join(PLACEHOLDERS)}"
                )
        return body, params

    def _headers(self, config: AdapterConfig) -> dict[str, str]:
        headers = {"Accept": "application/json"}
        uses_key = False
        for name, value in self._header_template.items():
            for key in placeholders_in(value):
                if key != "api_key":
                    raise config.error(
                        f"headers.{name}", f"only {{api_key}} can be used in headers, not {{{key}}}"
                    )
                if self.secret is None:
                    raise config.error(
                        "api_key_env", f"headers.{name} uses {{api_key}}: name its environment variable"
                    )
                uses_key = True
            headers[name] = _render_text(value, {"api_key": self.secret.value if self.secret else ""})
        if self.secret is not None and not uses_key:
            headers["Authorization"] = f"Bearer {self.secret.value}"
        return headers

    def describe(self) -> dict[str, Any]:
        """The config that identifies the system; header values are omitted (they may hold keys)."""
        return {
            "url": self.url,
            "method": self.method,
            "body": self.body,
            "params": self.params,
            "headers": sorted(self._header_template),
            "api_key_env": self._api_key_env,
            "response": {k: str(v) for k, v in sorted(self.response.paths.items())},
            **({"document_names": self.document_names} if self.document_names else {}),
        }

    async def query(self, query: Query) -> Answer:
        values = query_values(query, self.document_ids)
        kwargs: dict[str, Any] = {}
        if self.params:
            kwargs["params"] = render(self.params, values)
        if self.body is not None and self.method != "GET":
            kwargs["json"] = render(self.body, values)
        body = await self._client.json(self.method, self.url, **kwargs)
        answer = self.redact.answer(self.response.apply(body, self.redact))
        if query.case is None:
            return answer
        return DocumentNames(query.documents, self.document_names).answer(answer)

    async def close(self) -> None:
        await self._client.close()


def create(arg: str | None, options: dict[str, Any]) -> HttpAdapter:
    """Factory for ``http:CONFIG.toml`` (options override the file's keys; dotted keys reach tables)."""
    return HttpAdapter(AdapterConfig.load("http", arg, options))
