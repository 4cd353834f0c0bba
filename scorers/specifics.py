"""Specifics a free text asserts, with spans and a normalised value (docs/scoring/conflict_gap.md).

Kinds: ``phone`` (mobiles with or without separators, ``+86``, masked ``139****0271``; landlines with
an area code, or 7-8 digits after 电话/手机), ``id`` (18- and 15-digit ID numbers, masked ones),
``account`` (16-19 digit bank card numbers, grouped or masked), ``wechat`` (an id after 微信号/微信:),
``address`` (…路…号…, …村…组, or text with an address marker after 住址/地址/住在), ``place`` (a named
hotel, school, bank, company … such as ``金海湾酒楼``), ``amount`` and ``date`` (``scorers.normalize``;
negated values are not asserted), ``rate`` (``6%``, ``百分之六``), ``time`` (``下午3点``, ``15:30``,
``20时17分``, ``3 pm``) and ``name`` (Chinese person names: :func:`find_names`, which needs what the
document and the question already say, and runs jieba only when a candidate must be checked).

All regexes are compiled once; full-width digits are read through ``half_width`` (same length, so
spans index the input). ``find_specifics`` is cached per text, jieba's tags per text window.
"""

from __future__ import annotations

import logging
import os
import re
import threading
import warnings
from collections.abc import Callable
from dataclasses import dataclass, replace
from decimal import Decimal
from functools import lru_cache
from pathlib import Path
from typing import Any

from scorers.normalize import find_amounts, find_dates, fold, parse_chinese_number
from scorers.normalize.text import half_width

KINDS = ("phone", "id", "account", "wechat", "address", "place", "amount", "rate", "date", "time", "name")
IDENTIFIER_KINDS = frozenset({"phone", "id", "account", "wechat"})


@dataclass(frozen=True)
class TimeOfDay:
    """A clock time: the 24-hour hours it may mean (``3点`` is 3 or 15) and its minute if given."""

    hours: tuple[int, ...]
    minute: int | None

    def __str__(self) -> str:
        hours = "|".join(f"{h:02d}" for h in self.hours)
        return f"{hours}:{'xx' if self.minute is None else f'{self.minute:02d}'}"


@dataclass(frozen=True)
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


def _numbers(t: str) -> list[Specific]:
    out: list[Specific] = []
    taken: list[tuple[int, int]] = []

    def add(kind: str, m: re.Match[str], value: str, group: int = 0) -> None:
        start, end = m.span(group)
        if not any(lo < end and start < hi for lo, hi in taken):
            taken.append((start, end))
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
# Where a name proper starts: after the last of these (``他在城东一家海鲜酒楼`` -> ``海鲜酒楼``).
_CUT = {
    "place": re.compile(
        r".*(?:[的在是了到去于和与给从向把被将为称说叫个所其这那哪该某每各他她它们]|一家|那家|这家)"
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


def _places(t: str) -> list[Specific]:
    out = []
    for m in _PLACE.finditer(t):
        place = _trimmed("place", m, m.group("name"))
        if len(place.raw) - len(m.group("suffix")) >= 2:  # 该银行, 一家公司: no name
            out.append(place)
    return out


# --- rates and times of day --------------------------------------------------------------------

_RATE = re.compile(r"(?<![\d.])(\d+(?:\.\d+)?)\s*[%％]|百分之([零一二三四五六七八九十百点两]+)")
_PERIOD = r"(?P<p>凌晨|清晨|早上|早晨|上午|中午|午后|下午|傍晚|晚上|夜里|夜间|深夜|半夜)?"
_CN_SMALL = "零一二三四五六七八九十两"
_ZH_TIME = re.compile(
    rf"{_PERIOD}\s*(?<![\d.:])(?P<h>[01]?\d|2[0-4]|[{_CN_SMALL}]{{1,3}})\s*(?P<unit>点|时)(?!间|候|期|效|段|代)"
    rf"(?:\s*(?P<m>[0-5]?\d|[{_CN_SMALL}]{{1,3}})\s*分|\s*(?P<half>半|一刻|三刻))?(?P<tail>钟|整|多|左右|许)?"
)
_HHMM = re.compile(r"(?<![\d:.])(?P<h>[01]?\d|2[0-3])\s*[:：]\s*(?P<m>[0-5]\d)(?![\d:])")
_EN_TIME = re.compile(
    r"\b(?P<h>1[0-2]|0?[1-9])(?::(?P<m>[0-5]\d))?\s*(?P<ap>a\.?m\.?|p\.?m\.?)(?![A-Za-z])", re.I
)
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


def _times(t: str) -> list[Specific]:
    out = []
    if "点" in t or "时" in t:
        for m in _ZH_TIME.finditer(t):
            value = _zh_time(m)
            if value is not None:
                start = m.start("p") if m.group("p") else m.start("h")
                out.append(Specific("time", t[start : m.end()], value, start, m.end()))
    if ":" in t or "：" in t:
        for m in _HHMM.finditer(t):
            out.append(
                Specific("time", m.group(), TimeOfDay((int(m.group("h")),), int(m.group("m"))), *m.span())
            )
    for m in _EN_TIME.finditer(t):
        hour = int(m.group("h")) % 12 + (12 if m.group("ap").lower().startswith("p") else 0)
        minute = int(m.group("m")) if m.group("m") else None
        out.append(Specific("time", m.group(), TimeOfDay((hour,), minute), *m.span()))
    return out


def _rates(t: str) -> list[Specific]:
    out = []
    for m in _RATE.finditer(t):
        value = Decimal(m.group(1)) if m.group(1) else parse_chinese_number(m.group(2))
        if value is not None:
            out.append(Specific("rate", m.group(), value.normalize(), *m.span()))
    return out


# --- amounts and dates (scorers.normalize) -----------------------------------------------------


def _values(t: str) -> list[Specific]:
    out = []
    for found in (*find_amounts(t), *find_dates(t)):
        if found.qualifier != "negated":
            out.append(Specific(found.kind, found.raw, found.value, found.start, found.end, found.qualifier))
    return out


_PRIORITY = {
    kind: i for i, kind in enumerate(("id", "phone", "account", "wechat", "rate", "time", "date", "amount"))
}


def _resolve(found: list[Specific]) -> list[Specific]:
    """Numbers inside a higher-priority span (a date inside an ID, an amount inside a time) go."""
    kept: list[Specific] = []
    for s in sorted(found, key=lambda s: (_PRIORITY.get(s.kind, 99), s.start, -s.end)):
        if s.kind in _PRIORITY and any(
            k.kind in _PRIORITY and k.start < s.end and s.start < k.end for k in kept
        ):
            continue
        if s.kind == "place" and any(
            k.kind == "address" and k.start <= s.start and s.end <= k.end for k in kept
        ):
            continue
        kept.append(s)
    return sorted(kept, key=lambda s: (s.start, s.end, s.kind))


@lru_cache(maxsize=8192)
def _find_all(text: str) -> tuple[Specific, ...]:
    t = half_width(text)
    found = _numbers(t) + _wechat(t) + _rates(t) + _times(t) + _values(t)
    found += sorted(_addresses(t), key=lambda s: (s.start, -s.end))
    found += _places(t)
    kept = _resolve(_dedupe(found))
    if t != text:  # raw as written (full-width digits, ￥), values read from the half-width form
        kept = [replace(s, raw=text[s.start : s.end]) for s in kept]
    return tuple(kept)


def _dedupe(found: list[Specific]) -> list[Specific]:
    """Overlapping addresses (a label capture and a street pattern) keep the longer one."""
    out: list[Specific] = []
    for s in found:
        if s.kind == "address":
            clash = [k for k in out if k.kind == "address" and k.start < s.end and s.start < k.end]
            if any(k.end - k.start >= s.end - s.start for k in clash):
                continue
            out = [k for k in out if k not in clash]
        out.append(s)
    return out


def find_specifics(text: str, kinds: frozenset[str] | None = None) -> list[Specific]:
    """Every specific ``text`` asserts except names (see :func:`find_names`), in text order."""
    found = _find_all(text)
    return [s for s in found if kinds is None or s.kind in kinds]


# --- person names (jieba, lazily) ------------------------------------------------------------------

# Single-character surnames (the common ones plus rarer ones a fictional file may use). Characters
# that are mostly function words or money (和 于 向 时 成 全 应 单 钱) are left out: they would wake
# jieba for nothing.
SURNAMES = frozenset(
    "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘蒋蔡余杜叶程苏魏吕丁任"
    "沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付傅方白邹孟熊秦邱江尹薛闫阎段雷侯龙史陶黎贺顾毛郝龚邵万严覃武戴"
    "莫孔汤常温康施文牛樊葛邢安齐易乔伍庞颜倪庄聂章鲁岳翟殷詹申欧耿关兰焦俞左柳甘祝包宁尚符舒阮柯纪梅"
    "童凌毕季裴霍涂苗谷盛曲翁冉骆蓝游辛靳管柴蒙鲍华喻祁蒲房滕屈饶解牟艾尤阳穆农卓古吉缪简项连芦麦褚娄"
    "窦戚岑景党宫费卜冷晏席卫米柏宗瞿桂佟臧闵苟邬边卞姬仇栾隋商刁沙荣巫寇桑郎甄丛仲虞敖巩佘池查麻苑"
    "迟邝殳訾蒯宓郗濮阙蔺郜蓟谈郦湛鞠闻"
)
COMPOUND_SURNAMES = ("欧阳", "司马", "诸葛", "上官", "东方", "皇甫", "尉迟", "公孙", "慕容", "令狐", "司徒",
                     "夏侯", "端木", "长孙", "宇文", "轩辕", "西门", "南宫", "独孤")  # fmt: skip
TITLES = ("主任", "经理", "老师", "先生", "女士", "小姐", "局长", "科长", "处长", "所长", "律师", "法官",
          "警官", "老板", "师傅", "书记", "校长", "院长", "医生", "会计", "队长", "部长", "厂长")  # fmt: skip
MAX_NAME_FREQ = 50  # a jieba dictionary word more frequent than this is a word, not a name (明白, 周转)
_NAME_PARTS = frozenset({"nr", "nrfg", "nrt", "ns", "nz"})
_HAN_CHAR = re.compile(r"[\u4e00-\u9fff]")
_HAN_RUN = re.compile(r"[\u4e00-\u9fff]+")
_SURNAME_AT = re.compile(f"({'|'.join(COMPOUND_SURNAMES)}|[{''.join(sorted(SURNAMES))}])(?=[\u4e00-\u9fff])")
_NAME_CUE = re.compile(
    r"(?:名叫|叫做|叫|全名(?:是|为|叫)?|姓名(?:是|为)?|真名(?:是|叫)?|名字(?:是|叫)|name is|named)\s*[:：]?\s*$",
    re.I,
)
_NAME_STOP = frozenset("的是在和与及等称说了，。、；：,;:")
_MEASURE_BEFORE = frozenset("一二三四五六七八九十两几这那每哪某半整多")
_MEASURE_SURNAMES = frozenset("张条支包份块位项段家部台口间只本封辆把面场次笔批")
_CLAUSE = re.compile(r"[，。；：！？、,.;:!?（）()“”「」\"'\s]")

_JIEBA_LOCK = threading.Lock()
_JIEBA: tuple[Any, Any] | None = None


def jieba_cache_dir() -> Path:
    """jieba's dictionary cache: ``$XDG_CACHE_HOME/legal-rag-bench/jieba`` (or ``~/.cache/...``)."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "legal-rag-bench" / "jieba"


def _jieba() -> tuple[Any, Any]:
    """(jieba, jieba.posseg), imported and initialised on first use, quiet. Never modified by us."""
    global _JIEBA
    if _JIEBA is None:
        with _JIEBA_LOCK:
            if _JIEBA is None:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")  # jieba imports the deprecated pkg_resources
                    import jieba
                    import jieba.posseg
                jieba.setLogLevel(logging.WARNING)
                try:
                    jieba_cache_dir().mkdir(parents=True, exist_ok=True)
                    jieba.dt.tmp_dir = str(jieba_cache_dir())
                except OSError:
                    pass  # jieba falls back to the system temp directory
                jieba.initialize()
                _JIEBA = (jieba, jieba.posseg)
    return _JIEBA


@lru_cache(maxsize=16384)
def _tagged(window: str) -> tuple[tuple[str, str, int], ...]:
    """jieba's (word, POS flag, offset) for a short window of text."""
    out, pos = [], 0
    for pair in _jieba()[1].cut(window):
        out.append((pair.word, pair.flag, pos))
        pos += len(pair.word)
    return tuple(out)


def _word_freq(word: str) -> int:
    return int(_jieba()[0].dt.FREQ.get(word) or 0)


def _surname_len(text: str, i: int) -> int:
    if text[i : i + 2] in COMPOUND_SURNAMES:
        return 2
    return 1 if text[i] in SURNAMES else 0


def _plausible(name: str) -> bool:
    """2-4 Han characters, a surname first, not a common dictionary word, not ``X的``-like."""
    n = _surname_len(name, 0) if name else 0
    if not n or not 2 <= len(name) <= 4 or len(name) - n > 2 or not all(_HAN_CHAR.match(c) for c in name):
        return False
    return name[n] not in _NAME_STOP and _word_freq(name) <= MAX_NAME_FREQ


def name_triggers(text: str, known: str, masked: str | None = None) -> list[int]:
    """Positions where a name the known text lacks may start: a surname followed by characters
    that, with it, occur nowhere in ``known`` (folded). Pure string work: no jieba."""
    t = masked if masked is not None else text
    out = []
    for m in _SURNAME_AT.finditer(t):
        i = m.start()
        n = len(m.group(1))
        if i and t[i - 1] in _MEASURE_BEFORE and t[i] in _MEASURE_SURNAMES:
            continue  # 一张卡, 这位: a measure word
        window = t[i : i + n + 2]
        if not _HAN_RUN.fullmatch(window):
            window = "".join(c for c in window if _HAN_CHAR.match(c))
        if window not in known:
            out.append(i)
    return out


def _cue_name(t: str, i: int) -> str | None:
    if not _NAME_CUE.search(t[max(0, i - 8) : i]):
        return None
    n = _surname_len(t, i)
    end = i
    while end < len(t) and end - i < n + 2 and _HAN_CHAR.match(t[end]) and t[end] not in _NAME_STOP:
        end += 1
    return t[i:end] if end - i > n else None


def _title_name(t: str, i: int) -> str | None:
    n = _surname_len(t, i)
    rest = t[i + n : i + n + 2]
    title = next((x for x in TITLES if rest.startswith(x)), None)
    return t[i : i + n] + title if title else None


def _jieba_name(t: str, i: int) -> str | None:
    lo = max(0, i - 6)
    breaks = [m.end() for m in _CLAUSE.finditer(t, lo, i)]
    lo = breaks[-1] if breaks else lo
    stop = _CLAUSE.search(t, i, i + 8)
    hi = stop.start() if stop else min(len(t), i + 8)
    tokens = _tagged(t[lo:hi])
    for k, (word, flag, pos) in enumerate(tokens):
        if lo + pos != i:
            continue
        if flag.startswith("nr") and len(word) >= 2:
            return word
        if len(word) == _surname_len(t, i) and k + 1 < len(tokens):
            nxt, nflag, _ = tokens[k + 1]
            if len(nxt) <= 2 and nflag in _NAME_PARTS:
                return word + nxt
    return None


def _inside_word(t: str, i: int) -> bool:
    """The surname character ends a dictionary word (主任, 乙方, 支付) or starts a common one (方面,
    任何): no name starts there. Dictionary look-ups only, no tagging."""
    if _surname_len(t, i) == 2:
        return False
    ends_word = i > 0 and _word_freq(t[i - 1 : i + 1]) > 0
    return ends_word or _word_freq(t[i : i + 2]) > MAX_NAME_FREQ


def mask_names(text: str, names: tuple[str, ...]) -> str:
    """``text`` with every occurrence of ``names`` (longest first) blanked out, same length."""
    for name in names:
        if name in text:
            text = text.replace(name, "，" * len(name))
    return text


def find_names(
    text: str, known: str, known_names: tuple[str, ...] | Callable[[], tuple[str, ...]] = ()
) -> list[Specific]:
    """Person names in ``text`` that ``known`` (folded document + question) does not contain.

    A candidate starts at a :func:`name_triggers` position and is read, in this order, after a cue
    (``名叫``/``全名是``), as a surname plus title (``王主任``), or from jieba's POS tags (``nr``, or
    a lone surname followed by a name-like word: jieba splits ``顾建国`` into 顾/建国). ``known_names``
    (the document's own names, or a function giving them, called only when a trigger exists) are
    blanked first so that jieba never splits or extends them.
    """
    if not name_triggers(text, known):
        return []
    names = known_names() if callable(known_names) else known_names
    masked = mask_names(text, names)
    out: list[Specific] = []
    for i in name_triggers(text, known, masked):
        if out and i < out[-1].end:
            continue  # 卫 inside 顾卫东: part of the name just read
        cued = _cue_name(masked, i)
        if cued is None and _inside_word(masked, i):
            continue  # 主任, 乙方 ... and 甲方主任: no name
        cued = cued or _title_name(masked, i)
        name = cued or _jieba_name(masked, i)
        if name and (name.endswith(TITLES) or _plausible(name)) and fold(name) not in known:
            out.append(Specific("name", name, name, i, i + len(name)))
    return out


def document_names(text: str) -> tuple[str, ...]:
    """The person names jieba tags in a document (``nr``, or surname + name-like word), longest
    first. Slow (jieba's POS tagger): callers cache it per document sha256."""
    tokens = [(p.word, p.flag) for p in _jieba()[1].cut(text)]
    names: set[str] = set()
    for k, (word, flag) in enumerate(tokens):
        if flag.startswith("nr") and _plausible(word):
            names.add(word)
        elif len(word) == 1 and word in SURNAMES and k + 1 < len(tokens):
            nxt, nflag = tokens[k + 1]
            if len(nxt) <= 2 and nflag in _NAME_PARTS and _plausible(word + nxt):
                names.add(word + nxt)
    return tuple(sorted(names, key=lambda n: (-len(n), n)))


__all__ = [
    "IDENTIFIER_KINDS",
    "KINDS",
    "PLACE_SUFFIXES",
    "Specific",
    "TimeOfDay",
    "document_names",
    "find_names",
    "find_specifics",
    "jieba_cache_dir",
    "mask_names",
    "name_triggers",
]
