"""Report question lines: orjson for speed, the standard library for what orjson refuses."""

from __future__ import annotations

import json

from benchmark.json_lines import dumps_line


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
