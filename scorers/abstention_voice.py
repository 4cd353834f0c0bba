"""Whose words an abstention cue is: the answer's own stance, or something else the answer reports.

``scorers.abstention`` finds the cues; this module tells which of them are not the answer saying that
the material does not hold the value (docs/scoring/conflict_gap.md, "Not the answer's stance"):

- **asides** (``aside``): a cue inside a claim the answer reports (``没有约定利息的说法``); what a party
  did not give (``被告未提交书面答辩意见``); an English adjective before a noun that names no piece of
  information (``Unclear terms``); a cue inside a relative clause, whose noun phrase is then the subject
  of something else (``没有提到的第三笔也已查明``, ``未提交证据的一方承担不利后果``, ``the witness who could
  not remember``, ``the payment not mentioned in the transcript appears in …``); a cue of finding or
  knowing whose object is a person (``因未找到被告人``, ``she did not know the defendant``).
- **double negatives** (``cancelled_after``): "no information" followed by a verb of leaving out
  (``没有任何信息被隐瞒``, ``笔录中没有遗漏``, ``No information was withheld``) says nothing is missing.
- **a party's words, then the answer's own** (``outweighed``): a cue a party says (reported speech,
  ``他说不知道``, ``原告称不清楚``, ``He said he didn't know``) or a party's own ignorance (``他不知道钱的
  去向``) is the party's, not the answer's; it still tells the reader the record does not hold the value
  unless a contrast after it (但/可是/不过/然而/却/but/however/yet/although) opens words of the answer's
  own that hold no cue: ``他说不知道钱的去向，但钱转给了顾主任。`` answers, ``他说不知道。`` and
  ``戚鸣远称不记得了，但笔录也没有其他记载。`` abstain.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = ["aside", "cancelled_after", "outweighed"]

_CLAUSE_CHARS = r"[^。；;！!？?\n，,]"
_BREAK = re.compile(r"[。；;！!？?\n，,：:]")
_SENTENCE_BREAK = re.compile(r"[。！!？?\n]|\.(?:\s|$)")

# --- asides: the claim, the party's omission, the English adjective (each rule in the module doc) ---

_CLAIM_AFTER = re.compile(rf"{_CLAUSE_CHARS}{{0,12}}?的(?:说法|主张|观点|意见|辩解|抗辩|辩称|理由|陈述)")
_GIVEN_CUE = re.compile(
    r"^(?:没有|未|并未|均未|亦未|从未|未曾)(?:提交|提出|提供|出具|作出|给出|举证)"
    r"|^(?:does|do|did)(?: not|n[’']t) (?:give|provide|file|submit|lodge)",
    re.IGNORECASE,
)
_PARTIES = (
    r"原告|被告人?|被?上诉人|被?申请人|第三人|借款人|出借人|贷款人|保证人|担保人|犯罪嫌疑人|嫌疑人|当事人|双方|"
    r"对方|甲方|乙方|丙方|证人|他们|她们|他|她|其|该公司"
)
_PARTY_BEFORE = re.compile(
    rf"(?:{_PARTIES})(?:本人|自己)?(?:均|也|亦|并|始终|一直|都|从来|至今|当时|当庭)*\s*$"
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

# A person right after a cue of finding or knowing, and nothing of theirs after the person: the object
# is the person (``因未找到被告人，案件中止审理``, ``she did not know the defendant``), not information
# about them (``不知道他的电话``, ``did not know the defendant's address``).
_FINDING_OR_KNOWING = re.compile(
    r"(?:找到|查到|找|知道|清楚|认识|了解|know|find|found|locate)$", re.IGNORECASE
)
_PERSON_OBJECT = re.compile(
    rf"(?:{_PARTIES}|被害人|本人)(?![的之])(?=$|[，,。；;！!？?\n、]|[\u4e00-\u9fff]{{0,4}}?(?:案件|中止|下落|本案|导致|致使))"
    r"|\s+(?:him|her|them|each other|the (?:defendant|plaintiff|borrower|lender|guarantor|suspect|accused|witness|"
    r"victim|applicant|respondent|seller|buyer|landlord|tenant|employer|employee|other party))(?!['’]s)\b(?!\s+(?:was|were|had|has|is|would|could|owned|lived|worked|went))",
    re.IGNORECASE,
)

# --- relative clauses (Chinese: the cue, maybe a verb or an object, then 的 and a noun) -----------

# Nouns that name a piece of information: after 的 they are what the cue says is missing
# (没有记载借款的用途); before 的, the object of a relative clause (未载明日期的收条).
_INFO = (
    r"信息|内容|细节|数据|资料|材料|答案|记载|记录|日期|时间|期限|金额|数额|数目|利息|利率|号码|电话|地址|住址|"
    r"姓名|名字|全名|名称|方式|用途|去向|来源|原因|理由|依据|身份|证据|凭证|意见|答辩|签名|情况|经过|下落|微信|账号|卡号|"
    r"账户|单位|学校|职务|住处|关系"
)
# What a verb-的 relative clause may end with after the cue (材料中没有 + 提到 + 的).
_RELATIVE_VERB = re.compile(
    r"(?:提到|提及|记载|载明|写明|说明|约定|涉及|显示|出现|披露|交代|反映|体现|列明|注明|找到|查到|查明|认定|说)过?的"
)
# 未记载在笔录中的那次见面: a place between the cue and 的
_LOCATIVE_DE = re.compile(r"(?:在|于)[^的。；;！!？?\n，,]{1,8}?(?:之中|中|里|上|内)的")
_OBJECT_INFO = re.compile(_INFO)
# A phrase after the cue that opens with "about" or a verb is part of the cue's object (没有关于学校的只言片语,
# 没有找到记载学校名称的文件), not the object of a relative clause.
_NOT_AN_OBJECT = re.compile(
    r"关于|有关|对于|涉及|提到|提及|记载|载明|写明|说明|约定|显示|披露|交代|反映|体现|列明|注明|记录|写|说|讲|提"
)
_OBJECT_DE = re.compile(r"([^的。；;！!？?\n，,：:“”「」]{1,8}?)的")
# Adjective cues modify the noun they describe (身份不详的男子 still says the identity is unknown).
_ADJECTIVE_ZH = re.compile(r"不详|不明|未知|空白|缺失|待查|未填写?")
# 没有约定利息的情况下，…: a condition, whatever the noun.
_CONDITION = re.compile(r"(?:情况|情形|前提)下")
# A head that is information itself: ``笔录没有记载的内容`` is still what the record lacks.
_HEAD_IS_INFO = re.compile(
    r"(?:任何|相关|具体|详细|确切|准确|真实|完整|有关|其他)?的?(?:内容|信息|细节|情况|问题|资料|数据|答案)"
)
_HEAD_NAMES_INFO = re.compile(rf"(?:任何|相关|具体|详细|确切|准确|真实|完整|有关|其他)?的?(?:{_INFO})")
_COPULA = re.compile(r"(?<![但还否总要倒硬可])是(?!否)|属于")
_WHO_BEFORE = re.compile(r"\bwho\b[^,;.]{0,40}$", re.IGNORECASE)
# "The amount he could not remember was …": a noun, then a subject and the cue, then a verb of its own.
_CONTACT_RELATIVE = re.compile(
    r"^\s*(?:but\s+)?the (?:\w+ )?(?!defendant|plaintiff|witness|suspect|accused|borrower|lender)[a-z]+ "
    r"(?:he|she|they)\s+$",
    re.IGNORECASE,
)
_PARTICIPLE_CUE = re.compile(r"^not\b", re.IGNORECASE)
_NOUN_BEFORE = re.compile(
    r"\b(?!(?:is|are|was|were|be|been|being|it|this|that|these|those|which|he|she|they|we|i|you|simply|also|"
    r"still|and|or|but|yet|so|has|have|had|does|do|did|just|certainly|unfortunately|explicitly|specifically|"
    r"clearly|however|though|although)\b)[a-z]+\s+$",
    re.IGNORECASE,
)
_FINITE_AFTER = re.compile(r"\b(?:is|are|was|were|has|have|had|appears?|shows?)\b", re.IGNORECASE)


def _clause_start(text: str, start: int, limit: int) -> str:
    seg = text[max(0, start - limit) : start]
    breaks = list(_BREAK.finditer(seg))
    return seg[breaks[-1].end() :] if breaks else seg


def _zh_relative(text: str, cue: str, start: int, end: int) -> bool:
    """The Chinese cue opens a relative clause (``没有提到的第三笔``, ``未提交证据的一方``) whose noun phrase
    is not the information the answer says is missing."""
    if _ADJECTIVE_ZH.fullmatch(cue) or _COPULA.search(_clause_start(text, start, 16)):
        return False  # 身份不详的男子; 这是笔录没有记载的内容: what is missing is named
    verb = _RELATIVE_VERB.match(text, end) or _LOCATIVE_DE.match(text, end)
    if text.startswith("的", end) or verb is not None:
        de_end = verb.end() if verb is not None else end + 1
        head_is_info = _HEAD_IS_INFO  # 没有提到的第三笔 / 没有记载的内容
    else:
        obj = _OBJECT_DE.match(text, end)
        if obj is None or _NOT_AN_OBJECT.match(obj.group(1)) or not _OBJECT_INFO.search(obj.group(1)):
            return False  # 没有记载借款的用途 / 没有找到记载学校名称的文件: the 的 phrase is what is missing
        de_end = obj.end()
        head_is_info = _HEAD_NAMES_INFO  # 未提交证据的一方 / 没有记载还款时间的证据
    if _CONDITION.match(text, de_end):
        return True  # 没有约定利息的情况下，…: a condition
    head = text[de_end : de_end + 1]
    if not head or head in "是为" or _SENTENCE_BREAK.match(text, de_end):
        return False  # a cleft (没有记载的是…) or a sentence-final 的
    if head in "，,；;":
        return bool(text[de_end + 1 : de_end + 2].strip())  # 没有约定的，视为…: a condition
    return head_is_info.match(text, de_end) is None


def _en_relative(text: str, cue: str, start: int, end: int) -> bool:
    """``the witness who could not remember``; ``the payment not mentioned in the transcript appears …``"""
    before = _clause_start(text, start, 40)
    if _KNOWING.search(cue) and (
        _WHO_BEFORE.search(before) or (_CONTACT_RELATIVE.search(before) and _finite_after(text, end))
    ):
        return True  # the witness who could not remember …: a person's ignorance inside a noun phrase
    if not _PARTICIPLE_CUE.match(cue) or not _NOUN_BEFORE.search(before):
        return False
    return _finite_after(text, end)


def _finite_after(text: str, end: int) -> bool:
    rest = _BREAK.split(text[end : end + 80], maxsplit=1)[0]
    return _FINITE_AFTER.search(rest) is not None


def aside(text: str, m: re.Match[str]) -> bool:
    """Whether the abstention cue ``m`` is not the answer's own stance (see the module doc)."""
    cue, start, end = m.group(), m.start(), m.end()
    if _CLAIM_AFTER.match(text, end):
        return True
    if _GIVEN_CUE.search(cue) and _PARTY_BEFORE.search(_clause_start(text, start, 24)):
        return True
    after = text[end : end + 24]
    if _ADJECTIVE_CUE.fullmatch(cue) and _NOUN_AFTER.match(after) and not _INFO_NOUN.match(after):
        return True
    if _FINDING_OR_KNOWING.search(cue) and _PERSON_OBJECT.match(after):
        return True  # 未找到被告人, did not know the defendant: a person is no piece of information
    if cue[:1].isascii():
        return _en_relative(text, cue, start, end)
    return _zh_relative(text, cue, start, end)


# --- double negatives --------------------------------------------------------------------------------

_NOTHING_CUE = re.compile(
    r"^(?:没有|没|并无|无)(?:任何|相关|具体|此类|其他|这方面的?|有关的?)?(?:信息|内容|细节|记载|记录|资料|数据|线索)?$"
    r"|(?:中|里|内|上)(?:并|均|都|也|亦|尚)?(?:没有|没|无)$|^no\b",
    re.IGNORECASE,
)
_LEFT_OUT_ZH = re.compile(
    r"(?:任何|什么)?(?:信息|内容|细节|记载|记录|资料|数据)?被?(?:隐瞒|遗漏|漏掉|漏记|漏写|省略|删除|删减|隐藏|丢失|篡改|销毁|损毁)"
)
_LEFT_OUT_EN = re.compile(
    r"\s+(?:(?:was|were|is|are|has been|have been|had been|being)\s+)?(?:withheld|omitted|hidden|concealed|lost|"
    r"redacted|left out|deleted|suppressed|missing|removed|held back|destroyed|tampered with|falsified|altered|erased)\b",
    re.IGNORECASE,
)


def cancelled_after(text: str, m: re.Match[str]) -> bool:
    """ "No information" then a verb of leaving out: nothing is missing (``没有任何信息被隐瞒``)."""
    cue = m.group()
    if not _NOTHING_CUE.search(cue):
        return False
    left_out = _LEFT_OUT_EN if cue[:1].isascii() else _LEFT_OUT_ZH
    return left_out.match(text, m.end()) is not None


# --- a party's words, then the answer's own --------------------------------------------------------

_REPORTING_ZH = re.compile(
    r"([^\s，,。；;：:“”「」])(?:也|还|则|又|曾|曾经|一直|始终|当庭|当时|均|都|亦|在笔录中|在庭审中|向民警|向法庭)*"
    r"(?:声称|辩称|自称|供称|坦称|答称|称|表示|供述|陈述|辩解|坦言|回答|交代|告诉\S{0,4}?|说(?![明法服]))"
)
_NOT_A_SPEAKER = re.compile(r"[我没未不据听或小名简统俗号堪]")
_SOURCE_SPEAKER = re.compile(
    r"(?:材料|笔录|卷宗|文件|判决书?|裁定书|合同|协议|证据|记录|收据|流水|资料|档案|原文|文中)$"
)
_REPORTING_EN = re.compile(
    r"\b([a-z]+)\s+(?:also\s+|later\s+|then\s+|first\s+)?(?:said|says|claimed|claims|stated|states|told|tells|"
    r"testified|insisted|insists|maintained|maintains|admitted|admits|explained|answered|replied|added|asserted|"
    r"argued|argues|contended|denied|alleged|told\s+\w+(?:\s+\w+)?)\b",
    re.IGNORECASE,
)
_NOT_A_SPEAKER_EN = re.compile(
    r"i|we|record|records|transcript|judgment|file|document|documents|material|materials|contract|receipt|"
    r"statement|it|this|that|court",
    re.IGNORECASE,
)
_OWN_SUBJECT = re.compile(
    r"我|材料|笔录|卷宗|文件|判决|裁定书|合同|协议|记录|收据|流水|资料|档案|原文|文中|\b(?:I|we|the (?:record|transcript|"
    r"judgment|file|documents?|materials?|contract|receipt))\b",
    re.IGNORECASE,
)
_PARTY_SUBJECT = re.compile(
    rf"^\s*(?:但是?|而|且|可是|不过)?(?:据其供述|据他供述)?\s*(?!其)(?:{_PARTIES})(?!的)"
    r"|^\s*(?:but\s+)?(?:he|she|they|the (?:defendant|plaintiff|borrower|lender|guarantor|suspect|accused|"
    r"witness|applicant|respondent))\b",
    re.IGNORECASE,
)
_KNOWING = re.compile(
    r"知道|清楚|晓得|了解|记得|记不|想不起|忘|说不|确定|明确|know|remember|recall|forg|sure|certain|idea",
    re.I,
)
# What a party did not say or agree (被告没有提到, 双方没有约定, not mentioned by the defendant) is the
# party's, like its ignorance.
_SAYING = re.compile(r"说|提|讲|交代|言及|约定|mention|say|said|stat|tell|told", re.I)
_BY_PARTY = re.compile(
    r"\s+by (?:him|her|them|the (?:defendant|plaintiff|borrower|lender|guarantor|suspect|accused|witness|applicant|"
    r"respondent|parties|party)|[A-Z][a-z]+)\b"
)
_CONTRAST = re.compile(
    r"但是?|可是|[，,；;]\s*可(?![以能否见信靠])|不过|然而|却|(?:后来|随后)(?=又|却|才|承认|改称|改口|供述|交代|说|称|表示)|后又"
    r"|\b(?:but|however|yet|although|though|nevertheless|nonetheless)\b",
    re.IGNORECASE,
)
_CONCESSION = re.compile(r"虽然|虽|尽管|即使|即便|哪怕|\b(?:although|though|even if|while)\b", re.IGNORECASE)
_CONTENT = re.compile(r"[\u4e00-\u9fff].*[\u4e00-\u9fff]|[A-Za-z]{2,}\W+[A-Za-z]{2,}", re.S)


def _reported(text: str, start: int) -> bool:
    """A speaker (not the answer, not a document) and a verb of saying before the cue: in its clause, or
    in the clause before when the cue's clause opens no subject of its own (被告表示时间久远，记不清楚了)."""
    seg = text[max(0, start - 60) : start]
    cut = list(_SENTENCE_BREAK.finditer(seg))
    clauses = _BREAK.split(seg[cut[-1].end() :] if cut else seg)
    for back, clause in enumerate(reversed(clauses[-3:])):
        if _says(clause):
            return True
        if back == 0 and _OWN_SUBJECT.search(clause):
            return False  # 他说过要还钱，笔录没有记载日期: the record, not him
    return False


def _says(clause: str) -> bool:
    for m in _REPORTING_ZH.finditer(clause):
        if not _NOT_A_SPEAKER.fullmatch(m.group(1)) and not _SOURCE_SPEAKER.search(clause[: m.start(1) + 1]):
            return True
    return any(not _NOT_A_SPEAKER_EN.fullmatch(m.group(1)) for m in _REPORTING_EN.finditer(clause))


def party_voice(text: str, cue: str, start: int) -> bool:
    """The cue is a party's words (reported speech) or a party's own ignorance (``他不知道``)."""
    if _OWN_SUBJECT.match(cue):
        return False  # 笔录也没有记载: the cue names the document that lacks the value
    if _reported(text, start):
        return True
    if _BY_PARTY.match(text, start + len(cue)) is not None:
        return True  # not mentioned by the defendant
    personal = _KNOWING.search(cue) or _SAYING.search(cue)
    return bool(personal) and _PARTY_SUBJECT.search(_clause_start(text, start, 24)) is not None


def _turn(text: str, start: int, end: int) -> int | None:
    """Where the answer's own words begin after the cue: after a contrast (但/but), or after the cue's
    clause when a concession opens its sentence (尽管他称不知道，… / Although he said …, …)."""
    contrast = _CONTRAST.search(text, end)
    if contrast is not None:
        return contrast.end()
    if _CONCESSION.search(text, max(0, start - 60), start) is None:
        return None
    concession = list(_CONCESSION.finditer(text, max(0, start - 60), start))[-1]
    if _SENTENCE_BREAK.search(text, concession.end(), start):
        return None
    clause_end = _BREAK.search(text, end)
    return clause_end.end() if clause_end is not None else None


def outweighed(text: str, counted: Sequence[tuple[str, int, int]]) -> frozenset[int]:
    """Indexes into ``counted`` (cue, start, end; in text order) of the party cues the answer's own
    words after a contrast outweigh (see the module doc)."""
    out = set()
    for i, (cue, start, end) in enumerate(counted):
        turn = _turn(text, start, end)
        if turn is None or not party_voice(text, cue, start):
            continue
        if any(s >= turn for _, s, _ in counted[i + 1 :]):
            continue  # a cue after the turn: nothing of the answer's own outweighs it
        if _CONTENT.search(text, turn):
            out.add(i)
    return frozenset(out)
