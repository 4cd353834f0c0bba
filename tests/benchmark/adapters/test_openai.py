"""The ``openai:CONFIG.toml`` adapter, its prompts and ``dump-prompts``, against the fake server."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from benchmark.adapters.openai import OpenAIAdapter, create
from benchmark.adapters.prompts import (
    SYSTEM_PROMPT,
    ModelOutputError,
    Passage,
    build_messages,
    parse_model_json,
)
from benchmark.cli.adapters_cmd import dump_prompts
from benchmark.errors import AdapterError
from tests.servers.fake_rag_server import FakeRagServer
from tests.servers.support import (
    LOAN_FACTS,
    SEED_GAPS,
    doc_config,
    loan_set,
    parse_toml,
    query_for,
    run,
    sample_query,
    write_toml,
)

KEY = "sk-openai-test-0123456789abcdef"
ANSWER = {
    "answer": "借款本金为42000元。",
    "citations": [{"page": 2, "lines": "40-42", "quote": "借款本金为人民币肆万贰仟元整"}],
    "evidence": ["借款本金为人民币肆万贰仟元整"],
    "abstained": False,
}


@pytest.fixture
def server() -> Iterator[FakeRagServer]:
    with FakeRagServer() as srv:
        yield srv


def config(server: FakeRagServer, tmp_path: Path, **extra: Any) -> Path:
    values: dict[str, Any] = {
        "base_url": f"{server.url}/v1",
        "model": "qwen2.5:7b-instruct",
        "timeout": 5,
        "top_k": 3,
    }
    values.update(extra)
    return write_toml(tmp_path / "openai.toml", values)


async def ask(adapter: OpenAIAdapter, index: int = 0) -> Any:
    try:
        return await adapter.query(sample_query(index))
    finally:
        await adapter.close()


@pytest.mark.parametrize("wrap", ["plain", "fence", "prose"])
def test_reads_the_json_answer_however_it_is_wrapped(
    server: FakeRagServer, tmp_path: Path, wrap: str
) -> None:
    server.state.wrap = wrap
    server.state.answers[sample_query().text] = ANSWER
    answer = run(ask(create(str(config(server, tmp_path)), {})))
    assert answer.answer == ANSWER["answer"]
    assert [(c.page, str(c.lines), c.quote) for c in answer.citations] == [
        (2, "40-42", "借款本金为人民币肆万贰仟元整")
    ]
    assert [e.text for e in answer.evidence] == ["借款本金为人民币肆万贰仟元整"]
    assert answer.abstained is False


def test_a_reply_cut_short_keeps_its_complete_answer(server: FakeRagServer, tmp_path: Path) -> None:
    server.state.wrap = "partial"
    server.state.answers[sample_query().text] = ANSWER
    answer = run(ask(create(str(config(server, tmp_path)), {})))
    assert answer.answer == ANSWER["answer"]


def test_unreadable_output_is_a_skip_that_keeps_the_raw_text(server: FakeRagServer, tmp_path: Path) -> None:
    server.state.wrap = "garbage"
    with pytest.raises(AdapterError) as info:
        run(ask(create(str(config(server, tmp_path)), {})))
    assert not info.value.transient
    assert "not a JSON answer" in info.value.reason
    assert "抱歉，我无法以 JSON 格式回答这个问题。" in info.value.reason


def test_request_carries_model_parameters_prompts_and_key(
    server: FakeRagServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LRB_TEST_OPENAI_KEY", KEY)
    path = config(
        server,
        tmp_path,
        api_key_env="LRB_TEST_OPENAI_KEY",
        temperature=0.2,
        max_tokens=512,
        json_mode=True,
        extra_body={"top_p": 0.9},
    )
    adapter = create(str(path), {})
    run(ask(adapter))
    logged = server.requests("/v1/chat/completions")[0]
    body = json.loads(logged.body)
    assert logged.headers["Authorization"] == f"Bearer {KEY}"
    assert body["model"] == "qwen2.5:7b-instruct" and body["temperature"] == 0.2 and body["max_tokens"] == 512
    assert (
        body["response_format"] == {"type": "json_object"}
        and body["top_p"] == 0.9
        and body["stream"] is False
    )
    assert body["messages"] == adapter.messages(sample_query())
    assert body["messages"][0] == {"role": "system", "content": SYSTEM_PROMPT}
    user = body["messages"][1]["content"]
    assert sample_query().text in user and "[1] 第" in user and "[4]" not in user  # top_k = 3 passages
    assert KEY not in json.dumps(adapter.describe())


def test_no_key_needed_for_a_local_server(server: FakeRagServer, tmp_path: Path) -> None:
    run(ask(create(str(config(server, tmp_path)), {})))
    assert "Authorization" not in server.requests("/v1/chat/completions")[0].headers


def test_passages_come_from_the_questions_document() -> None:
    adapter = create(None, {"base_url": "http://127.0.0.1:9/v1", "model": "m", "top_k": "2"})
    query = sample_query()
    passages = adapter.context.passages(query)
    assert 1 <= len(passages) <= 2
    assert query.document is not None
    for p in passages:
        assert p.page is not None and query.document.page(p.page) is not None
        assert p.text.strip() and p.text.strip() in query.document.text
    assert adapter.messages(query) == adapter.messages(query)  # deterministic


def test_prompt_text_is_fixed() -> None:
    messages = build_messages(
        "借款金额是多少？", [Passage("甲方出借肆万贰仟元。", 2, 40, 42), Passage("乙方签字。", 3, 50)]
    )
    assert messages[1]["content"] == (
        "材料片段：\n[1] 第2页 第40-42行\n甲方出借肆万贰仟元。\n\n[2] 第3页 第50行\n乙方签字。\n\n"
        "问题：借款金额是多少？\n\n请按要求只输出 JSON。"
    )
    assert '"citations"' in messages[0]["content"] and "abstained" in messages[0]["content"]


def test_empty_content_is_a_fault(server: FakeRagServer, tmp_path: Path) -> None:
    adapter = create(str(config(server, tmp_path)), {})
    with pytest.raises(AdapterError, match="empty message content"):
        adapter._content({"choices": [{"message": {"content": ""}, "finish_reason": "length"}]})
    with pytest.raises(AdapterError, match="no choices"):
        adapter._content({"error": "x"})


@pytest.mark.parametrize(
    ("raw", "answer"),
    [
        ('{"answer": "甲"}', "甲"),
        ('```json\n{"answer": "甲", "citations": []}\n```', "甲"),
        ('```\n{"answer": "甲"}\n```\n补充说明', "甲"),
        ('根据材料：{"answer": "含}括号{的\\"答案\\""} 以上。', '含}括号{的"答案"'),
        ('<think>{"answer": "草稿"}</think>\n{"answer": "定稿"}', "定稿"),
        ('{"answer": "甲", "citations": [{"page": 2, "quo', "甲"),
    ],
)
def test_parse_model_json(raw: str, answer: str) -> None:
    assert parse_model_json(raw)["answer"] == answer


@pytest.mark.parametrize("raw", ["", "无法回答", '{"answer": "甲乙', '{"citations": [1, 2', "[1, 2, 3]"])
def test_parse_model_json_failures_keep_the_raw_text(raw: str) -> None:
    with pytest.raises(ModelOutputError) as info:
        parse_model_json(raw)
    assert info.value.raw == raw


def test_dump_prompts_writes_the_exact_requests_without_calling(
    server: FakeRagServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("LRB_UNSET_OPENAI_KEY", raising=False)
    path = config(server, tmp_path, api_key_env="LRB_UNSET_OPENAI_KEY")
    out = tmp_path / "prompts"
    args = [
        "--dataset",
        str(LOAN_FACTS),
        "--type",
        "fact_exact",
        "--adapter",
        f"openai:{path}",
        "--output",
        str(out),
    ]
    result = CliRunner().invoke(dump_prompts, args, standalone_mode=False)
    assert result.exception is None, result.output
    assert result.return_value == 0
    qs = loan_set()
    files = sorted(p.name for p in out.iterdir())
    assert files == sorted(f"{q.id}.json" for q in qs.questions)
    assert server.requests() == []  # nothing was sent
    adapter = create(str(path), {"api_key_env": ""})
    first = json.loads((out / f"{qs.questions[0].id}.json").read_text(encoding="utf-8"))
    assert first["request"] == adapter.request_body(sample_query(0))
    jsonl = tmp_path / "prompts.jsonl"
    args[-1] = str(jsonl)
    assert CliRunner().invoke(dump_prompts, args, standalone_mode=False).exception is None
    lines = [json.loads(line) for line in jsonl.read_text(encoding="utf-8").splitlines()]
    assert [line["id"] for line in lines] == [q.id for q in qs.questions]
    assert lines[0] == first


def test_dump_prompts_refuses_adapters_without_prompts(tmp_path: Path) -> None:
    from benchmark.errors import BenchmarkError

    path = write_toml(tmp_path / "h.toml", {"url": "http://127.0.0.1:9/a"})
    args = ["--adapter", f"http:{path}", "--output", str(tmp_path / "o")]
    result = CliRunner().invoke(dump_prompts, args, standalone_mode=False)
    assert isinstance(result.exception, BenchmarkError) and "builds no prompts" in str(result.exception)


def test_the_documented_config_is_the_example_and_loads(monkeypatch: pytest.MonkeyPatch) -> None:
    documented, example = doc_config("openai")
    assert parse_toml(example.read_text(encoding="utf-8")) == documented
    monkeypatch.setenv("OPENAI_API_KEY", "example-key-value")
    assert isinstance(create(str(example), {}), OpenAIAdapter)


def test_system_instructions_go_into_the_system_prompt(server: FakeRagServer, tmp_path: Path) -> None:
    from benchmark.questions import load_question_set

    qs = load_question_set(SEED_GAPS)
    assert qs.system_instructions is not None
    query = query_for(qs.questions[0], qs)
    server.state.answers[query.text] = ANSWER
    adapter = create(str(config(server, tmp_path)), {})
    run(adapter.query(query))
    run(adapter.close())
    system = json.loads(server.requests("/v1/chat/completions")[0].body)["messages"][0]["content"]
    assert system.startswith(SYSTEM_PROMPT)
    assert "本题集的要求：\n要求：只依据讯问笔录回答" in system
    for i, rule in enumerate(qs.system_instructions.rules, start=1):
        assert f"规则{i}：{rule}" in system
    for i, item in enumerate(qs.system_instructions.forbidden_behavior, start=1):
        assert f"禁止{i}：{item}" in system
    # a set without instructions keeps the fixed prompt
    assert build_messages("问？", [])[0]["content"] == SYSTEM_PROMPT


def test_dump_prompts_shows_the_system_instructions(server: FakeRagServer, tmp_path: Path) -> None:
    out = tmp_path / "prompts.jsonl"
    args = [
        "--dataset",
        str(SEED_GAPS),
        "--adapter",
        f"openai:{config(server, tmp_path)}",
        "--output",
        str(out),
    ]
    result = CliRunner().invoke(dump_prompts, args, standalone_mode=False)
    assert result.exception is None, result.output
    lines = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert len(lines) == 10
    assert all(
        "规则1：回答必须引用笔录原文，并注明页码" in line["request"]["messages"][0]["content"]
        for line in lines
    )
