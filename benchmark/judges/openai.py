"""``--judge openai:CONFIG.toml``: any OpenAI-compatible chat endpoint as a judge (vLLM, Ollama, hosted).

Config keys: ``base_url`` and ``model`` (required); ``api_key_env`` (the NAME of the environment
variable holding the key: a key is never read from a file); ``prompt`` (a prompt file, relative to the
config; default ``benchmark/judges/prompts/text_judge.md``); ``timeout`` (60 s), ``concurrency`` (4),
``retries`` (2, of timeouts, dropped connections, HTTP 429 and 5xx), ``max_tokens``, ``json_mode``
(send ``response_format: json_object``), ``headers`` (a table; not for credentials), ``verify_tls``,
``name`` (shown on judged components; default ``openai``). ``--judge-option KEY=VALUE`` overrides a key.

Each request is one chat completion at temperature 0 whose one user message is the prompt file with
``{{task}}``, ``{{question}}``, ``{{references}}`` and ``{{answer}}`` filled in. The reply's content must be
one JSON object ``{"match": true|false, "reason": "..."}`` (a surrounding code fence is tolerated);
anything else, an HTTP error or a timeout is a judge error recorded on the component, never a crash.
Every text that could carry the key goes through the adapters' ``Redactor``.
"""

from __future__ import annotations

import hashlib
import json
import re
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Any

from benchmark.adapters.http_common import Redactor
from benchmark.judges.base import JudgeConfig
from scorers.verdicts import JudgeRequest, Verdict

if TYPE_CHECKING:
    import httpx

KEYS = (
    "base_url",
    "model",
    "api_key_env",
    "prompt",
    "timeout",
    "concurrency",
    "retries",
    "max_tokens",
    "json_mode",
    "headers",
    "verify_tls",
    "name",
)
DEFAULT_PROMPT = Path(__file__).resolve().parent / "prompts" / "text_judge.md"
PLACEHOLDERS = ("{{task}}", "{{question}}", "{{references}}", "{{answer}}")
TASKS = {
    "text_answer": "does the answer state what the reference answer states?",
    "entity": "does the answer name the same person, party, organisation or place as the reference?",
    "key_point": "does the answer, with the evidence it quotes, state the key point given as the reference?",
}
REASON_CHARS = 300
EXCERPT_CHARS = 200
MAX_BACKOFF_S = 5.0
CREDENTIAL_HEADER = re.compile(r"auth|key|token|secret|passw|cookie|session|signature", re.IGNORECASE)
_FENCE = re.compile(r"^```(?:json)?\s*(.*?)\s*```$", re.DOTALL | re.IGNORECASE)


class ReplyError(ValueError):
    """The endpoint's reply is not a verdict."""


def _flat(text: str, limit: int) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def parse_verdict(content: str) -> tuple[bool, str]:
    """``(match, reason)`` from a reply's content, or ``ReplyError``."""
    text = content.strip()
    fenced = _FENCE.match(text)
    if fenced:
        text = fenced.group(1)
    try:
        obj = json.loads(text)
    except ValueError:
        raise ReplyError("not JSON") from None
    if (
        not isinstance(obj, dict)
        or not isinstance(obj.get("match"), bool)
        or not isinstance(obj.get("reason"), str)
    ):
        raise ReplyError('not an object with "match" (true/false) and "reason" (text)')
    return obj["match"], obj["reason"]


def render_prompt(template: str, request: JudgeRequest) -> str:
    refs = "\n".join(f"{i}. {ref}" for i, ref in enumerate(request.references, 1))
    values = {
        "{{task}}": TASKS.get(request.kind, TASKS["text_answer"]),
        "{{question}}": request.question,
        "{{references}}": refs,
        "{{answer}}": request.answer,
    }
    return re.sub("|".join(map(re.escape, values)), lambda m: values[m.group()], template)


def _content(body: Any) -> str:
    try:
        content = body["choices"][0]["message"]["content"]
    except (KeyError, IndexError, TypeError):
        raise ReplyError("no choices[0].message.content") from None
    if not isinstance(content, str):
        raise ReplyError("choices[0].message.content is not text")
    return content


class OpenAIJudge:
    def __init__(self, config: JudgeConfig) -> None:
        config.check_keys(KEYS)
        self.base_url = config.required("base_url").rstrip("/")
        if not self.base_url.startswith(("http://", "https://")):
            raise config.error("base_url", f"must start with http:// or https://, got {self.base_url!r}")
        self.model = config.required("model")
        self.name = config.text("name") or "openai"
        prompt_path = config.path("prompt") or DEFAULT_PROMPT
        self.prompt = self._read_prompt(config, prompt_path)
        self.timeout = config.number("timeout", 60.0, low=0.001)
        self.concurrency = config.integer("concurrency", 4, low=1)
        self.retries = config.integer("retries", 2, low=0)
        self.max_tokens = config.integer("max_tokens", 256, low=1) if config.text("max_tokens") else None
        self.json_mode = config.flag("json_mode", False)
        self.verify_tls = config.flag("verify_tls", True)
        self.headers = config.table("headers")
        for header in self.headers:
            if CREDENTIAL_HEADER.search(header):
                raise config.error(
                    f"headers.{header}",
                    "credentials never go in headers here: name the key's variable with api_key_env",
                )
        key = config.secret("api_key_env")
        self.redact = Redactor([key])
        self._auth = {"Authorization": f"Bearer {key}"} if key else {}

    @staticmethod
    def _read_prompt(config: JudgeConfig, path: Path) -> str:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise config.error("prompt", f"cannot read the prompt file {str(path)!r} ({exc})") from None
        missing = [p for p in ("{{references}}", "{{answer}}") if p not in text]
        if missing:
            raise config.error("prompt", f"the prompt file {str(path)!r} lacks {' and '.join(missing)}")
        return text

    def identity(self) -> dict[str, Any]:
        return {
            "judge": "openai",
            "name": self.name,
            "base_url": self.base_url,
            "model": self.model,
            "temperature": 0,
            "max_tokens": self.max_tokens,
            "json_mode": self.json_mode,
            "prompt_sha256": hashlib.sha256(self.prompt.encode("utf-8")).hexdigest(),
        }

    def body(self, request: JudgeRequest) -> dict[str, Any]:
        body: dict[str, Any] = {
            "model": self.model,
            "temperature": 0,
            "messages": [{"role": "user", "content": render_prompt(self.prompt, request)}],
        }
        if self.max_tokens is not None:
            body["max_tokens"] = self.max_tokens
        if self.json_mode:
            body["response_format"] = {"type": "json_object"}
        return body

    def judge(self, requests: Sequence[JudgeRequest]) -> list[Verdict]:
        import httpx

        headers = {**self.headers, **self._auth}
        with (
            httpx.Client(timeout=self.timeout, headers=headers, verify=self.verify_tls) as client,
            ThreadPoolExecutor(max_workers=min(self.concurrency, len(requests) or 1)) as pool,
        ):
            return list(pool.map(lambda r: self._one(client, r), requests))

    def _error(self, problem: str) -> Verdict:
        return Verdict(self.name, None, _flat(self.redact(problem), REASON_CHARS + EXCERPT_CHARS))

    def _one(self, client: httpx.Client, request: JudgeRequest) -> Verdict:
        import httpx

        url = f"{self.base_url}/chat/completions"
        problem = ""
        for attempt in range(self.retries + 1):
            wait = min(MAX_BACKOFF_S, 0.25 * 2**attempt)
            try:
                response = client.post(url, json=self.body(request))
            except httpx.TimeoutException:
                problem = f"timed out after {self.timeout:g}s"
            except httpx.TransportError as exc:
                problem = f"connection failed ({type(exc).__name__}: {exc})"
            else:
                if response.status_code < 400:
                    return self._verdict(response)
                problem = f"HTTP {response.status_code}: {_flat(response.text, EXCERPT_CHARS)}"
                if response.status_code != 429 and response.status_code < 500:
                    return self._error(problem)
                wait = self._retry_after(response, wait)
            if attempt < self.retries:
                time.sleep(wait)
        return self._error(f"{problem} (after {self.retries + 1} attempts)")

    @staticmethod
    def _retry_after(response: httpx.Response, default: float) -> float:
        try:
            return min(MAX_BACKOFF_S, max(0.0, float(response.headers.get("retry-after", default))))
        except ValueError:
            return default

    def _verdict(self, response: httpx.Response) -> Verdict:
        try:
            content = _content(response.json())
            match, reason = parse_verdict(content)
        except ValueError as exc:  # a JSON decode error or a ReplyError
            problem = exc if isinstance(exc, ReplyError) else "the response body is not JSON"
            return self._error(
                f"the reply is not a verdict ({problem}): {_flat(response.text, EXCERPT_CHARS)}"
            )
        return Verdict(self.name, match, _flat(self.redact(reason), REASON_CHARS))


def create(arg: str | None, options: dict[str, Any]) -> OpenAIJudge:
    """``openai:CONFIG.toml`` (or ``openai`` with every key given as ``--judge-option``)."""
    return OpenAIJudge(JudgeConfig.load("openai", Path(arg) if arg else None, options))


__all__ = ["DEFAULT_PROMPT", "KEYS", "TASKS", "OpenAIJudge", "create", "parse_verdict", "render_prompt"]
