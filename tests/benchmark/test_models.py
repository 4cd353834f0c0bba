"""``LineRange.parse``: every accepted spelling, and what it refuses (the plain ``"40-42"`` / ``"40"``
spellings take a short path; the others the general one: both must read the same)."""

from __future__ import annotations

import pytest

from benchmark.models import LineRange, Question

CASES = [
    ("82-83", LineRange(82, 83), "the usual spelling"),
    ("82", LineRange(82, 82), "one line"),
    ("5-3", LineRange(3, 5), "ends given in reverse order"),
    (" 4 - 5 ", LineRange(4, 5), "spaces around the numbers"),
    ("40~42", LineRange(40, 42), "a tilde as the dash"),
    ("40–42", LineRange(40, 42), "an en dash"),
    ("４-５", LineRange(4, 5), "full-width digits"),
    ([7, 3], LineRange(3, 7), "a list of line numbers"),
    (9, LineRange(9, 9), "a bare number"),
    ("82-", None, "a range without its end"),
    ("-3", None, "a range without its start"),
    ("0-2", None, "line 0 does not exist"),
    ("4-5-6", None, "three numbers"),
    ("4--5", None, "a doubled dash"),
    ("", None, "empty"),
    ("x", None, "no number"),
    ("²-3", None, "a superscript is a digit to str.isdigit but no number to int()"),
    ("4-⑤", None, "a circled number is not read"),
    (True, None, "a boolean is no line number"),
    (None, None, "absent"),
]


@pytest.mark.parametrize(("value", "expected", "why"), CASES, ids=[c[2] for c in CASES])
def test_parse(value: object, expected: LineRange | None, why: str) -> None:
    assert LineRange.parse(value) == expected, why


def test_a_question_holds_what_is_derived_from_it_once_per_argument() -> None:
    calls: list[tuple[str, str | None]] = []

    def build(question: Question, single: str | None) -> tuple[str, str | None]:
        calls.append((question.id, single))
        return (question.id, single)

    q = Question("q1", "fact_exact", "借了多少钱？")
    assert q.derived(build, None) == ("q1", None)
    assert q.derived(build, None) == ("q1", None)
    assert q.derived(build, "doc-a") == ("q1", "doc-a")
    assert calls == [("q1", None), ("q1", "doc-a")], "built once per argument"
    assert q == Question("q1", "fact_exact", "借了多少钱？"), "what it holds is no part of its value"
