"""An OpenAI-compatible chat endpoint on 127.0.0.1 that plays a judge, for the judge tests.

``POST /v1/chat/completions`` reads the one user message (the rendered prompt) and replies by the
first rule whose text occurs in it (``rule(text, mode)``), else by ``default``. Modes:

- ``match`` / ``nomatch``: ``{"match": true|false, "reason": "..."}`` as the message content;
- ``fence``: the same verdict inside a Markdown code fence;
- ``malformed``: prose instead of JSON; ``wrong_shape``: JSON without ``match``; ``no_choices``: a body
  without ``choices``; ``html``: an HTML page with status 200;
- ``500`` / ``404`` / ``429``: that status with a short JSON error;
- ``echo_key``: a match whose reason repeats the request's ``Authorization`` header (a redaction test).

Every request is logged (path, headers, parsed body): ``requests()`` counts what a run asked.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

MODES = (
    "match",
    "nomatch",
    "fence",
    "malformed",
    "wrong_shape",
    "no_choices",
    "html",
    "500",
    "404",
    "429",
    "echo_key",
)


@dataclass
class Logged:
    path: str
    headers: dict[str, str]
    body: Any

    @property
    def prompt(self) -> str:
        try:
            return str(self.body["messages"][-1]["content"])
        except (KeyError, IndexError, TypeError):
            return ""


@dataclass
class JudgeState:
    default: str = "nomatch"
    rules: list[tuple[str, str]] = field(default_factory=list)
    log: list[Logged] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def mode_for(self, prompt: str) -> str:
        return next((mode for text, mode in self.rules if text in prompt), self.default)


def completion(content: str) -> dict[str, Any]:
    return {
        "id": "chatcmpl-judge",
        "object": "chat.completion",
        "model": "judge-test",
        "choices": [
            {"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}
        ],
    }


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: JudgeHTTPServer

    def log_message(self, format: str, *args: Any) -> None:
        return

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length).decode("utf-8", "replace") if length else ""
        try:
            body = json.loads(raw) if raw else {}
        except json.JSONDecodeError:
            body = None
        entry = Logged(self.path, dict(self.headers.items()), body)
        state = self.server.state
        with state.lock:
            state.log.append(entry)
        if body is None or not self.path.endswith("/chat/completions"):
            self._send(404 if body is not None else 400, b'{"error": "not found"}', "application/json")
            return
        self._reply(state.mode_for(entry.prompt), entry)

    def _reply(self, mode: str, entry: Logged) -> None:
        verdict = {"match": mode in ("match", "fence", "echo_key"), "reason": f"the test judge says {mode}"}
        if mode == "echo_key":
            verdict["reason"] = f"you sent {entry.headers.get('Authorization', '')}"
        if mode in ("500", "404", "429"):
            self._send(
                int(mode),
                json.dumps({"error": {"message": f"test error {mode}"}}).encode(),
                "application/json",
            )
            return
        if mode == "html":
            self._send(200, b"<html><body><h1>Bad Gateway</h1></body></html>", "text/html")
            return
        content = json.dumps(verdict, ensure_ascii=False)
        if mode == "fence":
            content = f"```json\n{content}\n```"
        elif mode == "malformed":
            content = "I think the answer is probably right."
        elif mode == "wrong_shape":
            content = json.dumps({"verdict": "yes"})
        body = {"error": "no choices"} if mode == "no_choices" else completion(content)
        self._send(200, json.dumps(body, ensure_ascii=False).encode(), "application/json")

    def _send(self, status: int, data: bytes, ctype: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


class JudgeHTTPServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, state: JudgeState) -> None:
        self.state = state
        super().__init__(("127.0.0.1", 0), Handler)


class JudgeServer:
    """``with JudgeServer(default="match") as srv: srv.url`` (the ``base_url`` a judge config names)."""

    def __init__(self, default: str = "nomatch") -> None:
        self.state = JudgeState(default=default)
        self.httpd = JudgeHTTPServer(self.state)
        self._thread = threading.Thread(
            target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )

    @property
    def url(self) -> str:
        host, port = self.httpd.server_address[:2]
        return f"http://{host!s}:{port}/v1"

    def rule(self, text: str, mode: str) -> None:
        if mode not in MODES:
            raise ValueError(f"unknown mode {mode!r}; known: {', '.join(MODES)}")
        self.state.rules.append((text, mode))

    def requests(self) -> list[Logged]:
        with self.state.lock:
            return list(self.state.log)

    def __enter__(self) -> JudgeServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self._thread.join(timeout=5)
