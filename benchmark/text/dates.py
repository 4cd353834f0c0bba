"""Dates: Chinese (Arabic or Chinese numerals), numeric (``-`` ``/`` ``.``) and English notations.

A date may be partial: ``8月31日`` has no year, ``2020年8月`` no day. A partial date never equals a
complete one (``PartialDate`` compares all three fields).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from itertools import pairwise

from .folding import half_width
from .found import Found, clause_after, context_qualifier, link_kind
from .numerals import parse_chinese_number, parse_digit_sequence

__all__ = [
    "PartialDate",
    "date_spans",
    "date_values",
    "dates_in",
    "find_dates",
    "parse_date",
    "scan_dates",
    "scan_spans",
]


@dataclass(frozen=True, slots=True)
class PartialDate:
    """A calendar date whose year, month or day may be unknown."""

    year: int | None
    month: int | None
    day: int | None

    @property
    def complete(self) -> bool:
        return self.year is not None and self.month is not None and self.day is not None

    def iso(self) -> str | None:
        """``2020-08-31`` when year, month and day are all known, else None."""
        if self.year is None or self.month is None or self.day is None:
            return None
        return f"{self.year:04d}-{self.month:02d}-{self.day:02d}"

    def __str__(self) -> str:
        """``2020-08-31``, ``????-08-31``, ``2020-08``, ``????-08``, ``2020``."""
        if self.year is not None and self.month is not None and self.day is not None:
            # the common case; printf-style formats three ints twice as fast as format specs
            return "%04d-%02d-%02d" % (self.year, self.month, self.day)  # noqa: UP031
        year = f"{self.year:04d}" if self.year is not None else "????"
        if self.month is None:
            return year if self.day is None else f"{year}-??-{self.day:02d}"
        if self.day is None:
            return f"{year}-{self.month:02d}"
        return f"{year}-{self.month:02d}-{self.day:02d}"


_DAYS = (31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)
_MONTHS = {
    "jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6,
    "jul": 7, "aug": 8, "sep": 9, "oct": 10, "nov": 11, "dec": 12,
}  # fmt: skip

_CN_DIG = "〇零○一二三四五六七八九"
_Y = rf"(?:(?<![0-9])(?P<y>[12][0-9]{{3}})|(?<![{_CN_DIG}十])(?P<yc>[{_CN_DIG}]{{4}}))"
_M = r"(?P<m>1[0-2]|0?[1-9]|十[一二]?|[一二三四五六七八九]|元)"
_D = (
    r"(?P<d>3[01]|[12][0-9]|0?[1-9]|三十一?|二十[一二三四五六七八九]?|十[一二三四五六七八九]?"
    r"|廿[一二三四五六七八九]?|卅一?|[一二三四五六七八九])"
)
_MON = (
    r"(?P<mon>(?:january|february|march|april|may|june|july|august|september|october|november|december)\b"
    r"|(?:jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\b\.?)"
)
_ORD = r"(?:st|nd|rd|th)?"

_CN_YMD = re.compile(rf"{_Y}\s*年(?:\s*{_M}\s*月(?:\s*{_D}\s*[日号])?)?")
# A year of two digits, only in a full date (``19年3月5号``): ``10年6月`` alone may be a duration.
_CN_YY_MD = re.compile(rf"(?<![0-9])(?P<yy>[0-9]{{2}})\s*年\s*{_M}\s*月\s*{_D}\s*[日号]")
#: Two-digit years below this are 20YY, the others 19YY (fixed, so results never depend on today).
TWO_DIGIT_PIVOT = 50
_CN_MD = re.compile(rf"(?<![0-9{_CN_DIG}十]){_M}\s*月(?:\s*{_D}\s*[日号])?")
_NUM_YEAR = r"(?<![0-9.\-/])(?P<y>[12][0-9]{3})"  # a year not preceded by a digit, point, dash or slash
_NUM_YMD = re.compile(
    rf"{_NUM_YEAR}(?P<sep>[-/.])(?P<m>1[0-2]|0?[1-9])(?P=sep)(?P<d>3[01]|[12][0-9]|0?[1-9])(?![0-9])"
)
_NUM_YM = re.compile(rf"{_NUM_YEAR}(?P<sep>[-/])(?P<m>1[0-2]|0?[1-9])(?![0-9\-/.])")
# the end of a numeric range, right after a numeric date and a dash (``2022.2.15-2022.7.15``): the same
# date without _NUM_YEAR's look-behind, which keeps a year from being read inside a longer number
_NUM_YMD_AFTER_DASH = re.compile(
    r"(?P<y>[12][0-9]{3})(?P<sep>[-/.])(?P<m>1[0-2]|0?[1-9])(?P=sep)(?P<d>3[01]|[12][0-9]|0?[1-9])(?![0-9])"
)
# A date with its year last (14/09/2022, 14.09.2022): read only when one of the first two numbers is
# above 12, which says which is the day (14/09/2022, 09/14/2022); 05/06/2022 says neither.
_NUM_DMY = re.compile(
    r"(?<![0-9.\-/])(?P<a>3[01]|[12][0-9]|0?[1-9])(?P<sep>[/.])(?P<b>3[01]|[12][0-9]|0?[1-9])(?P=sep)"
    r"(?P<y>[12][0-9]{3})(?![0-9])"
)
_RANGE_DASHES = "-~～—–"
_EN = [
    re.compile(rf"\b{_MON}\s*(?P<d>[0-9]{{1,2}}){_ORD}\b(?:\s*,\s*|\s+)(?P<y>[12][0-9]{{3}})\b", re.I),
    re.compile(rf"\b(?P<d>[0-9]{{1,2}}){_ORD}\s+(?:of\s+)?{_MON},?\s+(?P<y>[12][0-9]{{3}})\b", re.I),
    re.compile(rf"\b{_MON},?\s+(?P<y>[12][0-9]{{3}})\b", re.I),
    re.compile(rf"\b{_MON}\s*(?P<d>[0-9]{{1,2}}){_ORD}\b", re.I),
    re.compile(rf"\b(?P<d>[0-9]{{1,2}}){_ORD}\s+(?:of\s+)?{_MON}", re.I),
]
_LETTER = re.compile(r"[A-Za-z]")
_EN_GATE = re.compile(r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)", re.I)
_NUM_GATE = re.compile(r"[0-9][-/.][0-9]")
_DAY_AFTER = re.compile(rf"\s*(?:或者|或是|还是|或|至|到|-|~|～|—|、|和|与|及)\s*{_D}\s*[日号]")
_MONTH_PART = re.compile(r"^\s*(?:底|末|初|中旬|上旬|下旬|中(?![\u4e00-\u9fff])|份?左右|份?前后)")
# After a date, a bound in time (之前/以前/之后/以后; after an amount they are "after receiving it").
_BEFORE_OR_AFTER = re.compile(r"\s*(?:之前|以前|之后|以后)")
# A year alone in brackets, from the end of the date before it to the closing bracket.
_IN_BRACKETS = re.compile(r"\s*[(（]\s*[0-9]{4}\s*年?\s*[)）]")
_BREAK = re.compile(r"[，,。；;！!？?\n]")
_COMPACT = re.compile(r"([12][0-9]{3})(0[1-9]|1[0-2])(0[1-9]|[12][0-9]|3[01])")
_ISO_TIME = re.compile(
    r"([12][0-9]{3}-[0-9]{1,2}-[0-9]{1,2})[T ][0-9]{1,2}:[0-9]{2}(?::[0-9]{2}(?:\.[0-9]+)?)?(?:Z|[+-][0-9]{2}:?[0-9]{2})?"
)
_FULL_PATTERNS = [_CN_YMD, _CN_YY_MD, _CN_MD, _NUM_YMD, _NUM_YM, *_EN]


def _small_int(s: str) -> int | None:
    if s.isdecimal():
        return int(s)
    if s == "元":
        return 1
    v = parse_chinese_number(s)
    return int(v) if v is not None and v == v.to_integral_value() else None


def _fields(m: re.Match[str]) -> tuple[int | None, int | None, int | None] | None:
    gd = m.groupdict()
    year: int | None = None
    if gd.get("y"):
        year = int(gd["y"])
    elif gd.get("yc"):
        year = parse_digit_sequence(gd["yc"])
    elif gd.get("yy"):
        yy = int(gd["yy"])
        year = (2000 if yy < TWO_DIGIT_PIVOT else 1900) + yy
    month: int | None = None
    if gd.get("mon"):
        word = gd["mon"]
        if word[0] == "m" and word.lower() == "may":
            return None  # the modal verb, not the month
        month = _MONTHS[word[:3].lower()]
    elif gd.get("m"):
        month = _small_int(gd["m"])
        if month is None:
            return None
    day = _small_int(gd["d"]) if gd.get("d") else None
    if gd.get("d") and day is None:
        return None
    return year, month, day


def _day_first_or_last(m: re.Match[str]) -> tuple[int | None, int | None, int | None] | None:
    """The fields of a ``_NUM_DMY`` date: the number above 12 is the day; None when neither is."""
    a, b, year = int(m.group("a")), int(m.group("b")), int(m.group("y"))
    if a > 12 >= b:
        return year, b, a
    if b > 12 >= a:
        return year, a, b
    return None


def _make(year: int | None, month: int | None, day: int | None) -> PartialDate | None:
    """A PartialDate when the fields form a real calendar date, else None."""
    if month is not None and not 1 <= month <= 12:
        return None
    if day is not None:
        if month is None or day < 1:
            return None
        limit = _DAYS[month - 1]
        if month == 2 and year is not None and not (year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)):
            limit = 28
        if day > limit:
            return None
    if year is None and month is None:
        return None
    return PartialDate(year, month, day)


def scan_dates(t: str) -> list[tuple[int, int, PartialDate | None]]:
    """Every date-like span in ``t`` (non-overlapping, in order); invalid calendar dates carry None."""
    hits: list[tuple[int, int, tuple[int | None, int | None, int | None] | None]] = []
    patterns: list[re.Pattern[str]] = []
    if "年" in t or "月" in t:
        hits.extend(_scan_chinese(t))
    if _NUM_GATE.search(t):
        patterns += (_NUM_YMD, _NUM_YM)
    if _LETTER.search(t) and _EN_GATE.search(t):
        patterns += _EN
    if patterns:
        hits.extend((m.start(), m.end(), _day_first_or_last(m)) for m in _NUM_DMY.finditer(t))
    for pattern in patterns:
        for m in pattern.finditer(t):
            hits.append((m.start(), m.end(), _fields(m)))
            if pattern is _NUM_YMD and t[m.end() : m.end() + 1] in _RANGE_DASHES:
                after = _NUM_YMD_AFTER_DASH.match(t, m.end() + 1)
                if after is not None:
                    hits.append((after.start(), after.end(), _fields(after)))
    if not hits:
        return []
    hits.sort(key=lambda h: (h[0], h[0] - h[1]))
    out: list[tuple[int, int, PartialDate | None]] = []
    last_end = -1
    for start, end, fields in hits:
        if start < last_end:
            continue
        if fields is None:
            continue
        out.append((start, end, _make(*fields)))
        last_end = end
    return out


def _anchors(t: str, ch: str) -> list[int]:
    out = []
    i = t.find(ch)
    while i >= 0:
        out.append(i)
        i = t.find(ch, i + 1)
    return out


def _scan_chinese(t: str) -> list[tuple[int, int, tuple[int | None, int | None, int | None] | None]]:
    """Chinese dates, searched only around each 年 and 月 (fast on long texts)."""
    out: list[tuple[int, int, tuple[int | None, int | None, int | None] | None]] = []
    covered = -1
    for anchor in sorted(_anchors(t, "年") + _anchors(t, "月")):
        if anchor < covered:
            continue
        pattern, back = (_CN_YMD, 8) if t[anchor] == "年" else (_CN_MD, 4)
        m = pattern.search(t, max(0, anchor - back), anchor + 24)
        if pattern is _CN_YMD and (m is None or not m.start() <= anchor < m.end()):
            m = _CN_YY_MD.search(t, max(0, anchor - 3), anchor + 24)
        if m is not None and m.start() <= anchor < m.end():
            out.append((m.start(), m.end(), _fields(m)))
            covered = m.end()
    return out


def date_spans(text: str) -> list[tuple[int, int]]:
    """Spans of everything date-like in ``text``, valid or not (other finders skip these)."""
    return scan_spans(half_width(text))


def scan_spans(t: str) -> list[tuple[int, int]]:
    """:func:`date_spans` for text already passed through ``half_width``."""
    return [(s, e) for s, e, _ in scan_dates(t)]


def parse_date(text: str) -> PartialDate | None:
    """The whole string as one date; None when it is not one or names no real calendar day.

    ``2020年8月31日`` / ``2020-08-31`` / ``2020.8.31`` / ``2020/08/31`` / ``二〇二〇年八月三十一日`` /
    ``August 31, 2020`` / ``31 August 2020`` / ``20200831`` / ``2020-08-31T10:00`` -> 2020-08-31;
    ``8月31日`` -> ????-08-31; ``2020年8月`` -> 2020-08; ``2021-02-30`` -> None.
    """
    s = (
        unicodedata.normalize("NFKC", text).strip().rstrip("。.").strip()
        if not text.isascii()
        else text.strip()
    )
    if not s:
        return None
    m = _COMPACT.fullmatch(s)
    if m:
        return _make(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    m = _ISO_TIME.fullmatch(s)
    if m:
        s = m.group(1)
    for pattern in _FULL_PATTERNS:
        m = pattern.fullmatch(s)
        if m:
            fields = _fields(m)
            return _make(*fields) if fields is not None else None
    return None


@dataclass
class _Cand:
    start: int
    end: int
    date: PartialDate
    qualifier: str | None = None


def find_dates(text: str) -> list[Found]:
    """Every valid date in ``text`` with its span, in order.

    ``8月底`` / ``8月中旬`` / ``大约8月31日`` are approximate; hedges, alternatives
    (``8月30日或31日``), ranges (``8月1日至31日``) and negation (``不是8月31日``) make a date not
    definite. A yearless date linked to a dated one (``2020年8月1日至8月31日``) takes its year.
    """
    return list(_find_dates(text))


def _candidates(t: str, spans: list[tuple[int, int, PartialDate | None]]) -> list[_Cand]:
    """Every valid date of ``t`` (half-width; ``spans`` is ``scan_dates(t)``), plus the days a date is
    followed by (``8月30日或31日``) where no span of ``spans`` starts; a year in brackets after yearless
    dates is theirs (``_bracketed_year``)."""
    return _of_the_year_named(t, _bracketed_year(t, _dates_and_days(t, spans)))


# A yearless date after a word that names its year by the one before (2021年8月16日立案，同年9月28日开庭).
_SAME_YEAR = re.compile(r"(?:同年|当年|是年|该年|本年)\s*$")
_NEXT_YEAR = re.compile(r"(?:次年|翌年|第二年|转年)\s*$")


def _of_the_year_named(t: str, cands: list[_Cand]) -> list[_Cand]:
    """A yearless date right after 同年/当年 (the same year) or 次年/翌年 (the next) takes the year of
    the nearest date before it that has one, or the year after."""
    year: int | None = None
    for cand in cands:
        d = cand.date
        if d.year is None and d.month is not None and year is not None:
            before = t[max(0, cand.start - 4) : cand.start]
            shift = 0 if _SAME_YEAR.search(before) else 1 if _NEXT_YEAR.search(before) else None
            if shift is not None:
                cand.date = _make(year + shift, d.month, d.day) or d
        if cand.date.year is not None:
            year = cand.date.year
    return cands


def _bracketed_year(t: str, cands: list[_Cand]) -> list[_Cand]:
    """A year alone in brackets right after yearless dates (``5月11日（2022年）``, ``从8月3日到8月21日
    （2020年）``) gives them its year, back to a break in the clause, and is no date of its own."""
    out: list[_Cand] = []
    for cand in cands:
        d = cand.date
        if (
            out
            and d.month is None
            and d.year is not None
            and _IN_BRACKETS.fullmatch(t, out[-1].end, cand.end + 1)
        ):
            k = len(out) - 1
            while k >= 0 and out[k].date.year is None and not _BREAK.search(t, out[k].end, cand.start):
                out[k].date = _make(d.year, out[k].date.month, out[k].date.day) or out[k].date
                k -= 1
            if k < len(out) - 1:
                continue  # the year went to the dates before it
        out.append(cand)
    return out


def _dates_and_days(t: str, spans: list[tuple[int, int, PartialDate | None]]) -> list[_Cand]:
    cands: list[_Cand] = []
    for i, (start, end, date) in enumerate(spans):
        if date is None:
            continue
        cands.append(_Cand(start, end, date))
        m = _DAY_AFTER.match(t, end)
        if m and date.month is not None:
            day = _small_int(m.group("d"))
            extra = _make(date.year, date.month, day) if day is not None else None
            # spans are in order and never overlap: the next one is the first that may start there
            following = spans[i + 1][0] if i + 1 < len(spans) else len(t)
            if extra is not None and following >= m.end():
                cands.append(_Cand(m.start("d"), m.end(), extra))
    return cands


def date_values(text: str) -> tuple[PartialDate, ...]:
    """The values of :func:`find_dates` (``tuple(f.value for f in find_dates(text))``), without
    reading what qualifies each date: the cheaper call when only the dates matter."""
    t = half_width(text)
    cands = _candidates(t, scan_dates(t))
    for prev, cand in pairwise(cands):
        if link_kind(t, prev.start, prev.end, cand.start) is not None:
            cand.date = _inherit(cand.date, prev.date)
    return tuple(c.date for c in cands)


def _find_dates(text: str) -> tuple[Found, ...]:
    t = half_width(text)
    return dates_in(text, t, scan_dates(t))


def dates_in(text: str, t: str, spans: list[tuple[int, int, PartialDate | None]]) -> tuple[Found, ...]:
    """:func:`find_dates` of ``text``, given ``t = half_width(text)`` and ``spans = scan_dates(t)``."""
    cands = _candidates(t, spans)
    for i, cand in enumerate(cands):
        qualifier: str | None = None
        if i > 0:
            prev = cands[i - 1]
            link = link_kind(t, prev.start, prev.end, cand.start)
            if link is not None:
                cand.date = _inherit(cand.date, prev.date)
                if link in ("alternative", "range"):
                    qualifier = link
                    if prev.qualifier in (None, "approximate", "hedge"):
                        prev.qualifier = link
        if qualifier is None and _MONTH_PART.match(clause_after(t, cand.end)):
            qualifier = "approximate"
        if qualifier is None and _BEFORE_OR_AFTER.match(t, cand.end):
            qualifier = "range"  # 2021年11月9日之后: a bound (a question that asks a deadline takes 之前)
        if qualifier is None:
            qualifier = context_qualifier(t, cand.start, cand.end)
        cand.qualifier = cand.qualifier or qualifier
    return tuple(
        Found("date", c.date, c.start, c.end, text[c.start : c.end], c.qualifier is None, c.qualifier)
        for c in cands
    )


def _inherit(date: PartialDate, prev: PartialDate) -> PartialDate:
    """A yearless date right after a dated one (joined by 至/或/、...) takes its year (and month)."""
    if date.year is not None or prev.year is None:
        return date
    month = date.month if date.month is not None else prev.month
    inherited = _make(prev.year, month, date.day)
    return inherited if inherited is not None else date
