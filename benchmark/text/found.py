"""``Found``: a value read from free text, with its span and how sure the text is about it.

Also the context rules shared by the finders (hedges, approximations, negation, the connectors that
make two values alternatives, a range or a list). They look at the clause around a value only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

__all__ = ["NEGATORS", "QUALIFIERS", "Found", "doubts_itself"]

#: The values ``Found.qualifier`` takes (besides None).
QUALIFIERS = ("approximate", "alternative", "hedge", "range", "negated")


_AS_IS = frozenset((bool, int, float, str, type(None)))  # value types ``to_dict`` leaves as they are


@dataclass(frozen=True, slots=True)
class Found:
    """A value stated in a text: ``text[start:end] == raw``."""

    kind: str  # "amount" | "date" | "count" | "boolean"
    value: Any  # Decimal (amount), PartialDate (date), int (count), bool (boolean)
    start: int
    end: int
    raw: str
    definite: bool
    qualifier: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe: Decimal -> int when integral else float; PartialDate -> its string."""
        value: Any = self.value
        if value.__class__ in _AS_IS:
            pass
        elif isinstance(value, Decimal):
            value = int(value) if value == value.to_integral_value() else float(value)
        elif not isinstance(value, (bool, int, float, str)) and value is not None:
            value = str(value)
        return {
            "kind": self.kind,
            "value": value,
            "start": self.start,
            "end": self.end,
            "raw": self.raw,
            "definite": self.definite,
            "qualifier": self.qualifier,
        }


# --- shared context rules (used by amounts, dates, counts, booleans) -------------------------------

_BREAK = re.compile(r"[。；;！!？?\n\r，：]|,(?!\d)|:(?!\d)")
_HEDGE = re.compile(
    r"(?<!不)(?:可能|也许|或许)|好像|似乎|看似|似为|看上去|看起来|大概|估计|恐怕|应该是|应该有|应该在|兴许|貌似|印象中|听说|(?<!根)据说|"
    r"不确定|不太确定|不敢确定|说不准|说不清|记不清|没准|原则上|基本上|大体上|不排除|"
    r"\b(?:maybe|perhaps|probably|possibly|might|likely|i think|i believe|not sure|i guess)\b",
    re.IGNORECASE,
)
_HEDGE_AFTER = re.compile(r"^[^。；;！!？?\n]{0,6}?(?:吧|吗|\?|？)")
#: The Chinese words that deny what follows them (not 有没有: it asks), as an alternation for patterns:
#: a value's qualifier (``_NEGATED_BEFORE``) and the free-text rules (``scorers.text_match``) share it.
NEGATORS = r"不是|并非|并不是|而不是|而非|不可能是|绝不是|绝非|不会是|(?<!有)没有|(?<!有)没|未"
_NEGATED_BEFORE = re.compile(
    rf"(?:{NEGATORS}|"
    r"\bnot|\bnever|n't)\s*(?:是在|是于|是|为|有|在|于|给了?|付了?|支付了?|还了?|归还了?|收到?了?|借了?|转了?|交了?|"
    r"共计|总共|一共|合计|总计|only|exactly|be|been|the)?\s*$",
    re.IGNORECASE,
)
_APPROX_BEFORE = re.compile(
    r"(?:(?<![最附亲邻])近|(?<![合契条公节预签违履相制立邀])约|大约|大致|约莫|将近|接近|差不多|几乎|"
    r"\b(?:about|around|approximately|approx\.?|roughly|nearly|almost|some)\b)"
    r"\s*(?:是|有|为|在|合|计)?\s*(?:给了?|付了?|借了?|花了?|转了?|收了?|欠了?|共计?|总共|一共|合计)?\s*$",
    re.IGNORECASE,
)
_APPROX_AFTER = re.compile(r"^\s*(?:左右|上下|前后|开外|出头|许|\bor so\b)", re.IGNORECASE)
_RANGE_BEFORE = re.compile(
    r"(?:超过|超出|不少于|不低于|不超过|不高于|不小于|不大于|至少|最少|最多|多于|少于|高于|低于|大于|小于|"
    r"不到|不足|不满|不止|不只|不下|"
    r"\b(?:more than|less than|at least|at most|up to)\b)\s*(?:了|是|有)?\s*$",
    re.IGNORECASE,
)
_RANGE_AFTER = re.compile(r"^\s*(?:以上|以下|以内|之内|之上|之下|封顶|\bor (?:more|less)\b)", re.IGNORECASE)

# Characters every before/after rule needs at least one of: a clause with none has no qualifier.
_CUE_BEFORE = re.compile(
    r"[不并而绝非没未能许或好似概估恐应兴貌印确准说清记约近将接差乎致莫超至少低高多最足满到大小a-zA-Z]"
)
_CUE_AFTER = re.compile(r"[以之封左上前开出许吧吗也都?？a-zA-Z]")
_NEGATED_AFTER = re.compile(r"^\s*(?:也|都)(?:没有|没|不|未)")  # 一次也没有: not once


_ALT_GAP = re.compile(r"\s*[,，]?\s*(?:或者|或是|还是|抑或|或|要么|/|\bor\b)\s*(?:是|为)?\s*", re.IGNORECASE)
_RANGE_GAP = re.compile(r"\s*(?:至|到|-|~|～|—|–|－|\bto\b|\band\b)\s*(?:是)?\s*", re.IGNORECASE)
_ENUM_GAP = re.compile(r"\s*(?:、|和|与|及|以及|加上?|\band\b|,)\s*")
_BETWEEN = re.compile(r"(?:\bbetween|在|介于|从)\s*$", re.IGNORECASE)


def clause_before(t: str, start: int, limit: int = 40) -> str:
    """The text of the clause that ends at ``start`` (at most ``limit`` characters)."""
    seg = t[max(0, start - limit) : start]
    breaks = [m.end() for m in _BREAK.finditer(seg)]
    return seg[breaks[-1] :] if breaks else seg


def clause_after(t: str, end: int, limit: int = 12) -> str:
    """The text from ``end`` to the end of its clause (at most ``limit`` characters)."""
    seg = t[end : end + limit]
    m = _BREAK.search(seg)
    return seg[: m.start()] if m else seg


def context_qualifier(t: str, start: int, end: int) -> str | None:
    """The qualifier the surrounding clause puts on the value at ``t[start:end]`` (None: definite)."""
    before = clause_before(t, start)
    after = clause_after(t, end)
    cue_before = _CUE_BEFORE.search(before) is not None
    cue_after = _CUE_AFTER.search(after) is not None
    if not (cue_before or cue_after):
        return None
    if (cue_before and _NEGATED_BEFORE.search(before)) or (cue_after and _NEGATED_AFTER.match(after)):
        return "negated"
    if (cue_before and _RANGE_BEFORE.search(before)) or (cue_after and _RANGE_AFTER.match(after)):
        return "range"
    if (cue_before and _HEDGE.search(before)) or (cue_after and _HEDGE_AFTER.match(after)):
        return "hedge"
    if (cue_before and _APPROX_BEFORE.search(before)) or (cue_after and _APPROX_AFTER.match(after)):
        return "approximate"
    return None


def link_kind(t: str, left_start: int, gap_start: int, gap_end: int) -> str | None:
    """How two values separated by ``t[gap_start:gap_end]`` relate: alternative, range, list or None."""
    if gap_end - gap_start > 8:
        return None
    gap = t[gap_start:gap_end]
    if _ALT_GAP.fullmatch(gap):
        return "alternative"
    if _RANGE_GAP.fullmatch(gap):
        if "and" in gap.lower() and not _BETWEEN.search(t[max(0, left_start - 12) : left_start]):
            return "list"
        return "range"
    if _ENUM_GAP.fullmatch(gap):
        return "list"
    return None


# The answer doubting itself, in a clause of its own: 但我不能完全确定, 不过我不太肯定, I'm not sure.
_SELF_DOUBT = re.compile(
    r"我(?:并|也)?(?:不能|不太|不敢|无法|没法|不)(?:完全|十分|太|很)?(?:确定|肯定)|"
    r"\bI(?:[’']m| am)? (?:not (?:entirely |completely |quite |totally )?(?:sure|certain)|unsure)\b",
    re.IGNORECASE,
)


def doubts_itself(text: str) -> bool:
    """Whether the answer says it is not sure of what it states (``46000元。但我不能完全确定。``): then
    nothing it states is definite, wherever the doubt stands."""
    return _SELF_DOUBT.search(text) is not None


def hedged(t: str, start: int) -> bool:
    """Whether the clause before ``start`` hedges (可能/也许/好像/maybe ...)."""
    return _HEDGE.search(clause_before(t, start)) is not None
