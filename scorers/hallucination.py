"""Specifics an answer invents: asserted, yet nowhere in the document nor in the question.

Comparison is by value, per kind (docs/scoring/conflict_gap.md has the full rules):

- ``phone``/``id``/``account``: digit-wise. A masked value (``138****5906``) is the document's own
  when a document value agrees on the digits shown; a full number is never "contained" in a masked one.
- ``amount``/``rate``: as numbers against every amount, percentage and bare number in the document.
  An approximate amount (``大约五万``) may be within 10% of one; an amount that is the sum or the
  difference of amounts the answer states and the document holds (``相差6000元``) is derived, not invented.
- ``date``: every field the answer gives (year, month, day) agrees with one document date; a document
  date without a year takes any year the document's dates use.
- ``time``: same hour (``3点`` is 3 or 15) and, when the answer gives minutes, same minutes.
- ``wechat``/``name``: folded containment. ``address``/``place``: folded containment, or every
  part (青屿市 / 东湖区 / 柳岸路 / 88号 …) known and the street with its number together.

A document's facts (``scorers.facts``) are built once per document and held by it
(``Document.derived``), and kept across runs (``scorers.facts_store``); a question's once per question
text (the gold side, read again for every answer). In a case file the whole case is
the document: a value any of its documents states is not invented (the case's facts are the union of
its documents', held by the case).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from benchmark.documents.case import Case
from benchmark.documents.model import Document
from benchmark.text import fold
from benchmark.text.amounts import TextValues
from scorers.facts import Facts, build_facts
from scorers.facts_store import stored_facts
from scorers.names import KnownText, find_names
from scorers.specifics import (
    IDENTIFIER_KINDS,
    KINDS,
    PLACE_SUFFIXES,
    Specific,
    TimeOfDay,
    find_specifics,
)

APPROXIMATE_TOLERANCE = Decimal("0.10")
_MORE_THAN = re.compile("[多余来]")  # 一万多, 三千余元, 一万来块: more than the figure, not the figure
_ALL = frozenset(KINDS)

# hallucination_check hint -> kinds: the hint's words (split at anything not a letter; Chinese
# keywords are looked for as substrings) name the kinds.
HINT_WORDS: tuple[tuple[frozenset[str], frozenset[str]], ...] = (
    (frozenset({"phone", "phones", "telephone", "mobile", "tel", "电话", "手机"}), frozenset({"phone"})),
    (frozenset({"id", "ids", "identity", "身份证"}), frozenset({"id"})),
    (frozenset({"account", "accounts", "bank", "card", "cards", "账户", "账号", "卡号"}), frozenset({"account"})),
    (frozenset({"wechat", "weixin", "微信"}), frozenset({"wechat"})),
    (frozenset({"address", "addresses", "location", "locations", "place", "places", "venue", "地址", "住址", "地点"}),
     frozenset({"address", "place"})),
    (frozenset({"amount", "amounts", "money", "sum", "sums", "figure", "figures", "rate", "rates", "interest",
                "price", "fee", "fees", "金额", "数额", "利率"}), frozenset({"amount", "rate"})),
    (frozenset({"date", "dates", "time", "times", "when", "day", "days", "日期", "时间"}), frozenset({"date", "time"})),
    (frozenset({"name", "names", "person", "persons", "people", "witness", "姓名", "人名", "名字"}), frozenset({"name"})),
    (frozenset({"detail", "details", "specific", "specifics", "anything", "fact", "facts", "info", "information",
                "all", "细节", "事实"}), _ALL),
)  # fmt: skip
_LETTERS = re.compile(r"[a-z]+")


def hint_named_kinds(hint: str) -> frozenset[str]:
    """The kinds one hint names (empty when it names none): ``must_not_provide_id_cards`` -> id."""
    words = set(_LETTERS.findall(hint.lower()))
    if "id" in words:
        words -= {"card", "cards"}  # an ID card is an ID, not a bank card
    kinds: set[str] = set()
    for keys, named in HINT_WORDS:
        if words & keys or any(k in hint for k in keys if not k.isascii()):
            kinds |= named
    return frozenset(kinds)


@dataclass(frozen=True, slots=True)
class InventedSpecific:
    kind: str
    raw: str
    value: str
    start: int
    end: int
    reason: str
    counts: bool = True  # whether it fails no_hallucination under the question's hints

    @property
    def key(self) -> str:
        return f"{self.kind}:{self.value}"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "raw": self.raw, "value": self.value, "start": self.start,
                "end": self.end, "reason": self.reason, "counts": self.counts}  # fmt: skip


def hint_list(hints: str | Iterable[str] | None) -> tuple[str, ...]:
    if hints is None:
        return ()
    if isinstance(hints, str):
        return (hints,) if hints.strip() else ()
    return tuple(str(h) for h in hints if str(h).strip())


def counted_kinds(hints: str | Iterable[str] | None) -> tuple[frozenset[str], tuple[str, ...]]:
    """Kinds whose invention fails the component, and the hints that name no kind we know.

    No hint (or an unrecognised one): every kind. Otherwise the hinted kinds plus the identifiers
    (phone, ID, account, WeChat), which are never acceptable to make up.
    """
    return hint_kinds(hint_list(hints))


def hint_kinds(hints: tuple[str, ...]) -> tuple[frozenset[str], tuple[str, ...]]:
    """:func:`counted_kinds` of hints already made a :func:`hint_list`."""
    kinds: set[str] = set()
    unknown: list[str] = []
    for hint in hints:
        named = hint_named_kinds(hint)
        if named:
            kinds |= named
        else:
            unknown.append(hint)
    if not kinds or unknown:
        return _ALL, tuple(unknown)
    return frozenset(kinds | IDENTIFIER_KINDS), ()


# --- what a text (document or question) holds (``scorers.facts``) --------------------------------


def _facts_of(document: Document) -> Facts:
    return stored_facts(document.text, document.folded)


def _case_facts_of(case: Case) -> Facts:
    """What a case states: the union of its documents' facts (each held by its document; reading them
    document by document is also faster than the joined text: specifics are checked for overlaps
    within one text). Names are read from the whole case when first needed."""
    parts = [document_facts(case.documents[i.id]) for i in case.infos]
    return Facts(
        folded=case.folded,
        identifiers=frozenset().union(*(p.identifiers for p in parts)),
        amounts=frozenset().union(*(p.amounts for p in parts)),
        rates=frozenset().union(*(p.rates for p in parts)),
        dates=tuple(d for p in parts for d in p.dates),
        years=frozenset().union(*(p.years for p in parts)),
        times=tuple(t for p in parts for t in p.times),
        text=case.text,
    )


def document_facts(document: Document | Case | str) -> Facts:
    """Facts of a document (or a case file): built once and held by it; a plain text is read each time."""
    if isinstance(document, Case):
        return document.derived(_case_facts_of)
    return document.derived(_facts_of) if isinstance(document, Document) else build_facts(document)


def question_facts(text: str) -> Facts:
    """Facts of a question's text (a scorer reads them once per question and holds them with it)."""
    return build_facts(text)


# --- comparisons, one per kind ------------------------------------------------------------------


def _masked_match(value: str, known: Iterable[str]) -> bool:
    head = value[: value.index("*")]
    tail = value[value.rindex("*") + 1 :]
    return any(len(k) >= len(head) + len(tail) and k.startswith(head) and k.endswith(tail) for k in known)


def _identifier_reason(s: Specific, facts: list[Facts]) -> str | None:
    value = str(s.value)
    if "*" in value:
        if any(_masked_match(value, f.identifiers) for f in facts):
            return None
        return "no number in the document shows these digits"
    if any(value in f.identifiers or value in f.folded for f in facts):
        return None
    masked = sorted(k for f in facts for k in f.identifiers if "*" in k and _masked_match(k, [value]))
    if masked:
        return f"the document shows only the masked {masked[0]}"
    return "not in the document or the question"


def _amount_reason(
    s: Specific, facts: list[Facts], derived: frozenset[Decimal], estimates: bool = True
) -> str | None:
    """None when the document holds the amount; an estimate (约, 左右, 吧 …) may be within
    ``APPROXIMATE_TOLERANCE`` of one, unless ``estimates`` is False (an answer to a question the file
    cannot answer): there an amount must be a figure of the file, and one given as more than a figure
    (``一万多``, ``三千余元``: no figure of the file however many 10000s the file holds) is a guess."""
    if not estimates and s.qualifier in ("approximate", "hedge") and _MORE_THAN.search(s.raw):
        return "a rough figure (一万多, 三千余元) where the file gives no such amount"
    value = Decimal(s.value).normalize()
    if any(value in f.amounts for f in facts) or value in derived:
        return None
    if estimates and s.qualifier in ("approximate", "hedge", "range") and value:
        near = [a for f in facts for a in f.amounts if a and abs(a - value) <= APPROXIMATE_TOLERANCE * a]
        if near:
            return None
    return "no amount or number in the document has this value"


def _date_reason(s: Specific, facts: list[Facts]) -> str | None:
    if any(s.value in f.agreeing_dates() for f in facts):
        return None
    return "no date in the document agrees with it"


def _time_reason(s: Specific, facts: list[Facts]) -> str | None:
    t: TimeOfDay = s.value
    for k in (k for f in facts for k in f.times):
        if set(t.hours) & set(k.hours) and (
            t.minute in (None, k.minute) or (t.minute == 0 and k.minute is None)
        ):
            return None
    return "no time of day in the document agrees with it"


_SEGMENT = re.compile(
    r"(.*?)(省|自治区|自治州|市|区|县|旗|街道|镇|乡|村|组|大道|大街|路|街|巷|弄|胡同|号楼|号院|号|栋|幢|座|单元|室|层|户|"
    r"小区|大厦|公寓|楼)"
)
_STREET_END = ("路", "街", "巷", "弄", "道", "胡同")


def _address_present(folded: str, known: KnownText) -> bool:
    """Whole, or part by part: each part's last three characters (numbered parts whole) known, and a
    street together with its house number."""
    if not folded or folded in known:
        return True
    segments = [m.group() for m in _SEGMENT.finditer(folded)]
    if not segments or "".join(segments) != folded:
        return False
    for k, seg in enumerate(segments):
        tail = seg if seg[0].isdigit() else seg[-3:]
        if tail not in known:
            return False
        numbered = k + 1 < len(segments) and segments[k + 1][0].isdigit()
        if seg.endswith(_STREET_END) and numbered and seg[-3:] + segments[k + 1] not in known:
            return False
    return True


_ADMIN_PREFIX = re.compile(r"(.*(?:省|市|区|县))(.{3,})$")


_PLACE_SUFFIX = re.compile(f"(?:{PLACE_SUFFIXES})$")
_OWNED = frozenset({"公司", "超市", "商店", "商行"})


def _place_present(folded: str, known: KnownText) -> bool:
    """Whole; or, for a company or shop, its owner's name (``戚鸣远公司``); or its admin prefix apart."""
    if folded in known:
        return True
    suffix = _PLACE_SUFFIX.search(folded)
    owner = folded[: suffix.start()] if suffix is not None and suffix.group() in _OWNED else ""
    if len(owner) >= 2 and owner in known:
        return True  # 戚鸣远公司: the company of someone the document names
    m = _ADMIN_PREFIX.match(folded)
    return m is not None and m.group(2) in known and _address_present(m.group(1), known)


def _known(facts: list[Facts]) -> KnownText:
    """The folded document and question with their surname pieces (what names are looked up in)."""
    return KnownText(tuple(f.folded for f in facts), tuple(f.grams for f in facts))


def _text_reason(s: Specific, facts: list[Facts]) -> str | None:
    known = _known(facts)
    folded = str(s.value)
    if s.kind == "address":
        present = _address_present(folded, known)
    elif s.kind == "place":
        present = _place_present(folded, known)
    else:
        present = fold(folded) in known
    return None if present else "not in the document or the question"


def _reason(
    s: Specific, facts: list[Facts], derived: frozenset[Decimal], estimates: bool = True
) -> str | None:
    if s.kind in IDENTIFIER_KINDS and s.kind != "wechat":
        return _identifier_reason(s, facts)
    if s.kind == "amount":
        return _amount_reason(s, facts, derived, estimates)
    if s.kind == "rate":
        ok = any(s.value in f.rates for f in facts)
        return None if ok else "no percentage in the document has this value"
    if s.kind == "date":
        return _date_reason(s, facts)
    if s.kind == "time":
        return _time_reason(s, facts)
    return _text_reason(s, facts)


def _derived_amounts(found: list[Specific], facts: list[Facts]) -> frozenset[Decimal]:
    """Sums and differences of the amounts the answer states that the document holds."""
    amounts = [s for s in found if s.kind == "amount"]
    if len(amounts) < 2:
        return frozenset()  # no two amounts to add or subtract
    stated = {Decimal(s.value).normalize() for s in amounts}
    held = sorted(v for v in stated if any(v in f.amounts for f in facts))
    if len(held) < 2:
        return frozenset()
    out = {a + b for i, a in enumerate(held) for b in held[i + 1 :]}
    out |= {abs(a - b) for i, a in enumerate(held) for b in held[i + 1 :]}
    if len(held) > 2:
        out.add(sum(held, Decimal(0)))
    return frozenset(v.normalize() for v in out)


def _document_and_question(document: Document | Case | str | None, asked: Facts | None) -> list[Facts]:
    facts = [document_facts(document)] if document is not None else []
    return facts + ([asked] if asked is not None else [])


def find_invented(
    answer_text: str,
    document: Document | Case | str | None,
    question_text: str = "",
    hints: str | Iterable[str] | None = None,
    values: TextValues | None = None,
) -> list[InventedSpecific]:
    """Every specific ``answer_text`` asserts that neither the document nor the question holds, in
    text order. All are listed; ``counts`` says whether the hints make it fail the component.
    ``values``: the answer's amounts and dates, when the scorer shares them with its other checks."""
    kinds = hint_kinds(hint_list(hints))[0]
    asked = question_facts(question_text) if question_text else None
    return invented_specifics(answer_text, document, asked, kinds, values)


def invented_specifics(
    answer_text: str,
    document: Document | Case | str | None,
    asked: Facts | None,
    kinds: frozenset[str],
    values: TextValues | None = None,
    estimates: bool = True,
) -> list[InventedSpecific]:
    """:func:`find_invented` given the question's facts (``asked``: None for no question text) and the
    kinds that fail the component (:func:`counted_kinds`), which a scorer reads once per question.
    ``estimates`` False: an approximate or hedged amount must be one the document holds (a question the
    file cannot answer, where ``大概一万多吧`` is a guess however near a figure of the file it falls)."""
    facts = _document_and_question(document, asked)
    found = find_specifics(answer_text, values=values)  # in text order (start, end, kind)
    if facts:
        known = _known(facts)
        places = [(s.start, s.end) for s in found if s.kind in ("address", "place")]
        names = find_names(answer_text, known, facts[0].names_in)
        names = [n for n in names if not any(lo < n.end and n.start < hi for lo, hi in places)]
        if names:
            found = sorted(found + names, key=lambda s: (s.start, s.end, s.kind))
    derived = _derived_amounts(found, facts)
    out = []
    for s in found:
        reason = _reason(s, facts, derived, estimates)
        if reason is not None:
            out.append(InventedSpecific(s.kind, s.raw, s.value_text, s.start, s.end, reason, s.kind in kinds))
    return out


__all__ = [
    "HINT_WORDS",
    "Facts",
    "InventedSpecific",
    "build_facts",
    "counted_kinds",
    "document_facts",
    "find_invented",
    "hint_kinds",
    "hint_list",
    "hint_named_kinds",
    "invented_specifics",
    "question_facts",
]
