"""A planted API key must never leave the environment: not in a report, log line, cache key or run store.

The fake server answers with debug error pages that echo the request headers (so the key comes back
in bodies the adapters quote in their skip reasons). Every adapter runs through the runner, the
report, the answer cache and the run store, and the CLI prints its summary; then every file written
and everything printed or logged is searched for the key.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from benchmark.api import run as run_benchmark
from tests.servers.fake_rag_server import FakeRagServer
from tests.servers.support import LOAN_FACTS, cli_exit_code, loan_set, write_toml

KEY = "sk-PLANTED-7f3a9c1e5b2d4680a1b2c3d4e5f60718"
MARK = KEY[:14]  # a cut-off key still leaks: search for its start, not just the whole key
ENV = "LRB_SECRET_FOR_TEST"


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeRagServer]:
    monkeypatch.setenv(ENV, KEY)
    with FakeRagServer(api_key=KEY, echo_headers=True) as srv:
        yield srv


def configs(server: FakeRagServer, tmp_path: Path) -> dict[str, Path]:
    common: dict[str, Any] = {"api_key_env": ENV, "timeout": 2, "concurrency": 4}
    values: dict[str, dict[str, Any]] = {
        "http": {"url": f"{server.url}/generic/ask", "response": {"answer": "$.result.text"}},
        "openai": {"base_url": f"{server.url}/v1", "model": "m", "top_k": 2},
        "ragflow": {"base_url": server.url, "chat_id": "chat-1"},
    }
    return {name: write_toml(tmp_path / f"{name}.toml", {**common, **v}) for name, v in values.items()}


def plant_faults(server: FakeRagServer) -> None:
    """Bodies that carry the key back: HTML debug pages (500, 200, 502), a drop, an answer echoing it."""
    questions = loan_set().questions
    server.fail(questions[0].question, "500")
    server.fail(questions[1].question, "html")
    server.fail(questions[2].question, "html502")
    server.fail(questions[3].question, "drop")
    server.state.answers = {q.question: {"answer": f"回答{q.id}"} for q in questions}
    server.state.answers[questions[4].question] = {"answer": f"调试：Authorization: Bearer {KEY}"}  # echoed


def files_with_key(root: Path) -> list[str]:
    hits = []
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        if MARK.encode() in path.read_bytes():
            hits.append(str(path))
    return hits


def test_the_echoed_key_really_comes_back_from_the_server(server: FakeRagServer) -> None:
    """The fault pages do carry the key, so the redaction below is really exercised."""
    plant_faults(server)
    body = {"question": loan_set().questions[0].question}
    reply = httpx.post(f"{server.url}/generic/ask", json=body, headers={"Authorization": f"Bearer {KEY}"})
    assert reply.status_code == 500 and KEY in reply.text


def test_no_output_carries_the_key(
    server: FakeRagServer, tmp_path: Path, capfd: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture
) -> None:
    plant_faults(server)
    caplog.set_level(logging.DEBUG)
    log_file = tmp_path / "out" / "debug.log"
    log_file.parent.mkdir()
    handler = logging.FileHandler(log_file, encoding="utf-8")
    logging.getLogger().addHandler(handler)
    try:
        outputs = tmp_path / "out"
        for name, path in sorted(configs(server, tmp_path).items()):
            record = run_benchmark(
                [LOAN_FACTS], f"{name}:{path}", retries=1, timeout=10, output_dir=outputs / name
            )
            skipped = [r for r in record.results if r.outcome == "SKIP"]
            assert len(skipped) == 4, [r.skip_reason for r in skipped]
            assert any("***" in (r.skip_reason or "") for r in skipped)  # the echoed key was found and masked
            for r in record.results:
                assert MARK not in (r.skip_reason or "")
            echoed = record.results[4].answer
            assert echoed is not None and echoed.answer == "调试：Authorization: Bearer ***"
        code = _cli_run(configs(server, tmp_path)["ragflow"], outputs / "cli")
        assert code == 1
    finally:
        logging.getLogger().removeHandler(handler)
        handler.close()
    sent = [r.headers.get("Authorization") for r in server.requests()]
    assert f"Bearer {KEY}" in sent  # the key was used for real
    assert files_with_key(tmp_path) == []
    assert _sqlite_rows_with_key(outputs) == []
    captured = capfd.readouterr()
    assert MARK not in captured.out and MARK not in captured.err
    assert MARK not in caplog.text


def _cli_run(config: Path, output: Path) -> int:
    args = ["run", "--dataset", str(LOAN_FACTS), "--adapter", f"ragflow:{config}", "--output", str(output)]
    return cli_exit_code([*args, "--retries", "1", "--json"])


def _sqlite_rows_with_key(root: Path) -> list[str]:
    """Decoded text of every row of every SQLite file (catches what a WAL or page layout might hide)."""
    hits = []
    for db in sorted(root.rglob("*.sqlite")):
        con = sqlite3.connect(db)
        try:
            tables = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
            for table in tables:
                for row in con.execute(f'SELECT * FROM "{table}"'):
                    if MARK in repr(row):
                        hits.append(f"{db}:{table}")
        finally:
            con.close()
    return hits
