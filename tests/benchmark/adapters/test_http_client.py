"""The shared HTTP client's shortcuts keep httpx's behaviour, and the fake server's latency is a floor."""

from __future__ import annotations

import http.client
import json
import time

import httpx
import pytest

from benchmark.adapters.http_common import body_text
from tests.servers.fake_rag_server import FakeRagServer


@pytest.mark.parametrize(
    ("content", "content_type"),
    [
        ("借款本金".encode(), "application/json"),
        ("借款本金".encode(), "application/json; charset=utf-8"),
        ("借款本金".encode("gbk"), "text/html; charset=GBK"),
        ("借款本金".encode("gb18030"), 'text/plain; charset="gb18030"'),
        ("é".encode("latin-1"), "text/plain;charset=ISO-8859-1"),
        (b"\xff\xfe broken", "application/json"),
        (b"plain", "text/plain; charset=no-such-codec"),
        (b"", ""),
    ],
)
def test_body_text_decodes_as_httpx_does(content: bytes, content_type: str) -> None:
    headers = {"content-type": content_type} if content_type else {}
    assert body_text(content, content_type) == httpx.Response(200, headers=headers, content=content).text


def test_latency_counts_from_each_requests_arrival() -> None:
    """On a kept-alive connection too, no answer comes back sooner than the latency after its request."""
    latency = 0.05
    with FakeRagServer(latency=latency) as server:
        host, port = server.httpd.server_address[:2]
        conn = http.client.HTTPConnection(str(host), int(port), timeout=5)
        try:
            for i in range(4):
                body = json.dumps({"question": f"问题{i}"}, ensure_ascii=False).encode()
                start = time.monotonic()
                conn.request("POST", "/generic/ask", body, {"Content-Type": "application/json"})
                reply = conn.getresponse()
                reply.read()
                assert reply.status == 200
                assert time.monotonic() - start >= latency
        finally:
            conn.close()
