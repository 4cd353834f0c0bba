"""One exception root: a refusal's message names the file and the place on one line."""

from __future__ import annotations

from benchmark.errors import DocumentError, QuestionSetError


def test_a_refusal_names_the_file_and_the_place() -> None:
    err = QuestionSetError("NaN is not a JSON number", path="sets/a.json", where="$.questions[0].expected")
    assert str(err) == "sets/a.json: $.questions[0].expected: NaN is not a JSON number"


def test_a_name_that_holds_line_separators_stays_on_one_line() -> None:
    err = DocumentError("document not found", path="a\u2028b\u2029c\x85d\x00e\n文书.md")
    assert str(err) == "a\\u2028b\\u2029c\\x85d\\x00e\\n文书.md: document not found"
    assert len(str(err).split("\n")) == 1
