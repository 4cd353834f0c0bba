"""Chinese numerals (ordinary, financial capitals, mixed with Arabic digits) to numbers.

Pure stdlib. ``parse_chinese_number`` reads a *value* written with unit characters
(``四万二千`` = 42000, ``4.2万`` = 42000, ``肆万贰仟`` = 42000, ``一万零五百`` = 10500,
``四万二`` = 42000 by the colloquial abbreviation). ``parse_digit_sequence`` reads digits
written one by one (``二〇二〇`` = 2020), as in years and phone numbers.
"""

from __future__ import annotations

import re
import unicodedata
from decimal import Decimal, InvalidOperation

from .folding import half_width

__all__ = [
    "BIG_UNITS",
    "CN_DIGITS",
    "CN_NUMERAL_CHARS",
    "SMALL_UNITS",
    "ZERO_CHARS",
    "missing_numbers",
    "numbers_as_written",
    "parse_chinese_number",
    "parse_digit_sequence",
    "parse_number_run",
]

#: Chinese digit characters (ordinary, financial capitals, traditional forms) -> value.
CN_DIGITS: dict[str, int] = {
    "一": 1, "壹": 1, "弌": 1,
    "二": 2, "贰": 2, "貳": 2, "两": 2, "兩": 2, "弍": 2,
    "三": 3, "叁": 3, "參": 3, "叄": 3, "弎": 3,
    "四": 4, "肆": 4,
    "五": 5, "伍": 5,
    "六": 6, "陆": 6, "陸": 6,
    "七": 7, "柒": 7,
    "八": 8, "捌": 8,
    "九": 9, "玖": 9,
}  # fmt: skip
#: Characters that write zero.
ZERO_CHARS = "零〇○"
#: Units below ten thousand.
SMALL_UNITS: dict[str, int] = {"十": 10, "拾": 10, "百": 100, "佰": 100, "千": 1000, "仟": 1000}
#: Myriad units.
BIG_UNITS: dict[str, int] = {"万": 10**4, "萬": 10**4, "亿": 10**8, "億": 10**8}
#: Every character that can be part of a Chinese numeral (digits, zero, units, 廿/卅).
CN_NUMERAL_CHARS = "".join(CN_DIGITS) + ZERO_CHARS + "".join(SMALL_UNITS) + "".join(BIG_UNITS) + "廿卅"

_SEQ_DIGITS: dict[str, int] = {**{k: v for k, v in CN_DIGITS.items() if k not in "两兩"}, "幺": 1}
_SEQ_DIGITS.update(dict.fromkeys(ZERO_CHARS, 0))
_SEQ_DIGITS.update({str(i): i for i in range(10)})

_ARABIC = re.compile(r"(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?")
_SPACES = re.compile(r"\s+")
_ZERO = Decimal(0)
_POINT_SUFFIX = {"": 1, "万": 10**4, "萬": 10**4, "亿": 10**8, "億": 10**8, "万亿": 10**12}


def _prepare(s: str) -> str:
    if not s.isascii():
        s = unicodedata.normalize("NFKC", s)
    if " " in s or "\t" in s or "\n" in s:
        s = _SPACES.sub("", s)
    return s.strip()


def parse_digit_sequence(s: str) -> int | None:
    """Digits written one by one: ``二〇二〇`` / ``二零二零`` / ``2020`` -> 2020; else None.

    Accepts Chinese digits (also financial capitals and 幺 for one), 〇/零/○ for zero and
    Arabic digits (full-width too). Unit characters (十百千万) make it not a sequence.
    """
    s = _prepare(s)
    if not s:
        return None
    value = 0
    for ch in s:
        d = _SEQ_DIGITS.get(ch)
        if d is None:
            return None
        value = value * 10 + d
    return value


def parse_chinese_number(s: str) -> Decimal | None:
    """A number written with Chinese numerals, Arabic digits or a mix of both; else None.

    ``四万二千`` 42000, ``两千`` 2000, ``一万零五百`` 10500, ``十二`` 12, ``肆万贰仟`` 42000,
    ``4.2万`` 42000, ``4万2千`` 42000, ``1.5亿`` 150000000, ``三点五万`` 35000, ``四万二`` 42000
    (colloquial: a trailing digit counts in the next lower unit), ``42,000.00`` 42000.
    Digit-by-digit sequences such as ``二〇二〇`` are *not* numbers here (use
    :func:`parse_digit_sequence`). Approximations (``三四万``, ``十几``) return None.
    """
    return parse_number_run(_prepare(s))


def parse_number_run(s: str) -> Decimal | None:
    """:func:`parse_chinese_number` for a string already half-width and without spaces."""
    if not s:
        return None
    if s.isdigit() and s.isascii():
        return Decimal(int(s))
    if "廿" in s or "卅" in s:
        s = s.replace("廿", "二十").replace("卅", "三十")
    if "点" in s:
        return _parse_with_point(s)
    return _canonical(_parse_units(s))


def _canonical(d: Decimal | None) -> Decimal | None:
    if d is None:
        return None
    if d == d.to_integral_value():
        return Decimal(int(d))
    return d.normalize()


def _parse_with_point(s: str) -> Decimal | None:
    """``三点五万`` / ``十二点五`` / ``一点五亿``: integer part, 点, digit sequence, big units."""
    left, _, right = s.partition("点")
    if not left or not right or "点" in right:
        return None
    if any(ch in BIG_UNITS for ch in left):
        return None
    whole = _parse_units(left)
    if whole is None:
        return None
    i = 0
    frac_digits: list[str] = []
    while i < len(right) and right[i] in _SEQ_DIGITS:
        frac_digits.append(str(_SEQ_DIGITS[right[i]]))
        i += 1
    if not frac_digits:
        return None
    mult = _POINT_SUFFIX.get(right[i:])
    if mult is None:
        return None
    return _canonical((whole + Decimal("0." + "".join(frac_digits))) * mult)


def _parse_units(s: str) -> Decimal | None:
    """The core state machine over digits, zeros, small units and big units."""
    n = len(s)
    i = 0
    total = _ZERO  # closed 亿 group
    wan_group = _ZERO  # closed 万 group inside the current 亿 group
    section = _ZERO  # below 万
    pending: Decimal | None = None  # a digit (or Arabic number) waiting for its unit
    pending_arabic = False
    last_small = 10**5
    last_unit = 0  # value of the most recent unit (for the abbreviation 四万二)
    zero_since_unit = False
    seen_wan = False
    seen_yi = False
    while i < n:
        ch = s[i]
        if "0" <= ch <= "9":
            m = _ARABIC.match(s, i)
            if m is None or pending is not None:
                return None
            try:
                pending = Decimal(m.group().replace(",", ""))
            except InvalidOperation:  # pragma: no cover - regex guarantees digits
                return None
            pending_arabic = True
            i = m.end()
            continue
        d = CN_DIGITS.get(ch)
        if d is not None:
            if pending is not None:
                return None
            pending = Decimal(d)
            pending_arabic = False
        elif ch in ZERO_CHARS:
            if pending is not None:
                return None
            zero_since_unit = True
        elif ch in SMALL_UNITS:
            u = SMALL_UNITS[ch]
            if pending is None:
                if u == 10 or i == 0:
                    pending = Decimal(1)
                else:
                    return None
            elif pending >= 10 or (not pending_arabic and pending == 0):
                return None
            if u >= last_small:
                return None
            section += pending * u
            pending = None
            last_small = u
            last_unit = u
            zero_since_unit = False
        elif ch in BIG_UNITS:
            u = BIG_UNITS[ch]
            value = section + (pending if pending is not None else _ZERO)
            if u == 10**4:
                if seen_wan or (value == 0 and pending is None and section == 0):
                    return None
                wan_group = value * u
                seen_wan = True
            else:
                if seen_yi:
                    return None
                value += wan_group
                if value == 0:
                    return None
                total = value * u
                wan_group = _ZERO
                seen_yi = True
                seen_wan = False
            section = _ZERO
            pending = None
            last_small = 10**5
            last_unit = u
            zero_since_unit = False
        else:
            return None
        i += 1
    if pending is not None:
        if last_unit >= 100 and not zero_since_unit and not pending_arabic and pending < 10:
            pending = pending * (last_unit // 10)  # 四万二 = 42000, 一百二 = 120
        elif (
            last_unit >= 100 and not zero_since_unit and pending_arabic and pending < 10 and pending % 1 == 0
        ):
            pending = pending * (last_unit // 10)  # 4万2 = 42000
        section += pending
    elif last_unit == 0 and not zero_since_unit:
        return None
    return total + wan_group + section


# A number as written, with its sign (not after a letter: AB-1), decimals, thousands separators and
# percent or per-mille sign.
_NUMBER = re.compile(r"(?:(?<![\w.,])[-+−])?(?<![0-9.,])[0-9]+(?:,[0-9]{3})*(?:\.[0-9]+)?\s*[%‰]?")


def numbers_as_written(text: str) -> tuple[str, ...]:
    """The numbers of ``text`` as written (``7.2%``, ``-5``, ``0102``), separators and spaces removed."""
    return tuple(
        m.group().replace(",", "").replace(" ", "").replace("−", "-")
        for m in _NUMBER.finditer(half_width(text))
    )


def missing_numbers(expected: str, answer: str) -> list[str]:
    """The numbers of ``expected`` the answer does not write as whole numbers: folding drops ``%`` and
    ``.``, so ``0.6%`` would contain ``6%`` and ``17.2%`` would contain ``7.2%``."""
    wanted = numbers_as_written(expected)
    if not wanted:
        return []
    stated = set(numbers_as_written(answer))
    return [n for n in wanted if n not in stated and n.lstrip("+") not in stated]
