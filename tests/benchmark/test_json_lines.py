"""Report question lines and stored answer lines: orjson for speed, the standard library for what orjson
refuses or would read differently."""

from __future__ import annotations

import json

import pytest

from benchmark.json_lines import dumps_line_bytes, loads_line


def dumps_line(value: object) -> str:
    return dumps_line_bytes(value).decode("utf-8")


def test_a_line_is_compact_sorted_and_keeps_chinese_text() -> None:
    line = dumps_line({"b": [1, 2.5, None, True], "a": "肆万贰仟元整", "c": {"z": 1, "y": "x"}})
    assert line == '{"a":"肆万贰仟元整","b":[1,2.5,null,true],"c":{"y":"x","z":1}}'
    assert "\n" not in dumps_line({"text": "一行\n两行"})


def test_the_line_is_what_the_standard_library_writes_compactly() -> None:
    value = {"score": 0.123457, "pages": [2, 4], "quote": "今借到\t人民币壹拾伍万元整\u2028", "n": -0.0}
    assert dumps_line(value) == json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def test_integers_beyond_64_bits_are_written_exactly() -> None:
    """orjson refuses them; the standard library writes them digit for digit, and reads them back."""
    huge = {"amount": 10**30, "id": -(2**64)}
    line = dumps_line(huge)
    assert line == '{"amount":1000000000000000000000000000000,"id":-18446744073709551616}'
    assert json.loads(line) == huge


@pytest.mark.parametrize(
    "text",
    [
        '{"answer":"肆万贰仟元整","citations":[{"page":2,"quote":"今借到"}],"n":-0,"x":-0.0,"f":0.1}',
        '{"id":123456789012345678,"amount":10000000000000000000000,"neg":-9223372036854775809}',
        '{"a":1,"a":2}',
        '{"big":1e400,"nan":NaN}',
        '{"lone":"\\ud800"}',
        '{"sep":"一行\u2028两行\u2029"}',
        "[1.7976931348623157e308, 2.5e-324, 1E5]",
    ],
)
def test_a_line_reads_as_the_standard_library_reads_it(text: str) -> None:
    ours, theirs = loads_line(text.encode("utf-8")), json.loads(text)
    assert repr(ours) == repr(theirs)  # repr: 1 and 1.0, nan and nan, -0.0 and 0.0 are told apart


def test_integers_beyond_64_bits_are_read_exactly() -> None:
    assert loads_line(b'{"amount": 100000000000000000000}') == {"amount": 10**20}
    assert type(loads_line(b"[18446744073709551616]")[0]) is int


def test_what_the_standard_library_rejects_is_rejected() -> None:
    with pytest.raises(json.JSONDecodeError):
        loads_line(b'{"answer": ')
    with pytest.raises(UnicodeDecodeError):
        loads_line(b'{"answer": "\xff"}')
