"""The values one answer states: amounts, dates, counts, a yes/no stance, and its folded text.

``AnswerValues`` reads each kind once, on first use, and keeps it: a question that checks only an
amount never parses dates. Values come from ``answer.fields`` when the adapter gives that kind
(docs/contract.md §3; a field that cannot be read counts as absent), else from the answer text through
``benchmark.text``. A short answer that is only a number (``46000``, ``三``) gives that number.

==============  ==========================================================  =======================
kind            ``fields`` keys                                              from the text
==============  ==========================================================  =======================
amount          ``amount``, ``amount_total``, ``amounts`` (number, string    ``find_amounts``
                such as ``"4.2万元"``, or a list; all keys are read)
date            ``date``, ``dates`` (``"2020-08-31"``, any notation, list)  ``find_dates``
count           ``count`` (int or ``"三次"``)                               ``find_counts``
boolean         ``boolean`` (bool, or ``"是"``/``"否"``/``"yes"``/``"no"``)   ``read_boolean``
text / entity   ``text`` / ``entity`` (string)                              the answer text
==============  ==========================================================  =======================

Values are read from what the answer asserts (``benchmark.text.assertion.conclusion``): the text
outside its quoted evidence; the quotations too when the rest holds no value of the kind (the quote
is then the answer). ``excerpt`` tells a pasted page excerpt (``scorers.asserted.is_excerpt``): it
asserts nothing. Every value is a ``benchmark.text.Found`` with its span into the answer; ``to_dict``
says where each was read, so the report shows what the scorer saw.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from functools import cached_property
from typing import Any

from benchmark.documents.case import Case
from benchmark.documents.model import Document
from benchmark.models import Answer, Question
from benchmark.text import (
    Found,
    find_amounts,
    find_dates,
    fold,
    parse_amount,
    parse_count,
    parse_date,
    read_boolean,
)
from benchmark.text.assertion import conclusion
from benchmark.text.booleans import YesNoQuestion, yes_no_question
from benchmark.text.counts import ASKED_ONLY_UNITS, CN_UNITS, find_counts_preferring, unit_of
from benchmark.text.folding import half_width
from benchmark.text.found import context_qualifier
from scorers.abstention import detect_abstention
from scorers.asserted import Picked, QuestionWords, is_excerpt, pick, question_words
from scorers.text_forms import AnswerText, asks_span

FIELD_KEYS: dict[str, tuple[str, ...]] = {
    "amount": ("amount", "amount_total", "amounts"),
    "date": ("date", "dates"),
    "count": ("count",),
    "boolean": ("boolean",),
    "text": ("text",),
    "entity": ("entity",),
}

# The classifier a question asks about (几次 -> 次, 多少个人 -> 人, 多少日 -> 天, how many times -> 次).
_ASKED_UNIT = re.compile(
    rf"(?:几|多少)\s*({'|'.join((*CN_UNITS, *ASKED_ONLY_UNITS))})|how many\s+([a-z]+)", re.IGNORECASE
)
# A question that asks for a lower bound (逾期超过多少日): the answer's 超过30日 repeats it, not a hedge.
_ASKED_BOUND = re.compile(r"(?:超过|多于|高于|不少于|至少)\s*(?:几|多少)")
_BOUND_BEFORE = re.compile(r"(?:超过|多于|高于|不少于|至少|\bmore than|\bover|\bat least)\s*$", re.IGNORECASE)
# A question that asks for a deadline or a day due (还款期限是哪一天之前？, 支付日, 最晚): ``X之前`` answers it.
_ASKED_DEADLINE = re.compile(r"之前|以前|期限|最晚|最迟|截止|届满|到期|[还付支交]款日|支付日|交付日|还款日")
_DEADLINE_AFTER = re.compile(r"\s*(?:之前|以前)")
# An amount given per period (5700元/年, 每月4500元): a rate, no answer to a question that asks for a sum,
# but what a question asking per period (每个月, 月薪, 月租, a month) wants.
_ASKED_PER_PERIOD = re.compile(
    r"每|月薪|年薪|月租|年租|月供|工资|薪水|月息|年息|日息|\bper\b|\ba (?:month|year|day)\b|monthly|annual|yearly",
    re.IGNORECASE,
)
_PER_PERIOD_AFTER = re.compile(
    r"\s*(?:/|每)\s*(?:年|个月|月|天|日|周)|\s*(?:per|a|/)\s*(?:year|month|day|annum)\b", re.I
)
_PER_PERIOD_BEFORE = re.compile(r"每(?:一)?(?:年|个月|月|天|日|周)\s*(?:为|是|约)?\s*$")

_TRUE_WORDS = frozenset({"true", "yes", "y", "1", "是", "有", "对", "正确"})
_FALSE_WORDS = frozenset({"false", "no", "n", "0", "否", "无", "没有", "不是", "错误"})


@dataclass(frozen=True)
class Asking:
    """What reading an answer's values needs of its question: read once per question and held by it
    (``question.derived(asking)``), since every answer to it is read against it again."""

    text: str
    unit: str | None  # the classifier it asks about (几次 -> 次)
    bound: bool  # it asks for a lower bound (逾期超过多少日)
    deadline: bool  # it asks for a deadline (还款期限是哪一天之前？): 2020年10月10日之前 answers it
    span: bool  # it asks for a span of time (``text_forms.asks_span``)
    per_period: bool  # it asks for an amount per period (每个月工资是多少): 4500元/月 answers it
    words: QuestionWords  # ``asserted.question_words``: which of several values answers it
    yes_no: YesNoQuestion  # its predicate, for ``read_boolean``


def read_asking(text: str) -> Asking:
    m = _ASKED_UNIT.search(text)
    unit = unit_of(m.group(1) or m.group(2)) if m else None
    bound = _ASKED_BOUND.search(text) is not None
    deadline = _ASKED_DEADLINE.search(text) is not None
    per_period = _ASKED_PER_PERIOD.search(text) is not None
    return Asking(
        text, unit, bound, deadline, asks_span(text), per_period, question_words(text), yes_no_question(text)
    )


def asking(question: Question) -> Asking:
    """``read_asking`` of the question's text (a ``Question.derived`` builder)."""
    return read_asking(question.question)


NO_QUESTION = read_asking("")  # values read without a question


def _given(kind: str, value: Any, raw: str) -> Found:
    """A value the adapter gave in ``fields``: definite, spanning its own string form."""
    return Found(kind, value, 0, len(raw), raw, True, None)


def _field_amount(item: Any) -> Found | None:
    if isinstance(item, bool):
        return None
    if isinstance(item, (int, float, Decimal)):
        try:
            value = Decimal(str(item))
        except InvalidOperation:
            return None
        return _given("amount", value, str(item))
    if isinstance(item, str):
        parsed = parse_amount(item)
        return _given("amount", parsed, item) if parsed is not None else None
    return None


def _field_date(item: Any) -> Found | None:
    if not isinstance(item, str):
        return None
    parsed = parse_date(item)
    return _given("date", parsed, item) if parsed is not None else None


def _field_count(item: Any) -> Found | None:
    if isinstance(item, bool):
        return None
    if isinstance(item, int):
        return _given("count", item, str(item))
    if isinstance(item, float) and item.is_integer():
        return _given("count", int(item), str(item))
    if isinstance(item, str):
        parsed = parse_count(item)
        return _given("count", parsed, item) if parsed is not None else None
    return None


_BARE_PREFIX = re.compile(r"^(?:答[:：]?)?(?:共计|总共|合计|总计|一共|共|是)?")
_BARE_MAX = 16
# A number without a unit: digits (two to nine, no leading zero: not a code or a phone number; or
# grouped by thousands separators, 150,000.00), a
# digit before 万/千 or the shorthand k (thousand) or w (万: 1.5w), or numerals in words with a
# magnitude (四千五, 一万二); not a part of a masked number (138****4500).
_CN_MONEY_NUMERAL = "零〇一二两三四五六七八九十百千万亿壹贰叁肆伍陆柒捌玖拾佰仟"
_UNIT_LESS = re.compile(
    rf"(?<![0-9A-Za-z.,*＊第{_CN_MONEY_NUMERAL}])"
    rf"(?:[1-9][0-9]*(?:\.[0-9]+)?[kKwW]|[1-9][0-9]{{0,2}}(?:,[0-9]{{3}})+(?:\.[0-9]+)?"
    rf"|[1-9][0-9]{{1,8}}(?:\.[0-9]+)?|[1-9](?:\.[0-9]+)?[万千]"
    rf"|[{_CN_MONEY_NUMERAL}]*[百千万亿佰仟][{_CN_MONEY_NUMERAL}]*)"
    r"(?![0-9A-Za-z%‰.*＊])"
)
# What after a number says it is no amount (a date, a time, an age, a share, a rank).
_NOT_MONEY = frozenset("年月日号时点分秒岁%‰倍成名楼层期届")


# (a comma between digits and three more is a thousands separator, not the clause's end: 1,086套)
_FIRST_CLAUSE = re.compile(r"(?:[^，,；;。！!？?\n]|(?<=[0-9]),(?=[0-9]{3}))*")


def _bare(kind: str, text: str, parse: Callable[[str], Any]) -> Found | None:
    """A short answer that is nothing but one value (``46000``, ``共计46000。``, ``3``), or that opens
    with a clause that is (``10500，其中两条中华1200``), as a Found."""
    start = len(text) - len(text.lstrip())
    whole = text.strip().rstrip("。.！!")
    first = _FIRST_CLAUSE.match(text, start)
    for core in dict.fromkeys((whole, first.group().rstrip() if first else "")):
        if not core or len(core) > _BARE_MAX:
            continue
        value = parse(_BARE_PREFIX.sub("", core, count=1))
        if value is not None:
            return Found(kind, value, start, start + len(core), core, True, None)
    return None


def _unit_less_value(number: str) -> Decimal | None:
    """The value of a number ``_UNIT_LESS`` found (``20k`` is 20000, ``1.5w`` 15000)."""
    scale = _SHORTHAND.get(number[-1])
    if scale is not None:
        return Decimal(number[:-1]) * scale
    return parse_amount(number)


_SHORTHAND = {"k": 1000, "K": 1000, "w": 10_000, "W": 10_000}


class AnswerValues:
    """Values stated by one answer, extracted lazily and cached (one instance per answer)."""

    def __init__(
        self, answer: Answer, question: Question | None = None, document: Document | Case | None = None
    ) -> None:
        self.answer = answer
        self.question = question
        self.asked = question.derived(asking) if question is not None else NO_QUESTION
        self.document = document
        self.sources: dict[str, str] = {}  # kind -> "fields:<key>" | "answer"
        self._picked: dict[str, Picked] = {}
        self._texts: dict[str, tuple[AnswerText, ...]] = {}

    @property
    def text(self) -> str:
        return self.answer.answer

    @property
    def question_text(self) -> str:
        return self.question.question if self.question is not None else ""

    @cached_property
    def conclusion(self) -> str:
        """The answer text with its quoted evidence blanked (same length)."""
        return conclusion(self.text)

    @cached_property
    def excerpt(self) -> bool:
        """Whether the answer text is a pasted excerpt of the document (it then asserts nothing)."""
        return is_excerpt(self.text, self.document)

    def _from_text(self, finder: Callable[[str], Any]) -> Any:
        """``finder`` on the conclusion; on the quotations too when that finds nothing."""
        found = finder(self.conclusion)
        if not found and self.conclusion is not self.text:
            found = finder(conclusion(self.text, quotes=True))
        return found

    def _from_fields(self, kind: str, convert: Any) -> list[Found] | None:
        """What every ``fields`` key of ``kind`` that holds something gives (lists item by item)."""
        found: list[Found] = []
        keys: list[str] = []
        fields = self.answer.fields
        for key in FIELD_KEYS[kind]:
            value = fields.get(key)
            if value is not None and value != "":
                for item in value if isinstance(value, (list, tuple)) else (value,):
                    f = convert(item)
                    if f is not None:
                        found.append(f)
                        keys.append(key)
        if not found:
            return None  # absent or unreadable: read the text instead
        self.sources[kind] = "fields:" + ",".join(dict.fromkeys(keys))
        return found

    def _read(self, kind: str, convert: Any, finder: Any) -> tuple[Found, ...]:
        given = self._from_fields(kind, convert) if self.answer.fields else None
        if given is not None:
            return tuple(given)
        self.sources[kind] = "answer"
        return tuple(self._from_text(finder))

    @cached_property
    def amounts(self) -> tuple[Found, ...]:
        found = self._read("amount", _field_amount, find_amounts)
        if found and self.sources.get("amount") == "answer" and not self.asked.per_period:
            found = tuple(_per_period(self.text, f) for f in found)
        if found or self.sources.get("amount") != "answer":
            return found
        bare = _bare("amount", self.conclusion, parse_amount)  # a bare "46000" answers an amount question
        return (bare,) if bare is not None else self._unit_less_amounts()

    def _unit_less_amounts(self) -> tuple[Found, ...]:
        """Numbers the conclusion gives without a unit when it states no amount at all (``月薪4500``,
        ``一个月四千五``, ``每条600，两条1200``): an answer to an amount question may leave out 元. Not a
        date, count, time, percentage, code (``0428``) or phone-length number."""
        text = half_width(self.conclusion)
        taken = [(f.start, f.end) for f in (*self.dates, *self.counts)]
        out = []
        for m in _UNIT_LESS.finditer(text):
            if (
                any(a < m.end() and m.start() < b for a, b in taken)
                or text[m.end() : m.end() + 1] in _NOT_MONEY
            ):
                continue
            value = _unit_less_value(m.group())
            if value is None or value <= 0:
                continue
            qualifier = context_qualifier(text, m.start(), m.end())
            raw = self.conclusion[m.start() : m.end()]
            out.append(Found("amount", value, m.start(), m.end(), raw, qualifier is None, qualifier))
        return tuple(out)

    @cached_property
    def dates(self) -> tuple[Found, ...]:
        found = self._read("date", _field_date, find_dates)
        if found and self.sources.get("date") == "answer" and self.asked.deadline:
            found = tuple(_deadline_echoed(self.text, f) for f in found)
        return found

    @cached_property
    def asked_unit(self) -> str | None:
        """The classifier the question asks about (``几次`` -> ``次``), if it names one."""
        return self.asked.unit

    def _find_counts(self, text: str) -> list[Found]:
        """Counts of the classifier the question asks about when the answer has some, else all but a
        count of another thing under the generic 个 (``12个单元`` for ``几栋``: the noun after 个 shares
        no character with the question)."""
        found = find_counts_preferring(text, self.asked_unit)
        if self.asked_unit is None or any(unit_of(f.raw[-1:]) == self.asked_unit for f in found):
            return found
        asked = self.asked.text
        return [f for f in found if not (f.raw.endswith("个") and _other_noun(text, f.end, asked))]

    @cached_property
    def counts(self) -> tuple[Found, ...]:
        found = self._read("count", _field_count, self._find_counts)
        if found and self.sources.get("count") == "answer" and self.asked.bound:
            found = tuple(_bound_echoed(self.text, f) for f in found)
        if found or self.sources.get("count") != "answer":
            return found
        bare = _bare("count", self.conclusion, parse_count)  # a bare "3" or "三" answers a count
        return (bare,) if bare is not None else ()

    @cached_property
    def boolean(self) -> Found | None:
        value = self.answer.fields.get("boolean") if self.answer.fields else None
        if isinstance(value, bool):
            self.sources["boolean"] = "fields:boolean"
            return _given("boolean", value, str(value).lower())
        if isinstance(value, str) and value.strip():
            word = value.strip().lower()
            if word in _TRUE_WORDS or word in _FALSE_WORDS:
                self.sources["boolean"] = "fields:boolean"
                return _given("boolean", word in _TRUE_WORDS, value)
        self.sources["boolean"] = "answer"
        return self._from_text(self._read_boolean)

    def _read_boolean(self, text: str) -> Found | None:
        return read_boolean(text, self.asked.yes_no, abstains=_abstains)

    @cached_property
    def folded(self) -> str:
        """The whole answer text folded (width, case, whitespace, punctuation)."""
        return fold(self.text)

    def text_for(self, kind: str) -> str:
        """The text ``folded_for`` folds: the ``fields`` entry when given, else the answer."""
        value = self.answer.fields.get(kind) if self.answer.fields else None
        return value if isinstance(value, str) and value.strip() else self.text

    def folded_for(self, kind: str) -> str:
        """Folded text for ``text`` / ``entity`` matching: the field when given, else the answer."""
        value = self.answer.fields.get(kind) if self.answer.fields else None
        if isinstance(value, str) and value.strip():
            self.sources[kind] = f"fields:{kind}"
            return fold(value)
        self.sources[kind] = "answer"
        return self.folded

    def text_views(self, kind: str) -> tuple[AnswerText, ...]:
        """What the ``text`` / ``entity`` comparators read: the ``fields`` entry when given; else the
        conclusion, then the answer with its quotations (never what follows a marker)."""
        if kind not in self._texts:
            span = self.asked.span
            value = self.answer.fields.get(kind) if self.answer.fields else None
            if isinstance(value, str) and value.strip():
                self.sources[kind] = f"fields:{kind}"
                self._texts[kind] = (AnswerText(value, span),)
            else:
                self.sources[kind] = "answer"
                views = [AnswerText(self.conclusion, span)]
                if self.conclusion is not self.text:  # evidence was blanked: squeeze the blanks out
                    views = [AnswerText(_squeezed(self.conclusion), span)]
                    quoted = conclusion(self.text, quotes=True)
                    if quoted != self.conclusion:
                        views.append(AnswerText(_squeezed(quoted), span))
                self._texts[kind] = tuple(views)
        return self._texts[kind]

    # --- views used by the comparators ---

    def asserted(self, kind: str) -> Picked:
        """Of the definite values of ``kind`` (``amount``, ``count``, or complete ``date``s), those the
        answer asserts (``scorers.asserted.pick``); values from ``fields`` are all asserted."""
        if kind not in self._picked:
            found: list[Found] = (
                self.definite_amounts()
                if kind == "amount"
                else self.definite_counts()
                if kind == "count"
                else [f for f in self.dates if f.definite and f.value.complete]
            )
            if self.sources.get(kind) != "answer":
                self._picked[kind] = Picked(tuple(found))
            else:
                key = _date_key if kind == "date" else _value_key
                self._picked[kind] = pick(found, self.conclusion, self.asked.words, key)
        return self._picked[kind]

    @cached_property
    def bare_numbers(self) -> tuple[Decimal, ...]:
        """Numbers of the conclusion written without a unit (``（1,200.00、960.00）``), outside every
        amount, date and count read from it."""
        text = half_width(self.conclusion)
        taken = [(f.start, f.end) for f in (*self.amounts, *self.dates, *self.counts)]
        out = []
        for m in _BARE_NUMBER.finditer(text):
            if not any(a < m.end() and m.start() < b for a, b in taken):
                out.append(Decimal(m.group().replace(",", "")))
        return tuple(out)

    def definite_amounts(self) -> list[Found]:
        return [f for f in self.amounts if f.definite]

    def definite_counts(self) -> list[Found]:
        return [f for f in self.counts if f.definite]

    def to_dict(self, kinds: Iterable[str] | None = None) -> dict[str, Any]:
        """What was read, per kind (only the kinds asked for, or those already read)."""
        wanted = kinds if kinds is not None else [k for k in FIELD_KEYS if k in self.sources]
        out: dict[str, Any] = {}
        for kind in wanted:
            if kind in _LISTED:
                found: tuple[Found, ...] = getattr(self, _LISTED[kind])
                out[kind] = {"source": self.sources.get(kind), "found": [f.to_dict() for f in found]}
            elif kind == "boolean":
                b = self.boolean
                out[kind] = {"source": self.sources.get(kind), "found": None if b is None else b.to_dict()}
            elif kind in ("text", "entity"):
                out[kind] = {"source": self.sources.get(kind, "answer")}
        return out


_BARE_NUMBER = re.compile(r"(?<![0-9.,])(?:[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:\.[0-9]+)?(?![0-9]|[.,][0-9])")


_BLANKS = re.compile(r" {2,}")


def _squeezed(text: str) -> str:
    """A conclusion without the runs of spaces its blanked evidence left (one space stays: two
    numbers stay apart)."""
    return _BLANKS.sub(" ", text).strip()


def _value_key(found: Found) -> Any:
    return found.value


def _date_key(found: Found) -> Any:
    return str(found.value)


def _deadline_echoed(text: str, found: Found) -> Found:
    """A date before 之前/以前 (``2020年10月10日之前``) answers a question that asks for a deadline: it is
    the deadline, not a bound."""
    return _definite_if(found, _DEADLINE_AFTER.match(text, found.end) is not None)


def _bound_echoed(text: str, found: Found) -> Found:
    """A count whose bound (超过30日) repeats the question's (超过多少日) is definite."""
    return _definite_if(found, _BOUND_BEFORE.search(text[max(0, found.start - 10) : found.start]) is not None)


_NOUN_AFTER = re.compile(r"[\u4e00-\u9fff]{1,2}")


def _other_noun(text: str, end: int, question: str) -> bool:
    """Whether the Han word right after ``end`` names a thing the question does not (no shared
    character)."""
    noun = _NOUN_AFTER.match(text, end)
    return noun is not None and not set(noun.group()) & set(question)


def _per_period(text: str, found: Found) -> Found:
    """An amount given per period (``5700元/年``, ``每月4500元``) is a rate (qualifier ``per period``), not
    the sum a question that asks none per period wants."""
    if not found.definite:
        return found
    after = _PER_PERIOD_AFTER.match(text, found.end) is not None
    if not after and _PER_PERIOD_BEFORE.search(text, max(0, found.start - 8), found.start) is None:
        return found
    return Found(found.kind, found.value, found.start, found.end, found.raw, False, "per period")


def _definite_if(found: Found, echoes_question: bool) -> Found:
    """A value the text bounds (qualifier ``range``) as definite, when the bound is what the question asks."""
    if found.qualifier != "range" or not echoes_question:
        return found
    return Found(found.kind, found.value, found.start, found.end, found.raw, True, None)


def _abstains(text: str) -> bool:
    """An abstention in the first sentence (``scorers.abstention``): never read as a "no"."""
    return detect_abstention(text).leading


_LISTED = {"amount": "amounts", "date": "dates", "count": "counts"}  # kinds read as lists -> attribute
