"""A planted API key must never leave the environment: not in a report, log line, cache key or run store,
in no encoding a server may echo it in.

The fake server echoes the key back: debug error pages that show the request headers (bodies the
adapters quote in their skip reasons), a JSON error body written with ``\\/`` and ``\\uXXXX`` escapes,
and an answer that repeats the key raw, JSON-escaped, URL-encoded and in base64 (``tests.servers
.fake_rag_server.key_forms``). Every adapter runs through the runner, the report, the answer cache and
the run store, and the CLI prints its summary; then every file written (report.json, answers.jsonl,
report.html, config.json, both SQLite files) and everything printed or logged is searched for the key
in each of those forms. Two keys: a plain one, and one holding ``" \\ / + =`` and a space.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from benchmark.adapters.secrets import Redactor, encoded_forms
from benchmark.api import run as run_benchmark
from tests.servers.fake_rag_server import FakeRagServer, key_forms
from tests.servers.support import LOAN_FACTS, cli_exit_code, loan_set, write_toml

PLAIN = "sk-PLANTED-7f3a9c1e5b2d4680a1b2c3d4e5f60718"
SPECIAL = 'sk-PL"ANT\\ED/7f3a+9c1e=5b2d 4680a1b2'  # what JSON, URLs and base64 each escape
KEYS = {"plain": PLAIN, "special": SPECIAL}
ENV = "LRB_SECRET_FOR_TEST"


def leaks(key: str) -> list[str]:
    """What must appear nowhere: the key's start (a cut-off key still leaks) in each form a server may
    echo it in, and each whole form."""
    forms = {key[:14], *key_forms(key).values()} - {key_forms(key)["basic"]}
    forms |= {key_forms(key[:14])[k] for k in ("json", "json_slash", "url", "form")}
    return sorted(f.removeprefix('{"k": "').removesuffix('"}') for f in forms)


@pytest.fixture(params=sorted(KEYS))
def key(request: pytest.FixtureRequest) -> str:
    return KEYS[request.param]


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch, key: str) -> Iterator[FakeRagServer]:
    monkeypatch.setenv(ENV, key)
    with FakeRagServer(api_key=key, echo_headers=True) as srv:
        yield srv


def configs(server: FakeRagServer, tmp_path: Path) -> dict[str, Path]:
    common: dict[str, Any] = {"api_key_env": ENV, "timeout": 2, "concurrency": 4}
    values: dict[str, dict[str, Any]] = {
        "http": {"url": f"{server.url}/generic/ask", "response": {"answer": "$.result.text"}},
        "openai": {"base_url": f"{server.url}/v1", "model": "m", "top_k": 2},
        "ragflow": {"base_url": server.url, "chat_id": "chat-1"},
    }
    return {name: write_toml(tmp_path / f"{name}.toml", {**common, **v}) for name, v in values.items()}


def plant_faults(server: FakeRagServer, key: str) -> None:
    """Bodies that carry the key back: HTML debug pages (500, 200, 502), a drop, an answer echoing it
    raw, a JSON error body, and an answer that repeats it in every encoding."""
    questions = loan_set().questions
    server.fail(questions[0].question, "500")
    server.fail(questions[1].question, "html")
    server.fail(questions[2].question, "html502")
    server.fail(questions[3].question, "drop")
    server.fail(questions[5].question, "json500")
    server.fail(questions[6].question, "echo")
    server.state.answers = {q.question: {"answer": f"回答{q.id}"} for q in questions}
    server.state.answers[questions[4].question] = {"answer": f"调试：Authorization: Bearer {key}"}  # echoed


def files_with_key(root: Path, key: str) -> list[str]:
    hits = []
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        data = path.read_bytes()
        hits += [f"{path}: {form!r}" for form in leaks(key) if form.encode() in data]
    return hits


def test_the_echoed_key_really_comes_back_from_the_server(server: FakeRagServer, key: str) -> None:
    """The fault pages and the echo answer do carry the key, so the redaction below is really exercised."""
    plant_faults(server, key)
    headers = {"Authorization": f"Bearer {key}"}
    questions = loan_set().questions
    reply = httpx.post(f"{server.url}/generic/ask", json={"question": questions[0].question}, headers=headers)
    assert reply.status_code == 500 and key in reply.text
    reply = httpx.post(f"{server.url}/generic/ask", json={"question": questions[5].question}, headers=headers)
    assert reply.status_code == 500 and key_forms(key)["json_slash"][1:-1] in reply.text
    assert (key in reply.text) == (key == PLAIN), "the special key comes back escaped only"
    reply = httpx.post(f"{server.url}/generic/ask", json={"question": questions[6].question}, headers=headers)
    assert all(form in reply.json()["result"]["text"] for form in key_forms(key).values())


def test_no_output_carries_the_key(
    server: FakeRagServer,
    key: str,
    tmp_path: Path,
    capfd: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    plant_faults(server, key)
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
            assert len(skipped) == (5 if name == "http" else 6), [r.skip_reason for r in skipped]
            assert any("***" in (r.skip_reason or "") for r in skipped)  # the echoed key was found and masked
            echoed = record.results[4].answer
            assert echoed is not None and echoed.answer == "调试：Authorization: Bearer ***"
            if name == "http":
                forms = record.results[6].answer
                assert forms is not None and "url=*** | url_lower=*** | form=*** | b64=***" in forms.answer
            _cli_run(path, name, outputs / "cli")
    finally:
        logging.getLogger().removeHandler(handler)
        handler.close()
    sent = [r.headers.get("Authorization") for r in server.requests()]
    assert f"Bearer {key}" in sent  # the key was used for real
    assert files_with_key(tmp_path, key) == []
    assert _sqlite_rows_with_key(outputs, key) == []
    captured = capfd.readouterr()
    for form in leaks(key):
        assert form not in captured.out and form not in captured.err and form not in caplog.text


def _cli_run(config: Path, adapter: str, output: Path) -> None:
    args = ["run", "--dataset", str(LOAN_FACTS), "--adapter", f"{adapter}:{config}", "--output", str(output)]
    for render in ("json", "summary", "junit"):
        assert cli_exit_code([*args, "--retries", "1", "--no-progress", "--render", render]) == 1


def _sqlite_rows_with_key(root: Path, key: str) -> list[str]:
    """Decoded text of every row of every SQLite file (catches what a WAL or page layout might hide)."""
    hits = []
    for db in sorted(root.rglob("*.sqlite")):
        con = sqlite3.connect(db)
        try:
            tables = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
            for table in tables:
                for row in con.execute(f'SELECT * FROM "{table}"'):
                    text = "\n".join(str(v) for v in row)
                    hits += [f"{db}:{table}: {form!r}" for form in leaks(key) if form in text]
        finally:
            con.close()
    return hits


@pytest.mark.parametrize("name", sorted(KEYS))
def test_every_encoded_form_is_masked(name: str) -> None:
    key = KEYS[name]
    redact = Redactor([key])
    for form_name, form in key_forms(key).items():
        masked = redact(f"前{form}后")
        assert key[:14] not in masked and form not in masked, form_name
    assert redact("no secret here") == "no secret here"
    assert len(encoded_forms(key)) >= (14 if key == SPECIAL else 6)


def test_credential_headers_from_the_config_are_secrets_too(tmp_path: Path) -> None:
    """A literal token in ``headers`` (no environment variable) is masked like a key."""
    from benchmark.adapters.base import create_adapter

    config = write_toml(
        tmp_path / "h.toml",
        {"url": "http://127.0.0.1:9/ask", "headers": {"X-Api-Key": "tok/en+with=signs", "X-Tenant": "acme"}},
    )
    adapter = create_adapter(f"http:{config}")
    assert adapter.redact("echo tok%2Fen%2Bwith%3Dsigns and acme") == "echo *** and acme"
