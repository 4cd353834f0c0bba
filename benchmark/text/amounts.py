"""Money amounts (yuan): Arabic digits, Chinese numerals, financial capitals, 万/亿 multipliers, 角/分.

``parse_amount`` reads a string that is one amount; ``find_amounts`` finds every amount in free text,
requiring a money cue (元/圆/块/¥/人民币/RMB/CNY/yuan, or a number ending in 万/亿) so that years,
phone numbers and other numbers are not taken for money.
"""

from __future__ import annotations

import bisect
import itertools
import re
import unicodedata
from dataclasses import dataclass
from decimal import Decimal

from .dates import dates_in, scan_dates, scan_spans
from .folding import half_width
from .found import Found, context_qualifier, link_kind
from .numerals import (
    BIG_UNITS,
    CN_DIGITS,
    CN_NUMERAL_CHARS,
    SMALL_UNITS,
    ZERO_CHARS,
    parse_chinese_number,
    parse_number_run,
)

__all__ = ["TextValues", "amounts_and_dates", "find_amounts", "parse_amount"]

_CN = CN_NUMERAL_CHARS
_DIGIT1 = "".join(CN_DIGITS) + ZERO_CHARS
_START = rf"[0-9{_DIGIT1}十拾百佰千仟几廿卅]"
_BODY = rf"(?:[0-9{_CN}几多余]|,(?=[0-9]{{3}}(?![0-9]))|\.(?=[0-9])|点(?=[0-9{_DIGIT1}]))"
# A run starts with a numeral not preceded by a letter, digit, 万/亿 or a digit and its point or comma.
_RUN = re.compile(
    rf"(?:(?<![0-9A-Za-z_万亿萬億])|(?<=[Rr][Mm][Bb])|(?<=[Cc][Nn][Yy]))(?<![0-9][.,]){_START}{_BODY}*"
)  # after RMB/CNY written without a space too (RMB150,000)
# An English magnitude after a number in digits: ``1.5 million``, ``150 thousand``, ``150k``.
_EN_MAGNITUDE = re.compile(r"\s*(million|thousand|billion|mn|bn|k)\b", re.IGNORECASE)
_EN_SCALE = {"million": 10**6, "mn": 10**6, "thousand": 10**3, "k": 10**3, "billion": 10**9, "bn": 10**9}
_PREFIX = re.compile(r"(?:¥|人民币|rmb|cny|renminbi)\s*$", re.IGNORECASE)
_SUFFIX = re.compile(
    r"(?P<approx>\s*(?:多|余|来))?\s*(?:"
    r"(?P<yuan>元|圆)(?!旦|宵|素|首|帅|老|月)(?P<zheng>整)?(?:人民币)?"
    r"|(?P<kuai>块)(?P<qian>钱)?"
    r"|-?(?P<en>(?:yuan|rmb|cny|renminbi)\b)"  # English, also as a compound adjective: a 2,000-yuan card
    r"|(?P<rmb>人民币))",
    re.IGNORECASE,
)
_ONE_DIGIT = rf"[0-9{''.join(CN_DIGITS)}]"
_JIAO_FEN = re.compile(
    rf"(?:(?P<j>{_ONE_DIGIT})\s*[角毛])?(?:(?P<f>{_ONE_DIGIT})\s*分(?!钟))?(?P<qian>钱)?(?P<zheng>整)?"
)
_KUAI_DIGIT = re.compile(rf"(?P<j>{_ONE_DIGIT})(?![0-9{_CN}角毛分])")
_NOT_MONEY_AFTER = re.compile(
    r"\s*(?:多|余|来)?\s*(?:美元|美金|欧元|日元|港元|港币|英镑|韩元|台币|澳元|加元|卢布|人|字|个|次|件|名|册|份|张|条|辆|台|头|只|套|亩|平|米|公里|千米|吨|斤|公斤|克|股|户|"
    r"步|年|天|小时|分钟|秒|倍|部|本|篇|页|行|批|箱|瓶|盒|包|袋|粒|片|支|枝|把|位|家|所|座|间|层|km|kg)",
    re.IGNORECASE,
)
# Numbers that are never amounts.
_NON_AMOUNT = (
    re.compile(
        r"(?<![0-9])1[3-9][0-9]{9}(?![0-9])"  # mobile phone
        r"|(?<![0-9])[0-9]{17}[0-9Xx](?![0-9])"  # resident ID
        r"|(?<![0-9])0[0-9]{2,3}-?[0-9]{7,8}(?![0-9])"  # landline
        r"|(?<![0-9])[0-9]{16,}(?![0-9])"  # bank card, account, other long codes
    ),
    re.compile(r"[(\[（〔【][0-9]{4}[)\]）〕】][^\s，。；;]{0,12}?[0-9]+号"),  # (2020)京0105刑初123号
    re.compile(r"(?<![0-9])[0-9]{1,2}:[0-9]{2}(?::[0-9]{2})?(?![0-9])"),  # time
    re.compile(rf"第[0-9{_CN}]+"),  # ordinal
    re.compile(r"[0-9.]+\s*%"),  # percentage
    re.compile(rf"百分之[{_CN}点]+"),
)
_CONNECTOR_AFTER = re.compile(
    r"\s*(?:[,，]?\s*(?:或者|或是|还是|抑或|或|要么)|至|到|-|~|～|—|–|－|、|和|与|及|以及|加|/|or\b|to\b|and\b)",
    re.IGNORECASE,
)
# The Chinese comma as a thousands separator, as real judgments write it (人民币300，000元, １２，０００元):
# after one to three digits, before exactly three.
_FW_THOUSANDS = re.compile("(?<=[0-9０-９])(?<![0-9０-９]{4})，(?=[0-9０-９]{3}(?![0-9０-９]))")
# Groups of three digits apart by a space (``46 000元``, ``1 500 000``): one number, not ``000元``.
_SPACE_CHARS = " \u00a0\u2009\u202f"
_SPACED_GROUPS = re.compile(
    rf"(?<![0-9０-９.,．，])[0-9０-９]{{1,3}}(?:[{_SPACE_CHARS}][0-9０-９]{{3}})+(?![0-9０-９])"
)  # full-width digits too, so that the text and its half-width form read alike
_SPACE = re.compile(f"[{_SPACE_CHARS}]")


def _thousands_commas(text: str) -> str:
    """``text`` with its thousands separators written as ASCII commas: a full-width comma
    (``300，000``) or a space between groups of three digits (``46 000``); the same length."""
    if "，" in text:
        text = _FW_THOUSANDS.sub(",", text)
    if _SPACE.search(text) is not None:
        text = _SPACED_GROUPS.sub(lambda m: _SPACE.sub(",", m.group()), text)
    return text


_PREFIX_GATE = re.compile(r"[¥币a-zA-Z]")  # what every prefix cue holds
_BIG_SET = frozenset(BIG_UNITS)
_APPROX_PAIR = re.compile(r"([一二三四五六七八九两])([一二三四五六七八九两])")
_UNIT_CHARS = frozenset(SMALL_UNITS) | frozenset(BIG_UNITS)

_WHOLE = re.compile(
    rf"(?:¥|人民币|rmb|cny|renminbi)?(?P<num>[0-9{_CN},.点]+)?"
    r"(?:(?P<unit>元|圆|块钱|块|yuan|rmb|cny|renminbi)(?:人民币)?)?"
    rf"(?:(?P<j>{_ONE_DIGIT})(?P<jm>[角毛])?)?(?:(?P<f>{_ONE_DIGIT})分)?(?:钱)?(?:整)?(?:人民币)?",
    re.IGNORECASE,
)


def _canonical(d: Decimal) -> Decimal:
    return Decimal(int(d)) if d == d.to_integral_value() else d.normalize()


def _digit(ch: str | None) -> int:
    if not ch:
        return 0
    return int(ch) if ch.isdigit() and ch.isascii() else CN_DIGITS[ch]


def parse_amount(text: str) -> Decimal | None:
    """The whole string as one amount in yuan, else None.

    ``42000`` / ``42,000.00元`` / ``¥42,000`` / ``4.2万元`` / ``四万二千元`` / ``肆万贰仟元整`` /
    ``人民币肆万贰仟元整`` / ``４２０００元`` / ``4万2千元`` / ``RMB 42,000`` / ``42,000 yuan`` -> 42000;
    ``壹佰元伍角`` -> 100.5; ``1.5亿`` -> 150000000. Approximations and hedges (``约4万``) -> None.
    """
    s = text if text.isascii() else unicodedata.normalize("NFKC", text)
    s = "".join(s.split())
    if not s:
        return None
    m = _WHOLE.fullmatch(s)
    if m is None:
        return None
    num, unit, jiao, fen = m.group("num"), m.group("unit"), m.group("j"), m.group("f")
    if num is None and jiao is None and fen is None:
        return None
    if num is not None and unit is None and (jiao or fen):
        return None
    if jiao is not None and m.group("jm") is None and (unit is None or unit[0] != "块" or fen):
        return None  # a bare digit after the yuan part: only 十二块五 (= 12.5)
    value = Decimal(0)
    if num is not None:
        parsed = parse_chinese_number(num)
        if parsed is None:
            return None
        value = parsed
    value += Decimal(_digit(jiao)) / 10 + Decimal(_digit(fen)) / 100
    return _canonical(value)


@dataclass
class _Cand:
    start: int
    end: int
    run_start: int
    run_end: int
    value: Decimal
    approx: bool
    cued: bool
    link: str | None = None


def _parse_run(run: str) -> tuple[Decimal, bool] | None:
    """A number run's value and whether it is approximate (三四万, 十几万, 四万多, 三千余)."""
    value = parse_number_run(run)
    if value is not None:
        return value, False
    s = run
    if "多" in s or "余" in s:
        s = s.replace("多", "").replace("余", "")
    if "几" in s:
        s = s.replace("几", "一")
    m = _APPROX_PAIR.search(s)
    if m:
        a, b = CN_DIGITS[m.group(1)], CN_DIGITS[m.group(2)]
        if b == a + 1:
            s = s[: m.start()] + m.group(1) + s[m.end() :]
    if s == run or not s:
        return None
    value = parse_number_run(s)
    return (value, True) if value is not None else None


def _blocked(t: str, date_spans: list[tuple[int, int]]) -> _Spans:
    return _Spans(list(date_spans) + [m.span() for pattern in _NON_AMOUNT for m in pattern.finditer(t)])


class _Spans:
    """Spans (they may overlap), sorted once, so that asking whether a range overlaps any is a
    bisection instead of a scan: a long text holds thousands of dates and numbers to ask about."""

    def __init__(self, spans: list[tuple[int, int]]) -> None:
        spans = sorted(spans)
        self.starts = [lo for lo, _ in spans]
        self.reach = list(itertools.accumulate((hi for _, hi in spans), max))  # the furthest end so far

    def overlaps(self, start: int, end: int) -> bool:
        """Whether some span (lo, hi) has ``lo < end`` and ``start < hi``."""
        i = bisect.bisect_left(self.starts, end)  # the spans before i start before ``end``
        return i > 0 and self.reach[i - 1] > start


def _may_be_amount(t: str, run: str, start: int, end: int, suffix: re.Match[str] | None) -> bool:
    """A cheap test before parsing: some money cue, or a connector to a following number."""
    return bool(
        suffix is not None
        or not _BIG_SET.isdisjoint(run)
        or _PREFIX_GATE.search(t, max(0, start - 10), start)
        or _CONNECTOR_AFTER.match(t, end)
    )


def _cue_and_end(
    t: str,
    run: str,
    start: int,
    end: int,
    value: Decimal,
    approx: bool,
    sm: re.Match[str] | None,
) -> tuple[bool, int, int, Decimal, bool]:
    """Whether a money cue surrounds the run; the widened span, value (角/分 added) and approx flag."""
    cued = False
    lo = start
    pm = _PREFIX.search(t, max(0, start - 10), start)
    if pm:
        cued = True
        lo = pm.start()
    if sm:
        if sm.group("approx"):
            approx = True
        if sm.group("kuai"):
            jm = _KUAI_DIGIT.match(t, sm.end()) if not sm.group("qian") else None
            fm = _JIAO_FEN.match(t, sm.end())
            has_jiao = fm is not None and (fm.group("j") or fm.group("f"))
            ok = bool(sm.group("qian")) or jm is not None or bool(has_jiao) or approx
            ok = ok or any("0" <= c <= "9" for c in run) or value >= 10
            if ok:
                cued = True
                end = sm.end()
                if has_jiao and fm is not None:
                    value += Decimal(_digit(fm.group("j"))) / 10 + Decimal(_digit(fm.group("f"))) / 100
                    end = fm.end()
                elif jm is not None:
                    value += Decimal(_digit(jm.group("j"))) / 10
                    end = jm.end()
        else:
            cued = True
            end = sm.end()
            if sm.group("yuan") and not sm.group("zheng"):
                fm = _JIAO_FEN.match(t, end)
                if (
                    fm is not None
                    and fm.end() > end
                    and (fm.group("j") or fm.group("f") or fm.group("zheng"))
                ):
                    value += Decimal(_digit(fm.group("j"))) / 10 + Decimal(_digit(fm.group("f"))) / 100
                    end = fm.end()
    if not cued and not _BIG_SET.isdisjoint(run) and run[0] not in "百佰千仟":
        cued = _NOT_MONEY_AFTER.match(t, end) is None
    return cued, lo, end, value, approx


def _big_suffix(run: str) -> tuple[str, int] | None:
    """``5万`` -> ("5", 10000): a coefficient followed by one unit character."""
    if len(run) >= 2 and run[-1] in _UNIT_CHARS and not any(c in _UNIT_CHARS for c in run[:-1]):
        unit = BIG_UNITS.get(run[-1]) or SMALL_UNITS[run[-1]]
        return run[:-1], unit
    return None


def _int_digits(d: Decimal) -> int:
    return len(str(int(d)))


def _inherit(t: str, cands: list[_Cand]) -> None:
    """An uncued number joined to a cued one (``30000或35000元``, ``3至5万元``) becomes an amount."""
    for i in range(len(cands) - 2, -1, -1):
        left, right = cands[i], cands[i + 1]
        link = link_kind(t, left.start, left.end, right.start)
        if link is None:
            continue
        if right.cued and not left.cued:
            left.cued = True
            run = t[left.run_start : left.run_end]
            big = _big_suffix(t[right.run_start : right.run_end])
            if big is not None and not any(c in _UNIT_CHARS for c in run):
                coef = parse_number_run(big[0])
                if coef is not None and _int_digits(left.value) <= _int_digits(coef):
                    left.value = _canonical(left.value * big[1])
        if left.cued and right.cued and link in ("alternative", "range"):
            left.link = left.link or link
            right.link = right.link or link


def find_amounts(text: str) -> list[Found]:
    """Every amount of money in ``text``, in order, with spans into ``text``.

    Definite unless hedged (可能/大概/也许/好像/应该是), approximate (三四万/大约四万/四万多/约4万元/
    4万左右/近五万), one of alternatives (30000元或35000元), a range (3万至5万元), a bound (5万元以上)
    or negated (不是42000元). Numbers inside dates, phone/ID/card numbers, case numbers, times,
    ordinals and percentages are never amounts; a run of digits is read whole (35000元 is 35000).
    """
    return list(_find_amounts(text))


def _find_amounts(text: str) -> tuple[Found, ...]:
    return _amounts_in(text, half_width(_thousands_commas(text)), None)


def _amounts_in(text: str, t: str, date_spans: list[tuple[int, int]] | None) -> tuple[Found, ...]:
    """The amounts of ``text``, read from ``t`` (its thousands commas made ASCII, then half-width);
    ``date_spans``: ``scan_spans(t)`` when already known."""
    blocked: _Spans | None = None
    cands: list[_Cand] = []
    for m in _RUN.finditer(t):
        start, end = m.span()
        run = m.group()
        if len(run) > 1 and not run.strip("0"):
            continue  # 000元: the tail of a number split by a space, never an amount of its own
        magnitude = _EN_MAGNITUDE.match(t, end) if run.isascii() else None
        if magnitude is not None:
            end = magnitude.end()  # the number and its magnitude are one value: 1.5 million
        suffix = _SUFFIX.match(t, end)
        if not _may_be_amount(t, run, start, end, suffix):
            continue
        if blocked is None:
            blocked = _blocked(t, scan_spans(t) if date_spans is None else date_spans)
        if blocked.overlaps(start, end):
            continue
        parsed = _parse_run(run)
        if parsed is None:
            continue
        value, approx = parsed
        if magnitude is not None:
            value *= _EN_SCALE[magnitude.group(1).lower()]
        cued, lo, hi, value, approx = _cue_and_end(t, run, start, end, value, approx, suffix)
        cands.append(_Cand(lo, hi, start, end, _canonical(value), approx, cued))
    if not cands:
        return ()
    if len(cands) > 1:
        _inherit(t, cands)
    out: list[Found] = []
    for c in cands:
        if not c.cued:
            continue
        ctx = context_qualifier(t, c.start, c.end)
        qualifier = "negated" if ctx == "negated" else c.link or ctx or ("approximate" if c.approx else None)
        out.append(
            Found("amount", c.value, c.start, c.end, text[c.start : c.end], qualifier is None, qualifier)
        )
    return tuple(out)


def amounts_and_dates(text: str, t: str | None = None) -> tuple[tuple[Found, ...], tuple[Found, ...]]:
    """``(find_amounts(text), find_dates(text))`` as tuples, the dates scanned once for both (the
    amounts read the same half-width text unless full-width thousands commas were made ASCII);
    ``t`` is ``half_width(text)`` when the caller has it."""
    t = half_width(text) if t is None else t
    scan = scan_dates(t)
    dates = dates_in(text, t, scan)
    commas = _thousands_commas(text)
    ta = t if commas == text else half_width(commas)
    return _amounts_in(text, ta, [(s, e) for s, e, _ in scan] if ta == t else None), dates


Values = tuple[tuple[Found, ...], tuple[Found, ...]]


class TextValues:
    """The amounts and dates of one text, read on first need: made for one answer, so that the
    checks scoring it (``find_specifics``, the quote check's numbers) read its values once. Never
    kept beyond that answer."""

    __slots__ = ("_found", "_half", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        self._half: str | None = None
        self._found: Values | None = None

    @property
    def half(self) -> str:
        """``half_width(text)``."""
        if self._half is None:
            self._half = half_width(self.text)
        return self._half

    def of_half_width(self) -> Values:
        """``amounts_and_dates(half, half)``: every ``Found.raw`` read off the half-width text."""
        if self._found is None:
            half = self.half
            self._found = amounts_and_dates(half, half)
        return self._found

    def as_written(self) -> Values | None:
        """``amounts_and_dates(text)`` but for each ``Found.raw`` (read off the half-width text, as in
        :meth:`of_half_width`); None when a full-width thousands comma (``１２，０００``) makes more differ.

        Both read the same half-width text, dates and amounts alike (``text`` is only sliced for
        ``raw``), unless ``amounts_and_dates`` makes a full-width thousands comma ASCII first, which
        only ``text`` can hold: the half-width text has no full-width digit around its commas."""
        if "，" in self.text and _FW_THOUSANDS.search(self.text) is not None:
            return None
        return self.of_half_width()
