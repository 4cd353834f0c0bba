"""The ``ragflow:CONFIG.toml`` adapter against the fake server speaking several RAGFlow generations."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from benchmark.adapters.http_common import HttpStatusError
from benchmark.adapters.ragflow import (
    RagflowAdapter,
    chunk_list,
    chunk_pages,
    cited_indexes,
    clean_answer,
    create,
    to_answer,
)
from benchmark.errors import AdapterError, AdapterSpecError
from tests.servers.fake_rag_server import RAGFLOW_PROFILES, FakeRagServer
from tests.servers.support import doc_config, parse_toml, run, sample_query, write_toml

KEY = "ragflow-test-key-0123456789"
ANSWER = {
    "answer": "借款本金为42000元，借期自2022年3月1日起。",
    "citations": [
        {"page": 2, "quote": "借款本金为人民币肆万贰仟元整"},
        {"page": 3, "quote": "借款期限自2022年3月1日起"},
    ],
    "evidence": [{"text": "借款本金为人民币肆万贰仟元整", "page": 2}],
}
NOISE = "另案材料：与本问题无关的段落。"


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeRagServer]:
    monkeypatch.setenv("LRB_TEST_RAGFLOW_KEY", KEY)
    with FakeRagServer(api_key=KEY) as srv:
        yield srv


def make(server: FakeRagServer, tmp_path: Path, **extra: Any) -> RagflowAdapter:
    values: dict[str, Any] = {
        "base_url": server.url,
        "chat_id": "chat-1",
        "api_key_env": "LRB_TEST_RAGFLOW_KEY",
        "timeout": 5,
    }
    values.update(extra)
    return create(str(write_toml(tmp_path / "ragflow.toml", values)), {})


async def ask(adapter: RagflowAdapter, n: int = 1) -> list[Any]:
    try:
        return [await adapter.query(sample_query(i)) for i in range(n)]
    finally:
        await adapter.close()


def paths_used(server: FakeRagServer) -> list[str]:
    return sorted({r.path for r in server.requests("/api/v1/")})


# profile -> (native paths used, openai paths used) when api = "auto"
EXPECTED_PATHS = {
    "v0.13": (
        {"/api/v1/chats/chat-1/sessions", "/api/v1/chats/chat-1/completions"},
        {"/api/v1/chats_openai/chat-1/chat/completions"},
    ),
    "v0.20": (
        {"/api/v1/chats/chat-1/sessions", "/api/v1/chats/chat-1/completions"},
        {"/api/v1/chats_openai/chat-1/chat/completions"},
    ),
    "v0.25": ({"/api/v1/chat/completions"}, {"/api/v1/openai/chat-1/chat/completions"}),
    "v0.25-dict": ({"/api/v1/chat/completions"}, {"/api/v1/openai/chat-1/chat/completions"}),
    "v1.0": ({"/api/v1/chat/completions"}, {"/api/v1/openai/chat-1/chat/completions"}),
}


@pytest.mark.parametrize("profile", sorted(RAGFLOW_PROFILES))
@pytest.mark.parametrize("endpoint", ["native", "openai"])
def test_every_generation_maps_markers_to_cited_chunks(
    server: FakeRagServer, tmp_path: Path, profile: str, endpoint: str
) -> None:
    server.set_profile(profile)
    server.state.answers[sample_query(0).text] = ANSWER
    server.state.answers[sample_query(1).text] = ANSWER
    answers = run(ask(make(server, tmp_path, endpoint=endpoint), n=2))
    for answer in answers:
        assert answer.answer == ANSWER["answer"]  # markers stripped
        assert "[ID:" not in answer.answer and "$$" not in answer.answer
        if endpoint == "openai" and RAGFLOW_PROFILES[profile].openai_reference == "never":
            assert answer.citations == () and answer.evidence == ()
            continue
        assert [(c.page, c.quote) for c in answer.citations] == [
            (2, "借款本金为人民币肆万贰仟元整"),
            (3, "借款期限自2022年3月1日起"),
        ]
        assert {c.doc for c in answer.citations} == {"document.pdf"}
        assert [(e.text, e.page) for e in answer.evidence] == [
            ("借款本金为人民币肆万贰仟元整", 2),
            ("借款期限自2022年3月1日起", 3),
        ]
        assert NOISE not in [e.text for e in answer.evidence]  # retrieved but not cited
    used = set(paths_used(server))
    expected = EXPECTED_PATHS[profile][0 if endpoint == "native" else 1]
    assert expected <= used
    if expected != used:  # the only extra requests are the one probe of the current path before falling back
        assert len(server.requests("/api/v1/chat/completions") + server.requests("/api/v1/openai/")) == 1


def test_legacy_native_path_asks_within_a_new_session(server: FakeRagServer, tmp_path: Path) -> None:
    server.set_profile("v0.20")
    server.state.answers[sample_query().text] = ANSWER
    answer = run(ask(make(server, tmp_path, api="legacy")))[0]
    assert "Hi! I'm your assistant" not in answer.answer
    body = json.loads(server.requests("/completions")[0].body)
    assert body["stream"] is False and body["session_id"] in server.state.sessions
    assert body["question"] == sample_query().text


def test_current_native_path_sends_chat_id_in_the_body(server: FakeRagServer, tmp_path: Path) -> None:
    run(ask(make(server, tmp_path)))
    logged = server.requests("/api/v1/chat/completions")[0]
    assert json.loads(logged.body) == {"chat_id": "chat-1", "question": sample_query().text, "stream": False}
    assert logged.headers["Authorization"] == f"Bearer {KEY}"


def test_openai_endpoint_asks_for_the_reference(server: FakeRagServer, tmp_path: Path) -> None:
    run(ask(make(server, tmp_path, endpoint="openai", model="deepseek-chat")))
    body = json.loads(server.requests("/api/v1/openai/")[0].body)
    assert body["extra_body"] == {"reference": True} and body["model"] == "deepseek-chat"
    assert body["messages"] == [{"role": "user", "content": sample_query().text}] and body["stream"] is False


@pytest.mark.parametrize("style", ["empty", "blank"])
def test_chunks_without_positions_give_evidence_without_a_page(
    server: FakeRagServer, tmp_path: Path, style: str
) -> None:
    server.state.positions = style
    server.state.answers[sample_query().text] = ANSWER
    answer = run(ask(make(server, tmp_path)))[0]
    assert [(e.text, e.page) for e in answer.evidence] == [
        ("借款本金为人民币肆万贰仟元整", None),
        ("借款期限自2022年3月1日起", None),
    ]
    first = answer.citations[0]
    assert (first.page, first.quote, first.doc) == (None, "借款本金为人民币肆万贰仟元整", "document.md")


def test_sessions_are_deleted_on_close_when_asked(server: FakeRagServer, tmp_path: Path) -> None:
    server.set_profile("v0.20")
    run(ask(make(server, tmp_path, delete_sessions=True), n=3))
    assert len(server.state.sessions) == 3
    assert set(server.state.sessions.values()) == {"deleted"}


def test_sessions_are_kept_by_default(server: FakeRagServer, tmp_path: Path) -> None:
    run(ask(make(server, tmp_path), n=2))
    assert set(server.state.sessions.values()) == {"open"}


def test_error_envelope_is_a_fault_with_ragflows_message(server: FakeRagServer, tmp_path: Path) -> None:
    with pytest.raises(AdapterError) as info:
        run(ask(make(server, tmp_path, chat_id="someone-elses-chat")))
    assert "RAGFlow error code 102" in info.value.reason and "someone-elses-chat" in info.value.reason
    assert not info.value.transient


def test_a_wrong_key_is_not_retried(
    server: FakeRagServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LRB_TEST_RAGFLOW_KEY", "wrong-key-000")
    with pytest.raises(AdapterError) as info:
        run(ask(make(server, tmp_path)))
    assert info.value.reason.startswith("HTTP 401") and not info.value.transient


@pytest.mark.parametrize(("profile", "api"), [("v1.0", "legacy"), ("v0.20", "current")])
def test_a_pinned_api_does_not_fall_back(
    server: FakeRagServer, tmp_path: Path, profile: str, api: str
) -> None:
    server.set_profile(profile)
    with pytest.raises(HttpStatusError) as info:
        run(ask(make(server, tmp_path, api=api)))
    assert info.value.status == 404 and not info.value.transient


def test_config_problems(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("LRB_UNSET_RAGFLOW_KEY", raising=False)
    base = {"base_url": "http://127.0.0.1:9", "chat_id": "c"}
    cases = [
        ({**base}, "api_key_env", "missing"),
        ({**base, "api_key_env": "LRB_UNSET_RAGFLOW_KEY"}, "api_key_env", "is not set"),
        ({"base_url": "http://127.0.0.1:9", "api_key_env": "HOME"}, "chat_id", "missing"),
        ({**base, "api_key_env": "HOME", "endpoint": "grpc"}, "endpoint", "one of native, openai"),
    ]
    for values, key, problem in cases:
        path = write_toml(tmp_path / "r.toml", values)
        with pytest.raises(AdapterSpecError) as info:
            create(str(path), {})
        assert (
            f"key {key!r}" in str(info.value) and problem in str(info.value) and str(path) in str(info.value)
        )


def test_describe_names_the_variable_not_the_key(server: FakeRagServer, tmp_path: Path) -> None:
    described = make(server, tmp_path).describe()
    assert described["api_key_env"] == "LRB_TEST_RAGFLOW_KEY"
    assert KEY not in json.dumps(described)


# --- the mapping, on shapes taken from RAGFlow's documented replies ---------------------------------


def test_chunk_list_shapes() -> None:
    a, b = {"content": "a"}, {"content": "b"}
    assert chunk_list([a, b]) == {0: a, 1: b}
    assert chunk_list({"total": 2, "chunks": [a, b], "doc_aggs": []}) == {0: a, 1: b}
    assert chunk_list({"chunks": {"20": a, "3": b}, "doc_aggs": {}}) == {20: a, 3: b}
    assert chunk_list({}) == {} and chunk_list(None) == {} and chunk_list([]) == {}


def test_markers_old_and_new() -> None:
    text = "甲方 ##0$$ 乙方[ID:2] 又[ID: 2] 丙##11$$"
    assert cited_indexes(text) == [0, 2, 11]
    assert clean_answer(text) == "甲方 乙方 又 丙"
    assert clean_answer("<think>先想想 [ID:1]</think>答案[ID:0]") == "答案"


@pytest.mark.parametrize(
    ("positions", "pages"),
    [
        ([[4, 84.0, 520.0, 300.0, 400.0], [5, 1, 2, 3, 4], [4, 1, 2, 3, 4]], [4, 5]),
        ([[12, 11, 11, 11, 11]], [12]),
        ([], []),
        ([""], []),
        ([[0, 1, 2, 3, 4]], []),
        (["3,10,20,30,40"], [3]),
        (None, []),
    ],
)
def test_pages_from_positions(positions: Any, pages: list[int]) -> None:
    assert chunk_pages({"positions": positions}) == pages


def test_older_field_names() -> None:
    reference = {
        "chunks": [
            {"content_with_weight": "旧字段内容", "docnm_kwd": "old.pdf", "position_int": [[7, 1, 2, 3, 4]]},
            {"content": "新字段内容", "document_keyword": "mid.docx", "positions": []},
        ]
    }
    answer = to_answer("回答##0$$##1$$", reference, "cited")
    assert [(c.page, c.quote, c.doc) for c in answer.citations] == [
        (7, "旧字段内容", "old.pdf"),
        (None, "新字段内容", "mid.docx"),
    ]
    assert [(e.text, e.page, e.doc) for e in answer.evidence] == [
        ("旧字段内容", 7, "old.pdf"),
        ("新字段内容", None, "mid.docx"),
    ]


def test_evidence_modes() -> None:
    reference = [{"content": "甲", "positions": [[1, 0, 0, 0, 0]]}, {"content": "乙", "positions": []}]
    assert [e.text for e in to_answer("答[ID:1]", reference, "cited").evidence] == ["乙"]
    assert [e.text for e in to_answer("答[ID:1]", reference, "all").evidence] == ["甲", "乙"]
    assert [e.text for e in to_answer("答", reference, "auto").evidence] == ["甲", "乙"]
    assert to_answer("答", reference, "cited").evidence == ()
    assert to_answer("答[ID:9]", reference, "cited").citations == ()  # a marker naming no chunk is ignored


def test_the_documented_config_is_the_example_and_loads(monkeypatch: pytest.MonkeyPatch) -> None:
    documented, example = doc_config("ragflow")
    assert parse_toml(example.read_text(encoding="utf-8")) == documented
    monkeypatch.setenv("RAGFLOW_API_KEY", "example-key-value")
    assert isinstance(create(str(example), {}), RagflowAdapter)
