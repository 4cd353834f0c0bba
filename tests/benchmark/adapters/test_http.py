"""The generic ``http:CONFIG.toml`` adapter against the fake server on 127.0.0.1."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from benchmark.adapters.base import create_adapter
from benchmark.adapters.http import HttpAdapter, create, render
from benchmark.adapters.http_common import parse_retry_after, shard_sizes
from benchmark.adapters.json_text import JsonPath
from benchmark.errors import AdapterError, AdapterSpecError
from tests.servers.fake_rag_server import FakeRagServer
from tests.servers.support import (
    SEED_GAPS,
    doc_config,
    parse_toml,
    query_for,
    run,
    sample_query,
    text_query,
    write_toml,
)

GENERIC_RESPONSE = {
    "answer": "$.result.text",
    "citations": "$.result.sources",
    "evidence": "$.result.passages",
    "abstained": "$.result.refused",
    "citation": {"page": "page_no", "quote": "snippet"},
}
ANSWER = {
    "answer": "借款本金为人民币肆万贰仟元整（42000元）。",
    "citations": [{"page": 2, "lines": "40-42", "quote": "借款本金为人民币肆万贰仟元整"}],
    "evidence": [{"text": "借款本金为人民币肆万贰仟元整", "page": 2}],
    "abstained": False,
}


@pytest.fixture
def server() -> Iterator[FakeRagServer]:
    with FakeRagServer() as srv:
        yield srv


def config(server: FakeRagServer, tmp_path: Path, **extra: Any) -> Path:
    values: dict[str, Any] = {"url": f"{server.url}/generic/ask", "timeout": 5, "concurrency": 4}
    values["body"] = {"question": "{question}", "id": "{question_id}", "top_k": 3}
    values["response"] = dict(GENERIC_RESPONSE)
    values.update(extra)
    return write_toml(tmp_path / "http.toml", values)


def adapter_for(path: Path, **options: Any) -> HttpAdapter:
    return create(str(path), options)


async def ask_all(adapter: HttpAdapter, queries: list[Any]) -> list[Any]:
    try:
        return list(await asyncio.gather(*(adapter.query(q) for q in queries)))
    finally:
        await adapter.close()


def test_maps_a_generic_response_to_an_answer(server: FakeRagServer, tmp_path: Path) -> None:
    q = sample_query()
    server.state.answers[q.text] = ANSWER
    answer = run(ask_all(adapter_for(config(server, tmp_path)), [q]))[0]
    assert answer.answer == ANSWER["answer"]
    assert [(c.page, str(c.lines), c.quote) for c in answer.citations] == [
        (2, "40-42", "借款本金为人民币肆万贰仟元整")
    ]
    assert [e.text for e in answer.evidence] == ["借款本金为人民币肆万贰仟元整"]
    assert answer.abstained is False
    sent = json.loads(server.requests("/generic/ask")[0].body)
    assert sent == {"question": q.text, "id": q.question.id, "top_k": 3}


@pytest.mark.parametrize(
    "text",
    [
        '他说"借款"}, "admin": true, "x": "',
        "换行\n制表\t反斜杠\\ 和 {question} 与 {{braces}}",
        "</script><b>html</b> 'single' 👍",
    ],
)
def test_question_is_json_encoded_never_pasted(server: FakeRagServer, tmp_path: Path, text: str) -> None:
    path = config(server, tmp_path, body={"q": "{question}", "prompt": "问题：{question}（请简答）", "n": 1})
    run(ask_all(adapter_for(path), [text_query(text)]))
    sent = json.loads(server.requests("/generic/ask")[0].body)
    assert sent == {"q": text, "prompt": f"问题：{text}（请简答）", "n": 1}


def test_render_keeps_non_string_values_and_escapes_braces() -> None:
    template = {"a": ["{question}", 1, True, None], "b": "{{literal}} {set_name}"}
    assert render(template, {"question": "问", "set_name": "s"}) == {
        "a": ["问", 1, True, None],
        "b": "{literal} s",
    }


def test_get_with_query_parameters_and_document_id(server: FakeRagServer, tmp_path: Path) -> None:
    q = sample_query()
    server.state.answers[q.text] = ANSWER
    path = config(
        server,
        tmp_path,
        method="GET",
        params={"q": "{question}", "doc": "{document_id}"},
        document_ids={"document.md": "loan-2022-017"},
    )
    answer = run(ask_all(adapter_for(path), [q]))[0]
    assert answer.answer == ANSWER["answer"]
    logged = server.requests("/generic/ask")[0]
    assert logged.method == "GET" and logged.body == ""
    assert "doc=loan-2022-017" in logged.path


def test_error_path_reports_the_systems_error(server: FakeRagServer, tmp_path: Path) -> None:
    path = config(server, tmp_path, response={"answer": "$.result.text", "error": "$.status"})
    with pytest.raises(AdapterError) as info:
        run(ask_all(adapter_for(path), [sample_query()]))
    assert "reported an error: ok" in info.value.reason and not info.value.transient


def test_missing_answer_path_is_a_non_transient_fault(server: FakeRagServer, tmp_path: Path) -> None:
    path = config(server, tmp_path, response={"answer": "$.result.nowhere"})
    with pytest.raises(AdapterError) as info:
        run(ask_all(adapter_for(path), [sample_query()]))
    assert "no answer at $.result.nowhere" in info.value.reason
    assert not info.value.transient


def test_key_goes_in_the_header_and_never_in_describe(
    server: FakeRagServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LRB_TEST_HTTP_KEY", "sk-test-abcdef123456")
    path = config(
        server,
        tmp_path,
        api_key_env="LRB_TEST_HTTP_KEY",
        headers={"X-Api-Key": "{api_key}", "X-Team": "legal"},
    )
    adapter = adapter_for(path)
    assert "sk-test-abcdef123456" not in json.dumps(adapter.describe(), ensure_ascii=False)
    assert "sk-test-abcdef123456" not in repr(adapter.secret)
    run(ask_all(adapter, [sample_query()]))
    headers = server.requests("/generic/ask")[0].headers
    assert headers["X-Api-Key"] == "sk-test-abcdef123456"
    assert "Authorization" not in headers


def test_options_override_the_file_and_are_converted(server: FakeRagServer, tmp_path: Path) -> None:
    path = config(server, tmp_path)
    adapter = adapter_for(path, timeout="2.5", concurrency="7", **{"response.answer": "$.status"})
    assert adapter.settings.timeout == 2.5 and adapter.max_concurrency == 7
    answer = run(ask_all(adapter, [sample_query()]))[0]
    assert answer.answer == "ok"


def test_registry_builds_it_from_a_spec(server: FakeRagServer, tmp_path: Path) -> None:
    adapter = create_adapter(f"http:{config(server, tmp_path)}")
    assert isinstance(adapter, HttpAdapter)


def test_connections_are_pooled(server: FakeRagServer, tmp_path: Path) -> None:
    adapter = adapter_for(config(server, tmp_path, concurrency=3))
    queries = [text_query(f"问题{i}") for i in range(30)]
    run(ask_all(adapter, queries))
    ports = {r.client_port for r in server.requests("/generic/ask")}
    assert len(server.requests("/generic/ask")) == 30
    assert 1 <= len(ports) <= 3


@pytest.mark.parametrize(
    ("values", "key", "problem"),
    [
        ({}, "url", "missing"),
        ({"url": "ftp://x"}, "url", "must start with http"),
        (
            {"url": "http://127.0.0.1:9/a", "body": {"q": "{questoin}"}},
            "body",
            "unknown placeholder {questoin}",
        ),
        ({"url": "http://127.0.0.1:9/a", "timout": 5}, "timout", "did you mean 'timeout'"),
        (
            {"url": "http://127.0.0.1:9/a", "response": {"answer": "$.a[x"}},
            "response.answer",
            "cannot read JSON path",
        ),
        ({"url": "http://127.0.0.1:9/a", "concurrency": 0}, "concurrency", "integer >= 1"),
        ({"url": "http://127.0.0.1:9/a", "api_key_env": "LRB_SURELY_UNSET_VAR"}, "api_key_env", "is not set"),
        (
            {"url": "http://127.0.0.1:9/a", "api_key_env": "sk-abc-123"},
            "api_key_env",
            "NAME of an environment",
        ),
        ({"url": "http://127.0.0.1:9/a", "headers": {"X": "{question}"}}, "headers.X", "only {api_key}"),
        ({"url": "http://127.0.0.1:9/a", "headers": {"X-Team": "法务"}}, "headers.X-Team", "ASCII"),
    ],
)
def test_bad_configs_name_the_file_and_key(
    tmp_path: Path, values: dict[str, Any], key: str, problem: str
) -> None:
    path = write_toml(tmp_path / "bad.toml", values)
    with pytest.raises(AdapterSpecError) as info:
        create(str(path), {})
    message = str(info.value)
    assert str(path) in message and f"key {key!r}" in message and problem in message
    assert info.value.exit_code == 2


def test_unreadable_config_files(tmp_path: Path) -> None:
    with pytest.raises(AdapterSpecError, match="not found"):
        create(str(tmp_path / "missing.toml"), {})
    bad = tmp_path / "bad.toml"
    bad.write_text("url = [unclosed", encoding="utf-8")
    with pytest.raises(AdapterSpecError, match="not valid TOML"):
        create(str(bad), {})


def test_json_paths() -> None:
    body = {"data": {"items": [{"text": "a"}, {"text": "b"}], "odd key": 1}}
    assert JsonPath("$.data.items[1].text").get(body) == "b"
    assert JsonPath("data.items[-1].text").get(body) == "b"
    assert JsonPath('$.data["odd key"]').get(body) == 1
    assert JsonPath("$.data.items[5].text").get(body, None) is None
    assert JsonPath("$.data.items.text").get(body, None) is None


def test_retry_after_forms() -> None:
    assert parse_retry_after("3") == 3.0
    assert parse_retry_after("0.5") == 0.5
    assert parse_retry_after("Wed, 21 Oct 2015 07:28:10 GMT", now=1445412480.0) == 10.0
    assert parse_retry_after("Wed, 21 Oct 2015 07:28:00 GMT", now=1445412490.0) == 0.0
    assert parse_retry_after("soon") is None and parse_retry_after(None) is None


def test_the_documented_config_is_the_example_and_loads(monkeypatch: pytest.MonkeyPatch) -> None:
    documented, example = doc_config("http")
    assert parse_toml(example.read_text(encoding="utf-8")) == documented
    monkeypatch.setenv("MY_RAG_API_KEY", "example-key-value")
    assert isinstance(create(str(example), {}), HttpAdapter)


@pytest.mark.parametrize(
    ("connections", "sizes"), [(1, [1]), (2, [2]), (3, [2, 1]), (16, [2] * 8), (7, [2, 2, 2, 1])]
)
def test_connections_are_split_into_small_shards(connections: int, sizes: list[int]) -> None:
    assert shard_sizes(connections) == sizes


def test_many_requests_over_few_connections_all_complete(server: FakeRagServer, tmp_path: Path) -> None:
    """More requests at once than connections: they wait for a connection, none is lost or duplicated."""
    adapter = adapter_for(config(server, tmp_path, concurrency=5))
    queries = [text_query(f"并发问题{i}") for i in range(40)]
    for q in queries:
        server.state.answers[q.text] = {"answer": f"答{q.text}"}
    answers = run(ask_all(adapter, queries))
    assert [a.answer for a in answers] == [f"答{q.text}" for q in queries]
    assert len({r.client_port for r in server.requests("/generic/ask")}) <= 5


def test_body_template_can_send_the_system_instructions(server: FakeRagServer, tmp_path: Path) -> None:
    from benchmark.adapters.prompts import instructions_text
    from benchmark.questions import load_question_set

    qs = load_question_set(SEED_GAPS)
    with_rules = query_for(qs.questions[0], qs)
    path = config(server, tmp_path, body={"q": "{question}", "system": "{system_instructions}"})
    run(ask_all(adapter_for(path), [with_rules, sample_query()]))
    sent = [json.loads(r.body) for r in server.requests("/generic/ask")]
    by_question = {s["q"]: s["system"] for s in sent}
    assert by_question[with_rules.text] == instructions_text(qs.system_instructions)
    assert "禁止1：编造电话号码、住址、人名、金额或日期" in by_question[with_rules.text]
    assert by_question[sample_query().text] == ""  # the loan set has none
