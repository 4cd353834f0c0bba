"""Strict decoding of the JSON users hand in (benchmark.json_input): what Python's json accepts but a
run could not carry is refused with the file and the place."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmark.errors import QuestionSetError
from benchmark.json_input import (
    MAX_JSON_DEPTH,
    iter_json_lines,
    loads_document,
    read_limited,
    value_problem,
)

F = Path("f.json")


@pytest.mark.parametrize(
    ("text", "where", "problem"),
    [
        ('{"q": "\\ud800借款多少钱？"}', "$.q", "\\ud800, half of a UTF-16 pair alone"),
        ('{"a": [1, "ok", "\\udfff"]}', "$.a[2]", "\\udfff"),
        ('{"\\ud83d": 1}', "$", "the key"),
        ('{"expected": {"amount_total": NaN}}', "$.expected.amount_total", "NaN is not a JSON number"),
        ('{"x": [Infinity]}', "$.x[0]", "Infinity is not a JSON number"),
        ('{"x": -Infinity}', "$.x", "-Infinity is not a JSON number"),
        ('{"x": 1e400}', "$.x", "Infinity is not a JSON number"),
        (
            "[" * (MAX_JSON_DEPTH + 1) + "]" * (MAX_JSON_DEPTH + 1),
            "$" + "[0]" * MAX_JSON_DEPTH,
            "nested deeper",
        ),
        ("[" * 5000 + "]" * 5000, f"line 1, column {MAX_JSON_DEPTH + 1}", "nested deeper than 100 levels"),
        ('{"a": 1,\n "b": }', "line 2, column 7", "not valid JSON: Expecting value"),
    ],
)
def test_a_whole_file_is_refused_with_its_place(text: str, where: str, problem: str) -> None:
    with pytest.raises(QuestionSetError) as info:
        loads_document(text.encode("utf-8"), F, QuestionSetError)
    assert info.value.path == "f.json" and info.value.where == where
    assert problem in info.value.problem


@pytest.mark.parametrize(
    "value",
    [
        {"q": "借款\u2028多少\u2029钱\x85？", "n": 10**30, "x": -0.0, "ok": [1.5, None, True]},
        ["[" * 200],  # brackets inside strings are not nesting
        "\U0001f600 a real pair, not a lone half",
    ],
)
def test_what_json_can_carry_passes(value: object) -> None:
    data = json.dumps(value, ensure_ascii=True).encode("utf-8")
    assert loads_document(data, F, QuestionSetError) == value
    assert value_problem(value) is None


def test_a_bom_is_allowed_and_bad_utf8_is_named() -> None:
    assert loads_document(b'\xef\xbb\xbf{"a": 1}', F, QuestionSetError) == {"a": 1}
    with pytest.raises(QuestionSetError, match=r"not UTF-8 text \(byte 7\)"):
        loads_document(b'{"a": "\xff"}', F, QuestionSetError)


def test_json_lines_split_at_newlines_only() -> None:
    lines = [{"id": "q1", "answer": "一\u2028二\u2029三\x85四\x1c五\x0c六"}, {"id": "q2", "answer": "好"}]
    data = "\r\n".join(json.dumps(x, ensure_ascii=False) for x in lines).encode("utf-8")
    assert [v for _, v in iter_json_lines(b"\xef\xbb\xbf" + data + b"\n\n", F, QuestionSetError)] == lines
    assert [n for n, _ in iter_json_lines(b'\n{"a": 1}\n\n{"b": 2}', F, QuestionSetError)] == [2, 4]


@pytest.mark.parametrize(
    ("line", "where", "problem"),
    [
        (b'{"id": "q", "answer": "\\ud800"}', "line 2, $.answer", "\\ud800"),
        (b'{"id": "q", "fields": {"n": NaN}}', "line 2, $.fields.n", "NaN is not a JSON number"),
        (b'{"id": "q", "fields": {"n": 1e999}}', "line 2, $.fields.n", "Infinity"),
        (b'{"id": "q", "n": 12345678901234567890, "x": NaN}', "line 2, $.x", "NaN"),  # the stdlib path
        (b"[" * 150 + b"]" * 150, "line 2, $" + "[0]" * 100, "nested deeper than 100 levels"),
        (b"[" * 5000 + b"]" * 5000, "line 2", "nested deeper than 100 levels"),
        (b'{"id": "\xff"}', "line 2", "not UTF-8 text"),
        (b'{"id": ', "line 2", "not valid JSON"),
    ],
)
def test_a_bad_line_is_refused_with_its_number(line: bytes, where: str, problem: str) -> None:
    with pytest.raises(QuestionSetError) as info:
        list(iter_json_lines(b'{"id": "ok"}\n' + line + b"\n", F, QuestionSetError))
    assert info.value.where == where and problem in info.value.problem


def test_read_limited_refuses_a_file_over_the_limit_without_reading_it_whole(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_bytes(b" " * 101)
    assert read_limited(path, 101, QuestionSetError, "file") == b" " * 101
    with pytest.raises(QuestionSetError, match=r"big\.json: the file is larger than the limit of"):
        read_limited(path, 100, QuestionSetError, "file")


def test_read_limited_names_a_path_it_cannot_open(tmp_path: Path) -> None:
    with pytest.raises(QuestionSetError, match=r"cannot read file \(No such file or directory\)"):
        read_limited(tmp_path / "none.json", 10, QuestionSetError, "file")
    with pytest.raises(QuestionSetError, match="cannot read file"):
        read_limited(tmp_path / "a\x00b.json", 10, QuestionSetError, "file")
