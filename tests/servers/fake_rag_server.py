"""A fake RAG service for the adapter tests, on 127.0.0.1 only, with switchable faults.

It speaks four dialects:

- generic JSON: ``POST /generic/ask`` (or ``GET /generic/ask?q=...``) -> ``{"status", "result": {...}}``;
- OpenAI chat completions: ``POST /v1/chat/completions`` -> ``choices[0].message.content`` holding the
  answer as JSON, optionally wrapped (code fence, prose around it, cut short, not JSON at all);
- RAGFlow, by profile (``RAGFLOW_PROFILES``): the native completion API on the legacy path
  ``/api/v1/chats/{id}/completions`` (which needs a session) and the current ``/api/v1/chat/completions``
  (``chat_id`` in the body), and the OpenAI-compatible API on ``/api/v1/chats_openai/{id}/...`` and
  ``/api/v1/openai/{id}/...``; ``##n$$`` or ``[ID:n]`` markers, old or new chunk field names, positions
  for PDFs or empty ones for text documents, reference chunks as a list or as a dict keyed by index.

Answers come from ``answers`` (question text -> answer object of docs/contract.md §3), matched by the longest
question text that appears in the request. Faults are switched by rule (``fail(question, fault, times)``),
by an ``X-Fault`` request header, or by a path prefix ``/fault/<kind>/...``. Every loop is bounded: a slow
reply sleeps at most ``MAX_DELAY_S``.

Run it alone (for the benchmarks) with ``python -m tests.servers.fake_rag_server --latency 0.05``: it
prints ``PORT <n>`` and serves until its stdin closes. ``latency`` is counted from the moment a request's
first line arrives: no answer leaves sooner than that after its request came in.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import re
import socket
import sys
import threading
import time
import uuid
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote, quote_plus, urlsplit

FAULTS = (
    "302",
    "500",
    "503",
    "429",
    "slow",
    "truncated",
    "malformed",
    "html",
    "html502",
    "drop",
    "drop_mid",
    "401",
    "404",
    "echo",
    "json500",
)
WRAPS = ("plain", "fence", "prose", "partial", "garbage")
MAX_DELAY_S = 5.0
MAX_LOG = 20_000


@dataclass(frozen=True)
class RagflowProfile:
    """How one generation of RAGFlow answers (see docs/adapters/ragflow.md for the versions)."""

    name: str
    marker: str  # "##{}$$" or "[ID:{}]"
    name_field: str  # "document_keyword" (older) or "document_name"
    content_field: str = "content"
    legacy_paths: bool = True
    current_paths: bool = True
    session_required: bool = True  # legacy path: without a session id the question is ignored
    openai_reference: str = "always"  # "never" | "always" | "extra_body" (v0.23+ needs extra_body.reference)
    reference_style: str = "list"  # "list" | "dict" (chunks keyed by their index)


RAGFLOW_PROFILES = {
    "v0.13": RagflowProfile(
        "v0.13", "##{}$$", "document_keyword", current_paths=False, openai_reference="never"
    ),
    "v0.20": RagflowProfile("v0.20", "[ID:{}]", "document_name", current_paths=False),
    "v0.25": RagflowProfile("v0.25", "[ID:{}]", "document_name", openai_reference="extra_body"),
    "v0.25-dict": RagflowProfile(
        "v0.25-dict", "[ID:{}]", "document_name", openai_reference="extra_body", reference_style="dict"
    ),
    "v1.0": RagflowProfile(
        "v1.0", "[ID:{}]", "document_name", legacy_paths=False, openai_reference="extra_body"
    ),
}


@dataclass
class Rule:
    fault: str
    times: int | None = None  # only the first N matching requests; None = every one
    retry_after: str | None = "0"
    delay: float = 2.0
    used: int = 0


@dataclass(frozen=True)
class Logged:
    method: str
    path: str
    headers: dict[str, str]
    body: str
    client_port: int = 0


@dataclass
class ServerState:
    answers: dict[str, dict[str, Any]] = field(default_factory=dict)
    rules: dict[str, Rule] = field(default_factory=dict)
    profile: RagflowProfile = RAGFLOW_PROFILES["v0.25"]
    positions: str = "pdf"  # "pdf" | "empty" ([]) | "blank" ([""])
    wrap: str = "plain"
    latency: float = 0.0
    api_key: str | None = None
    echo_headers: bool = False  # error pages show the request headers, as a debug page would
    log: list[Logged] = field(default_factory=list)
    sessions: dict[str, str] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def answer_for(self, texts: list[str]) -> tuple[str | None, dict[str, Any]]:
        joined = "\n".join(texts)
        keys = [k for k in self.answers if k in joined]
        if not keys:
            return None, {"answer": "材料中未找到相关信息。", "abstained": True}
        key = max(keys, key=len)
        return key, self.answers[key]

    def rule_for(self, texts: list[str]) -> Rule | None:
        joined = "\n".join(texts)
        keys = sorted((k for k in self.rules if k in joined), key=len, reverse=True)
        with self.lock:
            for key in keys:
                rule = self.rules[key]
                if rule.times is None or rule.used < rule.times:
                    rule.used += 1
                    return rule
        return None


def strings_in(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, Mapping):
        for v in value.values():
            yield from strings_in(v)
    elif isinstance(value, list):
        for v in value:
            yield from strings_in(v)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    wbufsize = 1 << 16  # headers and body leave in one write (``_send_raw`` flushes)
    server: FakeHTTPServer
    received = 0.0  # time.monotonic() when the current request's first line arrived

    def log_message(self, format: str, *args: Any) -> None:  # silence the per-request stderr line
        return

    def setup(self) -> None:
        super().setup()
        # headers and body go out in two writes: without this, Nagle + delayed ACK add ~40 ms a reply
        self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def parse_request(self) -> bool:
        self.received = time.monotonic()  # the request line has just been read
        return super().parse_request()

    @property
    def state(self) -> ServerState:
        return self.server.state

    def do_GET(self) -> None:
        self._handle("GET")

    def do_POST(self) -> None:
        self._handle("POST")

    def do_DELETE(self) -> None:
        self._handle("DELETE")

    # --- plumbing ---------------------------------------------------------------------------------

    def _handle(self, method: str) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length).decode("utf-8", "replace") if length else ""
        split = urlsplit(self.path)
        with self.state.lock:
            if len(self.state.log) < MAX_LOG:
                self.state.log.append(
                    Logged(method, self.path, dict(self.headers.items()), raw, self.client_address[1])
                )
        try:
            body = json.loads(raw) if raw else {}
        except json.JSONDecodeError:
            self._send(400, {"error": "request body is not JSON"})
            return
        query = {k: v[-1] for k, v in parse_qs(split.query).items()}
        path, fault = self._path_fault(split.path)
        texts = list(strings_in(body)) + list(query.values())
        rule = self._rule(fault, texts)
        if rule is not None and self._fault(rule):
            return
        if self.state.latency:  # counted from the request's arrival, not from the end of our parsing
            wait = min(self.state.latency, MAX_DELAY_S) - (time.monotonic() - self.received)
            if wait > 0:
                time.sleep(wait)
        self._route(method, path, body, query, texts)

    def _path_fault(self, path: str) -> tuple[str, str | None]:
        if path.startswith("/fault/"):
            _, _, kind, rest = path.split("/", 3)
            return "/" + rest, kind
        return path, None

    def _rule(self, path_fault: str | None, texts: list[str]) -> Rule | None:
        header = self.headers.get("X-Fault")
        if path_fault or header:
            kind, _, retry = (path_fault or header or "").partition(";")
            return Rule(kind, retry_after=retry or "0")
        return self.state.rule_for(texts)

    def _send(self, status: int, obj: Any, headers: Mapping[str, str] | None = None) -> None:
        self._send_raw(status, json.dumps(obj, ensure_ascii=False).encode(), "application/json", headers)

    def _send_raw(
        self,
        status: int,
        data: bytes,
        ctype: str,
        headers: Mapping[str, str] | None = None,
        length: int | None = None,
    ) -> None:
        try:
            self.send_response(status)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(data) if length is None else length))
            for k, v in (headers or {}).items():
                self.send_header(k, v)
            self.end_headers()
            self.wfile.write(data)
            self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    def _error_page(self, title: str) -> bytes:
        debug = ""
        if self.state.echo_headers:
            shown = sorted(self.headers.items(), key=lambda kv: kv[0].lower() != "authorization")
            debug = "<pre>" + "\n".join(f"{k}: {v}" for k, v in shown) + "</pre>"
        return f"<html><head><title>{title}</title></head><body><h1>{title}</h1><hr>{debug}</body></html>".encode()

    def _fault(self, rule: Rule) -> bool:
        kind = rule.fault
        if kind == "slow":
            time.sleep(min(rule.delay, MAX_DELAY_S))
            return False
        if kind in ("500", "503"):
            self._send_raw(int(kind), self._error_page(f"{kind} Internal Server Error"), "text/html")
        elif kind == "429":
            headers = {"Retry-After": rule.retry_after} if rule.retry_after is not None else {}
            self._send(429, {"error": {"message": "rate limited", "type": "rate_limit"}}, headers)
        elif kind == "302":
            self._send(302, {"moved": True}, {"Location": "/somewhere/else"})
        elif kind in ("401", "404"):
            self._send(int(kind), {"error": {"message": f"HTTP {kind} from the fake server"}})
        elif kind == "html":
            self._send_raw(200, self._error_page("Sign in"), "text/html; charset=utf-8")
        elif kind == "html502":
            self._send_raw(502, self._error_page("502 Bad Gateway"), "text/html")
        elif kind == "echo":  # an answer that repeats the key in every encoding a stack may apply
            result = {"text": echo_forms(self._token()), "sources": [], "passages": []}
            self._send_raw(200, escaped_json({"status": "ok", "result": result}), "application/json")
        elif kind == "json500":  # a JSON error body that quotes the request's headers
            error = {"error": {"message": "internal error", "request_headers": dict(self.headers.items())}}
            self._send_raw(500, escaped_json(error), "application/json")
        elif kind == "truncated":
            self._send_raw(
                200,
                b'{"code": 0, "data": {"answer": "\xe5\x80\x9f\xe6\xac\xbe\xe9\x87\x91',
                "application/json",
            )
        elif kind == "malformed":
            self._send_raw(200, b"{'code': 0, 'data': {'answer': 'x',}}", "application/json")
        elif kind == "drop":
            self._drop()
        elif kind == "drop_mid":
            self._send_raw(200, b'{"code": 0, "data": {"ans', "application/json", length=400)
            self._drop()
        else:
            self._send(400, {"error": f"unknown fault {kind!r}"})
        return True

    def _token(self) -> str:
        auth = self.headers.get("Authorization") or ""
        return auth.removeprefix("Bearer ")

    def _drop(self) -> None:
        self.close_connection = True
        try:
            self.wfile.flush()
            self.connection.shutdown(2)
        except OSError:
            pass

    # --- routes -----------------------------------------------------------------------------------

    def _route(self, method: str, path: str, body: Any, query: dict[str, str], texts: list[str]) -> None:
        if not self._authorized():
            return
        if path == "/generic/ask":
            self._generic(texts)
        elif path == "/v1/chat/completions" and method == "POST":
            self._openai(body, texts)
        elif path.startswith("/api/v1/"):
            self._ragflow(method, path, body, texts)
        else:
            self._send_raw(404, self._error_page("404 Not Found"), "text/html")

    def _authorized(self) -> bool:
        key = self.state.api_key
        if key is None or self.headers.get("Authorization") == f"Bearer {key}":
            return True
        self._send(401, {"error": {"message": "invalid API key"}})
        return False

    def _generic(self, texts: list[str]) -> None:
        _, ans = self.state.answer_for(texts)
        sources = [
            {
                "page_no": c.get("page"),
                "snippet": c.get("quote"),
                "lines": c.get("lines"),
                "doc": c.get("doc") or c.get("document"),
            }
            for c in ans.get("citations", [])
        ]
        evidence = [e if isinstance(e, str) else e.get("text") for e in ans.get("evidence", [])]
        result = {
            "text": ans["answer"],
            "sources": sources,
            "passages": evidence,
            "refused": ans.get("abstained"),
            "retrieved": ans.get("contexts", []),
        }
        self._send(200, {"status": "ok", "result": result})

    def _openai(self, body: Any, texts: list[str]) -> None:
        _, ans = self.state.answer_for(texts)
        content = wrap(json.dumps(ans, ensure_ascii=False), self.state.wrap)
        message = {"role": "assistant", "content": content}
        self._send(200, completion(message, str(body.get("model", "fake"))))

    def _ragflow(self, method: str, path: str, body: Any, texts: list[str]) -> None:
        parts = path.strip("/").split("/")  # api v1 ...
        profile = self.state.profile
        legacy = len(parts) >= 4 and parts[2] in ("chats", "chats_openai")
        if (legacy and not profile.legacy_paths) or (not legacy and not profile.current_paths):
            self._send_raw(404, self._error_page("404 Not Found"), "text/html")
        elif parts[2:] == ["chat", "completions"] and method == "POST":
            self._native(
                body, texts, body.get("chat_id"), session=body.get("session_id") or self._new_session()
            )
        elif len(parts) == 5 and parts[2] == "chats" and parts[4] == "sessions":
            self._sessions(method, parts[3], body)
        elif len(parts) == 5 and parts[2] == "chats" and parts[4] == "completions":
            self._native(body, texts, parts[3], session=body.get("session_id"))
        elif (
            len(parts) == 6
            and parts[2] in ("chats_openai", "openai")
            and parts[4:] == ["chat", "completions"]
        ):
            self._ragflow_openai(body, parts[3])
        else:
            self._send_raw(404, self._error_page("404 Not Found"), "text/html")

    def _new_session(self) -> str:
        sid = uuid.uuid4().hex
        with self.state.lock:
            self.state.sessions[sid] = "open"
        return sid

    def _sessions(self, method: str, chat_id: str, body: Any) -> None:
        if method == "POST":
            sid = self._new_session()
            self._send(
                200, {"code": 0, "data": {"id": sid, "chat_id": chat_id, "name": body.get("name", "")}}
            )
            return
        with self.state.lock:
            for sid in body.get("ids") or []:
                self.state.sessions[sid] = "deleted"
        self._send(200, {"code": 0})

    def _native(self, body: Any, texts: list[str], chat_id: str | None, session: str | None) -> None:
        if chat_id != "chat-1":
            self._send(200, {"code": 102, "message": f"You don't own the chat {chat_id}"})
            return
        if not session and self.state.profile.session_required:
            sid = self._new_session()
            data: dict[str, Any] = {
                "answer": "Hi! I'm your assistant. What can I do for you?",
                "reference": {},
                "session_id": sid,
            }
            self._send(200, {"code": 0, "data": data})
            return
        _, ans = self.state.answer_for(texts)
        answer, reference = ragflow_reference(ans, self.state.profile, self.state.positions)
        data = {"answer": answer, "reference": reference, "id": uuid.uuid4().hex, "session_id": session}
        self._send(200, {"code": 0, "data": data})

    def _ragflow_openai(self, body: Any, chat_id: str) -> None:
        profile = self.state.profile
        if chat_id != "chat-1":
            self._send(200, {"code": 102, "message": f"You don't own the chat {chat_id}"})
            return
        _, ans = self.state.answer_for([t for m in body.get("messages", []) for t in strings_in(m)])
        answer, reference = ragflow_reference(ans, profile, self.state.positions)
        message: dict[str, Any] = {"role": "assistant", "content": answer}
        wants = (body.get("extra_body") or {}).get("reference") is True
        if profile.openai_reference == "always" or (profile.openai_reference == "extra_body" and wants):
            message["reference"] = reference["chunks"] if profile.reference_style == "list" else reference
        self._send(200, completion(message, str(body.get("model", "model"))))


def escaped_json(obj: Any) -> bytes:
    """JSON as some servers write it: every non-ASCII character as ``\\uXXXX`` and ``/`` as ``\\/``."""
    return json.dumps(obj, ensure_ascii=True).replace("/", "\\/").encode("ascii")


def echo_forms(token: str) -> str:
    """A debug answer that repeats ``token`` in every form of :func:`key_forms`."""
    return "调试：" + " | ".join(f"{k}={v}" for k, v in key_forms(token).items())


def key_forms(token: str) -> dict[str, str]:
    """``token`` raw, JSON-escaped (``\\"``, ``\\/``, ``\\u0022``), URL-encoded (``%XX``, ``+``) and in
    base64 (standard and URL-safe, bare and as HTTP basic auth ``user:token``)."""
    data = token.encode("utf-8")
    return {
        "raw": token,
        "json": json.dumps({"k": token}),
        "json_slash": json.dumps(token).replace("/", "\\/"),
        "json_unicode": "".join(c if c.isalnum() else f"\\u{ord(c):04x}" for c in token),
        "url": quote(token, safe=""),
        "url_lower": re.sub(r"%[0-9A-F]{2}", lambda m: m.group().lower(), quote(token, safe="")),
        "form": quote_plus(token),
        "b64": base64.b64encode(data).decode(),
        "b64_bare": base64.b64encode(data).decode().rstrip("="),
        "b64_url": base64.urlsafe_b64encode(data).decode(),
        "basic": "Basic " + base64.b64encode(b"user:" + data).decode(),
        "basic_url": base64.urlsafe_b64encode(b"admin:" + data).decode().rstrip("="),
    }


def completion(message: dict[str, Any], model: str) -> dict[str, Any]:
    choice = {"index": 0, "finish_reason": "stop", "logprobs": None, "message": message}
    return {
        "id": "chatcmpl-" + uuid.uuid4().hex[:12],
        "object": "chat.completion",
        "model": model,
        "choices": [choice],
    }


def wrap(text: str, style: str) -> str:
    """The answer JSON as a chat model might really return it."""
    if style == "fence":
        return f"```json\n{text}\n```"
    if style == "prose":
        return f"好的，根据材料，回答如下：\n{text}\n以上回答仅供参考。"
    if style == "partial":
        return text[: max(1, len(text) * 2 // 3)]
    if style == "garbage":
        return "抱歉，我无法以 JSON 格式回答这个问题。"
    return text


def _positions(page: int | None, style: str, index: int) -> list[Any]:
    if page is None or style == "empty":
        return []
    if style == "blank":
        return [""]
    return [[page, 40, 520, 80 + 20 * index, 100 + 20 * index]]


def ragflow_reference(
    ans: Mapping[str, Any], profile: RagflowProfile, positions: str
) -> tuple[str, dict[str, Any]]:
    """The answer text with markers, and ``reference`` holding one chunk per citation and evidence item.

    Chunk 0 is an uncited chunk, so only the markers say which chunks back the answer. A citation or
    evidence item's ``doc`` becomes its chunk's document name (else ``document.md``/``.pdf``).
    """
    passages: list[tuple[str, int | None, str | None]] = [("另案材料：与本问题无关的段落。", 9, None)]
    for c in ans.get("citations") or []:
        if c.get("quote"):
            passages.append((c["quote"], c.get("page"), c.get("doc") or c.get("document")))
    for e in ans.get("evidence") or []:
        text, page, doc = (
            (e, None, None)
            if isinstance(e, str)
            else (e.get("text", ""), e.get("page"), e.get("doc") or e.get("document"))
        )
        if text and text not in [p[0] for p in passages]:
            passages.append((text, page, doc))
    chunks = [_chunk(i, text, page, profile, positions, doc) for i, (text, page, doc) in enumerate(passages)]
    markers = "".join(profile.marker.format(i) for i in range(1, len(chunks)))
    answer = f"{ans.get('answer', '')} {markers}".strip()
    if profile.reference_style == "dict":
        return answer, {"chunks": {str(i): c for i, c in enumerate(chunks)}, "doc_aggs": {}}
    return answer, {"total": len(chunks), "chunks": chunks, "doc_aggs": []}


def _chunk(
    i: int, text: str, page: int | None, profile: RagflowProfile, positions: str, name: str | None = None
) -> dict[str, Any]:
    return {
        "id": hashlib.sha256(f"{i}{text}".encode()).hexdigest()[:16],
        profile.content_field: text,
        "document_id": "doc-0001",
        profile.name_field: name or ("document.md" if positions != "pdf" else "document.pdf"),
        "dataset_id": "kb-0001",
        "image_id": "",
        "similarity": round(0.9 - 0.05 * i, 4),
        "vector_similarity": 0.5,
        "term_similarity": 0.5,
        "positions": _positions(page, positions, i),
    }


class FakeHTTPServer(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 128

    def __init__(self, state: ServerState) -> None:
        self.state = state
        super().__init__(("127.0.0.1", 0), Handler)


class FakeRagServer:
    """The server in a background thread: ``with FakeRagServer(...) as srv: srv.url``."""

    def __init__(self, **state: Any) -> None:
        profile = state.pop("profile", "v0.25")
        self.state = ServerState(profile=RAGFLOW_PROFILES[profile], **state)
        self.httpd = FakeHTTPServer(self.state)
        self._thread = threading.Thread(
            target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )

    @property
    def url(self) -> str:
        host, port = self.httpd.server_address[:2]
        return f"http://{host!s}:{port}"

    def start(self) -> FakeRagServer:
        self._thread.start()
        return self

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self._thread.join(timeout=5)

    def __enter__(self) -> FakeRagServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def set_profile(self, name: str) -> None:
        self.state.profile = RAGFLOW_PROFILES[name]

    def fail(self, question: str, fault: str, times: int | None = None, **kw: Any) -> None:
        if fault not in FAULTS:
            raise ValueError(f"unknown fault {fault!r}; known: {', '.join(FAULTS)}")
        self.state.rules[question] = Rule(fault, times, **kw)

    def requests(self, path_part: str = "") -> list[Logged]:
        with self.state.lock:
            return [r for r in self.state.log if path_part in r.path]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--latency", type=float, default=0.0, help="seconds to wait before each answer")
    parser.add_argument("--profile", default="v0.25", choices=sorted(RAGFLOW_PROFILES))
    parser.add_argument("--answers", help="a JSON file: question text -> answer object")
    args = parser.parse_args(argv)
    answers = json.loads(Path(args.answers).read_text(encoding="utf-8")) if args.answers else {}
    with FakeRagServer(latency=args.latency, profile=args.profile, answers=answers) as server:
        print(f"PORT {server.httpd.server_address[1]}", flush=True)
        sys.stdin.read()  # serve until the parent closes our stdin (or exits)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
