"""An answer written as a JSON object gives its entries as fields (benchmark.text.answer_json)."""

from __future__ import annotations

import pytest

from benchmark.models import Answer, Criteria, Expected, Question
from benchmark.scoring import score_answer
from benchmark.text.answer_json import written_fields


@pytest.mark.parametrize(
    ("text", "fields", "why"),
    [
        ('{"count": 4, "amount_total": 12000}', {"count": 4, "amount_total": 12000}, "a bare object"),
        ('```json\n{"date": "2021-11-09"}\n```', {"date": "2021-11-09"}, "in a code fence"),
        ('```\n{"boolean": false}\n```', {"boolean": False}, "a fence without a language"),
        ('借款金额为{"amount": 1}元', {}, "an object inside prose is prose"),
        ("[1, 2]", {}, "not an object"),
        ('{"count": 4,', {}, "not JSON"),
        ("共4次", {}, "no object at all"),
    ],
)
def test_written_fields(text: str, fields: dict[str, object], why: str) -> None:
    assert written_fields(text) == fields, why


def test_a_count_written_as_json_is_read_as_the_fields_an_adapter_sets() -> None:
    question = Question(id="q", type="fact_exact", question="共转账几次？", expected=Expected(count=4))
    written = score_answer(
        question, Answer('```json\n{"count": 4, "currency": "CNY"}\n```'), criteria=Criteria(), document=None
    )
    given = score_answer(question, Answer("见下", fields={"count": 4}), criteria=Criteria(), document=None)
    assert written.components["exact_match"].score == given.components["exact_match"].score == 1.0
    wrong = score_answer(question, Answer('{"count": 5}'), criteria=Criteria(), document=None)
    assert wrong.components["exact_match"].score == 0.0
    stated = score_answer(
        question, Answer('{"count": 5}', fields={"count": 4}), criteria=Criteria(), document=None
    )
    assert stated.components["exact_match"].score == 1.0  # the adapter's fields come first
