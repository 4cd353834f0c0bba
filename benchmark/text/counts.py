"""Counts: a number with a classifier (``3次``, ``三笔``, ``两次``, ``共计五笔``, ``3 times``, ``twice``)."""

from __future__ import annotations

import itertools
import re
import unicodedata
from dataclasses import dataclass

from .amounts import _parse_run, find_amounts
from .dates import scan_spans
from .folding import half_width
from .found import Found, context_qualifier, link_kind
from .numerals import CN_DIGITS, ZERO_CHARS


def _split(words: str) -> tuple[str, ...]:
    return tuple(words.split())


__all__ = ["ASKED_ONLY_UNITS", "CN_UNITS", "find_counts", "find_counts_preferring", "parse_count", "unit_of"]

# Longest first: 个月 before 个, 个人 before 个. Any measure word counts (``3头``, ``2支``, ``6000只``,
# ``两套``, ``三份``, ``30日``); money (元/块), lengths and weights are not counts.
_CN_UNITS = (
    "个月", "个人", "小时", "分钟", "次", "笔", "回", "趟", "遍", "个", "名", "人", "份", "张", "件", "项",
    "起", "处", "条", "位", "家", "辆", "台", "部", "套", "间", "本", "封", "天", "日", "年", "周", "岁",
    "页", "批", "轮", "通", "期", "单", "头", "只", "支", "枝", "根", "匹", "棵", "株", "把", "双", "对",
    "箱", "瓶", "盒", "包", "袋", "粒", "片", "颗", "枚", "幅", "首", "篇", "册", "场", "段", "层", "户",
    "所", "架", "艘", "扇", "股", "种", "类", "组", "副", "款", "节", "章", "宗", "桩", "届", "座", "栏",
    "顿", "餐", "番", "声", "枪", "刀", "拳", "脚", "卷",
)  # fmt: skip
CN_UNITS = _CN_UNITS  # the Chinese measure words a count may carry
#: Measure words that are mostly something else: parts of an address (``6栋2单元``), money (``三百块``):
#: counts only when the question asks for them (``几栋``, ``几块手表``).
ASKED_ONLY_UNITS = ("栋", "幢", "块")
_EN_UNITS = {
    "time": "次", "times": "次", "occasion": "次", "occasions": "次", "meeting": "次", "meetings": "次",
    "visit": "次", "visits": "次", "meal": "次", "meals": "次",
    "payment": "笔", "payments": "笔", "transfer": "笔", "transfers": "笔", "installment": "笔",
    "installments": "笔", "instalment": "笔", "instalments": "笔", "transaction": "笔", "transactions": "笔",
    "repayment": "笔", "repayments": "笔",
    "person": "人", "persons": "人", "people": "人", "member": "人", "members": "人", "witness": "人",
    "witnesses": "人", "employee": "人", "employees": "人",
    "day": "天", "days": "天", "year": "年", "years": "年", "month": "个月", "months": "个月",
    "page": "页", "pages": "页", "item": "项", "items": "项", "piece": "份", "pieces": "份",
    "document": "份", "documents": "份", "copy": "份", "copies": "份", "receipt": "张", "receipts": "张",
    "case": "件", "cases": "件",
}  # fmt: skip
_EN_NUMBERS = {
    w: i
    for i, w in enumerate(
        _split(
            "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
            "sixteen seventeen eighteen nineteen twenty"
        )
    )
}
_EN_ADVERBS = {"once": 1, "twice": 2, "thrice": 3}
#: Copies of a document (``made in triplicate``: three copies, 份).
_EN_COPIES = {"duplicate": 2, "triplicate": 3, "quadruplicate": 4}
#: Classifiers that count the same thing: a unit filter of 次 also accepts 回/趟/遍 and "times", and
#: the meals of 吃过几次饭 (两顿饭); 日 = 天.
_SYNONYMS = {
    "回": "次", "趟": "次", "遍": "次", "顿": "次", "餐": "次", "名": "人", "位": "人", "个人": "人", "日": "天",
    "幢": "栋",
}  # fmt: skip

_CN_NUM_CHARS = "".join(CN_DIGITS) + ZERO_CHARS + "十拾百佰千仟"
_UNIT_RE = "|".join(_CN_UNITS)
# Not inside a longer number (nor after the 多/余 of one: 十多三次); 尚余/剩余 before a count is no number.
_CN_NUMBER = rf"(?<![0-9A-Za-z_.,第{_CN_NUM_CHARS}几])(?<![0-9{_CN_NUM_CHARS}几][多余])(?P<num>[0-9]+(?:多|余)?|[{_CN_NUM_CHARS}几][{_CN_NUM_CHARS}几多余]*)"
# Not 一次性 (lump sum), nor the 单元 / 单位 of an address or employer.
_CN_COUNT = re.compile(rf"{_CN_NUMBER}\s*(?P<unit>{_UNIT_RE})(?!性)(?!(?<=单)[元位])")
_CN_ASKED_ONLY = re.compile(rf"{_CN_NUMBER}\s*(?P<unit>{'|'.join(ASKED_ONLY_UNITS)})")
_EN_COUNT = re.compile(
    r"\b(?P<num>[0-9]+|"
    + "|".join(_EN_NUMBERS)
    + r")\s+(?P<unit>"
    + "|".join(sorted(_EN_UNITS, key=len, reverse=True))
    + r")\b"
    r"|\b(?P<adv>once|twice|thrice)\b"
    r"|\bin (?P<copies>duplicate|triplicate|quadruplicate)\b",
    re.IGNORECASE,
)
# In English any plural noun counts, a word or two of description between (Three mobile phones, 23 blank
# forms, Six ATM withdrawals): its classifier is the noun itself, so a question's classifier never
# prefers it, but it is read when the answer gives no count of that classifier.
_EN_ANY_COUNT = re.compile(
    r"(?<![0-9.,])\b(?P<num>[0-9]+|"
    + "|".join(_EN_NUMBERS)
    + r")\s+(?:[A-Za-z]+\s+){0,2}?(?P<unit>[A-Za-z]{2,}s)\b",
    re.IGNORECASE,
)
_NOT_COUNTED = frozenset({"yuan", "dollars", "cents", "percent", "thousands", "millions", "billions"})
_PREFIX = re.compile(r"(?:共计|一共|总共|合计|总计|累计|共|total(?:ly)?:?\s*|in total\s*)", re.IGNORECASE)
_GATE = re.compile(
    rf"[0-9{_CN_NUM_CHARS}几]|once|twice|thrice|plicate|\b(?:{'|'.join(_EN_NUMBERS)})\b", re.IGNORECASE
)


def unit_of(unit: str) -> str:
    """The canonical classifier: ``回``/``趟``/``times`` -> ``次``, ``名``/``people`` -> ``人``."""
    u = unit.strip().lower()
    u = _EN_UNITS.get(u, u)
    return _SYNONYMS.get(u, u)


def _value(num: str) -> tuple[int, bool] | None:
    low = num.lower()
    if low in _EN_NUMBERS:
        return _EN_NUMBERS[low], False
    if num.isdigit() and num.isascii():
        return int(num), False
    parsed = _parse_run(num)
    if parsed is None:
        return None
    value, approx = parsed
    if value != value.to_integral_value():
        return None
    return int(value), approx


@dataclass
class _Cand:
    start: int
    end: int
    value: int
    unit: str
    approx: bool
    link: str | None = None


def _candidates(t: str, asked_only: bool = False) -> list[_Cand]:
    out: list[_Cand] = []
    for pattern in (_CN_COUNT, _CN_ASKED_ONLY) if asked_only else (_CN_COUNT,):
        for m in pattern.finditer(t):
            parsed = _value(m.group("num"))
            if parsed is not None:
                out.append(_Cand(m.start(), m.end(), parsed[0], unit_of(m.group("unit")), parsed[1]))
    if asked_only:
        out.sort(key=lambda c: c.start)
    if t.isascii() or re.search(r"[A-Za-z]", t):
        for m in _EN_COUNT.finditer(t):
            if m.group("adv"):
                out.append(_Cand(m.start(), m.end(), _EN_ADVERBS[m.group("adv").lower()], "次", False))
                continue
            if m.group("copies"):
                out.append(_Cand(m.start(), m.end(), _EN_COPIES[m.group("copies").lower()], "份", False))
                continue
            parsed = _value(m.group("num"))
            if parsed is not None:
                out.append(_Cand(m.start(), m.end(), parsed[0], unit_of(m.group("unit")), parsed[1]))
        taken = [(c.start, c.end) for c in out]
        for m in _EN_ANY_COUNT.finditer(t):
            unit = m.group("unit").lower()
            if unit in _NOT_COUNTED or any(a < m.end() and m.start() < b for a, b in taken):
                continue
            parsed = _value(m.group("num"))
            if parsed is not None:
                out.append(_Cand(m.start(), m.end(), parsed[0], unit, parsed[1]))
        out.sort(key=lambda c: c.start)
    return out


def find_counts(text: str, unit: str | None = None) -> list[Found]:
    """Every count in ``text`` (``3次``, ``三笔``, ``共计五笔``, ``3 times``, ``twice``), in order.

    With ``unit`` only counts of that classifier (synonyms included: 次 = 回/趟/遍/times; a unit of
    ``ASKED_ONLY_UNITS`` is read only when asked for). Digits that belong to an amount or a date are
    never counts; ``第三次`` (ordinal) and ``一次性`` are not counts.
    """
    t, cands = _linked(text, _asks_only(unit))
    return _counts_of(text, t, cands, unit)


def _asks_only(unit: str | None) -> bool:
    return unit is not None and unit_of(unit) in ASKED_ONLY_UNITS


def find_counts_preferring(text: str, unit: str | None) -> list[Found]:
    """``find_counts(text, unit) or find_counts(text)`` (the counts of ``unit`` when the text has
    some, else all; all when ``unit`` is None), reading the text once."""
    t, cands = _linked(text, _asks_only(unit))
    same = _counts_of(text, t, cands, unit) if unit is not None else []
    return same or _counts_of(text, t, [c for c in cands if c.unit not in ASKED_ONLY_UNITS], None)


def _linked(text: str, asked_only: bool = False) -> tuple[str, list[_Cand]]:
    """``half_width(text)`` and its counts (not in an amount or a date), linked to their neighbours;
    with ``asked_only`` the counts of ``ASKED_ONLY_UNITS`` too."""
    t = half_width(text)
    if not _GATE.search(t):
        return t, []
    cands = _candidates(t, asked_only)
    if not cands:
        return t, []
    # an amount in 块 is a count of 块 when the question asks for one (手表1块 for 几块手表)
    amounts = [f for f in find_amounts(t) if not (asked_only and f.raw.endswith("块"))]
    blocked = scan_spans(t) + [(f.start, f.end) for f in amounts]
    cands = [c for c in cands if not any(bs < c.end and c.start < be for bs, be in blocked)]
    for left, right in itertools.pairwise(cands):
        link = link_kind(t, left.start, left.end, right.start)
        if link in ("alternative", "range"):
            left.link = left.link or link
            right.link = right.link or link
    return t, cands


def _counts_of(text: str, t: str, cands: list[_Cand], unit: str | None) -> list[Found]:
    """The Found of each of ``cands`` (of ``unit`` only, when given)."""
    wanted = unit_of(unit) if unit else None
    out: list[Found] = []
    for c in cands:
        if wanted is not None and c.unit != wanted:
            continue
        ctx = context_qualifier(t, c.start, c.end)
        qualifier = "negated" if ctx == "negated" else c.link or ctx or ("approximate" if c.approx else None)
        out.append(
            Found("count", c.value, c.start, c.end, text[c.start : c.end], qualifier is None, qualifier)
        )
    return out


def parse_count(text: str) -> int | None:
    """The whole string as one count: ``3``, ``3次``, ``三次``, ``两次``, ``共计五笔``, ``3 times``, ``twice``.

    Approximations (``三四次``, ``十几次``) and non-integers give None.
    """
    s = text if text.isascii() else unicodedata.normalize("NFKC", text)
    s = s.strip().rstrip("。.").strip()
    pm = _PREFIX.match(s)
    if pm:
        s = s[pm.end() :].strip()
    if not s:
        return None
    low = s.lower()
    if low in _EN_ADVERBS:
        return _EN_ADVERBS[low]
    m = _EN_COUNT.fullmatch(s)
    if m is None:
        m = re.fullmatch(rf"(?P<num>[0-9]+|[{_CN_NUM_CHARS}]+|[a-zA-Z]+)\s*(?P<unit>{_UNIT_RE})?", s)
    if m is None:
        return None
    parsed = _value(m.group("num"))
    if parsed is None or parsed[1]:
        return None
    return parsed[0]
