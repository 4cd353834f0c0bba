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
  the record does not hold the value, unless the answer then turns to words of its own.
- **Not the answer's stance** (abstention only; ``scorers.abstention_voice``, reported under ``asides``
  or, for a double negative, ``negated``): a claim the answer reports (``没有约定利息的说法不成立``); what a
  party did not give (``被告未提交证据``); an English adjective before a noun that names no information
  (``Unclear terms were clarified``); a cue inside a relative clause (``没有提到的第三笔也已查明``); "no
  information" then a verb of leaving out (``没有任何信息被隐瞒``); a party's words or ignorance followed,
  after a contrast, by words of the answer's own (``他说不知道钱的去向，但钱转给了顾主任``).
- The adapter's ``abstained`` flag: ``True`` always wins; ``False`` with a lexicon hit in the text
  is an abstention all the same (the reader sees the words, not the flag) and is reported as
  ``flag_disagrees``.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property
from typing import Any, NamedTuple

from benchmark.text import find_amounts, find_dates
from scorers.abstention_voice import aside, cancelled_after, outweighed

_SOURCES = (
    "材料|笔录|卷宗|案卷|文件|文书|判决书|判决|裁定书|合同|协议|证据|记录|原文|文中|资料|档案|文档|收据|流水|"
    "明细|供述|口供|现有信息|已知信息|上下文|所给内容|提供的内容|卷"
)

# What may stand between the parts of a two-part cue (无法 … 得知): a few characters of one clause,
# without a second 不 (不能说不知道 is not 不能 … 知道).
_GAP = r"[^。；;！!？?\n，,：:“”「」不]{0,16}?"

ZH_ABSTAIN: tuple[str, ...] = (
    # the material does not say
    rf"(?:{_SOURCES})(?:中|里|内|上|之中|当中)(?:并|均|都|也|亦|尚)?(?:没有|没|未|无|不含|未曾|找不到|查不到|未见|不包含|不涉及|缺少|缺乏|欠缺)",
    # the source itself has no such detail (判决书没有实际支付的日期和方式): a noun that names information
    rf"(?:{_SOURCES})(?:并|均|都|也|亦|尚)?(?:没有|没|并无|无)(?:写明?|记载|载明|提到|提及|说明)?[^。；;！!？?\n，,]{{0,8}}?"
    r"(?:日期|时间|金额|数额|方式|地址|号码|手机号|电话|微信号|联系方式|姓名|名字|全名|信息|内容|细节|记录|记载|依据)",
    r"(?:没有|未有|未|并未|均未|尚未|未曾|没|无)(?:被|予以?|曾被|经)?(?:任何|相关|具体|明确|详细|关于|其他)?的?(?:记载(?!错|有误)|载明|"
    r"记录|提及|提到|说明|写明|注明|列明|显示|涉及|披露|透露|交代|反映|体现|载有|约定|查明|填写|言及|写|讲|说(?!谎)|提(?![出交供])|问到|问及|出现|"
    r"查到|找到|检索到|搜索到|查询到|给出(?![钱款])|认定|作出?(?:明确|具体|详细|任何){0,2}的?(?:约定|认定|说明|规定|回答|答复|记载|记录))",
    # never told anyone (没有向戚鸣远透露过)
    r"(?:没有|没|未|并未|从未|从没有?)(?:向|对|跟|和)[^。；;！!？?\n，,：:“”「」]{1,8}?(?:透露|提到|提及|提起|说起|说过|讲过|交代|告知|告诉)",
    # nobody says (没有人提到过), nothing was found (未发现相关记录: 未发现矛盾 is a finding)
    r"(?:没有人|无人)(?:提到|提及|说起|说过|知道|知晓|清楚)|(?:未|没有|并未)发现(?=[^。；;！!？?\n，,]{0,12}?"
    r"(?:信息|内容|记载|记录|线索|资料|数据))",
    # not … in the source (未在材料中披露), not on this point (未对此作出认定)
    r"(?:没有|未|并未|均未|尚未|未曾|没)(?:在|于|从)[^。；;！!？?\n，,：:“”「」]{1,12}?(?:披露|载明|记载|记录|提及|提到|出现|显示|"
    r"写明|列明|注明|说明|体现|反映|找到|查到)",
    r"(?:没有|未|并未|均未|尚未)(?:对|就)[^。；;！!？?\n，,：:“”「」]{1,10}?(?:作出?|进行|予以)(?:明确|具体|详细|任何)?的?"
    r"(?:约定|认定|说明|规定|记载|界定|询问|调查|核实)",
    # no such detail (没有号码, 没有全名): the nouns name information, never a fact (没有同伙 is an answer)
    r"(?:没有|并无)(?:其|他的?|她的?|该|具体的?|明确的?|任何)?(?:真实|完整|准确|详细)?的?(?:电话)?"
    r"(?:号码|手机号|微信号|全名|姓名|名字|店名|名称|地址|住址|账号|卡号|户名|门牌号|车架号|车牌号|身份证号|证件号|编号|串号|[A-Za-z]{2,8}号)",
    r"(?:没有|并无|无|缺乏|缺少|未见)(?:任何|相关|具体|此类|其他|足够的?|充分的?|更多的?|进一步的?|这方面的?|有关的?)?"
    r"(?:信息|内容|记载(?!错|有误)|记录|资料|线索|依据|数据)",
    r"(?:缺少|缺乏|欠缺)[^。；;！!？?\n，,]{0,8}?(?:信息|内容|记载|记录|资料|数据|细节)",
    # nothing was done that would give it (没有做过笔迹鉴定, 未进行检测)
    r"(?:没有|未|并未|从未|未曾)(?:做|作|进行)过?[^。；;！!？?\n，,]{0,6}?(?:鉴定|检测|评估|核查|勘验)",
    r"(?:信息|材料|资料)(?:不足|不全|不充分|有限)(?=[，,。；;！!？?\n]|$)",
    # the material is silent (材料保持沉默), does not reflect it (卷内材料未能反映该情况), supports no conclusion
    rf"(?:{_SOURCES})[^。；;！!？?\n，,]{{0,6}}?(?:保持沉默|沉默不语|未能?(?:反映|体现)|没能(?:反映|体现))",
    r"(?:无法|不能|难以|不足以)(?:支撑|支持|得出|作出|形成)[^。；;！!？?\n，,]{0,8}?(?:确定|明确|确切|可靠)?的?结论",
    # the source does not contain it (材料不包含该信息), is not enough to say (证据不足以认定), or is beside it
    r"(?:不|未|没有|并不|并未|并没有)(?:包含|包括|含有|涵盖|涉及)[^。；;！!？?\n，,]{0,12}?(?:信息|内容|数据|细节|记载|记录|资料|"
    r"答案|日期|时间|金额|数额|号码|地址|姓名|名字|全名|名称|联系方式|用途|去向|来源|原因|身份)",
    r"不足以(?:回答|认定|确定|判断|得出|得知|查明|确认|判定|断定|说明)",
    r"超出了?[^。；;！!？?\n，,]{0,12}?(?:材料|资料|文件|信息|内容|卷宗|笔录|证据)的?(?:范围|范畴)",
    r"不在[^。；;！!？?\n，,]{0,10}?(?:材料|资料|文件|笔录|卷宗|卷|记录|判决书?|合同)(?:之内|之中|内|中|里|当中|范围内)",
    # nothing of the kind was given (未提交书面答辩意见, 未举证): the object is information
    r"(?:没有|未|并未|均未|亦未|从未|未曾)(?:提交|提出|提供|出具|作出|给出)(?=[^。；;！!？?\n，,]{0,12}?"
    r"(?:信息|内容|意见|答辩|证据|凭证|资料|材料|说明|记录|号码|地址|姓名|名称|依据|理由|收条|发票|"
    r"数字|数据|数额|金额|日期|时间|细节|答案))|(?:没有|未|并未|均未|亦未|从未)举证",
    # only this much is there (笔录只记录了这些, that is all the record says)
    r"(?:只|仅)(?:有|记载了?|记录了?|提到了?|说了)(?:这些|这一点|这么多)|仅此而已",
    r"笔录未记录|另行约定|不详|未知|待查|暂缺|无可奉告|不明(?!白)|空白|未填写?|只字未提|未置一词|缺失|查无|(?:查阅?|找|搜索?|看|检索|查询)不(?:到|着)|看不出来?",
    # it cannot be determined / answered (words may stand between: 无法从材料中得知)
    rf"(?:无法|不能|无从|难以|没法|没办法|没有办法|未能|没能){_GAP}(?<!所)(?:确定|确认|判断|得知|知晓|知道|查明|回答|提供|给出|核实|"
    r"认定|答复|获知|说明|判定|推断|查实|断定|考证|看出|得出|找到|查到|查证|证实|作答|解答|知悉)|不得而知|无据可(?:查|考)|无从查起|有待(?:进一步)?(?:查明|核实|查证|确认|调查)",
    # nothing else can settle it (没有其他证据可以确定)
    r"(?:没有|并无|缺乏)(?:其他|任何|足够的?|相关的?|更多的?)?(?:证据|材料|依据|记录|资料|信息)(?:可以|能够|足以|可)"
    r"(?:确定|证明|证实|认定|判断|说明|回答)",
    # unknown, forgotten, unclear
    r"不(?:是)?(?:太|很|大|怎么|十分)?(?:清楚|知道|晓得|了解|确定|记得|明确)",
    r"记不(?:清|得|起来?|住)|想不起来?|忘(?:记|掉)?了|遗忘|忘记|说不(?:清|出(?!口)|上来|准)",
)

EN_ABSTAIN: tuple[str, ...] = (
    r"\bnot (?:explicitly |specifically |clearly )?(?:mentioned|stated|specified|recorded|given|provided|disclosed|"
    r"indicated|documented|available|known|included|identified|named|listed|shown|addressed|found|set out|covered)\b",
    r"\b(?:is|are|was|were)(?: not|n[’']t| never) (?:recorded|stated|mentioned|given|specified|documented|known|provided|shown|"
    r"available|included|disclosed|indicated|identified|named|listed)\b",
    r"\bno (?:such |further |other |specific |relevant |additional )?(?:information|record|mention|indication|details?|"
    r"data|reference|finding|answer|trace)\b|\bno idea\b",
    r"\bno (?:\w+ ){0,3}(?:is|was|are|were|has been|have been) (?:recorded|stated|mentioned|given|specified|documented|shown)\b",
    r"\b(?:do|does|did)(?: not|n[’']t) have (?:that |this |the |any |such )?(?:information|details?|data|answer)\b"
    r"|\bnot (?:clear|evident|apparent) (?:from|in|whether|who|what|when|where|which|how)\b",
    r"\b(?:unknown|unclear|unspecified|undisclosed|undetermined|unrecorded|unstated|uncertain)\b",
    r"\b(?:cannot|can[’']t|can not|could not|couldn[’']t|unable to|not able to|impossible to|not possible to)(?: be)? "
    r"(?:determined?|tell|say|find|found|answer(?:ed)?|confirm(?:ed)?|identif(?:y|ied)|know|known|establish(?:ed)?|"
    r"provide|recall|remember|ascertain(?:ed)?|verif(?:y|ied)|locate)\b",
    r"\b(?:does|do|did)(?: not|n[’']t) (?:say|state|mention|specify|record|indicate|contain|include|know|remember|"
    r"recall|give|provide|disclose|show|reveal|name|identify|address|reflect|tell (?:us|me|the reader))\b"
    r"|\b(?:does|do)(?: not|n[’']t) (?:seem|appear) to (?:say|mention|state|include|contain|specify|record|be (?:in|recorded|"
    r"mentioned|stated))\b",
    r"\b(?:forgot|forgotten)\b|\b(?:is|are|was|remains?) silent\b|\bsays nothing\b|\binsufficient (?:information|evidence)\b",
    r"\b(?:that is|that[’']s|this is) all (?:the|that|it) (?:record|transcript|file|documents?|judgment|materials?)? ?"
    r"(?:says?|states?|shows?|records?|contains?)\b|\bnothing (?:more|else) (?:is )?(?:recorded|stated|known|given)\b",
    r"\bnot (?:sure|certain)\b|\bno way to (?:know|tell|determine)\b|\bthe record does not say\b",
    r"\b(?:not|isn[’']t|aren[’']t|wasn[’']t|weren[’']t) (?:in|found in|contained in) the (?:documents?|records?|materials?|"
    r"files?|transcript|contract|judgment|context)\b|\bnothing (?:\w+ )?in the (?:documents?|records?|materials?|files?|"
    r"transcript|contract|judgment|case file|context)\b",
    r"\bnone of the (?:documents?|materials?|records?|files?) (?:states?|says?|mentions?|gives?|shows?|records?)\b",
    r"\b(?:(?:did|does|do)(?: not|n[’']t)|never|nor|neither) (?:file|filed|submit|submitted|lodge|lodged) (?:a |an |any )?"
    r"(?:written )?(?:defen[cs]e|response|reply|answer|statement|submissions?|evidence)\b",
    r"\bhas nothing (?:on|about)\b|\b(?:left|leaves?) (?:\w+ ){0,3}blank\b",
    r"\b(?:insufficient|not enough|not sufficient|inadequate)(?: information| evidence| data)? to (?:answer|determine|"
    r"establish|tell|say|conclude|confirm|know)\b|\b(?:not|n[’']t) enough (?:information|evidence|data|detail)\b"
    r"|\black of (?:information|details?|data|records?)\b|\bn/a\b",
    r"\b(?:leaves?|left) (?:\w+ ){0,3}(?:unanswered|open|unresolved)\b|\b(?:remains?|is|was) (?:unanswered|unresolved)\b"
    r"|\bmissing from (?:the |all )?(?:documents?|records?|materials?|files?|transcript|contract|judgment|case file)\b",
    r"\b(?:does|do|did)(?: not|n[’']t) appear (?:anywhere )?in (?:the |any )?(?:documents?|records?|materials?|files?|"
    r"transcript|contract|judgment|case file|context)\b|\bnowhere (?:in|does|do|is|are)\b",
    r"\black(?:s|ed|ing)? (?:any |this |that |the |such )?(?:information|details?|data|record|mention)\b",
    r"\bneither\b[^.;]{0,60}?\bnor\b[^.;]{0,60}?\b(?:records?|mentions?|states?|says?|gives?|shows?|names?|"
    r"identif(?:y|ies)|specif(?:y|ies))\b",
    r"\b(?:outside|beyond) the scope of (?:the )?(?:provided |available |given )?(?:documents?|materials?|records?|"
    r"files?|context|information)\b",
)

ZH_CONFLICT: tuple[str, ...] = (
    r"自相矛盾|相互矛盾|互相矛盾|前后矛盾|矛盾",
    r"不一致|不相一致|前后不一|说法不一|陈述不一|不统一",
    r"说法不同|不同的?说法|两种(?:不同的?)?说法|说法有(?:变|出入|差异|两种|二种|几种)|前后(?:供述|陈述|说法)(?:不同|有变|变化)",
    r"(?:两处|几处|前后|先后)[^，,。；;！!？?\n没无非]{0,8}?(?:不同|不一样)",
    r"(?:有|存在|有所|略有|明显)(?:冲突|出入|差异|分歧)|相冲突|冲突|出入较大|对不上|不相符|不符|相悖|翻供|改口",
    r"各执一词|各执己见|各说各|相左|不吻合|不能(?:相互|互相)?印证|口径不一|(?:存在|有)争议|不属实|与事实不符|失实|改称|改说|(?:已|予以|作了?|做了?)更正",
    r"一方面.{1,80}?另一方面",
)

EN_CONFLICT: tuple[str, ...] = (
    r"\bcontradict\w*|\binconsisten\w*|\bconflict\w*|\bdiscrepan\w*|\bmismatch\w*|\bat odds\b",
    r"\bdo(?:es)? not (?:match|agree)\b|\bdiffer(?:s|ed)? (?:from|between)\b",
    r"\b(?:two|different|differing) (?:accounts|versions|statements|figures|dates|amounts|stories)\b",
    r"\bchanged (?:his|her|their) (?:story|statement|account|testimony)\b",
    r"\bdisagree\w*|\bdisputed?\b|\bin dispute\b",
)

# A negator right before a cue, in the same clause, cancels it.
ZH_ABSTAIN_NEGATORS = (
    r"(?:不是说?|并非|并不是说?|绝非|绝不是|不算|不能说|谈不上|算不上|并没有说|没有什么|没什么|没有|不存在)"
    r"(?:他们|她们|他|她|其|我)?$"
)
ZH_CONFLICT_NEGATORS = (
    r"(?:没有|没|无|并无|毫无|不存在|未发现|未见|看不出|谈不上|并不|不|并非|不是|是否|有没有|有无|是不是|并没有)"
    r"(?:存在|有)?(?:任何|什么|明显的?|实质性?的?)?$"
)
EN_NEGATORS = (
    r"\b(?:no|not|never|without|nor|hardly|isn[’']t|aren[’']t|wasn[’']t|weren[’']t|doesn[’']t|don[’']t|didn[’']t|"
    r"free of|no longer|nothing (?:is|was|remains|seems)|no (?:\w+ ){1,2}(?:is|was|are|were))\s+"
    r"(?:any\s+|real\s+|apparent\s+|obvious\s+)?$|\bnot (?:true|the case|correct|so) that\s+(?:\w+\s+){0,4}$"
)

# Every Chinese cue starts with one of these characters (a test derives them from the lexicons).
# Led by a lookahead for them, the Chinese pattern fails at once where no cue can start instead of
# trying each alternative there: the same matches, about three times sooner.
ZH_ABSTAIN_FIRST = "上不亦从供判协卷原口另合均尚已并待忘想所提收文无明未材案档没流现空笔缺裁记证说资遗难只查找搜看超暂仅有欠信检"
ZH_CONFLICT_FIRST = "一与不两予互作做先冲几出前口各存对已失改明有略相矛翻自说陈"


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
    return zh or bool(letters and _EN_NEG.search(_clause_before(text, start, 40)))


def _a_not_a(text: str, start: int, end: int) -> bool:
    """``知不知道``, ``清不清楚``: a question, not a statement."""
    return text[start] == "不" and start > 0 and end > start + 1 and text[start - 1] == text[start + 1]


class _Hits(NamedTuple):
    first: tuple[str, int, int] | None
    negated: tuple[str, ...]
    quoted: tuple[str, ...]
    asides: tuple[str, ...] = ()


def _cues(
    text: str, patterns: tuple[re.Pattern[str], re.Pattern[str]], letters: bool
) -> Iterator[re.Match[str]]:
    every, chinese = patterns
    return (every if letters else chinese).finditer(text)


def _scan(
    text: str,
    patterns: tuple[re.Pattern[str], re.Pattern[str]],
    zh_negators: _Negators,
    quotes: list[tuple[int, int]],
    voice: bool = False,
) -> _Hits:
    """The cues of ``patterns`` in ``text``, sorted into counted, negated, quoted (inside ``quotes``,
    its ``quoted_spans``) and (``voice``: the abstention cues, scorers.abstention_voice) not the
    answer's own stance."""
    letters = _ASCII_LETTER.search(text) is not None
    counted: list[tuple[str, int, int]] = []
    negated: list[str] = []
    quoted: list[str] = []
    asides: list[str] = []
    for m in _cues(text, patterns, letters):
        start, end = m.span()
        if quotes and any(lo <= start < hi for lo, hi in quotes):
            quoted.append(m.group())
        elif _a_not_a(text, start, end):
            continue
        elif _negated(text, start, zh_negators, letters) or (voice and cancelled_after(text, m)):
            negated.append(m.group())
        elif voice and aside(text, m):
            asides.append(m.group())
        else:
            counted.append((m.group(), start, end))
    if voice and counted:
        party = outweighed(text, counted)
        asides.extend(counted[i][0] for i in sorted(party))
        counted = [hit for i, hit in enumerate(counted) if i not in party]
    first = counted[0] if counted else None
    return _Hits(first, tuple(negated), tuple(quoted), tuple(asides))


def _first_sentence_end(text: str) -> int:
    m = _SENTENCE_END.search(text)
    return m.end() if m else len(text)


def _opens_with(text: str, start: int) -> bool:
    """The cue at ``start`` is in the first sentence, and before it comes no contrast (但/不过/but) and no
    clause that states a value of its own (``法定代表人为邵某强，其联系地址卷中无记载``: the answer gives
    the representative, then a caveat)."""
    if start >= _first_sentence_end(text) or _CONTRAST.search(text, 0, start):
        return False
    return _STATES_A_VALUE.search(text, 0, _clause_start(text, start)) is None


def _clause_start(text: str, pos: int, lo: int = 0) -> int:
    """Where the clause holding ``pos`` starts (after the last ``_BREAK`` in ``text[lo:pos]``), at least ``lo``."""
    last = _LAST_BREAK.match(text, lo, pos)
    return last.end() if last is not None else lo


#: A clause that states a value: a number, or a name or thing given after 为/是/系 (not 是否, 认为, 因为).
_STATES_A_VALUE = re.compile(
    r"[0-9０-９]|(?<![认因作成否])为(?!止)|(?<![还但若要])是(?!否)|(?<![关体联维])系"
)


class Stance:
    """What one answer's text says of its stance: whether it abstains and whether it names a
    contradiction, each read on first need, its quotations found once for both. A scorer makes one
    per answer and asks it both."""

    def __init__(self, text: str) -> None:
        self.text = text

    @cached_property
    def quotes(self) -> list[tuple[int, int]]:
        return quoted_spans(self.text)

    def guess_after(self, start: int) -> str | None:
        """The first word of a guess after ``start`` (an abstention's cue) outside quotes, unless a word
        of saying comes before it in its clause (``庞绍钧估计有三四万`` reports his guess): the answer then
        guesses what it said it cannot tell."""
        for m in _GUESS.finditer(self.text, start):
            if any(a <= m.start() < b for a, b in self.quotes):
                continue
            if _ACCOUNT.search(self.text, _clause_start(self.text, m.start(), start), m.start()) is None:
                return m.group()
        return None

    @cached_property
    def _abstention_hits(self) -> _Hits:
        return _scan(self.text, _ABSTAIN, _ZH_ABSTAIN_NEG, self.quotes, voice=True)

    def abstention(self, flag: bool | None = None) -> AbstentionResult:
        """:func:`detect_abstention` of the text."""
        return _abstention(self.text, self._abstention_hits, flag)

    @cached_property
    def conflict(self) -> ConflictResult:
        """:func:`detect_conflict` of the text."""
        hits = _scan(self.text, _CONFLICT, _ZH_CONFLICT_NEG, self.quotes)
        if hits.first is None:
            contrast = _contrasted_values(self.text, self.quotes)
            if contrast is not None:
                cue, start, end = contrast
                return ConflictResult(True, cue, (start, end), hits.negated, hits.quoted)
            return ConflictResult(False, None, None, hits.negated, hits.quoted)
        cue, start, end = hits.first
        return ConflictResult(True, cue, (start, end), hits.negated, hits.quoted)


# A word that sets one account against another (说6万，但流水显示5万).
_CONTRAST = re.compile(
    r"但是|但|可是|然而|不过|却|而(?![且是已言])|\bbut\b|\bwhereas\b|\bwhile\b", re.IGNORECASE
)


#: A word that gives an account (``原告称…，被告称…``): two of them, each before its own value, set two
#: accounts against each other as a word of contrast does; one before a guess makes it someone's report.
_ACCOUNT = re.compile("称|主张|供述|陈述|表示|认为|(?<![据听])说|said|says|stated|told")


def _contrasted_values(text: str, quotes: list[tuple[int, int]]) -> tuple[str, int, int] | None:
    """Two different amounts or dates of the answer's own words with a word of contrast between them,
    or each after its own word of account (``庞绍钧说6万，柏书瑶和流水都是10万元`` has neither; ``称退了5万，
    而流水显示只有2万`` and ``原告主张剩余95000元，被告主张仅剩83000元`` have): the answer sets two accounts
    against each other, which names their contradiction. (the stretch from one value to the other, its
    start, its end). Without such words the values are not read."""
    if _CONTRAST.search(text) is None and len(_ACCOUNT.findall(text)) < 2:
        return None
    amounts, dates = find_amounts(text), find_dates(text)
    for found in (amounts, dates):
        values = [f for f in found if f.definite and not any(a <= f.start < b for a, b in quotes)]
        for left, right in itertools.pairwise(values):
            if left.value == right.value:
                continue
            if _CONTRAST.search(text, left.end, right.start) is not None or _two_accounts(text, left, right):
                return text[left.start : right.end], left.start, right.end
    return None


def _two_accounts(text: str, left: Any, right: Any) -> bool:
    """Whether each of two values follows a word of account of its own, in its clause
    (``原告称3月6日交付，被告称3月12日才收到``)."""
    return (
        _ACCOUNT.search(text, _clause_start(text, left.start), left.start) is not None
        and _ACCOUNT.search(text, left.end, right.start) is not None
    )


#: Words of a guess (``推测是``, ``很可能``, ``估计``, ``probably``): after an abstention they offer the value
#: the answer just said the material lacks.
_GUESS = re.compile(
    "推测|猜测|估计|可能就是|很可能|可能是|大概是|应该是|或许是|多半是|八成是|想必|"
    r"\b(?:probably|likely|presumably|my guess|might be|could be|must be)\b",
    re.IGNORECASE,
)


def detect_abstention(text: str, flag: bool | None = None) -> AbstentionResult:
    """Whether ``text`` (with the adapter's ``abstained`` flag, if any) abstains; see the module doc."""
    return Stance(text).abstention(flag)


def _abstention(text: str, hits: _Hits, flag: bool | None) -> AbstentionResult:
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


def detect_conflict(text: str) -> ConflictResult:
    """Whether ``text`` names a contradiction (矛盾, 不一致, 说法不同, contradicts …), negation-aware."""
    return Stance(text).conflict


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
    "Stance",
    "detect_abstention",
    "detect_conflict",
    "quoted_spans",
]
