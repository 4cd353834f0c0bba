"""Whether an answer abstains (the information is not in the material, or unknown, forgotten,
unclear) and whether it names a contradiction, in Chinese and English. docs/scoring/conflict_gap.md
lists both lexicons in full; they are the tuples below.

Rules shared by both detectors:

- **Negation**: a cue preceded, in its clause, by a negator is not a hit: ``不是不知道``, ``并非不清楚``,
  ``并非没有记载``, ``not unknown``; ``没有矛盾``, ``不存在冲突``, ``no contradiction``, ``does not
  contradict``. An A-not-A question (``知不知道``, ``清不清楚``) is not a cue either.
- **Quoted speech** inside “…”, 「…」, 『…』, ‘…’ or "…" is someone else's words, not the system's
  stance: ``戚鸣远说：“我不知道”`` does not make the answer an abstention (the hit is reported under
  ``quoted``). Reported speech without quote marks (``戚鸣远称记不清了``) counts: it tells the reader
  the record does not hold the value.
- **Not the answer's stance** (abstention only; the hit is reported under ``asides``): a cue inside a
  claim the answer reports (``没有约定利息的说法不成立``: the cue is followed, in its clause, by
  ``的说法``/``的主张``/``的辩解`` …); what a party did not give (``被告未提交证据``, ``The defendant did not
  provide a receipt``: a "nothing was given" cue whose clause names a party or person just before it);
  an English adjective before a noun that names no piece of information (``Unclear terms were
  clarified``; ``an unknown amount`` still abstains).
- The adapter's ``abstained`` flag: ``True`` always wins; ``False`` with a lexicon hit in the text
  is an abstention all the same (the reader sees the words, not the flag) and is reported as
  ``flag_disagrees``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple

_SOURCES = (
    "材料|笔录|卷宗|案卷|文件|文书|判决书|判决|裁定书|合同|协议|证据|记录|原文|文中|资料|档案|文档|收据|流水|"
    "明细|供述|口供|现有信息|已知信息|上下文|所给内容|提供的内容"
)

# What may stand between the parts of a two-part cue (无法 … 得知): a few characters of one clause,
# without a second 不 (不能说不知道 is not 不能 … 知道).
_GAP = r"[^。；;！!？?\n，,：:“”「」不]{0,12}?"

ZH_ABSTAIN: tuple[str, ...] = (
    # the material does not say
    rf"(?:{_SOURCES})(?:中|里|内|上|之中|当中)(?:并|均|都|也|亦|尚)?(?:没有|没|未|无|不含|未曾|找不到|查不到|未见|不包含|不涉及)",
    # the source itself has no such detail (判决书没有实际支付的日期和方式): a noun that names information
    rf"(?:{_SOURCES})(?:并|均|都|也|亦|尚)?(?:没有|没|并无|无)(?:写明?|记载|载明|提到|提及|说明)?[^。；;！!？?\n，,]{{0,8}}?"
    r"(?:日期|时间|金额|数额|方式|地址|号码|姓名|名字|全名|信息|内容|细节|记录|依据)",
    r"(?:没有|未|并未|均未|尚未|未曾|没|无)(?:任何|相关|具体|明确|详细|关于)?的?(?:记载(?!错|有误)|载明|记录|提及|提到|说明|写明|"
    r"注明|列明|显示|涉及|披露|交代|反映|体现|载有|约定|查明|填写|写|讲|说(?!谎)|提(?![出交供])|问到|问及|出现|查到|找到|认定|作(?:约定|认定|说明))",
    # no such detail (没有号码, 没有全名): the nouns name information, never a fact (没有同伙 is an answer)
    r"(?:没有|并无)(?:其|他的?|她的?|该|具体的?|明确的?|任何)?(?:电话)?(?:号码|全名|姓名|名字|店名|名称|地址|住址|账号|卡号|户名)",
    r"(?:没有|并无|无|缺乏|缺少|未见)(?:任何|相关|具体|此类|这方面的?|有关的?)?(?:信息|内容|记载(?!错|有误)|记录|资料|线索|依据|数据)",
    # nothing of the kind was given (未提交书面答辩意见, 未举证): the object is information
    r"(?:没有|未|并未|均未|亦未|从未|未曾)(?:提交|提出|提供|出具|作出|给出)(?=[^。；;！!？?\n，,]{0,12}?"
    r"(?:信息|内容|意见|答辩|证据|凭证|资料|材料|说明|记录|号码|地址|姓名|名称|依据|理由|收条|发票|"
    r"数字|数据|数额|金额|日期|时间|细节|答案))|(?:没有|未|并未|均未|亦未|从未)举证",
    r"笔录未记录|另行约定|不详|未知|待查|不明(?!白)|空白|未填写?|只字未提|缺失|查无|(?:查|找|搜)不到|看不出来?",
    # it cannot be determined / answered (words may stand between: 无法从材料中得知)
    rf"(?:无法|不能|无从|难以|没法|没办法|没有办法|未能){_GAP}(?:确定|确认|判断|得知|知晓|知道|查明|回答|提供|给出|核实|"
    r"认定|答复|获知|说明|判定|推断|查实|断定|考证|看出|得出|找到|查到|查证)",
    # unknown, forgotten, unclear
    r"不(?:是)?(?:太|很|大|怎么|十分)?(?:清楚|知道|晓得|了解|确定|记得|明确)",
    r"记不(?:清|得|起来?|住)|想不起来?|忘(?:记|掉)?了|遗忘|忘记|说不(?:清|出(?!口)|上来|准)",
)

EN_ABSTAIN: tuple[str, ...] = (
    r"\bnot (?:explicitly |specifically |clearly )?(?:mentioned|stated|specified|recorded|given|provided|disclosed|"
    r"indicated|documented|available|known|included|identified|named|listed|shown|addressed|found|set out)\b",
    r"\b(?:is|are|was|were)(?: not|n[’']t) (?:recorded|stated|mentioned|given|specified|documented|known|provided|shown)\b",
    r"\bno (?:information|record|mention|indication|details?|data|reference|finding)\b",
    r"\b(?:unknown|unclear|unspecified|undisclosed|undetermined|unrecorded|unstated|uncertain)\b",
    r"\b(?:cannot|can[’']t|can not|could not|couldn[’']t|unable to|impossible to|not possible to)(?: be)? "
    r"(?:determined?|tell|say|find|found|answer(?:ed)?|confirm(?:ed)?|identif(?:y|ied)|know|known|establish(?:ed)?|"
    r"provide|recall|remember|ascertain(?:ed)?|verif(?:y|ied)|locate)\b",
    r"\b(?:does|do|did)(?: not|n[’']t) (?:say|state|mention|specify|record|indicate|contain|include|know|remember|"
    r"recall|give|provide|disclose|show|reveal|name|identify)\b",
    r"\b(?:forgot|forgotten)\b|\b(?:is|are|was|remains?) silent\b|\bsays nothing\b|\binsufficient (?:information|evidence)\b",
    r"\bnot (?:sure|certain)\b|\bno way to (?:know|tell|determine)\b|\bthe record does not say\b",
    r"\bnot (?:in|found in|contained in) the (?:documents?|records?|materials?|files?|transcript|contract|judgment|context)\b",
    r"\bnone of the (?:documents?|materials?|records?|files?) (?:states?|says?|mentions?|gives?|shows?|records?)\b",
    r"\bhas nothing (?:on|about)\b|\b(?:left|leaves?) (?:\w+ ){0,3}blank\b",
)

ZH_CONFLICT: tuple[str, ...] = (
    r"自相矛盾|相互矛盾|互相矛盾|前后矛盾|矛盾",
    r"不一致|不相一致|前后不一|说法不一|陈述不一|不统一",
    r"说法不同|不同的?说法|两种(?:不同的?)?说法|说法有(?:变|出入|差异)|前后(?:供述|陈述|说法)(?:不同|有变|变化)",
    r"(?:有|存在|有所|略有|明显)(?:冲突|出入|差异|分歧)|相冲突|冲突|出入较大|对不上|不相符|不符|相悖|翻供|改口",
    r"一方面.{1,80}?另一方面",
)

EN_CONFLICT: tuple[str, ...] = (
    r"\bcontradict\w*|\binconsisten\w*|\bconflict\w*|\bdiscrepan\w*|\bmismatch\w*|\bat odds\b",
    r"\bdo(?:es)? not (?:match|agree)\b|\bdiffer(?:s|ed)? (?:from|between)\b",
    r"\b(?:two|different|differing) (?:accounts|versions|statements|figures|dates|amounts|stories)\b",
    r"\bchanged (?:his|her|their) (?:story|statement|account|testimony)\b",
)

# A negator right before a cue, in the same clause, cancels it.
ZH_ABSTAIN_NEGATORS = r"(?:不是|并非|并不是|绝非|绝不是|不算|不能说|谈不上|算不上|并没有说|没有|不存在)$"
ZH_CONFLICT_NEGATORS = (
    r"(?:没有|没|无|并无|毫无|不存在|未发现|未见|看不出|谈不上|并不|不|并非|不是|是否|有没有|有无|是不是|并没有)"
    r"(?:存在|有)?(?:任何|什么|明显的?|实质性?的?)?$"
)
EN_NEGATORS = (
    r"\b(?:no|not|never|without|nor|hardly|isn[’']t|aren[’']t|wasn[’']t|weren[’']t|doesn[’']t|don[’']t|didn[’']t|"
    r"free of|no longer)\s+(?:any\s+|real\s+|apparent\s+|obvious\s+)?$"
)

# Every Chinese cue starts with one of these characters (a test derives them from the lexicons).
# Led by a lookahead for them, the Chinese pattern fails at once where no cue can start instead of
# trying each alternative there: the same matches, about three times sooner.
ZH_ABSTAIN_FIRST = (
    "上不亦从供判协卷原口另合均尚已并待忘想所提收文无明未材案档没流现空笔缺裁记证说资遗难只查找搜看"
)
ZH_CONFLICT_FIRST = "一不两互冲出前存对改明有略相矛翻自说陈"


def _alternation(patterns: tuple[str, ...], first: str | None = None, flags: int = 0) -> re.Pattern[str]:
    """One pattern for all ``patterns``; ``first``, when given, holds every character a match may start with."""
    alternatives = "|".join(f"(?:{p})" for p in patterns)
    return re.compile(f"(?=[{first}])(?:{alternatives})" if first else alternatives, flags)


# (all cues, Chinese cues only): every English cue needs a letter that matches [A-Za-z] ignoring case,
# so on text without one the Chinese pattern alone finds exactly what the whole pattern finds, sooner.
_ABSTAIN = (
    _alternation(ZH_ABSTAIN + EN_ABSTAIN, flags=re.IGNORECASE),
    _alternation(ZH_ABSTAIN, ZH_ABSTAIN_FIRST),
)
_CONFLICT = (
    _alternation(ZH_CONFLICT + EN_CONFLICT, flags=re.IGNORECASE),
    _alternation(ZH_CONFLICT, ZH_CONFLICT_FIRST),
)
# What ``[A-Za-z]`` matches ignoring case (the English cues' flag): the letters and İ, ı, ſ, K (Kelvin)
# (a test derives them), as a case-sensitive class: three times quicker to search.
_ASCII_LETTER = re.compile("[A-Za-z\u0130\u0131\u017f\u212a]")
# (the first characters of the negators, the negators): the clause before a cue seldom holds any of
# those, a quicker scan than the negators' alternation tried at each character (a test derives them).
ZH_ABSTAIN_NEGATORS_FIRST = "不并绝谈算没"
ZH_CONFLICT_NEGATORS_FIRST = "不并无是有未毫没看谈"
_ZH_ABSTAIN_NEG = (re.compile(f"[{ZH_ABSTAIN_NEGATORS_FIRST}]"), re.compile(ZH_ABSTAIN_NEGATORS))
_ZH_CONFLICT_NEG = (re.compile(f"[{ZH_CONFLICT_NEGATORS_FIRST}]"), re.compile(ZH_CONFLICT_NEGATORS))
_Negators = tuple[re.Pattern[str], re.Pattern[str]]
_EN_NEG = re.compile(EN_NEGATORS, re.IGNORECASE)
_BREAK = re.compile(r"[。；;！!？?\n，,：:]")
_LAST_BREAK = re.compile(rf"(?s:.*){_BREAK.pattern}")  # the last break: ``.*`` backs off from the end
_SENTENCE_END = re.compile(r"[。！!？?\n]|\.(?:\s|$)")
_CONTRAST = re.compile(r"但|不过|只是|可是|然而|\b(?:but|however|though|although|except)\b", re.IGNORECASE)
_QUOTED = re.compile(r'“[^”]*”|「[^」]*」|『[^』]*』|‘[^’]*’|"[^"]*"')
_QUOTE_CHARS = re.compile(r'[“「『‘"]')


@dataclass(frozen=True)
class AbstentionResult:
    abstained: bool
    cue: str | None  # the first cue that counts (None when only the flag says so, or no abstention)
    span: tuple[int, int] | None
    source: str = "none"  # "text" | "flag" | "flag+text" | "none"
    flag: bool | None = None
    leading: bool = False  # the answer opens with it (flag, or a cue in the first sentence): a refusal
    negated: tuple[str, ...] = ()  # cues cancelled by a negator
    quoted: tuple[str, ...] = ()  # cues inside quoted speech
    asides: tuple[str, ...] = ()  # cues that are not the answer's stance (a claim, a party's omission)

    @property
    def flag_disagrees(self) -> bool:
        return self.flag is False and self.cue is not None

    def to_dict(self) -> dict[str, Any]:
        out = {"abstained": self.abstained, "cue": self.cue, "span": list(self.span) if self.span else None,
               "source": self.source, "flag": self.flag, "flag_disagrees": self.flag_disagrees,
               "leading": self.leading, "negated": list(self.negated), "quoted": list(self.quoted)}  # fmt: skip
        if self.asides:
            out["asides"] = list(self.asides)
        return out


@dataclass(frozen=True)
class ConflictResult:
    named: bool
    cue: str | None
    span: tuple[int, int] | None
    negated: tuple[str, ...] = ()
    quoted: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"named": self.named, "cue": self.cue, "span": list(self.span) if self.span else None,
                "negated": list(self.negated), "quoted": list(self.quoted)}  # fmt: skip


def quoted_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of the inside of each closed quotation, outermost only."""
    if not _QUOTE_CHARS.search(text):
        return []
    return [(m.start() + 1, m.end() - 1) for m in _QUOTED.finditer(text)]


@lru_cache(maxsize=8192)
def _quoted(text: str) -> tuple[tuple[int, int], ...]:
    return tuple(quoted_spans(text))


def _clause_before(text: str, start: int, limit: int = 12) -> str:
    seg = text[max(0, start - limit) : start]
    last = _LAST_BREAK.match(seg)
    return seg[last.end() :] if last is not None else seg


def _negated(text: str, start: int, zh_negators: _Negators, letters: bool) -> bool:
    """Whether a negator ends the clause before ``start``; ``letters``: ``text`` has a Latin letter
    (every English negator needs one)."""
    before = _clause_before(text, start)
    first, negators = zh_negators
    zh = first.search(before) is not None and negators.search(before.rstrip()) is not None
    return zh or bool(letters and _EN_NEG.search(before))


def _a_not_a(text: str, start: int, end: int) -> bool:
    """``知不知道``, ``清不清楚``: a question, not a statement."""
    return text[start] == "不" and start > 0 and end > start + 1 and text[start - 1] == text[start + 1]


class _Hits(NamedTuple):
    first: tuple[str, int, int] | None
    negated: tuple[str, ...]
    quoted: tuple[str, ...]
    asides: tuple[str, ...] = ()


# Cues that are not the answer's stance (the module doc): a reported claim, a party's omission, an
# adjective before a noun that names no information.
_CLAIM_AFTER = re.compile(r"[^。；;！!？?\n，,]{0,12}?的(?:说法|主张|观点|意见|辩解|抗辩|辩称|理由|陈述)")
_GIVEN_CUE = re.compile(
    r"^(?:没有|未|并未|均未|亦未|从未|未曾)(?:提交|提出|提供|出具|作出|给出|举证)|^(?:does|do|did)(?: not|n[’']t) (?:give|provide)",
    re.IGNORECASE,
)
_PARTY_BEFORE = re.compile(
    r"(?:原告|被告人?|被?上诉人|被?申请人|第三人|借款人|出借人|贷款人|保证人|担保人|犯罪嫌疑人|嫌疑人|当事人|双方|"
    r"对方|甲方|乙方|丙方|证人|他|她|其|该公司)(?:本人|自己)?(?:均|也|亦|并|始终|一直|都|从来|至今|当时|当庭)*\s*$"
    r"|\b(?:he|she|they|the (?:defendant|plaintiff|borrower|lender|guarantor|suspect|accused|appellant|appellee|"
    r"applicant|respondent|witness|parties|party|company))\s+(?:also\s+|never\s+)?$",
    re.IGNORECASE,
)
_ADJECTIVE_CUE = re.compile(
    r"(?:unknown|unclear|unspecified|undisclosed|undetermined|unrecorded|unstated|uncertain)", re.I
)
_NOUN_AFTER = re.compile(
    r"\s+(?!(?:whether|what|who|whom|whose|when|where|why|how|if|which|from|in|to|as|at|on|for|and|or|but|"
    r"because|since|by|about|exactly|yet|so|is|are|was|were|the|a|an)\b)[a-z]+",
    re.IGNORECASE,
)
_INFO_NOUN = re.compile(
    r"\s+(?:amount|sum|figure|date|time|number|name|person|people|address|identity|location|place|source|"
    r"reason|purpose|whereabouts|destination|party|parties|account|value|quantity|total|recipient)s?\b",
    re.IGNORECASE,
)


def _aside(text: str, m: re.Match[str]) -> bool:
    """Whether the abstention cue ``m`` is not the answer's own stance (see the module doc)."""
    cue, start, end = m.group(), m.start(), m.end()
    if _CLAIM_AFTER.match(text, end):
        return True
    if _GIVEN_CUE.search(cue) and _PARTY_BEFORE.search(_clause_before(text, start, 24)):
        return True
    after = text[end : end + 24]
    return bool(_ADJECTIVE_CUE.fullmatch(cue) and _NOUN_AFTER.match(after) and not _INFO_NOUN.match(after))


def _cues(
    text: str, patterns: tuple[re.Pattern[str], re.Pattern[str]], letters: bool
) -> Iterator[re.Match[str]]:
    every, chinese = patterns
    return (every if letters else chinese).finditer(text)


def _scan(
    text: str,
    patterns: tuple[re.Pattern[str], re.Pattern[str]],
    zh_negators: _Negators,
    aside: Callable[[str, re.Match[str]], bool] | None = None,
) -> _Hits:
    quotes = _quoted(text)
    letters = _ASCII_LETTER.search(text) is not None
    first = None
    negated: list[str] = []
    quoted: list[str] = []
    asides: list[str] = []
    for m in _cues(text, patterns, letters):
        start, end = m.span()
        if quotes and any(lo <= start < hi for lo, hi in quotes):
            quoted.append(m.group())
        elif _a_not_a(text, start, end):
            continue
        elif _negated(text, start, zh_negators, letters):
            negated.append(m.group())
        elif aside is not None and aside(text, m):
            asides.append(m.group())
        elif first is None:
            first = (m.group(), start, end)
    return _Hits(first, tuple(negated), tuple(quoted), tuple(asides))


def _first_sentence_end(text: str) -> int:
    m = _SENTENCE_END.search(text)
    return m.end() if m else len(text)


def _opens_with(text: str, start: int) -> bool:
    """The cue at ``start`` is in the first sentence and no contrast (但/不过/but) comes before it."""
    return start < _first_sentence_end(text) and not _CONTRAST.search(text, 0, start)


@lru_cache(maxsize=8192)
def _abstention_in_text(text: str) -> _Hits:
    return _scan(text, _ABSTAIN, _ZH_ABSTAIN_NEG, _aside)


def detect_abstention(text: str, flag: bool | None = None) -> AbstentionResult:
    """Whether ``text`` (with the adapter's ``abstained`` flag, if any) abstains; see the module doc."""
    hits = _abstention_in_text(text)
    cue, span = (hits.first[0], (hits.first[1], hits.first[2])) if hits.first else (None, None)
    by_text = cue is not None
    source = "flag+text" if flag and by_text else "flag" if flag else "text" if by_text else "none"
    leading = bool(flag) or (span is not None and _opens_with(text, span[0]))
    return AbstentionResult(
        abstained=bool(flag) or by_text,
        cue=cue,
        span=span,
        source=source,
        flag=flag,
        leading=leading,
        negated=hits.negated,
        quoted=hits.quoted,
        asides=hits.asides,
    )


@lru_cache(maxsize=8192)
def detect_conflict(text: str) -> ConflictResult:
    """Whether ``text`` names a contradiction (矛盾, 不一致, 说法不同, contradicts …), negation-aware."""
    hits = _scan(text, _CONFLICT, _ZH_CONFLICT_NEG)
    if hits.first is None:
        return ConflictResult(False, None, None, hits.negated, hits.quoted)
    cue, start, end = hits.first
    return ConflictResult(True, cue, (start, end), hits.negated, hits.quoted)


__all__ = [
    "EN_ABSTAIN",
    "EN_CONFLICT",
    "EN_NEGATORS",
    "ZH_ABSTAIN",
    "ZH_ABSTAIN_NEGATORS",
    "ZH_CONFLICT",
    "ZH_CONFLICT_NEGATORS",
    "AbstentionResult",
    "ConflictResult",
    "detect_abstention",
    "detect_conflict",
    "quoted_spans",
]
