"""Property tests: random JSON and random bytes never make a loader raise anything undocumented."""

from __future__ import annotations

import contextlib
import json
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchmark.documents import load_document
from benchmark.errors import DocumentError, QuestionSetError
from benchmark.questions import load_question_set

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=12), children, max_size=5)
    ),
    max_leaves=30,
)
keys = st.sampled_from(
    [
        "id",
        "type",
        "question",
        "expected",
        "required_evidence",
        "amount_total",
        "page",
        "must_include",
        "should_abstain",
        "evidence_location",
        "lines",
        "questions",
        "benchmark_type",
        "benchmark_name",
        "document_info",
        "hallucination_penalty",
    ]
)
set_like = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 5) | st.sampled_from(["fact_exact", "high", "1-2", "", "x"]),
    lambda children: st.lists(children, max_size=3) | st.dictionaries(keys, children, max_size=6),
    max_leaves=40,
)
SETTINGS = settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


def _load_set(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as d:
        p = Path(d) / "set.json"
        p.write_bytes(data)
        with contextlib.suppress(QuestionSetError):
            load_question_set(p)


def _load_doc(data: bytes, suffix: str) -> None:
    with tempfile.TemporaryDirectory() as d:
        p = Path(d) / f"doc{suffix}"
        p.write_bytes(data)
        with contextlib.suppress(DocumentError):
            load_document(p)


@SETTINGS
@given(json_values)
def test_random_json_sets(value: object) -> None:
    _load_set(json.dumps(value).encode())


@SETTINGS
@given(set_like)
def test_set_shaped_json(value: object) -> None:
    _load_set(json.dumps({"benchmark_type": "fact_exact", "questions": [value]}).encode())
    _load_set(json.dumps({"benchmark_name": "x", "questions": value}).encode())


@SETTINGS
@given(st.binary(max_size=300))
def test_random_bytes(data: bytes) -> None:
    _load_set(data)
    for suffix in (".md", ".json", ".pdf"):
        _load_doc(data, suffix)


@SETTINGS
@given(json_values)
def test_random_json_documents(value: object) -> None:
    _load_doc(json.dumps(value).encode(), ".json")
