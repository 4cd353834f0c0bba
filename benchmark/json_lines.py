"""One JSON value per line, fast: the question lines of ``report.json``, the lines of ``answers.jsonl``.

orjson encodes a report line about three times faster than the standard library (12 vs 35 µs for a
2-7 kB entry): at thousands of answers a second that is a tenth of the whole scoring path
(``docs/performance.md``). What orjson refuses, integers beyond 64 bits (an answer may state any
amount) and keys that are not text, is written by the standard library in the same compact form.

orjson also reads a stored answer line in half the time (1.9 vs 4.2 µs for 580 characters, plus
1.7 µs saved by reading bytes, not text), but it reads an integer beyond 64 bits as a float,
silently: a line with a run of 19 or more digits goes to the standard library, and so does a line
orjson refuses (``NaN``, a lone surrogate, ``1e400``), which the standard library reads or rejects
as it always did.
"""

from __future__ import annotations

import json
from typing import Any

import orjson


def dumps_line_bytes(value: Any) -> bytes:
    """``value`` as one compact line of UTF-8: keys sorted, text not ``\\u``-escaped, no newline.

    Bytes, because that is what a file wants: a report written as text would decode every line
    orjson encoded and encode it again (4 of a fact_exact line's 10 µs, 17 of an evidence_set's 28).
    """
    try:
        return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)
    except TypeError:  # orjson.JSONEncodeError is a TypeError
        return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode("utf-8")


_DIGITS_AS_ZERO = bytes.maketrans(b"123456789", b"000000000")
_LONG_DIGIT_RUN = b"0" * 19  # 2**63 has 19 digits: shorter integers are exact in orjson


def loads_line(line: bytes) -> Any:
    """One JSON value from a line of UTF-8, as ``json.loads`` reads it (see the module docstring).

    Raises ``json.JSONDecodeError`` or ``UnicodeDecodeError`` for what the standard library rejects.
    """
    return loads_line_and_reader(line)[0]


def loads_line_and_reader(line: bytes) -> tuple[Any, bool]:
    """``loads_line``'s value, and whether orjson read it: then it holds no NaN, no infinity, no lone
    surrogate and nests at most 1024 levels (orjson refuses those; the standard library does not)."""
    if line.translate(_DIGITS_AS_ZERO).find(_LONG_DIGIT_RUN) < 0:
        try:
            return orjson.loads(line), True
        except orjson.JSONDecodeError:
            pass
    return json.loads(line.decode("utf-8")), False  # decoded here: json.loads would guess UTF-16/32
