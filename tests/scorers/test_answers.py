"""``parse_answer``'s quicker paths give exactly the ``Answer`` the plain definition gives."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmark.answers import _ANSWER_KEYS, _as_list, parse_answer, parse_evidence
from benchmark.errors import AdapterError
from benchmark.models import Answer, Citation, LineRange

# --- the plain definitions (the oracle), kept verbatim ------------------------------------------


def plain_parse_answer(obj: object) -> Answer:
    if isinstance(obj, str):
        return Answer(answer=obj)
    assert isinstance(obj, Mapping)
    text = next((obj[k] for k in _ANSWER_KEYS if isinstance(obj.get(k), str)), None)
    if text is None:
        raise AdapterError("answer object has no string 'answer' field")
    citations = [*_as_list(obj.get("citations")), *_as_list(obj.get("citation"))]
    abstained = obj.get("abstained")
    fields = obj.get("fields")
    return Answer(
        answer=text,
        citations=tuple(c for c in (plain_parse_citation(x) for x in citations) if c is not None),
        evidence=tuple(
            e for e in (parse_evidence(x) for x in _as_list(obj.get("evidence"))) if e is not None
        ),
        abstained=abstained if isinstance(abstained, bool) else None,
        fields=dict(fields) if isinstance(fields, Mapping) else {},
    )


def plain_as_page(value: object) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str):
        digits = value.strip().lstrip("第pP.页 ").rstrip("页 ")
        return int(digits) if digits.isdigit() else None
    return None


def plain_parse_citation(value: object) -> Citation | None:
    if isinstance(value, Mapping):
        quote = value.get("quote") or value.get("text")
        doc = value.get("doc") or value.get("document")
        return Citation(
            page=plain_as_page(value.get("page")),
            lines=LineRange.parse(value.get("lines") if "lines" in value else value.get("line")),
            quote=str(quote) if quote else None,
            doc=str(doc) if doc else None,
        )
    if isinstance(value, (int, str)) and not isinstance(value, bool):
        page = plain_as_page(value)
        if page is not None:
            return Citation(page=page)
        return Citation(quote=str(value)) if str(value).strip() else None
    return None


# --- generated answers ------------------------------------------------------------------------

_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 400),
    st.floats(allow_nan=False, allow_infinity=False, min_value=-5, max_value=500),
    st.sampled_from(["", " ", "p.3", "第2页", "12", "40-42", "7~9", "abc", "借款46000元"]),
)
_citation = st.one_of(
    _scalars,
    st.dictionaries(st.sampled_from(["page", "lines", "line", "quote", "text", "doc", "document"]), _scalars),
)
_answer = st.dictionaries(
    st.sampled_from([*_ANSWER_KEYS, "citations", "citation", "evidence", "abstained", "fields", "other"]),
    st.one_of(_scalars, st.lists(_citation, max_size=3), _citation),
)


@given(_answer)
@settings(max_examples=2000, deadline=None)
def test_parse_answer_equals_the_plain_definition(obj: dict[str, Any]) -> None:
    try:
        expected: Answer | type[AdapterError] = plain_parse_answer(obj)
    except AdapterError:
        expected = AdapterError
    if expected is AdapterError:
        with pytest.raises(AdapterError):
            parse_answer(obj)
    else:
        assert parse_answer(obj) == expected


def test_a_stored_answer_line_parses_as_before() -> None:
    line = {
        "pair": 3,
        "answer": "借款46000元。",
        "citations": [{"page": 2, "lines": "40-42", "quote": " 借款"}, {"page": "p.3"}, 5, "第4页", True],
        "evidence": [{"text": "借款46000元", "page": 2}, " ", "原文"],
        "abstained": False,
        "fields": {"amount": 46000},
    }
    assert parse_answer(line) == plain_parse_answer(line)
