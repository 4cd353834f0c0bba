"""A bank answer -> the expected fields of a question set (see docs/dataset-format.md, "Markdown banks").

Read in this order, the first that applies wins:

1. an abstention (``不明确``, ``不详``, ``记不清``, ``忘记了``, ``不知道``…) -> ``should_abstain: true``
   (a fact_exact or evidence_set item becomes conflict_gap);
2. a contradiction (``矛盾``, ``不一致``…) -> ``conflict_detected: true``, ``should_abstain: false``;
3. evidence_set: the numbered or bulleted lines (else the text's sentences) -> ``key_points``;
4. fact_exact: a leading yes/no (``是，…``, ``否，…``, ``有``, ``没有``) -> ``boolean_answer``; an amount
   -> ``amount_total``, with the amounts after it that add up to it (``9000元（6000元现金 + 3000元微信）``)
   -> ``amount_breakdown`` (each with the words after it as its description); one full date -> ``date``,
   two joined by 至/到/- -> ``date_range``; a count (``3次``) -> ``count``; an ID number or a phone
   number -> ``text_answer``; a short name (2-6 characters, no digit) -> ``entity``; anything else ->
   ``text_answer``;
5. conflict_gap with a plain answer -> ``should_abstain: false`` (the system should answer).

Every decision that is not the obvious one is a note; what is dropped is listed as unmapped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from benchmark.text import find_amounts, find_counts, find_dates, read_boolean
from benchmark.text.dates import PartialDate

ABSTAIN = (
    "不明确", "不详", "记不清", "记不得", "不记得", "忘记", "忘了", "不知道", "不清楚", "想不起",
    "说不清", "未记载", "没有记载", "未提及", "没有提及", "无法确定", "无法确认", "没有记录", "无记载",
)  # fmt: skip
CONFLICT = ("矛盾", "不一致", "前后不一", "说法不同", "相互冲突", "前后冲突")
_YES_NO = re.compile(r"^\s*(是的|是|否|对|不对|不是|有|没有|没|无)\s*(?:[，,。；;！!]|$)")
_ID = re.compile(r"(?<![0-9A-Za-z])\d{17}[\dXx](?![0-9A-Za-z])")
_PHONE = re.compile(r"(?<!\d)1\d{2}[\d*＊]{4}\d{4}(?!\d)")
_NAME = re.compile(r"^[\u4e00-\u9fff·]{2,6}$")
_RANGE = re.compile(r"^\s*(?:至|到|-|—|~|–|起至)\s*$")
_PART_SEP = re.compile(r"[+＋、，,；;和及]|其中")
_SENTENCES = re.compile(r"[；;。\n]+")
_TRIM = "。；;，, "


@dataclass
class Mapped:
    qtype: str
    expected: dict[str, Any] = field(default_factory=dict)
    gap: dict[str, Any] = field(default_factory=dict)  # conflict_gap fields kept at the question's top level
    notes: list[str] = field(default_factory=list)
    unmapped: list[str] = field(default_factory=list)


def _number(value: Decimal) -> int | float:
    return int(value) if value == value.to_integral_value() else float(value)


def stance(text: str) -> str | None:
    """``"abstain"``, ``"conflict"`` or None."""
    if any(w in text for w in CONFLICT):
        return "conflict"
    if any(w in text for w in ABSTAIN):
        return "abstain"
    return None


def map_answer(qtype: str, question: str, text: str, items: list[str]) -> Mapped:
    whole = "\n".join([t for t in (text, *items) if t])
    out = Mapped(qtype)
    kind = stance(whole)
    if kind is not None:
        if qtype != "conflict_gap":
            out.notes.append(
                f"the answer says {'the record does not tell' if kind == 'abstain' else 'the record contradicts itself'}: imported as conflict_gap"
            )
            out.qtype = "conflict_gap"
        out.gap = {"should_abstain": kind == "abstain"}
        if kind == "conflict":
            out.expected["conflict_detected"] = True
        return out
    if qtype == "evidence_set":
        points = items or [s.strip(_TRIM) for s in _SENTENCES.split(text) if s.strip(_TRIM)]
        out.expected["key_points"] = points
        if not items:
            out.notes.append("the answer is no list: its sentences are the key points")
        return out
    if qtype == "conflict_gap":
        out.gap = {"should_abstain": False}
        out.notes.append("the answer neither abstains nor names a contradiction: the system should answer")
        return out
    _facts(question, whole, out)
    return out


def _facts(question: str, text: str, out: Mapped) -> None:
    yes_no = _YES_NO.match(text)
    if yes_no:
        found = read_boolean(text, question)
        value = (
            found.value
            if found is not None and found.definite
            else yes_no.group(1) in ("是的", "是", "对", "有")
        )
        out.expected["boolean_answer"] = bool(value)
        return
    for reader in (_amounts, _dates, _identifiers, _count):
        if reader(text, out):
            return
    plain = text.strip(_TRIM)
    if _NAME.match(plain):
        out.expected["entity"] = plain
    else:
        out.expected["text_answer"] = plain
        if len(plain) > 40:
            out.notes.append(
                "a long answer became text_answer: shorten it to the words a correct answer must hold"
            )


def _amounts(text: str, out: Mapped) -> bool:
    found = [f for f in find_amounts(text) if f.definite]
    if not found:
        return False
    total = found[0].value
    out.expected["amount_total"] = _number(total)
    parts = found[1:]
    if not parts:
        return True
    if sum((p.value for p in parts), Decimal(0)) == total:
        out.expected["amount_breakdown"] = [
            {
                "amount": _number(p.value),
                **_described(text, p.end, parts[i + 1].start if i + 1 < len(parts) else len(text)),
            }
            for i, p in enumerate(parts)
        ]
    else:
        shown = " + ".join(p.raw for p in parts)
        out.unmapped.append(
            f"the amounts {shown} after {found[0].raw} do not add up to it: no amount_breakdown"
        )
    return True


def _described(text: str, start: int, end: int) -> dict[str, str]:
    words = _PART_SEP.split(text[start:end])[0]
    words = words.strip("（）() " + _TRIM)
    return {"description": words} if words else {}


def _dates(text: str, out: Mapped) -> bool:
    full = [
        f
        for f in find_dates(text)
        if isinstance(f.value, PartialDate) and f.value.year and (f.definite or f.qualifier == "range")
    ]
    if not full:
        return False
    if len(full) >= 2 and _RANGE.match(text[full[0].end : full[1].start]):
        out.expected["date_range"] = {"start": str(full[0].value), "end": str(full[1].value)}
    else:
        out.expected["date"] = str(full[0].value)
        if len(full) > 1:
            out.unmapped.append(f"further dates in the answer: {', '.join(f.raw for f in full[1:])}")
    return True


def _identifiers(text: str, out: Mapped) -> bool:
    m = _ID.search(text) or _PHONE.search(text)
    if m is None:
        return False
    out.expected["text_answer"] = m.group(0)
    rest = (text[: m.start()] + text[m.end() :]).strip(_TRIM)
    if rest:
        out.unmapped.append(f"words beside the number: {rest!r}")
    return True


def _count(text: str, out: Mapped) -> bool:
    counts = find_counts(text)
    if len(counts) != 1 or len(text.strip(_TRIM)) > 12:
        return False
    out.expected["count"] = int(counts[0].value)
    return True
