"""Comparators: does an answer state the expected value of one ``expected`` field?

Every comparator has one signature::

    def compare_x(expected: Any, values: AnswerValues, ctx: CompareContext) -> Component

- ``expected`` is the field's gold value as the question model holds it: a number (amounts), a tuple
  of ``AmountPart`` (``amount_breakdown``; dicts ``{"amount": ...}`` and plain numbers work too), an ISO
  string (``date``), a ``DateRange`` (or ``{"start", "end"}``), an int (``count``), a bool, or a string.
- ``values`` holds what the answer states (``scorers.extract.AnswerValues``; cached per answer).
- ``ctx`` names the field and gives the question and the ``ScoringContext``.
- It returns a ``scorers.result.Component`` named ``ctx.field`` with ``status`` ``match`` (score 1),
  ``mismatch`` (the answer states a different value), ``omission`` (nothing usable: no value, or
  only hedged/approximate ones) or ``partial`` (some parts of a breakdown), plus ``expected``,
  ``extracted`` (JSON values) and a one-line ``reason``.

Built-ins are registered by name through the ``legal_rag_bench.comparators`` entry points (see
pyproject.toml): ``amount``, ``amount_breakdown``, ``date``, ``date_range``, ``count``, ``boolean``,
``text``, ``entity``, ``exact``. A question picks a comparator per field with
``scoring.comparators`` (``{"text_answer": "exact"}``), like ``x-eval-compare``; a plugin registers
its own through the same entry-point group or ``COMPARATORS.register(name, fn)``.

Semantics: the expected value matches when it is among the *definite* values the answer asserts
(``AnswerValues.asserted``: of several values of the asked kind, the one the answer says answers the
question; a total followed by its parts matches); hedged, approximate, alternative, range and negated
values never match; every number of an expected text must be a whole number of the answer. ``scoring.numeric_exact: false`` lets amounts match within 1% (``NUMERIC_TOLERANCE``).
``scoring.date_exact: false`` lets a date written without its year match when month and day agree.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date as _date
from decimal import Decimal, InvalidOperation
from typing import Any, TypeVar

from benchmark.models import AmountPart, DateRange, Question
from benchmark.text import Found, PartialDate, parse_date
from scorers.asserted import Picked
from scorers.extract import AnswerValues
from scorers.registry import COMPARATORS, ScoringContext
from scorers.result import MATCH, MISMATCH, OMISSION, PARTIAL, Component

NUMERIC_TOLERANCE = Decimal("0.01")  # relative, used only when scoring.numeric_exact is false
_EXACT = Decimal(0)

Comparator = Callable[[Any, AnswerValues, "CompareContext"], Component]
T = TypeVar("T")
_NONE = object()

#: The comparator each expected field uses unless ``scoring.comparators`` names another.
DEFAULT_COMPARATORS: dict[str, str] = {
    "amount_total": "amount",
    "amount_breakdown": "amount_breakdown",
    "date": "date",
    "date_range": "date_range",
    "count": "count",
    "boolean_answer": "boolean",
    "entity": "entity",
    "text_answer": "text",
}

#: Which ``AnswerValues`` kind a field reads (for reports and the ``exact`` comparator).
FIELD_KIND: dict[str, str] = {
    "amount_total": "amount",
    "amount_breakdown": "amount",
    "date": "date",
    "date_range": "date",
    "count": "count",
    "boolean_answer": "boolean",
    "entity": "entity",
    "text_answer": "text",
}


@dataclass(frozen=True)
class CompareContext:
    """What a comparator may read besides the expected value and the answer's values."""

    field: str
    question: Question | None = None
    scoring: ScoringContext | None = None

    def option(self, key: str, default: Any) -> Any:
        return self.question.scoring.get(key, default) if self.question is not None else default

    @property
    def numeric_tolerance(self) -> Decimal:
        return _EXACT if self.option("numeric_exact", True) else NUMERIC_TOLERANCE

    @property
    def date_exact(self) -> bool:
        return bool(self.option("date_exact", True))


def result(ctx: CompareContext, status: str, expected: Any, extracted: Any, reason: str) -> Component:
    """A comparator's Component: score 1 for a match, else 0."""
    return Component(ctx.field, 1.0 if status == MATCH else 0.0, 0.0, status, expected, extracted, reason)


def read_expected(ctx: CompareContext, expected: Any, read: Callable[[Any], T]) -> T:
    """``read(expected)`` (a pure reading of a gold value), made once per question and field and held
    by the question when ``expected`` is the question's value of ``ctx.field`` (as ``compare_with``
    passes it); else made for this call."""
    question = ctx.question
    if question is not None and getattr(question.expected, ctx.field, _NONE) is expected:
        return question.derived(_read_field, read, ctx.field)
    return read(expected)


def _read_field(question: Question, read: Callable[[Any], T], field: str) -> T:
    return read(getattr(question.expected, field))


# --- helpers ----------------------------------------------------------------------------------


def _decimal(value: Any) -> Decimal | None:
    if isinstance(value, AmountPart):
        value = value.amount
    elif isinstance(value, dict):
        value = value.get("amount")
    if isinstance(value, bool) or value is None:
        return None
    try:
        return Decimal(str(value))
    except InvalidOperation:
        return None


def _num(d: Decimal) -> int | float:
    return int(d) if d == d.to_integral_value() else float(d)


def _wanted_amount(expected: Any) -> tuple[Decimal, int | float] | None:
    """``(_decimal(expected), _num(...))``."""
    want = _decimal(expected)
    return None if want is None else (want, _num(want))


def _close(a: Decimal, b: Decimal, tolerance: Decimal) -> bool:
    return a == b if not tolerance else abs(a - b) <= abs(b) * tolerance


def _shown(found: Iterable[Found]) -> list[str]:
    return [f"{f.raw} ({f.qualifier})" if f.qualifier else f.raw for f in found]


def _omission_reason(what: str, vague: list[Found]) -> str:
    if vague:
        return f"no definite {what}; only {', '.join(_shown(vague))}"
    return f"no {what} in the answer"


# --- amounts ----------------------------------------------------------------------------------


def compare_amount(expected: Any, values: AnswerValues, ctx: CompareContext) -> Component:
    """The expected amount is among the definite amounts the answer states."""
    wanted = read_expected(ctx, expected, _wanted_amount)
    if wanted is None:
        return result(ctx, MISMATCH, expected, None, "expected value is not a number")
    want, shown = wanted
    definite = values.definite_amounts()
    if len(definite) > 1 and not _asks_parts(ctx):
        picked = values.asserted("amount")
        if picked.listed:
            return _listed(ctx, shown, [_num(f.value) for f in definite], picked, "amounts")
        definite = list(picked.asserted)
    stated = [_num(f.value) for f in definite]
    tolerance = ctx.numeric_tolerance
    if (
        any(f.value == want for f in definite)
        if not tolerance
        else any(_close(f.value, want, tolerance) for f in definite)
    ):
        return result(ctx, MATCH, shown, stated, f"answer states {shown}")
    if definite:
        return result(
            ctx, MISMATCH, shown, stated, f"answer states {', '.join(_shown(definite))}, not {shown}"
        )
    vague = [f for f in values.amounts if not f.definite]
    return result(ctx, OMISSION, shown, [], _omission_reason("amount", vague))


def _asks_parts(ctx: CompareContext) -> bool:
    """The question expects a breakdown too: every amount of the answer may be a total or a part."""
    return ctx.question is not None and bool(ctx.question.expected.amount_breakdown)


def _listed(ctx: CompareContext, expected: Any, stated: list[Any], picked: Picked, what: str) -> Component:
    """The answer states several values without saying which answers the question (a mismatch), or
    says the asked value is unknown and gives its one value for something else (an omission)."""
    shown = ", ".join(dict.fromkeys(_shown(picked.listed)))
    if picked.unknown:
        reason = f"answer says the asked value is unknown ({picked.unknown!r}); {shown} is another's"
        return result(ctx, OMISSION, expected, stated, reason)
    reason = f"answer lists {what} {shown} without saying which answers the question"
    return result(ctx, MISMATCH, expected, stated, reason)


def _parts(expected: Any) -> tuple[Decimal, ...]:
    """The distinct amounts of a breakdown, in order."""
    items = expected if isinstance(expected, (list, tuple)) else [expected]
    parts = [_decimal(item) for item in items]
    return tuple(dict.fromkeys(p for p in parts if p is not None))


def compare_amount_breakdown(expected: Any, values: AnswerValues, ctx: CompareContext) -> Component:
    """Every distinct expected part is among the definite amounts (a repeated part need appear once)."""
    parts = read_expected(ctx, expected, _parts)
    if not parts:
        return result(ctx, MISMATCH, expected, None, "expected breakdown has no amounts")
    definite = values.definite_amounts()
    stated = [_num(f.value) for f in definite]
    want = [_num(p) for p in parts]
    tolerance = ctx.numeric_tolerance
    missing = [p for p in parts if not any(_close(f.value, p, tolerance) for f in definite)]
    if missing and _unit_less_parts(missing, _total_of(expected), definite, values):
        missing = []
    if not missing:
        return result(ctx, MATCH, want, stated, f"answer states every part: {want}")
    if not definite:
        vague = [f for f in values.amounts if not f.definite]
        return result(ctx, OMISSION, want, [], _omission_reason("amount", vague))
    status = PARTIAL if len(missing) < len(parts) else MISMATCH
    comp = result(ctx, status, want, stated, f"missing part(s): {[_num(p) for p in missing]}")
    comp.score = (len(parts) - len(missing)) / len(parts)
    return comp


def _total_of(expected: Any) -> Decimal:
    """The sum of every part of a breakdown, a repeated part as often as it is listed."""
    items = expected if isinstance(expected, (list, tuple)) else [expected]
    return sum((d for item in items if (d := _decimal(item)) is not None), Decimal(0))


def _unit_less_parts(
    missing: list[Decimal], total: Decimal, definite: list[Found], values: AnswerValues
) -> bool:
    """A total followed by its parts written without a unit (``3600元（1200+960+720+480+240）``,
    ``RMB 12,000 (3,000 each)``): the missing parts are numbers of the answer and all the parts, each as
    often as listed, add up to an amount it states."""
    bare = values.bare_numbers
    return all(p in bare for p in missing) and any(f.value == total for f in definite)


# --- dates ------------------------------------------------------------------------------------


def _iso(value: Any) -> PartialDate | None:
    return _iso_date(value) if isinstance(value, str) else None


def _iso_day(value: Any) -> tuple[PartialDate, str] | None:
    """The complete date an expected ``YYYY-MM-DD`` (or any notation) names, and its ``iso()``."""
    day = _iso(value)
    return None if day is None else (day, str(day.iso()))


def _iso_date(value: str) -> PartialDate | None:
    try:
        d = _date.fromisoformat(value.strip())
    except ValueError:
        parsed = parse_date(value)
        return parsed if parsed is not None and parsed.complete else None
    return PartialDate(d.year, d.month, d.day)


def _same_day(found: PartialDate, want: PartialDate, exact: bool) -> bool:
    if found.complete:
        return found == want
    return not exact and found.year is None and (found.month, found.day) == (want.month, want.day)


def _usable_day(found: PartialDate, ctx: CompareContext) -> bool:
    """A day that can match a full date: complete, or (``date_exact: false``) complete but for the year."""
    if found.complete:
        return True
    return not ctx.date_exact and found.year is None and found.month is not None and found.day is not None


def _contradicts(found: PartialDate, want: PartialDate) -> bool:
    """Whether the parts the found date states disagree with the expected date."""
    pairs = ((found.year, want.year), (found.month, want.month), (found.day, want.day))
    return any(a is not None and a != b for a, b in pairs)


def compare_date(expected: Any, values: AnswerValues, ctx: CompareContext) -> Component:
    """The expected date is among the definite dates; a date without its year never equals a full one
    (unless ``scoring.date_exact`` is false and month and day agree)."""
    day = read_expected(ctx, expected, _iso_day)
    if day is None:
        return result(ctx, MISMATCH, expected, None, "expected value is not a YYYY-MM-DD date")
    want, iso = day
    definite = [f for f in values.dates if f.definite]
    stated = [str(f.value) for f in definite]
    picked = values.asserted("date")
    if picked.listed:
        return _listed(ctx, iso, stated, picked, "dates")
    if len(picked.asserted) < len([f for f in definite if f.value.complete]):
        definite = [f for f in definite if not f.value.complete or f in picked.asserted]
    exact = ctx.date_exact
    if any(_same_day(f.value, want, exact) for f in definite):
        return result(ctx, MATCH, iso, stated, f"answer states {iso}")
    wrong = [f for f in definite if _contradicts(f.value, want)]
    if wrong:
        return result(ctx, MISMATCH, iso, stated, f"answer states {', '.join(_shown(wrong))}, not {iso}")
    vague = [f for f in values.dates if not f.definite or not f.value.complete]
    reason = _omission_reason("full date", vague)
    if any(f.definite and f.value.year is None for f in vague):
        reason += "; a date without its year does not match a full date"
    return result(ctx, OMISSION, iso, stated, reason)


def _range_ends(expected: Any) -> tuple[PartialDate | None, PartialDate | None]:
    if isinstance(expected, DateRange):
        return _iso(expected.start), _iso(expected.end)
    if isinstance(expected, dict):
        return _iso(expected.get("start")), _iso(expected.get("end"))
    return None, None


def compare_date_range(expected: Any, values: AnswerValues, ctx: CompareContext) -> Component:
    """Both ends are among the dates the answer states (definite, or the ends of a stated range)."""
    start, end = read_expected(ctx, expected, _range_ends)
    if start is None or end is None:
        return result(ctx, MISMATCH, expected, None, "expected value is not a {start, end} date range")
    want = {"start": start.iso(), "end": end.iso()}
    usable = [f for f in values.dates if (f.definite or f.qualifier == "range") and _usable_day(f.value, ctx)]
    stated = [str(f.value) for f in usable]
    has = {
        "start": any(_same_day(f.value, start, ctx.date_exact) for f in usable),
        "end": any(_same_day(f.value, end, ctx.date_exact) for f in usable),
    }
    if all(has.values()):
        return result(ctx, MATCH, want, stated, f"answer states {want['start']} and {want['end']}")
    missing = [k for k, ok in has.items() if not ok]
    if not usable:
        vague = [f for f in values.dates if f not in usable]
        reason = _omission_reason("full date", vague)
        if any(f.value.year is None for f in vague):
            reason += "; a date without its year does not match a full date"
        return result(ctx, OMISSION, want, [], reason)
    status = PARTIAL if len(missing) == 1 else MISMATCH
    return result(ctx, status, want, stated, f"the range's {' and '.join(missing)} not stated")


# --- counts and booleans ---------------------------------------------------------------------


def compare_count(expected: Any, values: AnswerValues, ctx: CompareContext) -> Component:
    """The expected count (``3次`` = ``三次`` = 3) is among the definite counts the answer states."""
    if isinstance(expected, bool) or not isinstance(expected, (int, float)):
        return result(ctx, MISMATCH, expected, None, "expected value is not a whole number")
    definite = values.definite_counts()
    stated = [f.value for f in definite]
    if len(definite) > 1:
        picked = values.asserted("count")
        if picked.listed:
            return _listed(ctx, expected, stated, picked, "counts")
        definite = list(picked.asserted)
    if any(f.value == expected for f in definite):
        return result(ctx, MATCH, expected, stated, f"answer states {expected}")
    if definite:
        return result(
            ctx, MISMATCH, expected, stated, f"answer states {', '.join(_shown(definite))}, not {expected}"
        )
    vague = [f for f in values.counts if not f.definite]
    return result(ctx, OMISSION, expected, [], _omission_reason("count", vague))


def compare_boolean(expected: Any, values: AnswerValues, ctx: CompareContext) -> Component:
    """The answer's yes/no stance (negation-aware, ``read_boolean``) equals the expected one."""
    if not isinstance(expected, bool):
        return result(ctx, MISMATCH, expected, None, "expected value is not true/false")
    found = values.boolean
    if found is None:
        return result(ctx, OMISSION, expected, None, "no yes/no stance in the answer")
    if not found.definite:
        return result(ctx, OMISSION, expected, None, f"stance is not definite: {_shown([found])[0]}")
    status = MATCH if found.value == expected else MISMATCH
    word = "affirms" if found.value else "denies"
    return result(ctx, status, expected, found.value, f"answer {word} ({found.raw!r})")


# --- lookup -----------------------------------------------------------------------------------


def comparator_name(field: str, question: Question) -> str:
    chosen = (question.scoring.get("comparators") or {}).get(field)
    return str(chosen) if chosen else DEFAULT_COMPARATORS[field]


def get_comparator(name: str) -> Comparator:
    """The comparator registered as ``name`` (built-ins and plugins alike; unknown names raise)."""
    return COMPARATORS.get(name)


def compare_field(
    field: str, question: Question, values: AnswerValues, scoring: ScoringContext | None = None
) -> Component:
    """Compare one expected field of ``question`` with the answer's values, by its chosen comparator."""
    return compare_with(comparator_name(field, question), field, question, values, scoring)


def compare_with(
    name: str, field: str, question: Question, values: AnswerValues, scoring: ScoringContext | None = None
) -> Component:
    """``compare_field`` by the comparator registered as ``name`` (``comparator_name(field, question)``,
    which a caller scoring many answers to one question can look up once)."""
    comp = get_comparator(name)(
        getattr(question.expected, field), values, CompareContext(field, question, scoring)
    )
    comp.name = field
    return comp
