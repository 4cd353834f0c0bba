"""The openai judge against a real HTTP server on 127.0.0.1 (tests.servers.judge_server)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from benchmark.errors import BenchmarkError
from benchmark.judges.base import create_judge
from benchmark.judges.openai import DEFAULT_PROMPT, parse_verdict, render_prompt
from scorers.verdicts import JudgeRequest
from tests.benchmark.judges.judgekit import write_judge_config
from tests.servers.judge_server import JudgeServer

KEY = "sk-judge-test-0123456789abcdef"


@pytest.fixture()
def server() -> Iterator[JudgeServer]:
    with JudgeServer() as srv:
        yield srv


def request(answer: str, refs: tuple[str, ...] = ("微信",), kind: str = "text_answer") -> JudgeRequest:
    return JudgeRequest.build(kind, "q1", "第一次付款怎么付的？", refs, answer)


def judge_for(tmp_path: Path, server: JudgeServer, **extra: object):  # type: ignore[no-untyped-def]
    return create_judge(f"openai:{write_judge_config(tmp_path / 'judge.toml', server.url, **extra)}")


@pytest.mark.parametrize(
    ("content", "expected", "why"),
    [
        ('{"match": true, "reason": "same app"}', (True, "same app"), "the plain verdict"),
        ('  {"match": false, "reason": "another name"}\n', (False, "another name"), "whitespace around it"),
        ('```json\n{"match": true, "reason": "r"}\n```', (True, "r"), "a code fence around the object"),
        ('{"match": true, "reason": "r", "confidence": 0.9}', (True, "r"), "extra keys are ignored"),
    ],
)
def test_a_verdict_is_read(content: str, expected: tuple[bool, str], why: str) -> None:
    assert parse_verdict(content) == expected, why


@pytest.mark.parametrize(
    ("content", "why"),
    [
        ("yes", "prose"),
        ('{"match": "true", "reason": "r"}', "match must be a JSON boolean"),
        ('{"match": true}', "the reason is required"),
        ('[{"match": true, "reason": "r"}]', "a list is not the object"),
        ('The verdict: {"match": true, "reason": "r"}', "text around the object"),
        ('{"match": true, "reason": "r"} {"match": false, "reason": "r"}', "two objects"),
    ],
)
def test_anything_else_is_not_a_verdict(content: str, why: str) -> None:
    with pytest.raises(ValueError):
        parse_verdict(content)
    assert why


def test_the_shipped_prompt_is_filled_in() -> None:
    text = render_prompt(
        DEFAULT_PROMPT.read_text(encoding="utf-8"), request("用聊天软件", ("微信", "微信转账"))
    )
    assert "第一次付款怎么付的？" in text and "1. 微信\n2. 微信转账" in text and "用聊天软件" in text
    assert "{{" not in text
    assert '{"match": true or false' in text  # the reply format the parser reads


def test_match_no_match_and_what_was_sent(
    tmp_path: Path, server: JudgeServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("JUDGE_TEST_KEY", KEY)
    server.rule("聊天软件", "match")
    judge = judge_for(tmp_path, server, api_key_env="JUDGE_TEST_KEY")
    yes, no = judge.judge([request("用聊天软件转的"), request("用现金付的")])
    assert (yes.match, no.match) == (True, False)
    assert yes.judge == "openai" and yes.reason == "the test judge says match"
    sent = server.requests()
    assert len(sent) == 2
    for logged in sent:
        assert logged.path == "/v1/chat/completions"
        assert logged.body["temperature"] == 0 and logged.body["model"] == "judge-test"
        assert logged.headers["Authorization"] == f"Bearer {KEY}"
        assert "第一次付款怎么付的？" in logged.prompt and "1. 微信" in logged.prompt
    assert KEY not in json.dumps(judge.identity())


@pytest.mark.parametrize("mode", ["malformed", "wrong_shape", "no_choices", "html", "404"])
def test_a_reply_that_is_not_a_verdict_is_a_judge_error(
    tmp_path: Path, server: JudgeServer, mode: str
) -> None:
    server.rule("", mode)
    (verdict,) = judge_for(tmp_path, server).judge([request("用聊天软件转的")])
    assert verdict.match is None and verdict.error
    assert "not a verdict" in verdict.reason or "HTTP 404" in verdict.reason
    assert len(server.requests()) == 1  # not retried: asking again would give the same


@pytest.mark.parametrize("mode", ["500", "429"])
def test_server_errors_are_retried_then_a_judge_error(tmp_path: Path, server: JudgeServer, mode: str) -> None:
    server.rule("", mode)
    (verdict,) = judge_for(tmp_path, server, retries=2).judge([request("用聊天软件转的")])
    assert verdict.match is None
    assert f"HTTP {mode}" in verdict.reason and "after 3 attempts" in verdict.reason
    assert len(server.requests()) == 3


def test_an_unreachable_endpoint_is_a_judge_error(tmp_path: Path) -> None:
    config = tmp_path / "judge.toml"
    config.write_text(
        'base_url = "http://127.0.0.1:9/v1"\nmodel = "m"\nretries = 0\ntimeout = 2\n', encoding="utf-8"
    )
    (verdict,) = create_judge(f"openai:{config}").judge([request("x")])
    assert verdict.match is None and "connection failed" in verdict.reason


def test_an_echoed_key_is_masked(
    tmp_path: Path, server: JudgeServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("JUDGE_TEST_KEY", KEY)
    server.rule("", "echo_key")
    (verdict,) = judge_for(tmp_path, server, api_key_env="JUDGE_TEST_KEY").judge([request("x")])
    assert verdict.match is True and KEY not in verdict.reason and "***" in verdict.reason


def test_identity_changes_with_what_decides_verdicts(tmp_path: Path, server: JudgeServer) -> None:
    base = judge_for(tmp_path, server).identity()
    prompt = tmp_path / "mine.md"
    prompt.write_text("Q {{question}} R {{references}} A {{answer}}", encoding="utf-8")
    other_prompt = judge_for(tmp_path, server, prompt="mine.md").identity()  # relative to the config
    other_model = judge_for(tmp_path, server, model="judge-2").identity()
    assert base["prompt_sha256"] != other_prompt["prompt_sha256"]
    assert base["model"] != other_model["model"]
    assert base == judge_for(tmp_path, server, timeout=5, concurrency=2).identity()  # not about verdicts


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ({"api_key": "sk-x"}, "keys are never read from a config"),
        ({"api_key_env": "JUDGE_UNSET_VAR"}, "environment variable JUDGE_UNSET_VAR is not set"),
        ({"api_key_env": "sk-looks-like-a-key"}, "must be the NAME of an environment variable"),
        ({"temprature": 0}, "unknown key for the openai judge"),  # temperature is always 0: no key
        ({"prompt": "missing.md"}, "cannot read the prompt file"),
        ({"headers": {"Authorization": "Bearer x"}}, "credentials never go in headers"),
        ({"base_url": "ftp://x"}, "must start with http:// or https://"),
    ],
)
def test_config_problems_are_refusals(
    tmp_path: Path, server: JudgeServer, extra: dict[str, object], message: str
) -> None:
    with pytest.raises(BenchmarkError) as err:
        judge_for(tmp_path, server, **extra)
    assert err.value.exit_code == 2
    assert "judge.toml" in str(err.value)
    assert message in str(err.value)


def test_a_prompt_without_placeholders_is_refused(tmp_path: Path, server: JudgeServer) -> None:
    (tmp_path / "bare.md").write_text("Is it right?", encoding="utf-8")
    with pytest.raises(BenchmarkError, match=r"lacks \{\{references\}\} and \{\{answer\}\}"):
        judge_for(tmp_path, server, prompt="bare.md")
