"""What the HTTP adapters (``http``, ``openai``, ``ragflow``) share, kept in one place.

- config: a TOML file (``NAME:CONFIG.toml``) overlaid with ``--adapter-option KEY=VALUE`` options, read
  through typed getters that name the file and key in every error (``AdapterSpecError``, exit 2);
- secrets (``benchmark.adapters.secrets``): an API key is only ever read from the environment variable
  the config names, and every answer and message that could carry it goes through ``Redactor``;
- the pooled ``httpx.AsyncClient`` (imported lazily) and the mapping of faults to ``AdapterError``:
  429 (with ``Retry-After``), 5xx, timeouts and dropped connections are transient, other 4xx are not,
  and a body that is not the JSON we expected (truncated, malformed, an HTML error page) is a
  non-transient fault whose reason keeps a short excerpt of the body;
- ``compile_path``: response-mapping paths read from the config (the path language is in ``json_text``).

The runner owns retries, backoff and its own deadlines; adapters only classify faults.
"""

from __future__ import annotations

import asyncio
import contextlib
import difflib
import email.utils
import functools
import html
import json
import re
import ssl
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from benchmark.adapters.json_text import JsonPath, is_cut_short
from benchmark.adapters.secrets import Redactor
from benchmark.errors import AdapterError, AdapterSpecError
from benchmark.toml_file import read_toml

if TYPE_CHECKING:
    import httpx

DEFAULT_TIMEOUT_S = 60.0
DEFAULT_CONCURRENCY = 4
EXCERPT_CHARS = 200

# keys every HTTP adapter understands, besides its own
COMMON_KEYS = ("timeout", "concurrency", "verify_tls", "api_key_env", "headers")


# --- config -----------------------------------------------------------------------------------


def _set_dotted(target: dict[str, Any], key: str, value: Any) -> None:
    """``response.answer=$.x`` sets ``target["response"]["answer"]``."""
    *parents, leaf = key.split(".")
    node = target
    for part in parents:
        child = node.get(part)
        if not isinstance(child, dict):
            child = {}
            node[part] = child
        node = child
    node[leaf] = value


def _same_key(option: str, key: str) -> bool:
    """``response.answer`` set by the option ``response.answer``, or inside the option ``response``."""
    return option == key or key.startswith(option + ".") or option.startswith(key + ".")


class AdapterConfig:
    """A config file's keys with options laid over them, read through typed getters.

    Option values from the command line are strings; the getters convert them (``"5"`` -> 5,
    ``"false"`` -> False). Every problem raises ``AdapterSpecError`` naming the file and the key.
    """

    def __init__(
        self, values: Mapping[str, Any], source: str, adapter: str, option_keys: Iterable[str] = ()
    ) -> None:
        self.values = dict(values)
        self.source = source
        self.adapter = adapter
        self.option_keys = frozenset(option_keys)  # (dotted) keys an option set: blamed on the option

    @classmethod
    def load(cls, adapter: str, arg: str | None, options: Mapping[str, Any]) -> AdapterConfig:
        if arg:
            path = Path(arg)
            values, source = read_toml(path, AdapterSpecError, "adapter config"), str(path)
        else:
            values, source = {}, f"{adapter} adapter options"
        for key, value in sorted(options.items()):
            _set_dotted(values, str(key), value)
        return cls(values, source, adapter, (str(k) for k in options))

    def error(self, key: str, problem: str) -> AdapterSpecError:
        """The problem, named after where the value came from: an option (``--adapter-option`` or the
        ``[adapter.options]`` of ``--config``), else the adapter's config file."""
        option = next((o for o in sorted(self.option_keys) if _same_key(o, key)), None)
        if option is not None:
            return AdapterSpecError(problem, where=f"adapter option {option!r}")
        return AdapterSpecError(problem, path=self.source, where=f"key {key!r}")

    def check_keys(self, known: Iterable[str]) -> None:
        """Refuse unknown top-level keys (usually typos), suggesting the closest known ones."""
        allowed = sorted(set(known))
        for key in sorted(self.values):
            if key in ("api_key", "key", "token") and "api_key_env" in allowed:
                raise self.error(
                    key,
                    "keys are never read from a config; put the key in an environment variable "
                    "and name that variable with api_key_env",
                )
            if key not in allowed:
                close = difflib.get_close_matches(key, allowed, n=1)
                hint = f"; did you mean {close[0]!r}?" if close else ""
                raise self.error(
                    key, f"unknown key for the {self.adapter} adapter{hint} (known: {', '.join(allowed)})"
                )

    def has(self, key: str) -> bool:
        return self.values.get(key) is not None

    def text(self, key: str, default: str | None = None, *, required: bool = False) -> str | None:
        value = self.values.get(key)
        if value is None:
            if required:
                raise self.error(key, f"missing (the {self.adapter} adapter needs it)")
            return default
        if not isinstance(value, (str, int, float)) or isinstance(value, bool):
            raise self.error(key, f"must be a string, got {type(value).__name__}")
        text = str(value).strip()
        if required and not text:
            raise self.error(key, "must not be empty")
        return text

    def required_text(self, key: str) -> str:
        value = self.text(key, required=True)
        assert value is not None
        return value

    def number(self, key: str, default: float, *, minimum: float = 0.0) -> float:
        value = self.values.get(key, default)
        try:
            number = float(value) if not isinstance(value, bool) else float("nan")
        except (TypeError, ValueError):
            raise self.error(key, f"must be a number, got {value!r}") from None
        if not number >= minimum:
            raise self.error(key, f"must be a number >= {minimum:g}, got {value!r}")
        return number

    def integer(self, key: str, default: int, *, minimum: int = 1) -> int:
        value = self.values.get(key, default)
        try:
            number = int(str(value).strip()) if not isinstance(value, (bool, float)) else None
        except ValueError:
            number = None
        if number is None or number < minimum:
            raise self.error(key, f"must be an integer >= {minimum}, got {value!r}")
        return number

    def flag(self, key: str, default: bool) -> bool:
        value = self.values.get(key, default)
        if isinstance(value, bool):
            return value
        text = str(value).strip().lower()
        if text in ("1", "true", "yes", "on"):
            return True
        if text in ("0", "false", "no", "off"):
            return False
        raise self.error(key, f"must be true or false, got {value!r}")

    def choice(self, key: str, choices: tuple[str, ...], default: str) -> str:
        value = (self.text(key, default) or default).lower()
        if value not in choices:
            raise self.error(key, f"must be one of {', '.join(choices)}, got {value!r}")
        return value

    def table(self, key: str) -> dict[str, Any]:
        value = self.values.get(key, {})
        if not isinstance(value, Mapping):
            raise self.error(key, f"must be a table, got {type(value).__name__}")
        return dict(value)

    def str_table(self, key: str) -> dict[str, str]:
        out: dict[str, str] = {}
        for name, value in self.table(key).items():
            if not isinstance(value, (str, int, float)) or isinstance(value, bool):
                raise self.error(f"{key}.{name}", "must be a string")
            out[str(name)] = str(value)
        return out

    def headers(self, key: str = "headers") -> dict[str, str]:
        """HTTP headers: names and values must be ASCII (HTTP cannot carry anything else safely)."""
        headers = self.str_table(key)
        for name, value in headers.items():
            if not (name + value).isascii() or not re.fullmatch(r"[!#$%&'*+.^_`|~0-9A-Za-z-]+", name):
                raise self.error(f"{key}.{name}", "header names must be tokens and values ASCII text")
        return headers


# --- the HTTP client --------------------------------------------------------------------------


@dataclass(frozen=True)
class HttpSettings:
    timeout: float = DEFAULT_TIMEOUT_S
    concurrency: int = DEFAULT_CONCURRENCY
    verify_tls: bool = True

    @classmethod
    def from_config(cls, config: AdapterConfig) -> HttpSettings:
        return cls(
            timeout=config.number("timeout", DEFAULT_TIMEOUT_S, minimum=0.001),
            concurrency=config.integer("concurrency", DEFAULT_CONCURRENCY),
            verify_tls=config.flag("verify_tls", True),
        )


CONNECTIONS_PER_SHARD = 2
MAX_KEPT_URLS = 64


@functools.lru_cache(maxsize=1)
def _tls_context() -> ssl.SSLContext:
    import certifi  # httpx's own dependency, and the CA bundle httpx uses by default

    return ssl.create_default_context(cafile=certifi.where())


def shard_sizes(connections: int, per_shard: int = CONNECTIONS_PER_SHARD) -> list[int]:
    """``connections`` split into the fewest shards of at most ``per_shard``, as evenly as possible."""
    count = max(1, -(-connections // per_shard))
    base, extra = divmod(max(1, connections), count)
    return [base + (1 if i < extra else 0) for i in range(count)]


class PooledClient:
    """Keep-alive connections for one adapter, made on first use (per event loop), closed by ``close()``.

    ``concurrency`` connections in all, so a run reuses connections instead of opening one per
    question. Two measured costs shape it (2,000 requests, 16 at a time, on this project's 2-core
    machine): httpcore's pool checks each of its connections on every request, so one pool of 16
    spent 2.75 ms of CPU per request against 1.1 ms for pools of 2; and ``httpx.AsyncClient`` adds
    ~0.2 ms per request (cookies, auth and redirect handling) over its transport. So requests go
    straight to ``httpx.AsyncHTTPTransport`` shards of 2 connections, each to the shard with most
    room. Redirects are not followed: a 3xx is reported (point the config at the final URL).
    """

    def __init__(
        self, settings: HttpSettings, headers: Mapping[str, str], redact: Redactor, *, tls: bool = True
    ) -> None:
        self.settings = settings
        self._tls = tls  # False: every URL is http://, so no CA bundle is loaded (~0.02 s)
        self._headers = {"User-Agent": "legal-rag-bench", **headers}
        self.redact = redact
        self._sizes = shard_sizes(settings.concurrency)
        self._busy = [0] * len(self._sizes)
        t = settings.timeout
        self._timeout = {"connect": t, "read": t, "write": t, "pool": t}
        self._urls: dict[str, httpx.URL] = {}
        # built now (importing httpx, loading the CA bundle) so the run's first questions do not wait;
        # bound to the event loop that first uses them
        self._shards = self._build()
        self._loop: asyncio.AbstractEventLoop | None = None

    def _build(self) -> list[httpx.AsyncHTTPTransport]:
        verify: ssl.SSLContext | bool = False
        if not self._tls:  # never used; if it were, it would verify against no CA and refuse
            verify = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
        elif self.settings.verify_tls:
            verify = _tls_context()  # one CA load for every shard
        return [self._make(size, verify) for size in self._sizes]

    def _make(self, size: int, verify: ssl.SSLContext | bool) -> httpx.AsyncHTTPTransport:
        import httpx

        limits = httpx.Limits(max_connections=size, max_keepalive_connections=size)
        return httpx.AsyncHTTPTransport(verify=verify, limits=limits, trust_env=False)

    def shards(self) -> list[httpx.AsyncHTTPTransport]:
        loop = asyncio.get_running_loop()
        if self._loop is not loop:
            if self._loop is not None or not self._shards:  # a new loop (or closed): fresh connections
                self._shards = self._build()
            self._busy = [0] * len(self._sizes)
            self._loop = loop
        return self._shards

    def _url(self, text: str) -> httpx.URL:
        """The parsed URL, kept: an adapter sends every question to the same one or two URLs, and
        parsing each time was ~4% of a request's client CPU (profiled)."""
        url = self._urls.get(text)
        if url is None:
            import httpx

            url = httpx.URL(text)
            if len(self._urls) < MAX_KEPT_URLS:
                self._urls[text] = url
        return url

    async def close(self) -> None:
        shards, self._shards, self._loop = self._shards, [], None
        for shard in shards:
            with contextlib.suppress(RuntimeError):  # the loop that owned its connections is gone
                await shard.aclose()

    async def request(self, method: str, url: str, **kwargs: Any) -> httpx.Response:
        """Send one request and read the reply; faults become ``AdapterError`` (see ``check_status``).

        ``kwargs`` are ``httpx.Request``'s: ``json``, ``params``, ``headers``.
        """
        import httpx

        shards = self.shards()
        i = max(range(len(shards)), key=lambda k: self._sizes[k] - self._busy[k])
        headers = {**self._headers, **kwargs.pop("headers", {})}
        request = httpx.Request(
            method, self._url(url), headers=headers, extensions={"timeout": self._timeout}, **kwargs
        )
        self._busy[i] += 1
        try:
            response = await shards[i].handle_async_request(request)
            try:
                await response.aread()
            finally:
                await response.aclose()
        except (httpx.ConnectError, httpx.ConnectTimeout) as exc:  # refused, DNS, TLS: nothing reached
            detail = self.redact(str(exc)) or "no detail"
            raise AdapterError(
                f"cannot connect to {self.redact(url)} ({type(exc).__name__}: {detail})",
                transient=True,
                unreachable=True,
            ) from None
        except httpx.TimeoutException as exc:
            raise AdapterError(
                f"timeout: no complete response within {self.settings.timeout:g}s ({type(exc).__name__})",
                transient=True,
            ) from None
        except httpx.TransportError as exc:
            detail = self.redact(str(exc)) or "no detail"
            raise AdapterError(f"connection error: {type(exc).__name__}: {detail}", transient=True) from None
        finally:
            self._busy[i] -= 1
        response.request = request
        check_status(response, self.redact)
        return response

    async def json(self, method: str, url: str, **kwargs: Any) -> Any:
        response = await self.request(method, url, **kwargs)
        content_type = response.headers.get("content-type", "")
        return parse_json_body(
            body_text(response.content, content_type), self.redact, content_type=content_type
        )


def body_text(content: bytes, content_type: str) -> str:
    """The body decoded as ``httpx.Response.text`` does (the ``charset`` of the content type, else UTF-8,
    undecodable bytes replaced), without its e-mail header parser (~3% of a request's client CPU, profiled)."""
    charset = _CHARSET.search(content_type)
    encoding = charset.group(1) if charset else "utf-8"
    try:
        return content.decode(encoding, errors="replace")
    except LookupError:  # an unknown charset: httpx falls back to UTF-8 too
        return content.decode("utf-8", errors="replace")


# --- faults -----------------------------------------------------------------------------------


def parse_retry_after(value: str | None, now: float | None = None) -> float | None:
    """Seconds to wait from a ``Retry-After`` header: delta-seconds or an HTTP date."""
    if not value:
        return None
    text = value.strip()
    try:
        seconds = float(text)
    except ValueError:
        try:
            when = email.utils.parsedate_to_datetime(text)
        except (TypeError, ValueError, IndexError):
            return None
        seconds = when.timestamp() - (time.time() if now is None else now)
    return max(0.0, seconds) if seconds == seconds else None


class HttpStatusError(AdapterError):
    """An HTTP status other than 2xx; transient for 429 and 5xx."""

    def __init__(self, reason: str, status: int, *, retry_after: float | None = None) -> None:
        super().__init__(reason, transient=status == 429 or status >= 500, retry_after=retry_after)
        self.status = status


def check_status(response: httpx.Response, redact: Redactor) -> None:
    """2xx passes; 429 and 5xx are transient faults, 3xx (not followed) and other 4xx are not."""
    status = response.status_code
    if status < 300:
        return
    if status < 400:
        where = redact(response.headers.get("location", "?"))
        raise HttpStatusError(f"HTTP {status} redirect to {where}: use that URL in the config", status)
    reason = f"HTTP {status} {response.reason_phrase}".rstrip()
    body = excerpt(body_text(response.content, response.headers.get("content-type", "")), redact)
    message = f"{reason}: {body}" if body else reason
    retry_after = parse_retry_after(response.headers.get("retry-after")) if status in (429, 503) else None
    raise HttpStatusError(message, status, retry_after=retry_after)


_CHARSET = re.compile(r";\s*charset\s*=\s*[\"']?([\w.:-]+)", re.IGNORECASE)
_TAG = re.compile(r"<[^>]+>")
_SPACE = re.compile(r"\s+")
_TITLE = re.compile(r"<title[^>]*>(.*?)</title>", re.IGNORECASE | re.DOTALL)


def looks_like_html(text: str) -> bool:
    head = text.lstrip()[:200].lower()
    return head.startswith(("<!doctype html", "<html", "<head", "<body")) or "<html" in head


def excerpt(text: str, redact: Redactor, limit: int = EXCERPT_CHARS) -> str:
    """A short one-line, secret-free excerpt of a body; an HTML page is reduced to its title and text."""
    if looks_like_html(text):
        title = _TITLE.search(text)
        body = re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", text, flags=re.IGNORECASE | re.DOTALL)
        plain = html.unescape(_TAG.sub(" ", body))
        text = f"[HTML] {html.unescape(title.group(1)) if title else ''} | {plain}"
    flat = _SPACE.sub(" ", redact(text)).strip()
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def parse_json_body(text: str, redact: Redactor, *, content_type: str = "") -> Any:
    """The body as JSON, or a non-transient ``AdapterError`` saying how it is broken, with an excerpt."""
    if looks_like_html(text) or "text/html" in content_type.lower():
        raise AdapterError(f"expected JSON, got an HTML page: {excerpt(text, redact)}")
    if not text.strip():
        raise AdapterError("expected JSON, got an empty body")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        kind = "truncated JSON" if is_cut_short(text) else "malformed JSON"
        raise AdapterError(
            f"{kind} in response ({exc.msg} at char {exc.pos}): {excerpt(text, redact)}"
        ) from None


def compile_path(config: AdapterConfig, key: str, text: object) -> JsonPath:
    if not isinstance(text, str) or not text.strip():
        raise config.error(key, 'must be a JSON path such as "$.data.answer"')
    try:
        return JsonPath(text)
    except ValueError as exc:
        raise config.error(key, str(exc)) from None


def join_url(base: str, path: str) -> str:
    return base.rstrip("/") + "/" + path.lstrip("/")
