"""What a built-in adapter sends a system under test: the question text, its id, the set and its documents,
never what the benchmark knows (type, expected values, evidence, tags, difficulty; docs/adapters/query.md).

Every graded field of a question is set to a sentinel string; the requests each adapter makes (the http
body on the fake server, the openai request that ``dump-prompts`` writes, the query a ``python:`` callable
gets) must hold none of them, nor the type's name.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from benchmark.adapters import http, openai
from benchmark.adapters.base import Query
from benchmark.adapters.python_callable import create as python_create
from benchmark.errors import AdapterSpecError
from benchmark.models import Expected, Metadata, RequiredEvidence
from tests.servers.fake_rag_server import FakeRagServer
from tests.servers.support import loan_set, query_for, run, write_toml

SENTINELS = ("GOLDTEXT7", "GOLDQUOTE7", "GOLDTAG7", "GOLDDIFF7", "GOLDNOTE7", "GOLDBEHAVIOUR7")
TYPES = ("fact_exact", "evidence_set", "conflict_gap")


def gold_query(qtype: str) -> Query:
    qs = loan_set()
    question = dataclasses.replace(
        qs.questions[0],
        type=qtype,
        expected=Expected(text_answer="GOLDTEXT7"),
        required_evidence=(RequiredEvidence(page=1, must_include="GOLDQUOTE7"),),
        metadata=Metadata(difficulty="GOLDDIFF7", tags=("GOLDTAG7",), notes="GOLDNOTE7"),
        required_quote="GOLDQUOTE7",
        expected_behavior="GOLDBEHAVIOUR7",
    )
    return dataclasses.replace(
        query_for(question, qs), set_name="loan_contract"
    )  # bundled sets are named by type


def assert_clean(sent: str, qtype: str) -> None:
    leaked = [s for s in (*SENTINELS, *TYPES) if s in sent]
    assert leaked == [], f"a {qtype} question's request holds {leaked}"


@pytest.fixture
def server() -> Iterator[FakeRagServer]:
    with FakeRagServer() as srv:
        yield srv


@pytest.mark.parametrize("qtype", TYPES)
def test_the_http_body_holds_no_gold(server: FakeRagServer, tmp_path: Path, qtype: str) -> None:
    body = {k: f"{{{k}}}" for k in http.PLACEHOLDERS}  # every placeholder the adapter offers
    path = write_toml(
        tmp_path / "http.toml",
        {
            "url": f"{server.url}/generic/ask",
            "timeout": 5,
            "body": body,
            "response": {"answer": "$.result.text"},
        },
    )
    adapter = http.create(str(path), {})

    async def ask() -> None:
        try:
            await adapter.query(gold_query(qtype))
        finally:
            await adapter.close()

    run(ask())
    (logged,) = server.requests("/generic/ask")
    assert json.loads(logged.body)["question"] == gold_query(qtype).text
    assert_clean(logged.body, qtype)


def test_an_http_config_asking_for_the_type_is_refused(tmp_path: Path) -> None:
    path = write_toml(
        tmp_path / "http.toml", {"url": "http://127.0.0.1:9/x", "body": {"t": "{question_type}"}}
    )
    with pytest.raises(AdapterSpecError, match="never learns a question's type"):
        http.create(str(path), {})


@pytest.mark.parametrize("qtype", TYPES)
def test_the_openai_request_holds_no_gold(qtype: str) -> None:
    """``dump-prompts`` writes ``request_body``: exactly what would be sent."""
    adapter = openai.create(None, {"base_url": "http://127.0.0.1:9/v1", "model": "m", "api_key_env": ""})
    request = adapter.request_body(gold_query(qtype))
    assert_clean(json.dumps(request, ensure_ascii=False), qtype)


seen: list[Any] = []


def record(text: str, query: Any) -> str:
    seen.append(query)
    return "答"


@pytest.mark.parametrize("qtype", TYPES)
def test_a_python_callable_gets_only_the_public_query(qtype: str) -> None:
    seen.clear()
    adapter = python_create(f"{__name__}:record", {})
    adapter.query(gold_query(qtype))
    (query,) = seen
    assert_clean(repr(query), qtype)
    assert not hasattr(query, "question")
