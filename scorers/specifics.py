"""Specifics a free text asserts, with spans and a normalised value (docs/scoring/conflict_gap.md).

Kinds: ``phone`` (mobiles with or without separators, ``+86``, masked ``139****0271``; landlines with
an area code, or 7-8 digits after 电话/手机; a number given in part, ``139开头``, ``手机尾号8866``),
``id`` (18- and 15-digit ID numbers, masked ones), ``account`` (16-19 digit bank card numbers, grouped or masked), ``wechat`` (an id after 微信号/微信:),
``address`` (…路…号…, …村…组, or text with an address marker after 住址/地址/住在), ``place`` (a named
hotel, school, bank, company … such as ``金海湾酒楼``), ``amount`` and ``date`` (``benchmark.text``;
negated values are not asserted), ``rate`` (``6%``, ``百分之六``), ``time`` (``下午3点``, ``15:30``,
``20时17分``, ``3 pm``) and ``name`` (Chinese person names: ``scorers.names.find_names``, which needs
what the document and the question already say, and runs jieba only when a candidate must be checked).

All regexes are compiled once; full-width digits are read through ``half_width`` (same length, so
spans index the input). A scorer may pass the answer's amounts and dates (``TextValues``), read once
for all its checks.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from benchmark.text import fold, parse_chinese_number
from benchmark.text.amounts import TextValues

KINDS = ("phone", "id", "account", "wechat", "address", "place", "amount", "rate", "date", "time", "name")
IDENTIFIER_KINDS = frozenset({"phone", "id", "account", "wechat"})


@dataclass(frozen=True, slots=True)
class TimeOfDay:
    """A clock time: the 24-hour hours it may mean (``3点`` is 3 or 15) and its minute if given."""

    hours: tuple[int, ...]
    minute: int | None

    def __str__(self) -> str:
        hours = "|".join(f"{h:02d}" for h in self.hours)
        return f"{hours}:{'xx' if self.minute is None else f'{self.minute:02d}'}"


@dataclass(frozen=True, slots=True)
class Specific:
    """One asserted specific: ``text[start:end] == raw``; ``value`` is what comparisons use."""

    kind: str
    raw: str
    value: Any  # str (numbers, ids, folded text), Decimal (amount, rate), PartialDate, TimeOfDay
    start: int
    end: int
    qualifier: str | None = None  # amounts/dates: hedge, approximate, range, alternative

    @property
    def value_text(self) -> str:
        if isinstance(self.value, Decimal):
            return format(self.value.normalize(), "f")
        return str(self.value)

    @property
    def key(self) -> str:
        return f"{self.kind}:{self.value_text}"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "raw": self.raw, "value": self.value_text, "start": self.start,
                "end": self.end, "qualifier": self.qualifier}  # fmt: skip


# --- numbers: phones, IDs, bank accounts ---------------------------------------------------------

_MASK = "*＊xX×"
_MOBILE = re.compile(rf"(?<![\d{_MASK}])(?:\+?86[-\s]?)?1[3-9]\d(?:[-\s]?[\d{_MASK}]){{8}}(?![\d*＊])")
_LANDLINE = re.compile(r"(?<![\d*＊])(?:[(（]0\d{2,3}[)）]\s*|0\d{2,3}[-－\s]?)\d{7,8}(?![\d*＊])")
_LABELLED_PHONE = re.compile(
    r"(?:电话|手机|座机|号码|联系方式|phone|tel)[^\d\n。；]{0,6}?(?<!\d)(\d{7,8})(?!\d)", re.I
)
_ID18 = re.compile(
    r"(?<![\dA-Za-z*＊])[1-9]\d{5}(?:18|19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{3}[\dXx](?![\dA-Za-z*＊])"
)
_ID15 = re.compile(
    r"(?<![\dA-Za-z*＊])[1-9]\d{7}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{3}(?![\dA-Za-z*＊])"
)
_ID_MASKED = re.compile(r"(?<![\dA-Za-z*＊])[1-9]\d{1,5}[*＊]{6,14}\d{2,4}[\dXx]?(?![\dA-Za-z*＊])")
_ACCOUNT = re.compile(
    r"(?<![\d*＊])[1-9]\d{3}(?:[ -]?[\d*＊]{4}){2,3}(?:[ -]?[\d*＊]{1,3})?(?<=\d)(?![\d*＊])"
)
_NOT_DIGIT_OR_MASK = re.compile(r"[^\d*＊xX×]")


def _digits(raw: str, *, keep_x: bool = False) -> str:
    s = _NOT_DIGIT_OR_MASK.sub("", raw)
    if keep_x and s[-1:] in "xX":
        return re.sub(r"[*＊xX×]", "*", s[:-1]) + "X"
    return re.sub(r"[*＊xX×]", "*", s)


def _phone_value(raw: str) -> str:
    value = _digits(raw)
    return value[2:] if len(value) == 13 and value.startswith("86") else value


# Every number pattern needs seven digits or masks in a row (single separators allowed between):
# text without such a run (dates, amounts, counts) skips the seven searches.
_LONG_NUMBER = re.compile(rf"[\d{_MASK}](?:[-\s]?[\d{_MASK}]){{6}}")


def _numbers(t: str) -> list[Specific]:
    if _LONG_NUMBER.search(t) is None:
        return []
    out: list[Specific] = []
    taken = _Spans()  # the spans kept so far overlap none of the others: a bisection per match

    def add(kind: str, m: re.Match[str], value: str, group: int = 0) -> None:
        start, end = m.span(group)
        if not taken.overlapping(start, end):
            taken.add(start, end)
            out.append(Specific(kind, m.group(group), value, start, end))

    for m in _ID18.finditer(t):
        add("id", m, _digits(m.group(), keep_x=True))
    for m in _ID_MASKED.finditer(t):
        if len(_digits(m.group(), keep_x=True)) == 18:
            add("id", m, _digits(m.group(), keep_x=True))
    for m in _MOBILE.finditer(t):
        add("phone", m, _phone_value(m.group()))
    for m in _ID15.finditer(t):
        add("id", m, _digits(m.group()))
    for m in _ACCOUNT.finditer(t):
        add("account", m, _digits(m.group()))
    for m in _LANDLINE.finditer(t):
        add("phone", m, _digits(m.group()))
    for m in _LABELLED_PHONE.finditer(t):
        add("phone", m, m.group(1), 1)
    return out


# A phone number given in part: its first three digits (``138开头``) or, after a phone word, its last
# four (``手机尾号5678``). Written as a masked number, so it agrees with any number showing those digits.
_PHONE_HEAD = re.compile(r"(?<![\d*＊])(1[3-9]\d)\s*(?:开头|打头)")
_PHONE_TAIL = re.compile(r"(?:电话|手机|号码|手机号)[^\d\n。；，,]{0,4}尾号(?:是|为)?\s*(\d{4})(?![\d*＊])")


def _partial_phones(t: str) -> list[Specific]:
    if "开头" not in t and "打头" not in t and "尾号" not in t:
        return []
    out = [
        Specific("phone", m.group(), m.group(1) + "*" * 8, m.start(), m.end())
        for m in _PHONE_HEAD.finditer(t)
    ]
    out += [Specific("phone", m.group(1), "*" * 7 + m.group(1), *m.span(1)) for m in _PHONE_TAIL.finditer(t)]
    return out


# --- WeChat ids --------------------------------------------------------------------------------

_WECHAT_ID = r"(?<![A-Za-z0-9_-])(?P<id>(?:wxid_)?[A-Za-z][A-Za-z0-9_-]{5,19})(?![A-Za-z0-9_-])"
_WECHAT = [
    re.compile(
        rf"(?:微信号|微信账号|微信id|wechat\s*id)(?:\s*is\s)?[^\n。；;A-Za-z0-9]{{0,8}}?{_WECHAT_ID}",
        re.I,
    ),
    re.compile(rf"微信(?:是|为|：|:)\s*[“\"「『']?{_WECHAT_ID}"),
]


def _wechat(t: str) -> list[Specific]:
    if "微信" not in t and not (("w" in t or "W" in t) and "wechat" in t.lower()):
        return []  # both patterns need one of these (no character but w and W lowers to a w)
    out = []
    for pattern in _WECHAT:
        for m in pattern.finditer(t):
            out.append(Specific("wechat", m.group("id"), m.group("id").lower(), m.start("id"), m.end("id")))
    return out


# --- addresses and named places ------------------------------------------------------------------

_HAN = r"[\u4e00-\u9fff]"
_NUM = r"[0-9一二三四五六七八九十百零〇两]+"
_HOUSE = rf"{_NUM}\s*号(?:院)?(?:\s*{_NUM}\s*(?:栋|幢|座|号楼))?(?:\s*{_NUM}\s*单元)?(?:\s*{_NUM}\s*(?:室|层|号房|户))?"
_ADDR_STREET = re.compile(rf"{_HAN}{{2,24}}?(?:大道|大街|路|街|巷|弄|胡同)\s*{_HOUSE}")
_ADDR_VILLAGE = re.compile(rf"{_HAN}{{2,16}}?村(?:{_NUM}|{_HAN}{{1,3}}?)组")
_ADDR_LABEL = re.compile(
    r"(?:现住址|家庭住址|通讯地址|送达地址|户籍地址|户籍所在地|住址|地址|住所|住在|家住|居住在|居住于|位于|坐落于)"
    r"\s*(?:是|为|在|于|：|:)?\s*(?P<addr>[^，。；;,\n）)？?！!“”\"]{2,40})"
)
_ADDR_MARKER = re.compile(r"[省市区县镇乡村组路街巷弄号栋幢室]|小区|大厦|公寓")
_ADDR_UNCERTAIN = re.compile(r"哪|不详|不清楚|不知道|未知|空白|没有|未|不明|_")
PLACE_SUFFIXES = (
    "大酒店|酒楼|酒店|饭店|餐厅|饭馆|茶楼|宾馆|小学|中学|大学|学校|幼儿园|支行|分行|银行|医院|律师事务所|事务所|茶庄|茶行|商行|商店|酒家|餐馆|饭庄|"
    "派出所|超市|公司"
)
_PLACE = re.compile(rf"(?P<name>{_HAN}{{2,12}}?)(?P<suffix>{PLACE_SUFFIXES})")
_PLACE_SUFFIX = re.compile(PLACE_SUFFIXES)
# Where a name proper starts: after the last of these (``他在城东一家海鲜酒楼`` -> ``海鲜酒楼``;
# ``笔录没有记载饭店`` -> ``饭店``, no name).
_CUT = {
    "place": re.compile(
        r".*(?:[的在是了到去于和与给从向把被将为称说叫个所其这那哪该某每各他她它们没]|一家|那家|这家|"
        r"记载|载明|写明|提到|提及|就读)"
    ),
    "address": re.compile(r".*(?:[的在是了到去于给从向把被将为称说住]|位于)"),
}


def _trimmed(kind: str, m: re.Match[str], head: str | None = None) -> Specific:
    """The match without the words before the name proper (``他住在青屿市…`` -> ``青屿市…``)."""
    cut = _CUT[kind].match(head if head is not None else m.group())
    offset = cut.end() if cut else 0
    raw = m.group()[offset:]
    return Specific(kind, raw, fold(raw), m.start() + offset, m.end())


def _addresses(t: str) -> list[Specific]:
    out: list[Specific] = []
    if "号" in t:
        out += [_trimmed("address", m) for m in _ADDR_STREET.finditer(t)]
    if "组" in t:
        out += [_trimmed("address", m) for m in _ADDR_VILLAGE.finditer(t)]
    for m in _ADDR_LABEL.finditer(t):
        addr = m.group("addr").strip()
        addr = re.split(r"的(?![\u4e00-\u9fff]*(?:号|室|楼|路))", addr)[0]  # 住在X区的一个小区里 -> X区
        if _ADDR_MARKER.search(addr) and not _ADDR_UNCERTAIN.search(addr):
            start = m.start("addr") + m.group("addr").index(addr[:1])
            out.append(Specific("address", addr, fold(addr), start, start + len(addr)))
    return out


def _place_matches(t: str) -> Iterator[re.Match[str]]:
    """``_PLACE.finditer(t)``, tried only near a suffix (the place pattern tries every Han character,
    each with up to eleven name lengths): a match's suffix starts 2-12 characters after it, so no
    match starts more than 12 characters before the first suffix that follows where the last ended."""
    end = 0
    while (suffix := _PLACE_SUFFIX.search(t, end + 2)) is not None:
        m = _PLACE.search(t, max(end, suffix.start() - 12))
        if m is None:
            return
        yield m
        end = m.end()


def _places(t: str) -> list[Specific]:
    out = []
    for m in _place_matches(t):
        place = _trimmed("place", m, m.group("name"))
        if len(place.raw) - len(m.group("suffix")) >= 2:  # 该银行, 一家公司: no name
            out.append(place)
    return out


# --- rates and times of day --------------------------------------------------------------------

_RATE = re.compile(r"(?<![\d.])(\d+(?:\.\d+)?)\s*[%％]|百分之([零一二三四五六七八九十百点两]+)")
_PERIODS = ("凌晨", "清晨", "早上", "早晨", "上午", "中午", "午后", "下午", "傍晚", "晚上", "夜里", "夜间", "深夜", "半夜")  # fmt: skip
_PERIOD = rf"(?P<p>{'|'.join(_PERIODS)})?"
_CN_SMALL = "零一二三四五六七八九十两"
# The lookaheads name every character a match can start with (a period, a space, an hour), so the
# engine gives up at once elsewhere instead of trying the whole pattern at every character.
_TIME_START = rf"(?=[{''.join(p[0] for p in _PERIODS)}\s\d{_CN_SMALL}])"
_ZH_TIME = re.compile(
    rf"{_TIME_START}{_PERIOD}\s*(?<![\d.:])(?P<h>[01]?\d|2[0-4]|[{_CN_SMALL}]{{1,3}})\s*(?P<unit>点|时)(?!间|候|期|效|段|代)"
    rf"(?:\s*(?P<m>[0-5]?\d|[{_CN_SMALL}]{{1,3}})\s*分|\s*(?P<half>半|一刻|三刻))?(?P<tail>钟|整|多|左右|许)?"
)
_HHMM = re.compile(r"(?=\d)(?<![\d:.])(?P<h>[01]?\d|2[0-3])\s*[:：]\s*(?P<m>[0-5]\d)(?![\d:])")
_EN_TIME = re.compile(
    r"\b(?P<h>1[0-2]|0?[1-9])(?::(?P<m>[0-5]\d))?\s*(?P<ap>a\.?m\.?|p\.?m\.?)(?![A-Za-z])", re.I
)
_AM_PM = re.compile(r"[aApP]\.?[mM]")  # what every English time needs (cased: a quicker scan)
_PM = frozenset({"午后", "下午", "傍晚", "晚上", "夜间"})
_AM = frozenset({"凌晨", "清晨", "早上", "早晨", "上午"})
_HALF = {"半": 30, "一刻": 15, "三刻": 45}


def _small_number(s: str) -> int | None:
    if s.isdigit():
        return int(s)
    value = parse_chinese_number(s.replace("两", "二"))
    return int(value) if value is not None and value == value.to_integral_value() else None


def _hours(hour: int, period: str | None) -> tuple[int, ...]:
    if period in _PM or (period == "夜里" and hour >= 6):
        return ((hour + 12) % 24,) if hour < 12 else (hour % 24,)
    if period in ("深夜", "半夜"):
        return ((hour + 12) % 24,) if hour >= 9 else (hour % 24,)
    if period == "中午":
        return (hour + 12,) if hour <= 2 else (hour,)
    if period in _AM or period == "夜里":
        return (0,) if hour == 12 and period == "凌晨" else (hour,)
    if hour == 0 or hour == 24:
        return (0,)
    return (hour, hour + 12) if hour < 12 else (hour,)


def _zh_time(m: re.Match[str]) -> TimeOfDay | None:
    period, unit, tail = m.group("p"), m.group("unit"), m.group("tail")
    minute_raw, half = m.group("m"), m.group("half")
    if not (period or minute_raw or half or tail) or (unit == "时" and not (period or minute_raw or tail)):
        return None  # 两点 (two points), 3时 alone: not read as a time
    hour = _small_number(m.group("h"))
    minute = _small_number(minute_raw) if minute_raw else _HALF.get(half or "")
    if hour is None or hour > 24 or (minute is not None and minute > 59):
        return None
    if minute is None and tail == "整":
        minute = 0
    return TimeOfDay(_hours(hour, period), minute)


def _digit_before_colon(t: str) -> bool:
    """``re.search(r"\\d\\s*[:：]", t)``, what every ``_HHMM`` time holds, from each colon back (a
    colon alone is common: 称：; a regular expression would try every digit)."""
    for colon in ":：":
        i = t.find(colon)
        while i >= 0:
            j = i - 1
            while j >= 0 and t[j].isspace():
                j -= 1
            if j >= 0 and t[j].isdecimal():
                return True
            i = t.find(colon, i + 1)
    return False


def _times(t: str) -> list[Specific]:
    out = []
    if "点" in t or "时" in t:
        for m in _ZH_TIME.finditer(t):
            value = _zh_time(m)
            if value is not None:
                start = m.start("p") if m.group("p") else m.start("h")
                out.append(Specific("time", t[start : m.end()], value, start, m.end()))
    if _digit_before_colon(t):
        for m in _HHMM.finditer(t):
            out.append(
                Specific("time", m.group(), TimeOfDay((int(m.group("h")),), int(m.group("m"))), *m.span())
            )
    for m in _EN_TIME.finditer(t) if ("m" in t or "M" in t) and _AM_PM.search(t) else ():
        hour = int(m.group("h")) % 12 + (12 if m.group("ap").lower().startswith("p") else 0)
        minute = int(m.group("m")) if m.group("m") else None
        out.append(Specific("time", m.group(), TimeOfDay((hour,), minute), *m.span()))
    return out


def _rates(t: str) -> list[Specific]:
    if "%" not in t and "％" not in t and "百分之" not in t:
        return []
    out = []
    for m in _RATE.finditer(t):
        value = Decimal(m.group(1)) if m.group(1) else parse_chinese_number(m.group(2))
        if value is not None:
            out.append(Specific("rate", m.group(), value.normalize(), *m.span()))
    return out


# --- amounts and dates (benchmark.text) -----------------------------------------------------


def _values(read: TextValues) -> list[Specific]:
    amounts, dates = read.of_half_width()
    out = []
    for found in (*amounts, *dates):
        if found.qualifier != "negated":
            out.append(Specific(found.kind, found.raw, found.value, found.start, found.end, found.qualifier))
    return out


_PRIORITY = {
    kind: i for i, kind in enumerate(("id", "phone", "account", "wechat", "rate", "time", "date", "amount"))
}


def _resolve(found: list[Specific]) -> list[Specific]:
    """Numbers inside a higher-priority span (a date inside an ID, an amount inside a time) go, and so
    do places inside an address. The spans kept so far are an index (``_Spans``): a look-up each, so a
    document with thousands of values is resolved in n log n, not in n squared."""
    if len(found) < 2:
        return list(found)  # nothing to clash with
    kept: list[Specific] = []
    numbers, addresses = _Spans(), _Spans()
    for s in sorted(found, key=lambda s: (_PRIORITY.get(s.kind, 99), s.start, -s.end)):
        if s.kind in _PRIORITY:
            if numbers.overlapping(s.start, s.end):
                continue
            numbers.add(s.start, s.end)
        elif s.kind == "place" and addresses.containing(s.start, s.end):
            continue
        elif s.kind == "address":
            addresses.add(s.start, s.end)
        kept.append(s)
    return sorted(kept, key=lambda s: (s.start, s.end, s.kind))


class _Spans:
    """Spans that overlap none of the others, sorted by start, each with an owner (an index). Such
    spans' ends rise with their starts, so the ones overlapping a range are a run found by bisection."""

    def __init__(self) -> None:
        self.starts: list[int] = []
        self.ends: list[int] = []
        self.owners: list[int] = []

    def add(self, start: int, end: int, owner: int = -1) -> None:
        i = bisect.bisect_right(self.starts, start)
        while i > 0 and self.starts[i - 1] == start and self.ends[i - 1] > end:
            i -= 1  # equal starts (an empty span and a longer one): the shorter first
        self.starts.insert(i, start)
        self.ends.insert(i, end)
        self.owners.insert(i, owner)

    def overlapping(self, start: int, end: int) -> range:
        """Positions of the spans overlapping [start, end)."""
        hi = bisect.bisect_left(self.starts, end)
        return range(bisect.bisect_right(self.ends, start, 0, hi), hi)

    def containing(self, start: int, end: int) -> bool:
        i = bisect.bisect_right(self.starts, start)
        return i > 0 and self.ends[i - 1] >= end

    def remove(self, run: range) -> None:
        for column in (self.starts, self.ends, self.owners):
            del column[run.start : run.stop]


def _specifics(read: TextValues) -> tuple[Specific, ...]:
    text, t = read.text, read.half
    found = _numbers(t) + _partial_phones(t) + _wechat(t) + _rates(t) + _times(t) + _values(read)
    found += sorted(_addresses(t), key=lambda s: (s.start, -s.end))
    found += _places(t)
    kept = _resolve(_dedupe(found))
    if t != text:  # raw as written (full-width digits, ￥), values read from the half-width form
        kept = [_as_written(s, text[s.start : s.end]) for s in kept]
    return tuple(kept)


def _as_written(s: Specific, raw: str) -> Specific:
    return s if s.raw == raw else Specific(s.kind, raw, s.value, s.start, s.end, s.qualifier)


def _dedupe(found: list[Specific]) -> list[Specific]:
    """Overlapping addresses (a label capture and a street pattern) keep the longer one (the first
    when they are as long); everything else is kept, in its order."""
    dropped: set[int] = set()
    addresses = _Spans()
    for i, s in enumerate(found):
        if s.kind != "address":
            continue
        clash = addresses.overlapping(s.start, s.end)
        if any(addresses.ends[k] - addresses.starts[k] >= s.end - s.start for k in clash):
            dropped.add(i)
            continue
        dropped.update(addresses.owners[k] for k in clash)
        addresses.remove(clash)
        addresses.add(s.start, s.end, i)
    return [s for i, s in enumerate(found) if i not in dropped]


def find_specifics(
    text: str, kinds: frozenset[str] | None = None, values: TextValues | None = None
) -> list[Specific]:
    """Every specific ``text`` asserts except names (see :func:`find_names`), in text order.
    ``values``: the text's amounts and dates as the scorer shares them for one answer (not cached)."""
    read = values if values is not None and values.text == text else TextValues(text)
    found = _specifics(read)
    return [s for s in found if kinds is None or s.kind in kinds]


__all__ = [
    "IDENTIFIER_KINDS",
    "KINDS",
    "PLACE_SUFFIXES",
    "Specific",
    "TimeOfDay",
    "find_specifics",
]
