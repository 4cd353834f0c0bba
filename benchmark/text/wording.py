"""The wording of a free-text answer in one canonical form, for comparing texts (docs/normalization.md,
"Wording").

``canonical(text)``:

- full-width forms to ASCII and Unicode case folding (as ``fold``);
- numbers written in words become Arabic digits: ``十五日`` -> ``15日``, ``二年``/``两年`` -> ``2年``,
  ``二〇二〇年`` -> ``2020年``, ``百分之六`` -> ``6%``, ``百分之零点九`` -> ``0.9%``, ``千分之五`` -> ``5‰``. A
  run of numeral characters is a number when it has two characters or more (``三十``, ``一一``), holds
  a unit character (``十``, ``百``, ``万`` …) or a zero, follows ``第``, or stands before a measure word
  (``一年``, ``两次``, ``三份``, ``一分``); a lone ``一`` in ``统一`` or ``一审`` is left as it is;
- digits before a magnitude are the whole number (``5万`` -> ``50000``, ``1.5亿`` -> ``150000000``), as
  the numerals in words give it (``五万`` -> ``50000``);
- a day written ``天`` after a number is ``日`` (``15天`` = ``15日``), and so is the day of a month
  written ``号`` (``4月14号`` = ``4月14日``; ``7号`` alone stays); thousands separators go
  (``300,000`` -> ``300000``);
- a duration in English after a number reads as in Chinese: ``15 days`` / ``15-day`` -> ``15日``,
  ``3 months`` -> ``3个月``, ``2 years`` -> ``2年``, ``4 weeks`` -> ``4周``, the number in words too
  (``fifteen days`` -> ``15日``, ``twenty-one months`` -> ``21个月``);
- a unit of measure after a number has one spelling: ``平米``/``平方``/``平``/``㎡``/``m²``/``m2`` -> ``平方米``,
  ``公斤``/``kg`` -> ``千克``, ``公里``/``km`` -> ``千米``;
- a clock time has one spelling: ``20:17``, ``20：17``, ``20点17分``, ``二十时十七分`` and ``20时17分`` all
  read ``20时17分``, as do ``20点17`` and (for 30 minutes) ``20点半`` in digits, with no leading zeros
  (``08:05`` -> ``8时5分``; seconds, when given, ``秒``), and an
  hour after 下午/晚上/傍晚/夜里 on the twenty-four-hour clock (``晚上8点17分`` -> ``晚上20时17分``);
- a rough number of two neighbouring digits spans both (``五六个`` -> ``5~6个``, ``十七八岁`` ->
  ``17~18岁``, ``三四万元`` -> ``30000~40000元``), as two numbers joined by one dash or ``、`` are
  written (``5、6个``, ``5-6个`` -> ``5~6个``);
- whitespace and punctuation go (as ``fold``), except what belongs to a number: its decimal point,
  ``%``/``‰`` and sign are kept, and two numbers that only punctuation or space separated stay apart
  (``1, 2`` -> ``1|2``).

Arabic digits are kept as written (``0102`` stays ``0102``: codes and case numbers keep their zeros).
``numbers(canonical_text)`` lists the whole numbers of a canonical text (``0.9%``, ``15``, ``-3``),
which is how the numbers of two texts are compared: whole, with their sign, decimals and ``%``.
"""

from __future__ import annotations

import re
from decimal import Decimal

from .counts import CN_UNITS
from .folding import fold, half_width
from .numerals import parse_chinese_number, parse_digit_sequence

__all__ = ["canonical", "numbers"]

_CN_RUN_CHARS = "零〇○一二两兩三四五六七八九十百千万亿壹贰貳叁參肆伍陆陸柒捌玖拾佰仟萬億廿卅"
_UNIT_CHARS = frozenset("十百千万亿拾佰仟萬億廿卅零〇○")
_MAGNITUDE_CHARS = frozenset("十百千万亿拾佰仟萬億")
_HAS_CN = re.compile(f"[{_CN_RUN_CHARS}]")
_HAS_DIGIT = re.compile("[0-9]")
_LATIN = re.compile("[A-Za-z]")
_CN_RUN = re.compile(f"[{_CN_RUN_CHARS}](?:[{_CN_RUN_CHARS}]|点(?=[{_CN_RUN_CHARS}]))*")
# A rough number: two neighbouring digits, after ``十``/``二十`` … or before one unit (see _rough_pair).
_ROUGH = re.compile("((?:[二两三四五六七八九]?十)?)([一二两三四五六七八])([二两三四五六七八九])([十百千万]?)")
_DIGIT_OF = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_SCALE_OF = {"十": 10, "百": 100, "千": 1000, "万": 10000}
_PER = re.compile(rf"(百分之|千分之)((?:[0-9.]+|[{_CN_RUN_CHARS}点]+))")
# Measure words and units a lone numeral character counts before (一年, 两次, 三份, 一分不少).
_AFTER = tuple(
    sorted(
        {*CN_UNITS, "元", "块", "月", "号", "时", "点", "分", "秒", "倍", "成", "%"}, key=len, reverse=True
    )
)
# Digits before a magnitude (``5万``, ``1.5亿``, ``3千``; not the 千 of 千米/千克): the whole number, as the
# numerals in words give it (``五万`` -> ``50000``).
_MAGNITUDE = re.compile(r"(?<![0-9.])([0-9]+(?:\.[0-9]+)?)(万|亿|千(?![米克瓦]))(?![0-9])")
_MAGNITUDE_OF = {"千": 1000, "万": 10_000, "亿": 100_000_000}
_THOUSANDS = re.compile(r"(?<![0-9.])([0-9]{1,3})((?:,[0-9]{3})+)(?![0-9]|\.[0-9]|,[0-9])")
_DAY = re.compile(r"(?<=[0-9])(?:个)?天")
_EN_DURATION = re.compile(r"(?<=[0-9])(?:\s+|-)(days?|weeks?|months?|years?)\b", re.IGNORECASE)
_EN_UNIT = {"day": "日", "week": "周", "month": "个月", "year": "年"}
_EN_ONES = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
            "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen")  # fmt: skip
_EN_TENS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
_EN_VALUE = {w: i for i, w in enumerate(_EN_ONES, 1)} | {w: 10 * i for i, w in enumerate(_EN_TENS, 2)}
# A number in English words before a duration (``fifteen days``, ``twenty-one months``): in digits.
_EN_WORDS_BEFORE_DURATION = re.compile(
    rf"\b(?:({'|'.join(_EN_TENS)})(?:[-\s]({'|'.join(_EN_ONES[:9])}))?|({'|'.join(_EN_ONES)}))"
    r"(?=(?:\s+|-)(?:days?|weeks?|months?|years?)\b)",
    re.IGNORECASE,
)
# After a number (and the 多/余/来 of an approximate one): units of measure in one spelling.
_MEASURE = re.compile(
    r"(?<=[0-9])([多余来]?)\s*(平米|平方(?!米)|平(?![方米])|㎡|m²|m2|公斤|kg|公里|km)(?![0-9A-Za-z])",
    re.IGNORECASE,
)
_MEASURE_AS = {"平米": "平方米", "平方": "平方米", "平": "平方米", "㎡": "平方米", "m²": "平方米", "m2": "平方米",
               "公斤": "千克", "kg": "千克", "公里": "千米", "km": "千米"}  # fmt: skip
# The day of a month written 号 (``4月14号``): 日, as dates are written (``7号照片`` stays).
_DAY_OF_MONTH = re.compile("(?<=月)([0-9]{1,2})号")
_HOUR_POINT = re.compile("(?<=[0-9零〇一二两三四五六七八九十])点(?=[0-9零〇一二两三四五六七八九十]{1,3}分)")
_CLOCK = re.compile(r"(?<![0-9:.])([01]?[0-9]|2[0-3]):([0-5][0-9])(?::([0-5][0-9]))?(?![0-9:])")
_HOUR_MINUTE = re.compile(r"(?<![0-9])([0-9]{1,2})时([0-9]{1,2})分")
# An hour and its minutes without 分 (4点20, 4点半): in digits, a clock time, not a decimal.
_POINT_CLOCK = re.compile(r"(?<![0-9.])([0-9]{1,2})点(?:([0-9]{1,2})(?![0-9.%‰万亿千百分秒])|(半))")
# An hour of the afternoon or evening on a twelve-hour clock (晚上8时17分 is 20时17分).
_AFTERNOON = re.compile(r"(下午|晚上|傍晚|夜里|夜间|晚间)\s*([0-9]{1,2})时([0-9]{1,2})分")
# A number of the canonical text: digits with a decimal part, then % or ‰; a sign before it.
_NUMBER = re.compile(r"(?<![0-9.])-?[0-9]+(?:\.[0-9]+)?[%‰]?")
# A number of the text with its sign (not after a letter or digit: AB-1), decimals and % or ‰.
_NUMBER_IN_TEXT = re.compile(r"(?:(?<![0-9A-Za-z])[-+](?=[0-9]))?[0-9]+(?:\.[0-9]+)?(?:\s*[%‰])?")
# Letters (no case, stable under NFKC) that stand for a number's marks while the text is folded.
_EDGE = "ʘ"
_TO_LETTERS = str.maketrans({".": "ǀ", "%": "ǂ", "‰": "ǃ", "-": "ƻ", "+": None, " ": None, "\t": None})
_MARKS = (("ǀ", "."), ("ǂ", "%"), ("ǃ", "‰"), ("ƻ", "-"))
_APART = re.compile(f"(?<=[0-9]){_EDGE}{_EDGE}(?=ƻ?[0-9])")
# Two numbers joined by one dash or 、 (5-6个, 5、6个, a rough 五六个): a pair, written ``5~6`` (a letter
# stands for the joiner while the text is folded).
_JOINER = "ʭ"
_JOINED = re.compile(f"(?<=[0-9]){_EDGE}[、\\-–—~～]{_EDGE}(?=[0-9])")


def _as_letters(m: re.Match[str]) -> str:
    number = m.group()
    return _EDGE + (number if number.isdigit() else number.translate(_TO_LETTERS)) + _EDGE


def _rough_pair(run: str) -> str | None:
    """A rough number of two neighbouring digits (``五六``, ``两三``, ``十七八``, ``七八十``, ``三四万``)
    as the two numbers it spans, written as a user writes them (``5、6``): None for any other run."""
    m = _ROUGH.fullmatch(run)
    if m is None:
        return None
    tens, low, high, unit = m.groups()
    a, b = _DIGIT_OF[low], _DIGIT_OF[high]
    if b != a + 1:
        return None  # 三五个 (a few) or 二三 read as no pair
    base = _DIGIT_OF.get(tens[:1], 1) * 10 if tens else 0
    scale = _SCALE_OF[unit] if unit else 1
    return f"{(base + a) * scale}、{(base + b) * scale}"


def _numeral(run: str, before: str, after: str) -> str | None:
    """The Arabic form of a run of numeral characters, or None when it is no number here."""
    if "0" <= before <= "9" and set(run) <= _MAGNITUDE_CHARS:
        return None  # the magnitude of a number in digits (5万, 2千): _MAGNITUDE reads it with them
    pair = _rough_pair(run) if 2 <= len(run) <= 4 else None
    if pair is not None:
        return pair
    if len(run) == 1 and run not in _UNIT_CHARS and before != "第" and not after.startswith(_AFTER):
        return None
    if (
        "〇" in run
        or "○" in run
        or (len(run) > 2 and "零" in run and not (_UNIT_CHARS - set("零〇○")) & set(run))
    ):
        seq = parse_digit_sequence(run)
        if seq is not None:
            return str(seq)
    value = parse_chinese_number(run)
    if value is None:
        return None
    return format(value.normalize(), "f") if value != value.to_integral_value() else str(int(value))


def _arabic(text: str) -> str:
    """``text`` with its numbers in words written in digits (see the module doc)."""
    if "分之" in text:
        text = _PER.sub(_per, text)
    out: list[str] = []
    pos = 0
    for m in _CN_RUN.finditer(text):
        run, before, after = m.group(), text[m.start() - 1 : m.start()], text[m.end() : m.end() + 3]
        digits = _numeral(run, before, after)
        if digits is None and len(run) > 2:
            digits = _run_on(run, after)
        if digits is not None:
            out += [text[pos : m.start()], digits]
            pos = m.end()
    out.append(text[pos:])
    return "".join(out)


def _run_on(run: str, after: str) -> str | None:
    """A rough number run on into the numeral of a measure word after it (``一两万一个月``: ``一两万``
    and ``一个月``): the pair in digits, that numeral left as written (as a run that is no number is);
    None for any other run."""
    if not after.startswith(_AFTER):
        return None
    pair = _rough_pair(run[:-1])
    return pair + run[-1] if pair is not None else None


def _per(m: re.Match[str]) -> str:
    sign = "%" if m.group(1) == "百分之" else "‰"
    raw = m.group(2)
    value = parse_chinese_number(raw) if not raw[0].isdigit() else None
    if value is None:
        return raw + sign if raw[0].isdigit() else m.group()
    text = format(value.normalize(), "f") if value != value.to_integral_value() else str(int(value))
    return text + sign


def _measure(m: re.Match[str]) -> str:
    return m.group(1) + _MEASURE_AS[m.group(2).lower()]


def _en_number(m: re.Match[str]) -> str:
    tens, ones, alone = m.groups()
    if alone:
        return str(_EN_VALUE[alone.lower()])
    return str(_EN_VALUE[tens.lower()] + (_EN_VALUE[ones.lower()] if ones else 0))


def _en_unit(m: re.Match[str]) -> str:
    return _EN_UNIT[m.group(1).lower().rstrip("s")]


def _clock(m: re.Match[str]) -> str:
    hour, minute, second = m.groups()
    return f"{int(hour)}时{int(minute)}分" + (f"{int(second)}秒" if second else "")


def _hour_minute(m: re.Match[str]) -> str:
    return f"{int(m.group(1))}时{int(m.group(2))}分"


def _clock_times(t: str) -> str:
    """Clock times of a half-width text, numbers in words already in digits, in one spelling."""
    if ":" in t:
        t = _CLOCK.sub(_clock, t)
    if "点" in t:
        t = _POINT_CLOCK.sub(_point_clock, t)
    if "时" in t:
        t = _HOUR_MINUTE.sub(_hour_minute, t)
        t = _AFTERNOON.sub(_afternoon, t)
    return t


def _point_clock(m: re.Match[str]) -> str:
    return f"{m.group(1)}时{30 if m.group(3) else m.group(2)}分"


def _afternoon(m: re.Match[str]) -> str:
    hour = int(m.group(2))
    return f"{m.group(1)}{hour + 12 if hour < 12 else hour}时{m.group(3)}分"


def _magnitude(m: re.Match[str]) -> str:
    value = Decimal(m.group(1)) * _MAGNITUDE_OF[m.group(2)]
    return format(value.normalize(), "f") if value != value.to_integral_value() else str(int(value))


def _unseparated(m: re.Match[str]) -> str:
    return m.group(1) + m.group(2).replace(",", "")


def canonical(text: str) -> str:
    """The canonical form of ``text`` (see the module doc)."""
    t = half_width(text)
    if "点" in t and "分" in t:  # 20点17分: the hour, not a decimal point
        t = _HOUR_POINT.sub("时", t)
    if not t.isascii() and _HAS_CN.search(t):
        t = _arabic(t)
    if _LATIN.search(t):
        t = _EN_WORDS_BEFORE_DURATION.sub(_en_number, t)
    if _HAS_DIGIT.search(t) is None:
        return fold(t)
    t = _clock_times(t)
    if "," in t:
        t = _THOUSANDS.sub(_unseparated, t)
    if "万" in t or "亿" in t or "千" in t:
        t = _MAGNITUDE.sub(_magnitude, t)
    if "天" in t:
        t = _DAY.sub("日", t)
    if "号" in t:
        t = _DAY_OF_MONTH.sub(r"\1日", t)
    if t.isascii() or _LATIN.search(t):
        t = _EN_DURATION.sub(_en_unit, t)
    t = _MEASURE.sub(_measure, t)
    # Each number is folded with its marks written as letters no text holds, and between two
    # letters that stand for its ends, so that two numbers only punctuation kept apart stay apart.
    marked = _NUMBER_IN_TEXT.sub(_as_letters, t)
    if _EDGE in marked:
        marked = _JOINED.sub(_EDGE + _JOINER + _EDGE, marked)
    folded = fold(marked)
    if _EDGE + _EDGE in folded:
        folded = _APART.sub("|", folded)
    folded = folded.replace(_EDGE, "")
    if _JOINER in folded:
        folded = folded.replace(_JOINER, "~")
    for letter, mark in _MARKS:
        if letter in folded:
            folded = folded.replace(letter, mark)
    return folded


def numbers(canonical_text: str) -> tuple[str, ...]:
    """The whole numbers of a canonical text, as written there (``0.9%``, ``15``, ``-3``)."""
    return tuple(_NUMBER.findall(canonical_text))
