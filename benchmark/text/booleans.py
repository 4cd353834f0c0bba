"""The stance an answer takes on a yes/no question: negation-aware, question-aware.

Reading order (the first that gives a stance wins):

1. With a question: the question's predicate (``是否退还`` -> 退还; ``认不认罪`` -> 认罪; ``他签了吗`` -> 签;
   ``Did he return ...`` -> return) looked up in the answer, with its synonyms and antonyms
   (``否认`` for ``承认``); the polarity is the parity of the negators right before it (``没有退还``
   False, ``不是没有退还`` True, ``没有否认`` True). Mentions inside an embedded question
   (``是否退还不清楚``) or under an intention (``说过要退``, ``答应退还``) are skipped; after a contrast
   (``但``/``但是``/``却``) the later mention wins.
2. A first clause that is only yes/no words: ``是的`` ``对`` ``有`` ``没有`` ``不是`` ``否`` ``不是没有`` ``yes`` ``no``.
3. With a question: an answer that says it does not know (``不清楚``, ``材料中没有提到``; the caller's
   ``abstains``, else a small lexicon) has no stance: an abstention is never a "no".
4. The first stance verb of a small lexicon (签/认罪/承认/否认/退还/收到/同意/知道/参与 ...).
5. An answer that opens with a negator or 是/有 (``没有退款记录``).

A question the answer asks itself is read past too (``到庭了吗？没有``, ``谁说没签？签了``). A lead clause is
read past first: ``根据笔录，是。``, ``经查，否。``, ``答：是的，签了。``, ``据合同第8.1条，…``,
``Based on the judgment, no.`` (``答：``/``Answer:``, and a first clause that opens with 根据/依据/据/按照/经/从,
"based on", "according to", "as stated/recorded/shown in", or is 经查/经核实/查明).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import NamedTuple

from .folding import half_width
from .found import Found, hedged
from .numerals import parse_chinese_number
from .ordinals import OrdinalReader
from .pairs import HAN_PAIR as _HAN_PAIR


def _split(words: str) -> tuple[str, ...]:
    return tuple(words.split())


__all__ = ["YesNoQuestion", "read_boolean", "yes_no_question"]

#: Words that say a thing is not found (``查不到``): alone they abstain, before a mention they deny it.
_NOT_FOUND = ("找不到", "查不到", "没找到", "未找到")
_NEG, _ADV, _IRR, _EMB = "neg", "adv", "irrealis", "embedded"
_WORDS: dict[str, str] = {}
for _w in (
    *_NOT_FOUND,
    *_split(
        "并不是 不是 并非 并没有 并没 并未 并不 从未 从来没有 从来没 从来不 从没有 从没 从不 没有 没能 没 未曾 未能 未 "
        "不曾 不能 不会 不肯 不愿 拒绝 拒不 不再 尚未 还没有 还没 根本没有 根本没 根本不 绝不 绝没有 毫无 无法 无 "
        "不 别 非 否 否认 错 不予 未予 不准 不许 不得 无需 无须 毋需 毋须 不必 不用 不需 不须 "
        "没有证据证明 无证据证明 没有证据证实 无证据证实 未能证明 不能证明 无法证明 证据不足以证明 未能举证证明 "
        "查无此事 绝无此事 没有这回事 没这回事 无此事 "  # no such thing happened
        "没有人 没人 无人 "  # nobody did it
        "禁止 严禁 "  # 合同禁止提前还款
        "谈不上 更谈不上 "  # 更谈不上搜查 (说不上来 is no denial: it does not know)
        "达不到 够不上 构不成 算不上 "  # 达不到轻伤: not reached (and _NOT_FOUND: not there)
        "不支持 未支持 不准许 未准许 不批准 未批准 不允许 不许可 不算"  # 法院不支持查阅, 不算擅自: not granted, not counted
    ),
):
    _WORDS[_w] = _NEG
for _w in _split(
    "也 都 还 就 并 再 曾 曾经 根本 从来 完全 一直 始终 确实 真的 的确 已经 已 过 又 当时 当场 当庭 亲自 主动 "
    "按时 按期 如期 全部 全额 足额 及时 最终 最后 后来 其实 实际上 实际 他 她 它 他们 其 对方 本人 我 你 您 "
    "书面 口头 当面 正式 另行 单独 协议 自行 私下 "  # 没有书面通知, 未协议离婚: the manner of the act
    "被告人 被告 原告 当事人 有 是 的确是 确实是 都是 也是 就是 曾经是 已经是 的 了 啊 嗯 对 对的 是的 有的 "
    "可能 也许 或许 好像 似乎 大概 估计 恐怕 应该是 应该也 可能是 好像是 似乎是 予以 依法 本院 法院 持 提出 任何 "
    "获 获得 得到 受到 取得 作出 做出 进行 具有 具备 被害人 上诉人 被上诉人 申请人 被申请人 第三人 证人 双方 "
    "不只 不仅 不光 不止 并不只 "  # more than: no negation, and no part either
    "构成 属于 系 符合 "  # 不构成自首, 不属于自首: the negator before them denies what follows
    "去 来 "  # 没去报警: the motion before the act
    "如此 这样 其事 此事 "  # 并非如此, 确有其事: what the question said
    "认定 认定为 视为 属 "  # 不认定自首, 不属自首: a finding of what follows
    "提起 给予 存在 适用 被 作 做 "  # light verbs (未提起反诉, 未作约定): the act or thing after them is asked
    "说 "  # 不能说没有: a word of saying before a stance it reports
    "目前 至今 迄今 当前 现在 仍 仍然 依然 截至目前 到现在 "  # 目前还没有: a time up to now
    "所 "  # 不是被告本人所签: the act a 所-phrase names
    "彻底 真正 明显 确已 充分 全面 如实 "  # 尚未彻底破裂, 未充分告知: a degree of the act
    "发现 检出 查出 查见"  # 未发现质量问题: a finding of the thing
):
    _WORDS.setdefault(_w, _ADV)
for _w in _split(
    "要 会 将 将会 想 打算 准备 答应 承诺 保证 说要 说会 愿意 应该 应当 应 应予 需要 需 须 必须 可以 能 能够 如果 若 假如 要求 "
    "催 催促 让 叫 请求 希望 计划 表示 表示会 同意 考虑 曾考虑 拟"
):
    _WORDS[_w] = _IRR
for _w in ("\x00\x00", "有没有", "有无", "是不是", "能否", "可否", "会不会", "能不能"):
    _WORDS[_w] = _EMB
_PART = "part"
for _w in _split("部分 一部分 只 仅 仅仅 只是"):
    _WORDS[_w] = _PART  # read past, but it answers a question about the whole (全部支持) with no
_LONGEST = max(len(w) for w in _WORDS)
#: Words of duty and possibility: an intention under another question, but what a question that asks
#: one (``是否需要承担``, ``可以上诉吗``) asks about, so there they are read past (``应当承担`` is a yes).
_MODALS = frozenset(_split("需要 需 须 必须 应当 应该 应 应予 要 可以 能 能够"))
# A modal opening the asked phrase (``需要对…承担``, ``应承担``); 要求/应诉/能力 … are words of their own.
_MODAL_LEAD = re.compile(
    "^(?:需要|应当|应该|应予|必须|可以|能够|需|须|应(?![诉收付届急聘])|要(?![求约件素点回账债到])|能(?![力源]))"
)
_MODAL_END = re.compile("(?:需要|应当|应该|应予|必须|可以|能够|需|须|应|要|能)$")
_MODAL_MARKS = frozenset(("能否", "可否", "能不能"))
#: Negators of what happened, and 已 (what has happened): an intention is never negated with them
#: (``*要求未退还``) nor said done, so a word of intention right before one is a noun (``请求未获支持``,
#: ``请求已过诉讼时效``).
_REALIS_NEG = ("未", "没", "并未", "尚未", "从未", "已")
#: A phrase of place between a negator and its verb (未在借条上签字, 没有在合同上盖章).
_PLACE_BEFORE = re.compile("在[\u4e00-\u9fff]{1,8}?(?:上|中|里|内)")

#: Synonym groups: a predicate is also found through these (1-char forms need 了/过 or a negator).
_SYNONYMS: list[tuple[str, ...]] = [
    ("退还", "归还", "返还", "偿还", "退回", "发还", "还款", "还钱", "退款", "退钱", "退", "还"),
    ("签字", "签名", "签署", "签订", "签收", "签"),
    ("收到", "收取", "收下", "拿到", "收"),
    ("支付", "付款", "给付", "转账", "结清", "付清", "付"),
    ("承认", "认可", "确认", "供认", "供认不讳"),
    ("参与", "参加"),
    ("知道", "知情", "知晓"),
    ("同意", "答应", "认可", "愿意"),
    ("认可", "没意见", "无意见"),  # no objection: the stance of one asked to accept
    ("同意", "没意见", "无意见"),
    ("提出", "提起"),
    ("退赃", "退赔"),
    ("出庭", "到庭", "出席"),
    # longest first: 无犯罪前科 reads 犯罪前科 after its negator, not 前科 after a word it does not know
    (
        "受刑事处罚",
        "违法犯罪记录",
        "刑事犯罪记录",
        "犯罪记录",
        "违法犯罪前科",
        "犯罪前科",
        "刑事前科",
        "前科",
        "案底",
    ),
    ("受刑事处罚", "前科", "被判刑", "判过刑", "判刑"),
    ("认识", "相识", "认得", "结识"),
    ("到期", "届满", "期满"),
    ("录取", "入学", "入读"),
    ("生效", "发生法律效力", "发生效力"),
    ("超过", "超出", "已过", "过了"),
    ("撤回", "撤诉", "撤回起诉"),
    ("侵犯", "侵害", "侵权"),
    ("办理", "办妥", "办好"),
    ("交付", "交货"),
    ("催收", "催要", "催讨", "催款", "讨要", "索要"),
    ("缴纳", "交纳", "缴付", "缴清", "交清", "补缴", "补交", "付清"),  # a tax, a fee, arrears
    ("饮酒驾驶", "酒后驾驶", "酒驾"),
    ("收取", "支付"),  # one side of a payment states the other (乙方不必支付 for 甲方是否收取)
    ("质量问题", "质量缺陷", "产品缺陷", "制造缺陷", "设计缺陷", "缺陷", "瑕疵"),  # a thing's defect
]
#: Characters that are no act alone, as a predicate's first (有效, 无效, 是非).
_COPULAS = frozenset("有是无没")
#: Complements that say an act was done in full (还清, 付完, 交齐, 付足): the verb alone does not answer.
_COMPLETE = frozenset("清完齐足")
#: Antonyms: finding one of these states the opposite of the predicate.
_ANTONYMS: dict[str, tuple[str, ...]] = {
    "承认": ("否认", "异议", "有意见"),
    "认罪": ("否认", "翻供", "喊冤"),
    "认可": ("否认", "不认可", "异议", "有意见"),
    "同意": ("拒绝", "反对", "异议", "有意见"),
    "异议": ("认可", "同意", "承认"),
    "接受": ("拒绝",),
    "收到": ("拒收",),
    "支持": ("驳回",),
    "维持": ("撤销", "改判", "发回重审"),  # a decision reviewed: kept, or not
    "超过": ("按期", "如期"),  # 属于按期提出上诉 for 是否超过上诉期
    "有效": ("无效", "失效"),
    "承担": ("免除", "免于"),
    "放弃": ("主张",),  # 不主张借期内利息 waives it
    "到庭": ("缺席",),
    "缺席": ("到庭", "出庭", "到场", "对席"),
    "出庭": ("缺席",),
    "到场": ("缺席",),
    "合法": ("违法", "非法"),
    "真实": ("虚假", "伪造"),
    "属实": ("虚假", "不实"),
    "一致": ("矛盾", "不符"),
    "共同财产": ("个人财产",),
    "夫妻共同财产": ("个人财产",),
    "共同债务": ("个人债务",),
    "夫妻共同债务": ("个人债务",),
}
#: Stance verbs for answers read without a question (longest first); 否认/拒绝 are negative in themselves.
_STANCE_VERBS = _split(
    "签字 签名 签署 签订 签收 认罪 认可 承认 否认 拒绝 驳回 支持 退还 归还 返还 偿还 退回 退款 收到 收取 同意 知道 知情 "
    "参与 参加 支付 付款 转账 在场 报警 赔偿 道歉 履行 存在 属实 办理 办成 出具 交付 告知 通知 提供 接受 认识 联系 "
    "到场 出庭 上诉 自首 谅解 签 退 还 收 付"
)
_LEXICON = re.compile("|".join(_STANCE_VERBS))
#: Verbs a predicate may hold after a phrase of its own (``对第一笔借款承担连带责任``, ``向原告支付``):
#: the stance verbs of two characters and more, and verbs of duty and claim.
_TAIL_VERB = re.compile(
    "|".join(
        (
            *(w for w in _STANCE_VERBS if len(w) > 1),
            *_split(
                "承担 负担 赔付 偿付 退赔 清偿 给付 解除 撤销 继续 得到 获得 提出 提起 作出 做出 认定 确认 "
                "缴纳 交纳 补交 补缴 发放 购买 进行 送达 发出 寄送 催收 催告 提交 转让 出售 "
                "宣告 判处 采纳 采信 准许 批准 维持 驳回 扣押 查封 冻结 披露 出示"
            ),
        )
    ).join(("(?:", ")(?![方人者款费金书])"))  # 转让方, 转让款: a party or a thing named by the act, no verb
)
#: Verbs after a phrase a preposition opens (``对鉴定结论申请重新鉴定``, ``就利息达成合意``): the tail verbs,
#: and verbs that elsewhere are often nouns (``鉴定申请``).
_ARGUMENT_VERB = re.compile(f"{_TAIL_VERB.pattern}|申请|达成")
#: Prepositions that bring in whom or what an act concerns (``对借款承担``, ``向原告支付``); a phrase of
#: time, place or manner (``在约定还款日之前归还``) is part of what is asked, so its verb alone is not.
_ARGUMENT_PREPOSITIONS = frozenset("对向就为给替与跟由")
#: A passive that names its agent (``被法院撤销``): the act is what is asked, never the agent. Words that
#: open with 被 but are a party (被告, 被害人, 被执行人 …) are no passive.
_PASSIVE = re.compile("^被(?!告|害|上诉|申请|执行|保险|投保|继承|监护|扶养|代理|控|询问|讯问|调查|许可)")
#: An agent a passive names, known by what it is (公安机关, 法院, 银行 …), before an act the reader may not know.
_AGENT = re.compile(
    "^被([\u4e00-\u9fff]{0,8}?(?:机关|法院|检察院|公安局|派出所|分局|局|银行|公司|单位|部门|大队|支队))"
    "(?=[\u4e00-\u9fff]{2})"
)
_AGENT_ACT = re.compile("[\u4e00-\u9fff]+")  # the act after such an agent
#: A court's order (``判令被告…承担``): the act ordered, restated, answers whether it was ordered.
_ORDERING = re.compile("^(?:判令|判决|责令|裁定|决定)(?=[\u4e00-\u9fff]{2})")
#: Light verbs before the act or thing they ask about (``得到支持``: 支持, so its antonym 驳回 answers
#: too; ``具有自首情节``: 自首; ``适用缓刑``: 缓刑; ``作出认定``: 认定; the passive ``被驳回``: 驳回).
_LIGHT_VERB = re.compile(
    "^(?:得到|获得|取得|受到|给予|予以|具有|具备|存在|属于|构成|适用|提出|提起|作出|做出|进行|经过|设有|被|系|属|是)"
)
#: A reason given before the act (``以被执行人无可供执行财产为由裁定终结``): the act is what is asked.
_FOR_A_REASON = re.compile("以[^，,。；;？?]{1,24}?为由")
#: A finder named between a light verb and the act (``得到法院支持``, ``获得一审法院认可``).
_FINDER_FIRST = re.compile(
    "[\u4e00-\u9fff]{0,6}?(?:法院|本院|法庭|仲裁委员会|仲裁委|仲裁庭|机关|检察院|公安局|派出所|管理人)(?=[\u4e00-\u9fff]{2})"
)
#: Stances a person takes by declaring them (``表示认罪`` is a plea, ``表示退还`` only an intention).
_ATTITUDES = frozenset(
    _split("认罪 承认 认可 同意 愿意 接受 否认 反对 拒绝 知道 知情 谅解 异议 放弃 撤回 主张")
)
_DECLARING = frozenset({"表示", "同意"})  # 表示认罪, 同意谅解: the attitude declared
_INHERENT_NEG = frozenset({"否认", "拒绝", "反对", "拒收", "翻供", "喊冤", "不认可", "错", "驳回"})

_Q_MARK = re.compile(r"是否|有没有|有无|是不是|能否|可否|有否|会不会|能不能")
_Q_STOP = re.compile(r"[？?。，,！!；;]|吗|呢|么")
_A_NOT_A = re.compile(r"([\u4e00-\u9fff])(?:不|没)\1([\u4e00-\u9fff]*)")
_MA = re.compile(r"([^，,。？?！!；;]+?)(?:了吗|过吗|吗|没有)\s*[？?]?\s*$")
_LEAD_ADV = re.compile(
    r"^(?:曾经|已经|确已|有|已|都|曾|确实|如实|真的|按时|按期|如期|准时|按约定?(?=支付|付款|还款|归还|偿还|履行|交付)|主动|当庭|亲自|足额)+"
)
#: Adverbs of time the question asks about (``是否按期还款``), and the words that say the act was late.
_ON_TIME = re.compile("按时|按期|如期|按约|准时")
_LATE = (
    "逾期", "迟延", "延迟", "超期", "超过", "超出", "远超", "期满后", "届满后", "后才", "时才", "日才", "号才", "月才",
    "天才", "周才", "期才", "年才",
)  # fmt: skip
_AS_AGREED = re.compile("按约|如约")
#: A day an act is asked to be done by (在约定还款日当日或之前归还): the phrase stays part of what is asked,
#: and the words of lateness answer it with no, as for 按期.
_BY_A_DAY = re.compile(r"在[^，,。；;？?]{1,16}?(?:之前|以前|前|期限内|期间内|期内|之内|以内|内)")
#: A question about the whole (``是否支持全部诉讼请求``): a part (``部分支持``, ``只支持了本金``) answers no.
_WHOLE = re.compile("全部|全额|所有|全数|足额")
# Aspect markers, not inside the words they make (超过, 通过, 经过, 了解, 为了, 着手 …).
_ASPECT = re.compile(
    r"(?<![为除])了(?![解结])|(?<![超通经度越错难逾不])过(?![期户错失程渡度滤敏剩半往])|着(?![手重急落想])"
)
_QUOTE_MARKS = re.compile("[“”‘’「」『』《》\"']")
_CONTRAST = re.compile(r"但是|但|可是|不过|然而|却|后来|后又|随后|之后又|此后")  # the later stance wins
_BREAK = re.compile(r"[。；;！!？?\n，,：:]")
_ABSTAIN = re.compile(
    r"没有提到|没有提及|未提及|未提到|没有记载|未记载|没有相关|无相关|未找到|没有找到|找不到|未见|不详|未知|"
    r"(?:无法|不能|无从|没法|难以)[^，,。；;！!？?\n不]{0,12}?(?:确定|判断|得知|回答|看出|确认|知道)|"
    r"不清楚|不知道|不确定|不记得|记不清|未说明|没有说明|不足以(?:回答|认定|确定|判断)|"
    r"(?:不|未|没有|并未)(?:包含|包括)[^，,。；;！!？?\n]{0,12}?信息|(?:未|没有|并未)在[^，,。；;！!？?\n]{1,12}?(?:披露|载明|记载|提及|显示)|"
    r"not mentioned|no information|unknown|cannot (?:be )?determine|can't determine|not stated|unclear|"
    r"(?:do|does) not (?:say|mention|state)|doesn't (?:say|mention|state)|don't know"
)
# A lead clause: 答：(A:), or a first clause that says where the answer comes from (根据笔录，/ 经查，).
_LEAD = re.compile(
    r"^\s*(?:(?:您好|你好|好的|(?i:hello|hi|ok|okay))\s*[！!，,。.~～]+\s*)?"  # a greeting is no yes (好)
    r"(?:(?:答案|结论|回答|答|(?i:answer)|A)\s*[:：]\s*)?(?:(?:(?:根据|依据|据|按照|按|从|经)[^，,。；;：:！!？?\n]{0,24}?|经查[明实]?|经核实|查明|综上|"
    r"(?i:based\s+on|according\s+to|as\s+(?:stated|recorded|shown)\s+in)\b[^,.;:!?\n]{0,48}?)"
    r"\s*[，,：:]\s*)?"
)
_QUESTION_SENTENCE = re.compile(r"[^。！!?；;\n]*\?")  # after half_width: ？ is ?
_STRIP_PARTICLES = re.compile(r"[的了啊呀吧呢哦嗯\s【】\[\]]+")
#: A whole answer that is one mark or letter of a form (``√``, ``×``, ``Y``, ``N``).
_MARKS = {"√": True, "✔": True, "✓": True, "y": True, "×": False, "✘": False, "✗": False, "n": False}
_AFFIRM = frozenset(
    _split("是 对 有 没错 确实 肯定 当然 正确 属实 好 行 可以 会 同意 认可 正是 确有 算 属于 构成 成立 符合")
)
_EN_WORD = re.compile(r"[a-z]+(?:'[a-z]+)?")
_EN_SENTENCE_WORD = re.compile(r"\b[a-z]{2,}\b")  # lower-case words: a sentence, not an acronym
_EN_NEG = frozenset(
    _split(
        "not never no neither nor didn't don't doesn't hasn't haven't hadn't wasn't weren't isn't aren't won't "
        "wouldn't couldn't cannot can't refused denied failed declined"
    )
)
_EN_YES = frozenset(("yes", "yeah", "yep", "correct", "right", "true", "indeed", "affirmative"))
_EN_NO = frozenset(("no", "nope", "not", "false", "incorrect", "never", "negative"))
_EN_STOP = frozenset(
    _split(
        "did does do has have had is was were are will would can could should he she they it you i we the a an "
        "this that his her their its any to of in on at by for with from mr ms mrs dr ever actually really"
    )
)


def _chain(
    t: str,
    pos: int,
    floor: int,
    attitude: bool = False,
    asked: YesNoQuestion | None = None,
    modifiers: bool = True,
) -> tuple[int, str | None, int]:
    """Negators counted backwards from ``pos``: (count, stop kind, start of the leftmost negator).

    Stops at a word that is not a negator or a transparent adverb; the stop kind tells an intention
    (``要退``) or an embedded question (``是否退还``) apart from an ordinary stop (None). Before an
    ``attitude`` (``认罪``, ``同意``), a word of declaring (``表示认罪``) states it: no intention. When
    the question asks a modal (``是否需要承担``), a word of duty or possibility is read past. A word of
    part (``部分``, ``只``) is read past too, but denies a question about the whole (``全部支持``).
    With ``modifiers``, a short modifier of the thing after a word of absence or a light verb is read
    past (``_modifier_before``); a one-character mention reads none.
    """
    modal = asked is not None and asked.modal
    whole = asked is not None and asked.whole
    count = 0
    i = pos
    argument = _NEGATED_ARGUMENT.search(t, floor, pos)  # 未与其签订: the negator before 与其
    if argument is not None:
        phrase = argument.group(1)
        verb = _LEXICON.search(phrase)  # 未与其协商就签订: an act in the phrase stops it, but not
        if verb is None or (phrase[0] in "就对" and verb.span() == (1, len(phrase))):  # 未能就赔偿达成
            i = argument.start(1)
    lo = pos
    last = ""
    while i > floor:
        if t[i - 1] == " ":
            i -= 1  # 没有  签字: the blanked markers of bold (**没有**签字) hold no word
            continue
        kind = None
        size = 0
        for size in range(min(_LONGEST, i - floor), 0, -1):
            kind = _WORDS.get(t[i - size : i])
            if kind is not None:
                break
        if kind is None and modifiers and (skip := _modifier_before(t, i, floor)):
            i -= skip  # 不构成消费欺诈, 找不到听证告知书: a modifier of the thing, after the negator or the light verb
            continue
        if kind is None:
            place = _PLACE_BEFORE.search(t, floor, i)  # 未在借条上签字: the negator is before 在…上
            if place is None or place.end() != i:
                place = _BY_A_DAY.search(t, floor, i)  # 没有在约定还款日之前归还: and before 在…之前
            if place is None or place.end() != i:
                carrying = _CARRYING_OUT.search(t, floor, i)  # 未履行告知义务: the act carried out
                if carrying is None:
                    return count, None, lo
                place = carrying
            i = place.start()
            continue
        word = t[i - size : i]
        asked_modal = modal and word in _MODALS
        finding = word in _MODALS and last in _FINDINGS  # 应认定为, 应属于: the court's conclusion
        last = word
        if kind in (_IRR, _EMB) and not (attitude and word in _DECLARING) and not asked_modal and not finding:
            # 请求未获支持, 请求被驳回: a noun (no intention is negated with 未/没, nor made passive)
            if t[i : i + 3].startswith(_REALIS_NEG) or _PASSIVE.match(t[i : i + 4]):
                return count, None, lo
            return count, kind, lo
        i -= size
        if kind == _NEG or (kind == _PART and whole and count % 2 == 0):
            count += 1  # a part denies the whole; after a negator (超出部分不予支持) it denies nothing more
        if kind == _NEG or asked_modal:
            lo = i  # the span covers the negators and the modal it answers with (不需要承担)
    return count, None, lo


#: Light verbs a negator reaches through a modifier of their thing (不构成消费欺诈), and words of absence
#: that deny a thing with its modifier (找不到听证告知书); a bare 不/未 before two characters is no such
#: word (未支付加班费, 不排除撤诉).
_THING_VERBS = frozenset(_split("构成 属于 存在 具有 具备 有 是 系 符合 适用"))
_NOT_BEING = frozenset(_split("不是 并非 并不是 而非 而不是 非"))
_ABSENCE = frozenset((*_split("没有 并没有 从来没有 根本没有 并无 毫无 无"), *_NOT_FOUND))


def _modifier_before(t: str, i: int, floor: int) -> int:
    """The length of a modifier right before ``i`` (one or two characters, and a 的 after them) that a
    word of absence or a light verb precedes (``找不到[听证]告知书``, ``不构成[消费]欺诈``, ``不是[具体的]事实
    断言``), else 0."""
    de = 1 if t[i - 1 : i] == "的" else 0
    for k in (1 + de, 2 + de):
        if i - k <= floor or not _HAN.match(t, i - k) or t[i - k] in _ASPECT_OR_DE:
            return 0
        for size in range(min(_LONGEST, i - k - floor), 0, -1):
            word = t[i - k - size : i - k]
            kind = _WORDS.get(word)
            if kind is not None:
                said = _ABSTAIN.match(
                    t, i - k - size
                )  # 没有提到实际还款: what is not said, not what is absent
                copula = word in _NOT_BEING and "的" in t[i - 1 : i + 1]  # 不是具体的事实; not 并非否定了
                if (word in _ABSENCE or word in _THING_VERBS or copula) and said is None:
                    return k
                break
    return 0


#: A negator before a phrase that brings in whom the act concerns (未与其签订, 没有向法院申请, 未为其缴纳),
#: or whom it orders to act (未要求濮晓岚承担, 没有让他签字): it negates the act after the phrase. The phrase is short and holds no act of its own (未与其协商就签订
#: is read as before); without a negator before it, the phrase is left as it is (对借条无异议: its
#: words are the negator's).
_NEGATED_ARGUMENT = re.compile(
    "(?:并未|尚未|从未|未曾|不曾|没有|并不|从不|拒不|未|没|不) *(?:再|又|曾|还|也|都|主动|及时|按时|按期|能够|能)? *"
    "((?:(?:与|跟|同(?!意)|和(?!解)|向|对(?!方)|给(?!付)|为(?!了|由|此)|替|把|将(?!来|会)|就|要求|判令|判决|责令|让|叫|令)"
    "[^就便而后再才并且又即，,。；;！!？?\n\x00]{1,8}?){1,2})$"
)
#: Verbs of carrying out an act or a duty (未履行告知义务, 未完成交付): a negator before them negates it.
_CARRYING_OUT = re.compile("(?:履行|尽到|完成|实施|办理|采取)$")
#: Words of a finding: a modal before them states the court's conclusion (应认定为, 应属于), no intention.
_FINDINGS = frozenset(_split("认定 认定为 视为 属于 属 构成 系 确认"))


def _clause_floor(t: str, pos: int) -> int:
    floor = 0
    for m in _BREAK.finditer(t, 0, pos):
        floor = m.end()
    return floor


#: Words that say a proposition is not proven, anywhere before the act in its clause (``公司提交的证据不足以
#: 证明劳动者严重违纪``): they negate it, as they do right before it.
_UNPROVEN_BEFORE = re.compile(
    "(?:没有|无|缺乏)(?:足够的?|充分的?|相关)?证据(?:证明|证实|表明|显示)|证据不足以?(?:证明|证实|认定)?|"
    "(?:未能|不能|无法|难以)(?:举证)?(?:证明|证实)|不足以(?:证明|证实|认定)|(?:未|没有|并未)(?:发现|查见|查到|查询到)|"
    "(?:均未|未|没有|并未|不)(?:认定|查明|确认)"
)
#: An agreement, duty or promise to do the act, earlier in its clause (``约定于2020年底前归还``); 按约定 is
#: the act done as agreed.
_AGREED_BEFORE = re.compile(
    "(?:(?<![按依照在])约定(?:于|在|应|须|由|将)|应于|须于|承诺(?!书|函)|保证(?![人期金责书])|计划于)"
    "[^，,。；;！!？?\n]{0,14}$|"
    "(?<![按依照在])(?:约定|规定)[：:]?[“「『 ][^”」』]{0,24}$"  # 约定“收货之日起十日内书面提出异议”: its terms
)
#: A saying denied before the subject of a denied act (``不能说医院毫无过错``).
_SAYING_DENIED_BEFORE = re.compile("(?:不能|不是|不敢|没法|并不是)说[^，,。；;！!？?\n]{0,8}$")
#: A ruling or paper not made, before what it would be (``尚未作出…处分性裁定``, ``未出具…鉴定意见``).
_NOT_MADE_BEFORE = re.compile(
    "(?:尚未|并未|从未|没有|未|没)(?:作出|做出|出具|下达)[^就便而后再才并，,。；;！!？?\n]{0,12}$"
)
#: A receipt denied right before the thing received (``未收到任何赔偿款``): the thing was not had.
_NOT_RECEIVED_BEFORE = re.compile(
    "(?:未|没有|没|并未|从未)(?:收到|获得|得到|取得|拿到|领到)过?(?:任何|分文)?$"
)
#: A word of absence before a thing an act's clause describes (没有家属签字的同意书, 未见被告签名的借条).
_ABSENT_BEFORE = re.compile("(没有|并无|未见|不存在|没|无)[^，,。；;！!？?\n]{1,12}$")


def _hit_at(
    t: str, start: int, end: int, inherent: bool, asked: YesNoQuestion | None = None
) -> tuple[int, int, bool] | None:
    """(start, end, value) when the mention at ``t[start:end]`` states something, else None."""
    floor = _clause_floor(t, start)
    # a one-character mention takes its negator right before it (没有责任认定书 denies no 认)
    count, stop, lo = _chain(t, start, floor, t[start:end] in _ATTITUDES, asked, modifiers=end - start > 1)
    if t[end : end + 1] == "的" and count == 0:  # 没有家属签字的同意书: whether the thing exists
        absent = _ABSENT_BEFORE.search(t, floor, start)
        if absent is not None:
            return absent.start(1), end, inherent
    if stop is not None and not (_REJECTING_BEFORE.search(t, floor, start) and _CLAIM_AFTER.match(t, end)):
        return (
            None  # 要求解除合同: an intention, unless rejected as it is named (驳回了要求解除合同的诉讼请求)
        )
    if count % 2 and _SAYING_DENIED_BEFORE.search(t, floor, lo):
        count += 1  # 不能说医院毫无过错: to deny that it had none is to say it had some
    if count == 0 and (none := _NOT_RECEIVED_BEFORE.search(t, floor, start)) is not None:
        count, lo = 1, none.start()  # 至今未收到任何赔偿款: none of the thing was received
    if count == 0 and (none := _NOT_MADE_BEFORE.search(t, floor, start)) is not None:
        count, lo = 1, none.start()  # 尚未作出终本或其他处分性裁定: no such ruling was made
    if count == 0 and _AGREED_BEFORE.search(t, floor, start) and not (asked is not None and asked.modal):
        return None  # 约定于2020年底前归还: what was agreed, not what was done
    if count == 0 and end - start > 1 and (proof := _UNPROVEN_BEFORE.search(t, floor, start)) is not None:
        count, lo = 1, proof.start()  # 证据不足以证明劳动者严重违纪: the whole proposition is unproven
    if end - start == 1 and count == 0 and t[end : end + 1] not in ("了", "过", "着", *_COMPLETE):
        return None
    if end - start == 1 and count == 0 and asked is not None and _another_object(t, end + 1, asked):
        return None  # 办过酒席 for 是否办理结婚登记: the one-character act on another thing
    if count == 0 and (undone := _UNDONE_AFTER.match(t, end)) is not None:
        count, lo = 1, start  # 处分一直没有下达, 冻结最终没有执行, 实现不了: what was meant, not done
        end = undone.end()
    if count == 0 and _DUTY_AFTER.match(t, end) and (duty := _NO_DUTY_BEFORE.search(t, floor, start)):
        count, lo = 1, duty.start()  # 不承担给付责任: no duty to pay
    if count == 0 and _NOT_IN_BEFORE.search(t, floor, start) and _LIST_AFTER.match(t, end):
        count, lo = 1, floor  # 不在本市禁养犬只目录里: not on the list
    return lo, end, (count + inherent) % 2 == 0


#: The thing not carried out, said after it (``处分一直没有下达``, ``冻结最终没有执行``), and a verb that
#: cannot be done (``实现不了``, ``做不到``).
_UNDONE_AFTER = re.compile(
    "(?:[^，,。；;！!？?\n]{0,2}?(?:一直|最终|始终|并|也|都|仍|至今)?(?:没有|没|未|并未|尚未)"
    "(?:下达|执行|生效|通过|落实|实施|兑现|送达|办成))|不了|不成|不到"
)
#: No duty or liability for the act (``不承担给付责任``, ``无需承担赔偿义务``).
_NO_DUTY_BEFORE = re.compile("(?:不|无|没有|无需|无须|不应|不再|免于|免除)(?:再)?(?:承担|负有|负担|负)$")
_DUTY_AFTER = re.compile("(?:的)?(?:责任|义务)")
#: Not on a list or within a scope: a negator before 在 and the list or scope after the mention.
_NOT_IN_BEFORE = re.compile("(?:不|并不|没|没有|未|并未)在[^，,。；;！!？?\n]{0,12}$")
_LIST_AFTER = re.compile("[^，,。；;！!？?\n]{0,8}?(?:目录|名单|名录|之列|清单|列表)")
_OBJECT = re.compile("[\u4e00-\u9fff]{2,}")
_NUMERALS = frozenset("0123456789一二两三四五六七八九十百千万几半全")


def _another_object(t: str, at: int, asked: YesNoQuestion) -> bool:
    """Whether the words at ``at`` (after a one-character act and its aspect) are a thing of two
    characters or more that shares no pair with the question and is no amount (``酒席``; not ``两万元``)."""
    thing = _OBJECT.match(t, at)
    if thing is None or thing.group()[0] in _NUMERALS:
        return False
    return not set(_HAN_PAIR.findall(thing.group())) & asked.pairs


#: An agent brought in by 由 before the act (由委托代理人出庭), or one acting for the subject (代签,
#: 代为签字): the act is that agent's, not the subject's.
_AGENT_BEFORE = re.compile("(?<![理自缘事经来因])由(?!于)[^，,。；;！!？?\n]{1,16}$|代为?$")
#: A party named right before a mention (借款人签名): whose act or thing it is.
_PARTY_LAST = re.compile("(?:人|方|告|者)$")
#: A mention that names the place for the act (签名处, 签字栏), and one left blank (签名处为空白: no act).
_PLACE_OF = re.compile("(?:处|栏|一栏|位置)")
_BLANK_PLACE = re.compile("(?:处|栏|一栏|位置)(?:为|是|均为|仍为)?(?:空白|空着|未填写?|没有填写?)")
#: Words after a signature or a seal that say it is not the person's own (``签名并非其本人所写``, ``签名系他人
#: 代签``, ``印章系伪造``).
_DISOWNED_AFTER = re.compile(
    "[^，,。；;！!？?\n]{0,3}?(?:(?:并非|不是|非)[^，,。；;！!？?\n]{0,10}?(?:所写|所签|书写|签署|亲签|加盖)"
    "|系(?:伪造|他人代签|代签|冒签|冒名|他人所签|他人书写))"
)
_HAN = re.compile("[\u4e00-\u9fff]")
_ASPECT_OR_DE = frozenset("了过着的地得")
#: A conclusion that cannot be drawn, before what it would say (``不能得出已经提出抗诉的结论``).
_CANNOT_CONCLUDE_BEFORE = re.compile(
    "(?:(?:不能|无法|难以|尚不能|尚无法)得出|得不出)[^，,。；;！!？?\n]{0,12}$"
)
#: Rulings whose paper is named with 书 (认定书, 决定书, 判决书, 裁定书, 鉴定书).
_RULING_PAPERS = frozenset(_split("认定 决定 判决 裁定 裁决 鉴定"))
#: A party named right before the act (监护人, 出借方): the act is that party's. Not the subject itself
#: (本人, 当事人, 个人), nor one acting with it (与发行人承担连带责任).
_OTHER_PARTY_BEFORE = re.compile("([\u4e00-\u9fff]{1,4}(?<!本)(?<!事)(?<!个)(?:人|方))$")
_WITH = re.compile("[与和同跟及]")
#: A matter named in what a record holds (关于/有关/涉及 … 的记录/记载/材料/文件 …).
_ABOUT_BEFORE = re.compile("(?:关于|有关|涉及)[^，,。；;！!？?\n]{0,10}$")
_RECORD_AFTER = re.compile("[^，,。；;！!？?\n]{0,6}?的?(?:记录|记载|材料|文件|说明|信息|内容|证据|凭证)")
#: A first-instance decision before the mention, and a later appeal that changed it.
_FIRST_INSTANCE_BEFORE = re.compile("一审[^。；;！!？?\n]{0,30}$")
_APPEAL_CHANGED = re.compile("二审[^。\n]{0,40}?(?:改判|改了|撤销|变更|纠正|改为)")
#: A person, body or law named by the act (被征收人, 签字人, 仲裁委, 执行庭, 赔偿义务机关, 国家赔偿法): no stance.
_PERSON_AFTER = re.compile("人(?!民)|者|委|庭(?!审)|[\u4e00-\u9fff]{0,2}?(?:机关|机构)|法(?![院庭官定律])")
#: A thing pointed at right after the act (``撤回该申请``): when the question names no such thing, the act
#: is on something else than what is asked.
_POINTED_OBJECT = re.compile("(?:了|过)?(?:该|此|这一?|那一?)([\u4e00-\u9fff]{2})")
#: A mention that names the matter in question rather than stating it: its quality (合法性), whether
#: it holds (合法与否), or the burden, issue or review of it (因果关系的举证责任, 违约的争议).
_TOPIC_AFTER = re.compile(
    "性|与否|(?:行为|事实|情节)?的(?:举证责任|证明责任|举证|问题|争议|争点|评判|审查|判断)|"
    "(?:行为|事实|情节)?(?:举证责任|证明责任|举证)|(?:问题|争议|争点)的(?:认定|判断|评判|审查|处理)|"
    "情况|事宜|一事|效力|函|(?:的)?(?:真实|合法|关联)性|数额|金额|标准|方案|计划|方面|条件|记录|"
    "日(?![前后内起])|日期|期限|时间|期(?![间内满])|"  # 还款日, 发货时间, 履行期: its day or period
    "(?:认定|鉴定)?申请(?:表|书)|相关|有关|"  # 工伤认定申请表, 封存相关的申请: the form, the matter
    "(?:认定|鉴定|审查)?程序"  # 工伤认定程序: the procedure, not its outcome
)


def _hits(
    t: str, word: str, inherent: bool, asked: YesNoQuestion | None = None, topics: set[int] | None = None
) -> list[tuple[int, int, bool]]:
    """Every usable mention of ``word`` in ``t`` (not an act another agent does for the subject).

    ``topics``: where a longer word of the question names the matter in question (``因果关系的举证责任``);
    a mention there is added to it, and a shorter word found there (``因果关``) is no mention either."""
    out: list[tuple[int, int, bool]] = []
    start = t.find(word)
    while start >= 0:
        if asked is not None and asked.starts_another_thing(word, t, start):
            start = t.find(word, start + 1)
            continue  # 噪声为52分贝 for 构成噪声污染侵权: the start of another thing
        if topics is not None and (start in topics or _TOPIC_AFTER.match(t, start + len(word))):
            topics.add(start)
            start = t.find(word, start + 1)
            continue
        hit = _mention(t, start, start + len(word), inherent, asked)
        if hit is not None:
            out.append(hit)
        start = t.find(word, start + 1)
    return out


def _mention(
    t: str, start: int, end: int, inherent: bool, asked: YesNoQuestion | None
) -> tuple[int, int, bool] | None:
    """``_hit_at``, unless another agent does the act (由…, 代…) or the mention names the place for it
    (签名处); a place left blank (签名处为空白) says the act is not there."""
    if _AGENT_BEFORE.search(t, _clause_floor(t, start), start) is not None:
        return None
    blank = _BLANK_PLACE.match(t, end)
    if blank is not None:
        return start, blank.end(), inherent
    if _PLACE_OF.match(t, end) or _TOPIC_AFTER.match(t, end) or _PERSON_AFTER.match(t, end):
        return None  # 签名处, 合法性, 被征收人: a place, a matter or a person named by the act
    if t[start:end] in _RULING_PAPERS and t.startswith("书", end):
        return None  # 责任认定书, 决定书: the paper, not the ruling
    party = _OTHER_PARTY_BEFORE.search(t, _clause_floor(t, start), start)
    if party is not None and _WITH.search(t, max(0, party.start() - 1), party.end()) is not None:
        party = None  # 与发行人承担连带责任: one acting with the subject
    if party is not None and asked is not None and not set(_HAN_PAIR.findall(party.group(1))) & asked.pairs:
        return None  # 监护人承担全部责任 for 学校是否承担: another party's act
    if _ABOUT_BEFORE.search(t, _clause_floor(t, start), start) and _RECORD_AFTER.match(t, end):
        return None  # 没有任何关于延误补偿支付的记录: the record of a matter, not the act
    if _FIRST_INSTANCE_BEFORE.search(t, _sentence_start(t, start), start) and _APPEAL_CHANGED.search(t, end):
        return None  # 一审全支持了，二审改了: what the first instance did, changed on appeal
    finding = _NO_FINDING.search(t, _clause_floor(t, start))
    if finding is not None and finding.start() <= start and end <= finding.end():
        return None  # 没有对合理使用问题进行审查: no finding on it
    if _CANNOT_CONCLUDE_BEFORE.search(t, _clause_floor(t, start), start):
        return None  # 不能得出已经提出抗诉的结论: what cannot be concluded
    if _SILENT.search(t, _clause_floor(t, start), start):
        return None  # 材料没有提到病历封存: the record is silent, which denies nothing
    light_alone = end - start > 1 and _LIGHT_VERB.fullmatch(t[start:end]) and _HAN.match(t, end)
    if (
        light_alone
        and asked is not None
        and not set(_HAN_PAIR.findall(t[end : _clause_end(t, end)])) & asked.pairs
    ):
        return None  # 存在争议 for 是否存在过错: the light verb with another thing
    if _DISOWNED_AFTER.match(t, end):  # 该签名并非裘砚舟本人所写: the act is not the subject's
        return start, end, inherent  # as a place left blank: not done
    other = _POINTED_OBJECT.match(t, end)  # 撤回该申请 for 是否撤回起诉: the act on another thing
    if other is not None and asked is not None and other.group(1) not in asked.pairs:
        return None
    return _hit_at(t, start, end, inherent, asked)


def _last_contrast(t: str) -> re.Match[str] | None:
    """The last contrast word of ``t`` (但/但是/却/后来 …), if any."""
    found = list(_CONTRAST.finditer(t))
    return found[-1] if found else None


#: The occasions a question may be about (``第一次讯问时，…是否承认``), one spelling per ordinal.
_occasions = OrdinalReader("次回", {"回": "次"})


def _pick(
    t: str,
    hits: list[tuple[int, int, bool]],
    occasions: frozenset[str] = frozenset(),
    asked: frozenset[str] = frozenset(),
) -> tuple[int, int, bool]:
    """The first mention, or the first after the last contrast word (但/但是/却) when there is one,
    unless the question asks about an occasion (``occasions``) that only the words before the contrast
    name (``第一次讯问时否认，后来第二次讯问才承认``, asked about the first), or the mentions after it
    concern another thing than the question's (``对真实性无异议，但对关联性有异议``, asked about 真实性;
    ``asked``: the question's pairs)."""
    hits.sort()
    contrast = _last_contrast(t)
    if contrast is not None and asked:
        later = [h for h in hits if h[0] >= contrast.end()]
        earlier = [h for h in hits if h[0] < contrast.start() and _concerns(t, h[0], asked) is not False]
        if later and earlier and all(_concerns(t, h[0], asked) is False for h in later):
            return earlier[0]
    if contrast is not None and occasions:
        before, after = _occasions(t[: contrast.start()]), _occasions(t[contrast.end() :])
        if before & occasions and not after & occasions:
            earlier = [h for h in hits if h[0] < contrast.start()]
            if earlier:
                return earlier[0]
    if contrast is not None:
        later = [h for h in hits if h[0] >= contrast.end()]
        if later:
            return later[0]
    return hits[0]


def _concerns(t: str, start: int, asked: frozenset[str]) -> bool | None:
    """Whether the thing a 对-phrase before the mention at ``start`` names (``对关联性有异议``) shares
    words with the question; None when its clause has no 对-phrase."""
    floor = _clause_floor(t, start)
    at = t.rfind("对", floor, start)
    if at < 0:
        return None
    return bool(asked & set(_HAN_PAIR.findall(t[at + 1 : start])))


#: A condition earlier in the sentence (如果以借条为准，则约定了利息): the stance holds only under it.
_CONDITION = re.compile(
    r"如果|假如|倘若|假设|要是|若是|如是|如为|如以|若以|如能|如系|如属|如确|否则|(?<![倘假])若(?!干)(?=[^，,。；;]{1,12}[，,])"
)


def _sentence_start(t: str, pos: int) -> int:
    return max(t.rfind(c, 0, pos) for c in "。；;！!？?\n") + 1


def _conditional(t: str, start: int) -> bool:
    return _CONDITION.search(t, _sentence_start(t, start), start) is not None


def _indefinite(found: Found, qualifier: str) -> Found:
    """``found`` as no definite stance, for the reason ``qualifier`` names."""
    return replace(found, definite=False, qualifier=qualifier)


def _found(text: str, t: str, start: int, end: int, value: bool, partial: bool = False) -> Found:
    qualifier = (
        "hedge"
        if hedged(t, start)
        else "conditional"
        if _conditional(t, start)
        else "partial"
        if partial
        else None
    )
    return Found("boolean", value, start, end, text[start:end], qualifier is None, qualifier)


#: A part before an attitude (``部分认可``, ``基本认可``, ``部分认罪``): neither yes nor no to a question that does
#: not ask about the whole (one that does is answered no, ``_chain``). A part of an act stays a yes
#: (``部分支持``: the claim was granted, in part).
_PARTIAL = re.compile(r"(?<!不)(?:一?部分|基本上?|大体上?)(?:地)?$")


class _Core(NamedTuple):
    """What a yes/no question asks about."""

    core: str  # the predicate (``退还``, ``承担连带责任``)
    negative: bool  # the question itself is negative (``是否拒绝退还``)
    modal: bool  # it asks a duty or possibility (``是否需要承担``)
    on_time: bool  # it asks whether the act was on time (``是否按期还款``)
    whole: bool  # it asks about the whole (``是否支持全部诉讼请求``)


_DAY_COUNT = re.compile("(?<=[0-9一二两三四五六七八九十百])天")


def _days(text: str) -> str:
    """``text`` with a count of days in 天 written as 日 (七天 = 七日), the same length."""
    return _DAY_COUNT.sub("日", text) if "天" in text else text


_LIGHT_IN = re.compile("得到|获得|取得|受到|具有|具备|存在|属于|构成|适用|设有")


def _first_verb(clause: str) -> re.Match[str] | None:
    """The first verb of a ``…吗`` question's clause the reader knows: a stance verb, a verb after a phrase,
    or 申请."""
    found = [
        m
        for m in (
            _LEXICON.search(clause),
            _TAIL_VERB.search(clause),
            _APPLYING.search(clause),
            _LIGHT_IN.search(clause),
        )
        if m
    ]
    return min(found, key=lambda m: m.start()) if found else None


def _question_cores(question: str) -> tuple[_Core, ...]:
    """What a yes/no question asks about (``_Core``)."""
    q = _days(_QUOTE_MARKS.sub("", half_width(question))).strip()  # 是否有“翠屏苑项目部”盖章: the words
    phrase = None
    modal = False
    m = _Q_MARK.search(q)
    if m:
        stop = _Q_STOP.search(q, m.end())
        phrase = q[m.end() : stop.start() if stop else len(q)]
        modal = m.group() in _MODAL_MARKS
    elif (m2 := _A_NOT_A.search(q)) is not None:
        phrase = m2.group(1) + m2.group(2)
        stop = _Q_STOP.search(phrase)
        phrase = phrase[: stop.start()] if stop else phrase
    elif (m3 := _MA.search(q)) is not None:
        clause = m3.group(1)
        verb = _first_verb(clause)  # 申请退货了吗: the application is asked; 撤销了…决定吗: 撤销
        if verb is None and _ASPECT.search(clause):  # 报过警吗: the verb without its aspect
            clause = _ASPECT.sub("", clause)
            verb = _first_verb(clause)
        at = verb.start() if verb is not None else len(clause) - 2
        day = _BY_A_DAY.search(clause, 0, at) if verb is not None else None  # 在七天内申请退货了吗
        phrase = clause[day.start() if day is not None and day.end() == at else at :]
        modal = verb is not None and _MODAL_END.search(clause[: verb.start()]) is not None
    if not phrase:
        return ()
    adverbs = _LEAD_ADV.match(phrase)
    on_time = False
    if adverbs is not None and len(phrase) - adverbs.end() >= 2:  # 有效 keeps its 有
        on_time = _ON_TIME.search(adverbs.group()) is not None
        phrase = phrase[adverbs.end() :]
    on_time = on_time or _BY_A_DAY.match(phrase) is not None  # 在约定还款日之前归还: lateness says no
    whole = _WHOLE.search(phrase) is not None or (
        adverbs is not None
        and (_AS_AGREED.search(adverbs.group()) or _WHOLE.search(adverbs.group())) is not None
    )  # 按约交付, 足额归还: a part is not as agreed, nor in full
    lead = _MODAL_LEAD.match(phrase)
    if lead is not None and len(phrase) > lead.end() + 1:
        modal = True
        phrase = phrase[lead.end() :]
    negative = 0
    while True:
        for size in range(min(_LONGEST, len(phrase)), 0, -1):
            if _WORDS.get(phrase[:size]) == _NEG and len(phrase) > size:
                negative += 1
                phrase = phrase[size:]
                break
        else:
            break
    core = _ASPECT.sub("", phrase)
    return (_Core(core, negative % 2 == 1, modal, on_time, whole),) if core else ()


def _tails(core: str) -> list[str]:
    """The core from its first verb on, when a phrase naming whom or what it concerns comes first
    (``对借款承担连带责任``: ``承担连带责任``) or a court's order (``判令被告承担``: ``承担``), the act
    after a phrase of place on a thing (``在借条上签字``: ``签字``), and the act a light verb asks about
    (``得到支持``: ``支持``)."""
    tails = []
    ordering = _ORDERING.match(core)
    start = ordering.end() if ordering is not None else 1
    passive = _passive_agent(core)
    verb = (
        _TAIL_VERB.search(core, start)
        if ordering is not None
        else _ARGUMENT_VERB.search(core, 1)
        if core[0] in _ARGUMENT_PREPOSITIONS
        else passive
    )
    if verb is not None and len(core) - verb.start() >= 2:
        tails.append(core[verb.start() :])
    finding = _FINDING_LEAD.match(core)  # 认定其行为构成正当防卫: what is found (正当防卫) is asked
    inner = _FOUND_AS.search(core, finding.end()) if finding is not None else None
    if inner is not None and len(core) - inner.end() >= 2:
        tails.append(core[inner.end() :])
    for setting in (_PLACE_BEFORE.match(core), _BY_A_DAY.match(core), _FOR_A_REASON.match(core)):
        if setting is not None and len(core) - setting.end() >= 2:  # 在借条上签字, 在手术前签署, 以…为由裁定
            tails.append(core[setting.end() :])
    for phrase in (core, *tails) if passive is None else tails:  # 对借条提出异议: 提出异议, then 异议
        light = _LIGHT_VERB.match(phrase)
        if light is not None and len(phrase) - light.end() >= 2:
            finder = _FINDER_FIRST.match(phrase, light.end())  # 得到法院支持: 支持, never 法院
            tails.append(phrase[finder.end() if finder is not None else light.end() :])
    for phrase in (core, *tails):  # 构成对原告名誉权的侵害: the act is 侵害
        act = phrase.rpartition("的")[2]
        if phrase[0] in _ARGUMENT_PREPOSITIONS and act != phrase and _named_act(act):
            tails.append(act)
        found = _FINDING_LEAD.match(phrase)  # 被认定为工伤: what it was found to be (工伤)
        inner = _FOUND_AS.search(phrase, found.end()) if found is not None and phrase is not core else None
        if inner is not None and len(phrase) - inner.end() >= 2:
            tails.append(phrase[inner.end() :])
        elif found is not None and 2 <= len(phrase) - found.end() <= 4:
            tails.append(phrase[found.end() :])  # 认定有效: what it was found (有效, and its antonym 无效)
    return list(dict.fromkeys(tails))


#: A manner a preposition brings in before the act (以现金交付, 通过转账支付): the thing is what is asked.
_MANNER = re.compile(
    f"^(?:以|用|通过)([\u4e00-\u9fff]{{2,4}}?)(?:{'|'.join(w for w in _STANCE_VERBS if len(w) > 1)})"
)


def _candidates(core: str, on_time: bool = False) -> tuple[tuple[str, bool], ...]:
    """Words to look for in the answer: the words of lateness when it asks whether an act was on time
    (True: they state the opposite), the core, its prefixes, its tails (``_tails``) and theirs,
    synonyms (False) and antonyms (True)."""
    words: list[tuple[str, bool]] = [(w, True) for w in _LATE] if on_time else []
    tails = _tails(core)
    verb = _verb_after_phrase(core)  # a prefix that stops short of it names no act (濮晓, 对借条)
    ordering = _ORDERING.match(core)  # 判决准予离婚: 判决 alone is no act
    shortest = verb.end() if verb is not None else ordering.end() + 2 if ordering is not None else 2
    setting = _BY_A_DAY.match(core)  # 在手术前签署: 在手术 is no act
    if setting is not None:
        shortest = max(shortest, setting.end() + 2)
    found_as = _FOUND_AS_LEAD.match(core)  # 被认定为有效: 被认定 alone is no finding of it
    if found_as is not None:
        shortest = max(shortest, found_as.end() + 2)
    if (core[0] in _ARGUMENT_PREPOSITIONS and verb is None) or core.endswith("的"):
        shortest = len(core) - core.endswith(
            "的"
        )  # 向被特许人…, 法定代表人…本人签的: no shorter start is an act
    prefixes = [core[:n] for n in range(len(core), shortest - 1, -1)]
    words += [(w, False) for w in prefixes if w == core or _WORDS.get(w) != _ADV]  # 被告 is no act
    if verb is not None and core[: verb.start()].endswith("的") and core[0] not in _ARGUMENT_PREPOSITIONS:
        words.append((core[: verb.start() - 1] + core[verb.start() :], False))  # 保证人签名 for 保证人的签名
    manner = _MANNER.match(core)  # 以现金交付: 现金 is what is asked
    if manner is not None:
        words.append((manner.group(1), False))
    for tail in tails:  # 被害人的谅解: no prefix short of its verb (被害人 is no act)
        after_phrase = _verb_after_phrase(tail)
        finding = _FINDING_LEAD.match(tail) or _TREATED_AS.match(tail)  # 认定为夫妻共同财产: 认定 alone
        least = (
            after_phrase.end()
            if after_phrase is not None
            else min(len(tail), finding.end() + 2)
            if finding is not None
            else 2
        )
        words.extend((tail[:n], False) for n in range(len(tail), least - 1, -1))
    heads = {w for w, _ in words} | {core}
    in_full = core[1:2] in _COMPLETE
    for group in _SYNONYMS:  # 付清: only the synonyms that say it in full (结清, 缴清), not 付款
        if any(h in group for h in heads):
            words.extend((w, False) for w in group if len(w) > 1 and (not in_full or w[1:2] in _COMPLETE))
    for head in list(heads):
        words.extend((w, True) for w in _ANTONYMS.get(head, ()))
    if in_full:
        return tuple(words)  # 还清: 还了一部分 does not say it was repaid in full
    if core[0] not in _COPULAS and setting is None:  # 有效: 有 alone is no act (没有证据… says nothing of it)
        words.append((core[0], False))
    for group in _SYNONYMS:
        if any(h in group for h in heads):
            words.extend((w, False) for w in group if len(w) == 1)
    return tuple(words)


@dataclass(frozen=True)
class YesNoQuestion:
    """A question as :func:`read_boolean` reads it: its text, and for each predicate it asks about
    the words to look for in an answer and whether the question itself is negative. A caller reading
    many answers to one question reads it once (``yes_no_question``) and holds it."""

    text: str
    predicates: tuple[tuple[tuple[tuple[str, bool], ...], bool], ...]
    stems: frozenset[str]  # the first five letters of its English words, stop words left out
    in_full: bool = False  # it asks whether an act was done in full (还清): no bare verb answers it
    modal: bool = False  # it asks a duty or possibility (是否需要/应当, 可以…吗): 应当承担 answers it
    whole: bool = False  # it asks about the whole (是否支持全部诉讼请求): 部分支持 answers no
    owner: str = ""  # whose act or thing it asks about, when it says so with 的 (是否有濮晓岚的签名: 濮晓岚)
    occasions: frozenset[str] = frozenset()  # the occasion it asks about (第一次讯问时: 第1次)
    pairs: frozenset[str] = frozenset()  # its pairs of Han characters (what a 对-phrase may share with it)
    #: the alternative of a closed set it names, and the others (``_asked_alternatives``)
    alternatives: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = ()
    #: the counts it names, as (number, classifier and the noun after it): 两名见证人 -> (2, "名见证")
    counts: tuple[tuple[int, str], ...] = ()
    #: the characters of its predicates' verbs (``_asked_verbs``): what another act must share to speak of it
    verbs: frozenset[str] = frozenset()
    attitude: bool = False  # it asks an attitude (承认, 否认, 同意 …): a party's denial then answers it
    words: frozenset[str] = frozenset()  # the words looked for in an answer, of every predicate
    by_a_day: bool = False  # it asks whether an act was done by a time (在七天内): the act alone is no yes
    ruling: bool = False  # it asks what a finder decided (法院是否判决…, 是否被认定为…, 仲裁委是否裁决…)
    #: the things light verbs ask about (构成[噪声污染侵权]): a start of one is no mention where the
    #: answer goes on as another thing (``噪声为52分贝``, ``以自甘风险免除``)
    things: tuple[str, ...] = ()

    def starts_another_thing(self, word: str, t: str, start: int) -> bool:
        """Whether ``word`` at ``t[start:]`` begins a thing the question names and the answer then goes on
        with another character (``噪声为``, ``过错责任``); aspect markers, 的 and punctuation end it."""
        for thing in self.things:
            if len(thing) > len(word) and thing.startswith(word):
                k = len(word)
                while k < len(thing) and start + k < len(t) and t[start + k] == thing[k]:
                    k += 1
                gap = start + k
                while k < len(thing) and t[gap : gap + 1] == " ":
                    gap += 1  # 盗窃数额  不属于: bold markers blanked
                after = t[gap : gap + 1]
                if k < len(thing) and _HAN.match(after) and after not in _ASPECT_OR_DE:
                    return True
        return False


def yes_no_question(question: str) -> YesNoQuestion:
    cores = _question_cores(question) if question else ()
    stems = frozenset(w[:5] for w in _EN_WORD.findall(question.lower()) if w not in _EN_STOP and len(w) > 2)
    predicates = tuple((_candidates(c.core, c.on_time), c.negative) for c in cores)
    in_full = any(c.core[1:2] in _COMPLETE for c in cores)
    modal = any(c.modal for c in cores)
    whole = any(c.whole for c in cores)
    owner = next((o for c in cores if (o := _owner(c.core))), "")
    occasions = _occasions(question)
    pairs = frozenset(_HAN_PAIR.findall(question))
    alternatives = _asked_alternatives(question)
    counts = tuple((n, unit) for n, unit, _ in _counts(question))
    verbs = frozenset(c for core in cores for c in _asked_verbs(core.core))
    attitude = any(w in _ATTITUDES for words, _ in predicates for w, _ in words)
    return YesNoQuestion(
        question,
        predicates,
        stems,
        in_full,
        modal,
        whole,
        owner,
        occasions,
        pairs,
        alternatives,
        counts,
        verbs,
        attitude,
        frozenset(w for words, _ in predicates for w, _ in words),
        any(_BY_A_DAY.match(c.core) is not None for c in cores),
        _RULING_ASKED.search(question) is not None and not any(_MAKING.match(c.core) for c in cores),
        tuple(thing for core in cores for thing in _light_things(core.core)),
    )


def _light_things(core: str) -> list[str]:
    """The things light verbs in ``core`` ask about (构成噪声污染侵权: 噪声污染侵权; 被强制拆除: 强制拆除)."""
    things = []
    for phrase in (core, *_tails(core)):
        light = _THING_LIGHT_VERB.match(phrase)
        if light is not None and len(phrase) - light.end() >= 3:
            things.append(phrase[light.end() :])
        finding = _FINDING_LEAD.match(phrase)  # 认定…具有非法占有目的: the thing found
        inner = _THING_LIGHT_VERB.search(phrase, finding.end()) if finding is not None else None
        if inner is not None and len(phrase) - inner.end() >= 3:
            things.append(phrase[inner.end() :])
    return things


#: Light verbs whose object is a thing, not an act (构成, 属于, 适用 …; not 被, 进行, 判处).
_THING_LIGHT_VERB = re.compile("^(?:具有|具备|存在|属于|构成|适用|设有|系|属|是)")


#: A count of something: a number, a classifier and the two characters after it (两名见证人: 名见证).
_COUNT = re.compile(
    "(?<![第0-9])([0-9]+|[一二两三四五六七八九十]{1,3})([名个位次份笔人张项家辆套间][\u4e00-\u9fff]{2})"
)


def _counts(text: str) -> list[tuple[int, str, int]]:
    """Each count ``text`` names: (number, classifier and what follows, where it starts)."""
    out = []
    for m in _COUNT.finditer(text):
        number = m.group(1)
        value = int(number) if number.isdigit() else parse_chinese_number(number)
        if value is not None:
            out.append((int(value), m.group(2), m.start()))
    return out


def _another_count(t: str, counts: tuple[tuple[int, str], ...]) -> bool:
    """Whether the answer gives another number of a counted thing the question names (``只有一名见证人``
    for ``是否有两名见证人在场``)."""
    asked = dict((unit, n) for n, unit in counts)
    return any(unit in asked and asked[unit] != n for n, unit, _ in _counts(t))


def _named_act(word: str) -> bool:
    """Whether ``word`` is an act the reader knows (a verb after a phrase, or one of a synonym group)."""
    return _ARGUMENT_VERB.fullmatch(word) is not None or any(word in group for group in _SYNONYMS)


def _passive_agent(core: str) -> re.Match[str] | None:
    """The act of a passive that names its agent first (``被法院撤销``: 撤销; ``被公安机关扣押``: 扣押, the
    words after an agent known by what it is), else None (``被驳回``)."""
    if not _PASSIVE.match(core):
        return None
    agent = _AGENT.match(core)
    if agent is not None:
        return _AGENT_ACT.match(core, agent.end())
    return _ARGUMENT_VERB.search(core, 2)


#: A finder's verb that opens a predicate (``认定其行为构成正当防卫``), and the words that bring in what it
#: found the act to be.
_FINDING_LEAD = re.compile("^(?:认定|确认|认为|判定)")
#: A passive finding or treatment before what it finds (``被认定为有效``, ``被作为非法证据排除``): the
#: words up to it name no act of their own.
_FOUND_AS_LEAD = re.compile(
    "^被(?:认定为?|确认为?|认为|判定为?|作为|视为|评定为?|列为|列入)(?=[\u4e00-\u9fff]{2})"
)
#: A treatment before what it treats the thing as (``作为非法证据排除``): no act of its own.
_TREATED_AS = re.compile("^(?:作为|视为|列为|列入)(?=[\u4e00-\u9fff]{2})")
_FOUND_AS = re.compile("构成|属于|成立|具有|存在|为|系")


def _verb_after_phrase(core: str) -> re.Match[str] | None:
    """The verb of a predicate that opens with a phrase of its own (a preposition, a passive's agent, or
    words joined by 的: ``对借条的真实性提出异议``, ``被法院撤销``, ``濮晓岚的签名``), else None (``到庭参加诉讼``
    opens with its verb)."""
    if core[0] in _ARGUMENT_PREPOSITIONS:
        return _ARGUMENT_VERB.search(core, 1)
    passive = _passive_agent(core)
    if passive is not None:
        return passive
    verb = _TAIL_VERB.search(core, 1)
    return verb if verb is not None and "的" in core[: verb.start()] else None


def _owner(core: str) -> str:
    """The words before 的 when a predicate opens with them before its verb (濮晓岚的签名: 濮晓岚)."""
    verb = _verb_after_phrase(core)
    if verb is None or core[0] in _ARGUMENT_PREPOSITIONS or _passive_agent(core) is not None:
        return ""
    owner = core[: verb.start()].split("的", 1)[0]
    light = _LIGHT_VERB.match(owner)  # 取得被害人的谅解: the victim's
    return owner[light.end() :] if light is not None else owner


def _by_predicate(text: str, t: str, question: YesNoQuestion) -> Found | None:
    for words, negative in question.predicates:
        topics: set[int] = set()
        for word, inherent in words:
            # the asked word itself is no denial (是否被驳回: 驳回)
            hits = _hits(t, word, inherent, question, topics)
            if hits:
                hits += _later_stance(t, words, hits, question) + _occasion_stance(t, words, question)
                hits = _most_telling(t, hits, question.pairs)
                if _contradicts_itself(t, hits):
                    return _contradictory(text, min(h[0] for h in hits), max(h[1] for h in hits))
                start, end, value = _pick(t, hits, question.occasions, question.pairs)
                start, end, value = _act_of_the_thing(t, words, question, (start, end, value))
                if _rejected_claim(t, start, end, question.words) or _upheld_objection(t, end):
                    # 主张有加班，…不予认定; 管辖权异议，法院裁定异议成立: the finder rules it is not so
                    value = not value
                elif _unruled_claim(t, start, end=end):
                    return _indefinite(_found(text, t, start, end, value != negative), "claimed")
                # 承担主要责任 for 全部责任, 无期徒刑 for 死刑, 实缴0元, 在15%范围内 for 全部, 一名 for 两名: no
                if value and (
                    _another_alternative(t, start, end, question.alternatives)
                    or _ZERO.match(t, end)
                    or (question.whole and _LIMITED_BEFORE.search(t, _clause_floor(t, start), start))
                    or (question.counts and _another_count(t, question.counts))
                ):
                    value = False
                if value and question.modal and _DONE_BEFORE.search(t, _clause_floor(t, start), start):
                    return _indefinite(_found(text, t, start, end, value != negative), "done")
                partial = (
                    not question.whole
                    and t[start:end].lstrip("不没未否") in _ATTITUDES
                    and _PARTIAL.search(t, max(0, start - 4), start) is not None
                )
                return _found(text, t, start, end, value != negative, partial)
    return None


#: Closed sets of alternatives that exclude each other, each alternative with its synonyms: degrees,
#: principal penalties, forms of liability. An answer that does the act with another one than the
#: question names (``承担主要责任`` for ``承担全部责任``, ``判处无期徒刑`` for ``判处死刑``,
#: ``承担一般保证责任`` for ``连带责任``) answers no.
_ALTERNATIVES: tuple[tuple[tuple[str, ...], ...], ...] = (
    (
        ("全部", "全额", "所有", "全数"),
        ("主要",),
        ("次要",),
        ("同等",),
        ("一半",),
        ("部分", "一部分", "大部分", "小部分"),
        ("相应",),
        ("适当",),
    ),
    (("死刑",), ("无期徒刑",), ("有期徒刑",), ("拘役",), ("管制",)),
    (("连带",), ("按份",), ("补充",), ("一般保证",)),
)
#: A limit before the act (``在投资者损失的15%范围内承担``): not the whole a question asks about.
_LIMITED_BEFORE = re.compile("在[^，,。；;！!？?\n]{1,16}?(?:范围内|限额内|额度内)[^，,。；;！!？?\n]{0,8}$")
#: The act done already (``已将全部工程款结清``), read for a question of duty (是否应支付): it says what
#: happened, not whether it was owed, so it takes no definite stance (qualifier ``done``).
_DONE_BEFORE = re.compile("(?:已经|已)[^，,。；;！!？?\n应需须]{0,10}$")
#: A zero amount right after the act (``实缴0元``): it was not done.
_ZERO = re.compile(r"[^，,。；;！!？?\n0-9]{0,3}?(?<![0-9.])(?:0(?:\.0+)?|零|〇)(?:元|万元)")


def _asked_alternatives(question: str) -> tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]:
    """For each set of ``_ALTERNATIVES`` of which the question names exactly one: that one (with its
    synonyms), and the words of the others that are no part of it."""
    out = []
    for group in _ALTERNATIVES:
        asked = [words for words in group if any(w in question for w in words)]
        if len(asked) == 1:
            others = tuple(
                w
                for words in group
                if words is not asked[0]
                for w in words
                if not any(w in a or a in w for a in asked[0])
            )
            out.append((asked[0], others))
    return tuple(out)


def _another_alternative(
    t: str, start: int, end: int, alternatives: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]
) -> bool:
    """Whether the mention ``t[start:end]``, short of the alternative the question names, goes on
    (within a few characters) with another alternative of the same set (``alternatives``:
    ``_asked_alternatives`` of the question)."""
    for asked, others in alternatives:
        if any(w in t[start:end] for w in asked):
            continue
        window = t[end : end + 8]
        cut = _BREAK.search(window)
        window = window[: cut.start()] if cut is not None else window
        if any(w in window for w in others):
            return True
    return False


#: A party's claim (主张, 辩称, 称 …), and a finder's rejection of it (不予认定, 不予采信 …).
_CLAIM = re.compile(
    "主张|辩称|诉称|声称|坚称|供称|辩解|提出(?=[^，,。；;]{2})|(?<![名简统自俗堪号])称(?![为号作])"
)
_REJECTED = re.compile(
    "不予认定|不予采信|不予支持|不予采纳|未予采信|未予认定|未予支持|不能成立|无法采信|不予确认|与事实不符|"
    "不予准许|未予准许|不予批准|未予批准|未获批准|未获支持|未获准许|未获采纳|驳回|未予以(?:认定|支持|采信|采纳)|"
    "(?:未|没有|不)(?:采纳|采信)|"
    "(?:没有|缺乏|无)事实(?:和法律)?依据|"
    "(?:但|但是|然而)(?:一审|二审)?(?:法院|本院|法庭|仲裁委|仲裁庭)(?:经审理)?(?:认为|认定|查明)"
)


#: A party's allegation, claim or view, which states nothing by itself until a finder rules on it
#: (``检察院指控其构成受贿罪``, ``原告认为该决定违法``, ``辩护人建议适用缓刑``), and the words of that ruling.
#: A view that is a party's, not a finder's or an expert's (``原告认为``, not ``法院认为``, ``鉴定认为``).
_PARTY_VIEW = (
    "(?<!法院)(?<!本院)(?<!法庭)(?<!仲裁委)(?<!仲裁庭)(?<!合议庭)(?<!一审)(?<!二审)(?<!审理)(?<!经审)"
    "(?<!意见)(?<!鉴定)(?<!专家)(?<!报告)(?<!机构)(?<!机关)认为"
)
_PARTY_CLAIM = re.compile(
    f"指控|控告|诉称|辩称|主张|声称|坚称|辩解|建议|申请(?!人)|提请|报请|(?<!诉讼)请求(?!权)|诉请|{_PARTY_VIEW}"
)
#: A suspicion right before the mention (``涉嫌诈骗罪``): an allegation, not a finding.
_SUSPECTED = re.compile("涉嫌$")
#: A charge brought as the mention (``检察院以洗钱罪起诉``): a claim too.
_CHARGED_AS = re.compile("(?<![所难可予])以[^，,。；;]{0,4}$")
_CHARGE_AFTER = re.compile("[^，,。；;]{1,12}?(?:起诉|提起公诉|移送审查起诉)")
_RULED = re.compile(
    f"{_REJECTED.pattern}|予以(?:支持|采纳|采信|认定|确认|认可|准许|批准)|(?<![不未\x00])(?:成立|属实|采纳|采信|准许|批准)|"
    "(?:法院|本院|法庭|仲裁委|复议机关)(?:经审理)?(?:认定|认为|查明|确认|判决|裁定)"
)


def _unruled_claim(
    t: str, start: int, claims: re.Pattern[str] = _PARTY_CLAIM, end: int | None = None
) -> bool:
    """Whether the mention at ``start`` (ending at ``end``) is part of a party's claim (``claims`` in its
    clause, or an application named right after it: ``提出取保候审申请``) that no finder rules on anywhere
    in the answer: the answer then takes no stance of its own."""
    floor = _clause_floor(t, start)
    claimed = claims.search(t, floor, start) is not None and not _RULING_ON_IT_BEFORE.search(t, floor, start)
    brought = _CHARGED_AS.search(t, floor, start) is not None and _CHARGE_AFTER.match(t, start) is not None
    brought = brought or _SUSPECTED.search(t, floor, start) is not None  # 涉嫌帮助信息网络犯罪活动罪
    applied = (
        end is not None and (_APPLICATION_AFTER.match(t, end) or _DEFENCE_AFTER.match(t, end)) is not None
    )
    return (claimed or applied or brought) and not _ruled(t)


#: A request right before a ruling word (``提请批准``): what is asked for, not ruled.
_ASKED_FOR_BEFORE = re.compile("(?:提请|报请|申请|请求)$")
#: A mention that is the ruling on a claim named before it (``请求被驳回``, ``请求未获支持``), not the claim.
_RULING_ON_IT_BEFORE = re.compile("(?:被|获|未获|予以|不予|未予|得到|获得|未得到|没有得到)$")


def _ruled(t: str) -> bool:
    """Whether a finder rules anywhere in ``t``: a ruling word that is not pending, denied, asked or
    asked for (``法院还没说采信哪份``, ``无法核实哪一方说的属实``, ``提请批准逮捕`` rule nothing)."""
    for m in _RULED.finditer(t):
        if _ASKED_FOR_BEFORE.search(t, 0, m.start()) and not _REJECTED.match(t, m.start()):
            continue  # 提请批准逮捕 (but 请求未获支持 is ruled)
        before = t[_clause_floor(t, m.start()) : m.start()]
        if not _NOT_YET_RULED.search(before) and not t.startswith("哪", m.end()):
            return True
    return False


#: Words before a ruling word that leave it unmade (还没, 尚未, 无法核实 …).
_NOT_YET_RULED = re.compile("还没|尚未|未|没有|无法|不能|难以|\x00")


_APPLYING = re.compile("申请(?!人|书)")
#: A defence or argument named right after the mention (``援引了自甘风险抗辩``).
_DEFENCE_AFTER = re.compile("[^，,。；;！!？?\n]{0,4}?(?:抗辩|辩解|辩护意见|代理意见)")
#: An application or request named right after the mention (``取保候审申请``, ``撤诉申请``).
_APPLICATION_AFTER = re.compile("(?:认定|鉴定|确认)?(?:的)?(?:申请书?|请求|案件|之诉)(?![人])")


#: A party's claim named right after the mention (``对其正当防卫的辩护意见``, ``三倍赔偿请求``).
_CLAIM_AFTER = re.compile(
    "[^，,。；;！!？?\n]{0,6}?(?:辩护意见|代理意见|意见|主张|诉讼请求|请求|诉请|抗辩|辩解|申请(?!人))"
)


#: An objection named right after the mention (``管辖权异议``), and a finder upholding it.
_OBJECTION_AFTER = re.compile("[^，,。；;！!？?\n]{0,2}?异议")
_UPHELD = re.compile("异议成立|(?<!不)成立|予以支持|予以采纳")


def _upheld_objection(t: str, end: int) -> bool:
    """Whether an objection to the asked thing is named right after its mention and then upheld in the
    same sentence (``被告提出管辖权异议，法院裁定异议成立``): the thing objected to does not hold."""
    objection = _OBJECTION_AFTER.match(t, end)
    if objection is None:
        return False
    stop = _FULL_STOP.search(t, objection.end())
    upheld = _UPHELD.search(t, objection.end(), stop.start() if stop is not None else len(t))
    return upheld is not None and _REJECTED.search(t, objection.end(), upheld.start()) is None


#: A rejection right before the claim it names (``驳回了确认无效的诉讼请求``, ``不予支持原告要求…``).
_REJECTING_BEFORE = re.compile("(?:驳回|不予支持|未予支持|不支持)了?[^，,。；;！!？?\n]{0,8}$")


def _rejected_claim(t: str, start: int, end: int, asked: frozenset[str] = frozenset()) -> bool:
    """Whether the mention at ``t[start:end]`` is part of a party's claim that the same sentence then
    rejects (``冉秀芝主张有加班，但未提供证据，仲裁委不予认定``, ``对其正当防卫的辩护意见不予采纳``), with no
    other claim in between."""
    stop = _FULL_STOP.search(t, start)  # 辩称不应赔偿；但法院认为…: a rejection may follow a semicolon
    sentence_end = stop.start() if stop is not None else len(t)
    named_after = _CLAIM_AFTER.match(t, end)
    if named_after is not None and named_after.group().endswith("申请") and any("申请" in w for w in asked):
        return False  # 退货申请被驳回 for 是否申请退货: the application was made
    if named_after is not None and _REJECTING_BEFORE.search(t, _clause_floor(t, start), start):
        return True  # 驳回了确认无效的诉讼请求: the claim rejected as it is named
    rejected = _REJECTED.search(
        t, end, sentence_end
    )  # after the mention: 主张被驳回 for 是否支持 is its antonym
    if rejected is None:
        return False
    if named_after is not None and named_after.end() <= rejected.start():
        return _CLAIM.search(t, named_after.end(), rejected.start()) is None
    if _CLAIM.search(t, start, rejected.start()) is not None:
        return False
    claim = _CLAIM.search(t, _sentence_start(t, start), start)
    return claim is not None and claim.end() < start  # 提出上诉: the act itself, no claim


def _most_telling(
    t: str, hits: list[tuple[int, int, bool]], asked: frozenset[str]
) -> list[tuple[int, int, bool]]:
    """The mentions that say most about what is asked: those whose 对/就-phrase names the question's
    thing (``对违约金未作约定``, not ``仅约定了定金条款``), else those that state the act rather than name a
    thing by it (``仅交付了一半``, not ``被告交付的货物``)."""
    concerned = [h for h in hits if _concerns(t, h[0], asked)]
    if concerned:
        return concerned
    acts = [h for h in hits if not _NOMINAL_AFTER.match(t, h[1])]
    return acts or hits


def _contradictory(text: str, start: int, end: int) -> Found:
    """An answer that both states and denies what is asked: no definite stance (qualifier
    ``contradictory``), and no later reading may take one from it."""
    return Found("boolean", False, start, end, text[start:end], False, "contradictory")


def _contradicts_itself(t: str, hits: list[tuple[int, int, bool]]) -> bool:
    """Whether the answer both states and denies the act, with no contrast word to say which holds
    (``被控侵权标识…不构成侵权``, ``仅缴纳了工伤保险，…均未缴纳``): it then takes no definite stance.
    ``hits`` are ``_most_telling``'s: a mention that names a thing by the act is already left out."""
    return len({value for _, _, value in hits}) > 1 and _last_contrast(t) is None


#: What makes a mention part of a name of a time, place, person or thing (到期日, 签字时, 借款人, 签字的):
#: such a mention gives way to one that states the act.
#: A time, place or person named by the act (上诉期, 签字时, 借款人): the act itself is not said to be done.
_TIME_OR_ROLE_AFTER = re.compile("[日时期人处栏]")
_NOMINAL_AFTER = re.compile("[日时后前之人书处栏期]|的(?=[\u4e00-\u9fff])")  # 是他签的。 states the act


def _later_stance(
    t: str, words: tuple[tuple[str, bool], ...], hits: list[tuple[int, int, bool]], question: YesNoQuestion
) -> list[tuple[int, int, bool]]:
    """Mentions after the last contrast word in other words of the predicate, when the word found
    first has none there (``起初认可，后来又否认借款事实``: the later 否认 decides)."""
    contrast = _last_contrast(t)
    if contrast is None or any(h[0] >= contrast.end() for h in hits):
        return []
    topics: set[int] = set()
    return [
        h
        for word, inherent in words
        for h in _hits(t, word, inherent, question, topics)
        if h[0] >= contrast.end()
    ]


def _act_of_the_thing(
    t: str, words: tuple[tuple[str, bool], ...], question: YesNoQuestion, hit: tuple[int, int, bool]
) -> tuple[int, int, bool]:
    """A mention after 的, or before a copula, names the thing, not the act (``借条上的签字``,
    ``签名是…``); when the same sentence then says the act otherwise (``…不是他签的``), that later
    mention is the stance."""
    start, end, value = hit
    if t[start - 1 : start] != "的" and not _COPULA_AFTER.match(t, end):  # 签名是…代签的, 签名不是…所签
        return hit
    stop = _SENTENCE_STOP.search(t, end)
    limit = stop.start() if stop is not None else len(t)
    later = sorted(
        h
        for word, inherent in words
        for h in _hits(t, word, inherent, question)
        if end <= h[0] < limit and h[2] != value
    )
    return later[0] if later else hit


_SENTENCE_STOP = re.compile(r"[。；;！!？?\n]")
_FULL_STOP = re.compile(r"[。！!？?\n]")
_COPULA_AFTER = re.compile("(?:是|为|系|不是|并非|并不是)")


def _occasion_stance(
    t: str, words: tuple[tuple[str, bool], ...], question: YesNoQuestion
) -> list[tuple[int, int, bool]]:
    """Mentions before the last contrast word in any words of the predicate, when the question asks
    about an occasion that only the words before it name (``_pick`` then takes the first of them)."""
    contrast = _last_contrast(t) if question.occasions else None
    if contrast is None or not _occasions(t[: contrast.start()]) & question.occasions:
        return []
    return [
        h for word, inherent in words for h in _hits(t, word, inherent, question) if h[0] < contrast.start()
    ]


#: Nouns that open with a negator's character (不动产, 非法, 无锡 …): an answer opening with one opens with
#: no negator.
_NEGATOR_NOUN = re.compile("不动产|不良|不当得利|不法|非法|无锡|否则|无因管理|无民事行为能力|不可抗力")
_SAYING_NEGATED = re.compile("(?:不能|不是|不敢|没法|并不是)说")
_DOUBLE_NEGATION = re.compile("(?:不是|并非|并不是|绝非)(?:没有|没|不|无|未)")


def _by_particles(text: str, t: str, strong: bool, asked: YesNoQuestion | None = None) -> Found | None:
    """A first clause made only of yes/no words (strong), or an answer opening with them (weak); to
    a question that asks a ``modal``, a word of duty or possibility is one of them (``应当``, ``不需要``)."""
    m = _BREAK.search(t)
    first = t[: m.start()] if m else t
    offset = len(first) - len(first.lstrip())
    core = _STRIP_PARTICLES.sub("", first)
    if not core:
        return None
    if strong:
        modal = asked is not None and asked.modal
        said = next((n for n in range(min(_LONGEST, len(core)), 0, -1) if core[-n:] in _AFFIRM), 0)
        count, stop, _ = _chain(core, len(core) - said, 0, asked=asked)  # 不属实: 不 before the word 属实
        if stop is not None or not _only_yes_no(core, modal):
            return None
        if asked is not None and any(
            len(w) > 1 and w in core and any(_WORDS.get(c) == _NEG for c in w) for w in asked.words
        ):
            return None  # 没有过错: the predicate itself (过错, holding the negator 错), not 没有 + 过 + 错
        end = offset + len(first.strip())
        return _found(text, t, offset, end, count % 2 == 0)
    if _NEGATOR_NOUN.match(core) or _SAYING_NEGATED.match(core) or _DOUBLE_NEGATION.match(core):
        return None  # 不动产…: a noun; 不能说她没喝醉, 不是没有影响: a double negation, not read here
    if core.startswith(_NOT_FOUND):
        return None  # 查不到…: it abstains, or denies a thing the predicate reader finds
    for size in range(min(_LONGEST, len(core)), 0, -1):
        word = core[:size]
        if _WORDS.get(word) == _NEG:
            return _found(text, t, offset, offset + size, False)
        if word in ("是", "有"):
            return _found(text, t, offset, offset + size, True)
    return None


def _only_yes_no(core: str, modal: bool = False) -> bool:
    if any(w in core for w in _NOT_FOUND):
        return False  # 查不到。 abstains
    i = len(core)
    while i > 0:
        for size in range(min(_LONGEST, i), 0, -1):
            word = core[i - size : i]
            if _WORDS.get(word) in (_NEG, _ADV) or word in _AFFIRM or (modal and word in _MODALS):
                i -= size
                break
        else:
            return False
    return True


def _by_lexicon(text: str, t: str, asked: YesNoQuestion | None = None) -> Found | None:
    hits: list[tuple[int, int, bool]] = []
    verbs: list[str] = []
    for m in _LEXICON.finditer(t):
        if asked is not None and _someone_elses(t, m.start(), asked.owner):
            continue  # 只有宓昭远的签名 says nothing of 濮晓岚的签名
        hit = _mention(t, m.start(), m.end(), m.group() in _INHERENT_NEG, asked)
        if hit is not None:
            hits.append(hit)
            verbs.append(m.group())
    if not hits:
        return None
    if asked is not None and asked.predicates:
        # 未签收 for 收到, not 被退回; the verb itself, not its negators (没有…在场 for 立有遗嘱)
        related = [h for h, verb in zip(hits, verbs, strict=True) if asked.verbs & set(verb)]
        if not related:
            return None  # another act says nothing of the one asked (原告支付抚养费 for 随原告生活)
        hits = related
    start, end, value = _pick(t, hits)
    if _rejected_claim(t, start, end, asked.words if asked is not None else frozenset()):
        value = not value  # 对三倍赔偿请求不予支持
    if value and asked is not None and asked.counts and _another_count(t, asked.counts):
        value = False  # 只有一名见证人在场 for 是否有两名见证人在场
    return _found(text, t, start, end, value)


#: Verbs of doing that carry no act of their own (作出判决, 进行调解, 提出异议).
_DOING = re.compile("^(?:作出|做出|进行|给予|予以|提出|提起|得到|获得|取得|受到)")


def _asked_verbs(core: str) -> str:
    """The verbs a predicate holds (``承担价款三倍的惩罚性赔偿``: 承担, 赔偿), else the whole predicate: a
    stance verb shares a character with them when it speaks of the asked act (退款 does not, by 价款)."""
    light = _DOING.match(core)  # 作出缺席判决: 作出 is no act of its own
    core = core[light.end() :] if light is not None and len(core) > light.end() else core
    return "".join(m.group() for m in _TAIL_VERB.finditer(core)) or core


def _someone_elses(t: str, start: int, owner: str) -> bool:
    """Whether the mention at ``start`` is another's than the one the question asks about: ``X的签名``
    or a party's ``X签名`` (借款人签名) with X not the question's ``owner`` (保证人 in
    ``是否有保证人的签名``)."""
    if not owner:
        return False
    before = t[_clause_floor(t, start) : start]
    if t[start - 1 : start] != "的" and _PARTY_LAST.search(before) is None:
        return False
    return owner not in _ASPECT.sub("", before)


#: What may follow an English yes or no word that answers on its own (``Yes，已超期。``, ``No — …``).
_EN_DASHES = ("—", "–", "-")
_EN_MARKS = ("", ",", ".", "!", ";", ":", "，", "。", "！", "；", "：", "、", *_EN_DASHES)


def _leading_english(text: str, t: str, marked: bool = False) -> Found | None:
    """An answer that opens with an English yes or no word (``No, the IOU says nothing of interest.``);
    ``marked``: only one a mark or the end follows (``No record exists`` is no "no")."""
    low = t.lower()
    first = _EN_WORD.search(low)
    if first is None or low[: first.start()].strip():
        return None
    if first.group() in _EN_YES or first.group() in _EN_NO:
        after = low[first.end() : first.end() + 1]
        if after == " " and low[first.end() :].lstrip(" ")[:1] in _EN_DASHES:
            after = "—"  # No — 认定书写明…
        ends = _EN_MARKS if marked else (*_EN_MARKS, " ")
        if after == "-" and low[first.end() + 1 : first.end() + 2].isalpha():
            return None  # No-one: a word of its own
        if after in ends and (first.group() != "not" or after != " "):
            return _found(text, t, first.start(), first.end(), first.group() in _EN_YES)
    return None


#: An English first sentence in a Chinese answer that denies (``Not for 戚寒蝉.``, ``The account was never
#: actually frozen.``): its negator, and a contrast that would take it back.
_EN_FIRST = re.compile(r"\s*([A-Za-z][^。.!?！？\n]{2,80})[.!。！]")
_EN_DENIAL = re.compile(r"^not\b|\b(?:never|not|no|n't)\b", re.IGNORECASE)
_EN_TAKEN_BACK = re.compile(r"\b(?:but|however|although|though|only|except)\b", re.IGNORECASE)


def _english_denial_first(text: str, t: str) -> Found | None:
    """A denial stated in an English first sentence before the Chinese that explains it."""
    first = _EN_FIRST.match(t)
    if first is None or len(_EN_SENTENCE_WORD.findall(first.group(1).lower())) < 2:
        return None
    denial = _EN_DENIAL.search(first.group(1))
    if denial is None or _EN_TAKEN_BACK.search(first.group(1)):
        return None
    at = first.start(1) + denial.start()
    return _found(text, t, at, at + len(denial.group()), False)


def _english(text: str, t: str, asked: YesNoQuestion | None) -> Found | None:
    low = t.lower()
    words = list(_EN_WORD.finditer(low))
    if not words:
        return None
    leading = _leading_english(text, t)
    if leading is not None:
        return leading
    stems = asked.stems if asked is not None else frozenset()
    if asked is not None and _EN_WHOLE.search(asked.text.lower()):
        part = _EN_PART.search(low)
        if part is not None:  # Only partly: a question about the whole is answered no
            return _found(text, t, part.start(), part.end(), False)
    short = [s for s in stems if len(s) < 5]  # sign: signed, signature
    asked_words: list[tuple[re.Match[str], bool]] = []  # (word, negated by its prefix)
    for w in words:
        form = _EN_IRREGULAR.get(w.group(), w.group())  # paid: pay
        if w.group() in _EN_STOP:
            continue
        if _en_asked(form, stems, short):
            asked_words.append((w, False))
        elif (negated := _EN_NEG_PREFIX.match(form)) is not None and _en_asked(
            form[negated.end() :], stems, short
        ):
            asked_words.append((w, True))  # invalid for valid, unsigned for signed
    asked_words.sort(key=lambda pair: not pair[1])  # a negated word is the stance, not the subject
    for w, negated_word in asked_words:
        lo = low.rfind(".", 0, w.start()) + 1
        hi = low.find(".", w.end())
        clause = low[lo : hi if hi >= 0 else len(low)]
        if re.search(r"\b(?:whether|if)\b", low[lo : w.start()]):
            continue
        negs = sum(1 for x in _EN_WORD.findall(clause) if x in _EN_NEG or x.endswith("n't"))
        return _found(text, t, w.start(), w.end(), (negs + negated_word) % 2 == 0)
    if asked is None:
        for w in words[:12]:
            if w.group() in _EN_NEG or w.group().endswith("n't"):
                return _found(text, t, w.start(), w.end(), False)
    return None


def _en_asked(form: str, stems: frozenset[str], short: list[str]) -> bool:
    return form[:5] in stems or any(form.startswith(s) for s in short)


_EN_NEG_PREFIX = re.compile("(?:un|in|im|il|ir|dis|non-?)(?=[a-z]{3})")
#: Irregular past forms of verbs a question asks with their plain form (``Did he pay…?``: ``paid``).
_EN_IRREGULAR = {
    "paid": "pay",
    "gave": "give",
    "given": "give",
    "took": "take",
    "taken": "take",
    "made": "make",
    "sold": "sell",
    "bought": "buy",
    "lent": "lend",
    "left": "leave",
    "met": "meet",
    "knew": "know",
    "known": "know",
    "told": "tell",
    "said": "say",
    "saw": "see",
    "seen": "see",
    "went": "go",
    "gone": "go",
    "got": "get",
    "wrote": "write",
    "written": "write",
    "drove": "drive",
    "driven": "drive",
    "brought": "bring",
    "sent": "send",
    "spent": "spend",
    "owed": "owe",
}
_EN_WHOLE = re.compile(r"\b(?:in full|full|fully|entirely|completely|in its entirety|all of|the whole)\b")
_EN_PART = re.compile(r"\b(?:partly|partially|in part|part of|only some|some of|only)\b")


#: A form's label before a colon (``判断：否``, ``是/否：否``, ``签字：有``): a few characters, no yes/no word.
_FORM_LABEL = re.compile(r"^\s*([^，,。；;：:！!？?\n]{1,8}?)\s*[:：]\s*(?=\S)")


def _past_label(t: str) -> str:
    """``t`` with a form's label blanked (the same length), unless the label is itself a yes or no
    or holds a negator (``No: she did not appear.``, ``否：未到庭``, ``未签字：见第3页``)."""
    m = _FORM_LABEL.match(t)
    if m is None:
        return t
    label = _STRIP_PARTICLES.sub("", m.group(1)).lower()
    if label in _AFFIRM or label in _EN_YES or label in _EN_NO:
        return t
    if "/" not in label and "／" not in label and any(c in label for c in "不没未非无否"):
        return t  # 未签字：…: the label says no itself (是/否：… names both and says neither)
    return " " * m.end() + t[m.end() :]


#: A yes/no form with boxes (``是☑ 否☐``, ``是（ ）否（√）``, ``- [x] 是``): the ticked option answers.
_BOX_CHECKED = r"(?:☑|☒|✅|■|√|✓|✔|\[[xX√✓]\]|[（(]\s*[√✓✔xX]\s*[)）])"
_BOX_EMPTY = r"(?:☐|□|\[\s?\]|[（(]\s*[)）])"
_OPTION = r"是|否|有|无|(?i:yes|no)"
_BOXED = re.compile(
    rf"{_BOX_CHECKED}\s*(?P<co>{_OPTION})|{_BOX_EMPTY}\s*(?P<eo>{_OPTION})"
    rf"|(?P<oc>{_OPTION})\s*{_BOX_CHECKED}|(?P<oe>{_OPTION})\s*{_BOX_EMPTY}"
)


def _ticked(text: str, t: str) -> tuple[bool, Found | None]:
    """Whether ``t`` is a yes/no form (two options or more with boxes), and its ticked option (None when
    none or several are ticked)."""
    options = []
    for m in _BOXED.finditer(t):
        word = m.group("co") or m.group("eo") or m.group("oc") or m.group("oe")
        ticked = m.group("co") is not None or m.group("oc") is not None
        at = m.start("co") if m.group("co") else m.start("eo") if m.group("eo") else m.start()
        options.append((word.lower(), ticked, at))
    if len(options) < 2:
        return False, None
    chosen = [(word, at) for word, ticked, at in options if ticked]
    if len(chosen) != 1:
        return True, None
    word, at = chosen[0]
    return True, _found(text, t, at, at + len(word), word in ("是", "有", "yes"))


def _past_lead(t: str) -> str:
    """``t`` with its lead clause (``根据笔录，``, ``答：``) blanked: the same length, spans unchanged."""
    m = _LEAD.match(t)
    if m is None or not m.group():
        return t
    rest = t[m.end() :]
    if not rest.strip():
        return t  # nothing after it: the lead clause is the answer
    return " " * m.end() + rest


def _without_questions(t: str) -> str:
    """``t`` with the questions it asks itself blanked (``到庭了吗？没有``, ``谁说没签？签了``): a question
    asserts nothing, so an answer that only asks (``签了吗？``) takes no stance."""
    if "?" not in t:
        return t
    return _QUESTION_SENTENCE.sub(lambda m: " " * len(m.group()), t)


def _with_lead(found: Found, lead: Found | None, text: str, t: str) -> Found:
    """The predicate's stance, unless the answer opens with a yes or no word that says the opposite
    (``是，他没签``): then the answer contradicts itself and takes no definite stance, unless
    a contrast word after the opening makes the later words the stance (``是的，但没有全部归还``)."""
    if lead is None or lead.value == found.value:
        return found
    contrast = _last_contrast(t)
    if contrast is not None and contrast.start() >= lead.end:
        return found
    if _SENTENCE_ENDS.match(t, lead.end):
        return lead  # 没有。被告提出的无效宣告请求被驳回…: a first sentence of only yes or no is the answer
    return _contradictory(text, lead.start, found.end)


#: A yes/no word an answer states as its conclusion: after a label (``结论：否``, ``答案：是``, ``Answer: Yes``,
#: a heading ``### 结论`` on the line before), or as a JSON answer (``{"answer": "否"}``).
_YES_NO_WORD = r"(是的|不是|是|否|没有|有|无|不对|对|yes|no|true|false)"
_STATED = re.compile(
    r"(?:^|(?<=[\s。；;，,|#*\-(（【\[>]))(?:最终)?(?:结论|答案|回答|答复|答|final answer|answer|conclusion)"
    rf"\s*[*#]*\s*(?:[:：=]|\n)\s*[*#\s]*[\"“]?\s*{_YES_NO_WORD}(?![\u4e00-\u9fff]|[a-z])",
    re.IGNORECASE,
)
_STATED_JSON = re.compile(
    r'"(?:answer|conclusion|结论|答案)"\s*:\s*(?:"\s*' + _YES_NO_WORD + r'\s*"|(true|false))', re.IGNORECASE
)
#: A Markdown table's header cell that holds the conclusion (结论, 答案, 是否…), and its rows.
_TABLE_CONCLUSION = re.compile(
    r"^(?:结论|答案|回答|判断|结果|是否.*|有无.*|answer|conclusion)$", re.IGNORECASE
)
_TRUE_WORDS = frozenset(("是的", "是", "有", "对", "yes", "true"))
#: A last sentence made only of a yes/no word, after the reasons (``…应认定其为实际出卖人。是。``).
_FINAL_WORD = re.compile(
    rf"[。！!；;\n]\s*[*\s]*(?:所以|因此|故|综上|总之)?[，,]?\s*{_YES_NO_WORD}[*\s]*[。.！!]?\s*$",
    re.IGNORECASE,
)


#: An answer's words that it cannot tell whether something holds (``无法判断是否…``, ``unclear whether``);
#: 是否 is masked (``\x00\x00``) when the reader looks for it.
_UNKNOWN_WHETHER = re.compile(
    r"(?:无法|不能|难以|无从|没法|尚难|尚无法)(?:判断|确定|确认|认定|得知|看出|核实|查明)(?:\x00\x00|有没有|有无)"
    r"|\b(?:cannot|can't|unable to) (?:determine|tell|say|confirm) whether|\bunclear whether",
    re.IGNORECASE,
)


#: An answer that denies both of two opposites (``既没有承认也没有否认``): it says neither.
_NEITHER = re.compile("既(?:没有|没|未|不)([\u4e00-\u9fff]{2})(?:也|又)(?:没有|没|未|不)([\u4e00-\u9fff]{2})")
#: Neither proven nor disproven (``既不能证明录了全程，也不能证明没有录``): no stance.
_NEITHER_PROVEN = re.compile(
    "既(?:不能|无法|未能|难以)(?:证明|认定|确定)[^。；;！!？?\n]{1,20}?也(?:不能|无法|未能|难以)(?:证明|认定|确定)"
)


def _says_neither(t: str) -> bool:
    return any(
        b in _ANTONYMS.get(a, ()) or a in _ANTONYMS.get(b, ())
        for a, b in (m.groups() for m in _NEITHER.finditer(t))
    )


#: A short phrase in quotation marks (a term, not a quoted passage): read as if unquoted.
_SHORT_QUOTE = re.compile('[“「『"]([^“”「」『』"\n]{1,10})[”」』"]')
#: A topic clause that restates the question (``关于蒯晴岚是否提出过异议，…``): it asserts nothing.
_RESTATED = re.compile("关于[^，,。；;：:]*\x00\x00[^，,。；;：:]*[，,：:]")
#: A word that stands for the asked act, denied (``她并没有这样做``) or affirmed (``确实如此``): group 1 is
#: the denial.
_PRO_FORM = re.compile(
    "((?:并|也|都)?(?:没有|未|没)(?:这样|这么|如此)(?:做|办)?|并非如此|不是这样)|(?:确实|的确)(?:如此|是这样)"
)
#: No finding made on a matter (``没有对合理使用问题进行审查``, ``对此未作认定``): a mention inside it is
#: no stance, and a claim it leaves stays a claim.
_NO_FINDING = re.compile(
    "(?:[对就][^，,。；;]{1,16}?)?(?:未|没有|并未|尚未|均未|还没有?)(?:对此|就此|[对就][^，,。；;]{1,16}?)?"
    "(?:(?:作出?|做出|进行|下)(?:任何)?(?:认定|评判|审查|评价|处理|裁判|决定|判决|裁定|裁决|结论|判断)|表态|定论)|"
    "[对就][^，,。；;]{1,16}?(?:还没有?|没有|尚未|并未|未)(?:任何)?(?:认定|结论|评判|判断)|"  # 对这个争议还没有认定
    "(?:没有|尚无|并无|未有)任何(?:认定|结论|评判|判断)"  # 目前没有任何认定
)
#: A decision still to come (``鉴定结果尚未作出``, ``办案机关尚未答复``): a claim it is to decide stays a claim.
_PENDING = re.compile(
    "尚未(?:作出|出具|答复|审结|判决|裁决|认定|确定|进入)|尚待|有待|待定|尚无结论|另行评议|"
    "(?:正在|尚在|还在|仍在)(?:审理|鉴定|审查|调查|协商|调解)|"
    "还没(?:有)?(?:作出|做出|做完|出来|出结果|下|判|判决|裁定|审结|审完|定|说)|没有(?:判决|裁定|裁决|鉴定)?结果|"
    "尚未出来?|还在查|正在查|仍在调查|中止(?:了)?(?:审理|审查|诉讼|执行|[^，,。；;]{0,6}程序)|"
    "还没有?(?:作出|做出)?(?:任何)?(?:认定|结论|裁决|判决|裁定|决定)|"
    "(?:宣判|判决|裁决|审查|鉴定|复议)结果[^，,。；;]{0,8}(?:还没有?|尚无|没有|未)|"
    f"{_NO_FINDING.pattern}"
)
#: A thing said to be in dispute (``签名笔迹有争议``), and the whole denied (``而非全部``).
_DISPUTED_THING = re.compile("有争议|存在争议|有异议|存有异议|提出(?:了)?异议|存疑|真伪不明")
#: An answer that reports a dispute or a contradiction of the record anywhere (``双方争执不下``).
_IN_DISPUTE = re.compile(
    f"{_DISPUTED_THING.pattern}|争执不下|各执一词|各说各的?|说法不一|相互矛盾|互相矛盾|前后矛盾|前后不一|[几两多]种说法"
)
_NOT_THE_WHOLE = re.compile("(?:而|并|却)?(?:非|不是)全部|并非全额|不是全额")


#: Words that place an act in time against a limit (按时, 之前, 期限内 …).
_ON_TIME_SAID = re.compile(
    "按时|按期|如期|准时|及时|按约|如约|约定的?(?:日期|时间|期限)|前|内|当天|当日|届满"
)


#: A question about what a finder decided: a finder before 是否, or a ruling verb after it.
_RULING_ASKED = re.compile(
    "(?:法院|法庭|本院|仲裁委|仲裁庭|委员会|机关|检察院|交警|一审|二审|判决书?|裁定书?|认定书|鉴定意见)"
    "(?:[^，,。？?]{0,12}?(?:是否|有没有|能否)|[^，,。？?]{1,40}?吗)|"
    "(?:是否|有没有)(?:已经?)?(?:被)?(?:判决|判令|认定|裁定|裁决|准许|批准|采纳|采信|确认|决定)"
)
#: A question whether a decision was made at all (是否作出…决定): not made yet answers it with no.
_MAKING = re.compile("^(?:作出|做出|下达|出具|制作)")
#: An answer that says the finder has not decided yet (the case still pending, no judgment in the file).
_NOT_DECIDED = re.compile(
    f"{_PENDING.pattern}|(?:没有|尚无|并无|未见)(?:任何)?(?:判决书?|裁定书?|裁决书?|认定书|裁判文书)|"
    "只到[^，,。；;]{0,6}阶段|尚未(?:宣判|结案)"
)


def _done_not_on_time(t: str, found: Found, asked: YesNoQuestion | None) -> bool:
    """Whether the act is said done, to a question whether it was on time, with no word of its time."""
    if asked is None or not asked.by_a_day or not found.value or any(w in found.raw for w in _LATE):
        return False  # 未超过诉讼时效: a word of lateness, denied, says it was in time
    return not _ON_TIME_SAID.search(t)


#: Records or evidence said to be missing (``卷里既没有维修记录``, ``没有实际付款凭证``).
_NO_RECORD = re.compile(
    "(?:没有|并无|无|未见|缺乏|缺少)(?:任何)?[^，,。；;！!？?\n]{0,8}?(?:记录|证据|材料|凭证|照片|单据|收条|书证)"
)


def _unsure(t: str, says_unknown: Callable[[], bool]) -> bool:
    """Whether the answer says, anywhere, that a decision is still to come or that it cannot tell."""
    return bool(_PENDING.search(t) or _UNSURE.search(t) or says_unknown())


def _asks_itself(text: str, t: str, asked: YesNoQuestion) -> bool:
    """Whether the answer holds an embedded question about what is asked (是否…, 付没付, 算不算: masked in
    ``t``) that shares a pair of words or a verb with the question."""
    for m in _WHETHER_IN.finditer(t):
        end = _clause_end(t, m.end())
        words = text[m.start() : end]
        if set(_HAN_PAIR.findall(words)) & asked.pairs or asked.verbs & set(words):
            return True
    return False


def _disputed_unruled(t: str, found: Found) -> bool:
    """Whether the clause of ``found`` says its thing is in dispute and no finder rules on it."""
    return _DISPUTED_THING.search(t, found.start, _clause_end(t, found.end)) is not None and not _ruled(t)


def _clause_end(t: str, pos: int) -> int:
    stop = _BREAK.search(t, pos)
    return stop.start() if stop is not None else len(t)


#: A party's claim, or a saying, for a question that asks an attitude (同意, 承认): its own 否认 answers it.
_SAYING = "(?<![据听所来再小传学解演虽或话就以该如是能])说(?![明服法])"  # not 据说, 所说, 说明 …
_CLAIM_OR_SAYING = re.compile(f"{_CLAIM.pattern}|{_SAYING}")
#: A party's claim or denial, for a question that asks no attitude (``公司称已签订…，员工否认签过``).
_DISPUTED = re.compile(
    f"{_CLAIM.pattern}|否认|承认|(?<!应诉)答辩(?!期)|请求(?!权)|{_SAYING}|{_PARTY_VIEW}|(?:侦查|公诉)机关认为"
)
#: Words that leave both answers open (``两种理解均有可能``): whatever the answer says before, it hedges.
_BOTH_WAYS = re.compile("均有可能|都有可能|两种可能|either way|both are possible", re.IGNORECASE)


def _cannot_tell_what_is_asked(text: str, t: str, asked: YesNoQuestion) -> bool:
    """Whether the answer says it cannot tell whether (``_UNKNOWN_WHETHER``, or words of not knowing and
    a 是否 in one clause, in either order: ``无法确定管理人是否确认``, ``是否已经退赔无法判断``) about what is
    asked: the embedded question shares a pair of words with the question, or a character with its verbs."""
    m = _UNKNOWN_WHETHER.search(t)
    if m is not None:
        stop = _BREAK.search(t, m.end())
        embedded = t[m.end() : stop.start() if stop else len(t)]
        if set(_HAN_PAIR.findall(embedded)) & asked.pairs or asked.verbs & set(embedded) or t.isascii():
            return True
    for cue in _UNSURE.finditer(t):
        start, end = _clause_floor(t, cue.start()), _clause_end(t, cue.end())
        whether = _WHETHER_IN.search(t, start, end)
        if whether is not None:  # the words of the embedded question, read in text (t masks 是否, 退没退)
            embedded = (
                text[whether.start() : end] if whether.start() >= cue.end() else text[start : cue.start()]
            )
            if set(_HAN_PAIR.findall(embedded)) & asked.pairs or asked.verbs & set(embedded):
                return True
    return False


#: A question embedded in a clause (是否 and an A-not-A form such as 退没退 are masked as ``\x00``; 能否 …).
_WHETHER_IN = re.compile("\x00\x00|能否|可否|有无|会不会")
#: An alternative question in an answer (``究竟是已经发还、另行处理，还是仍在扣押``): masked like 是否.
_ALTERNATIVE_IN = re.compile("(?:究竟|到底)是?[^。；;！!？?\n]{1,20}?还是[^，,。；;！!？?\n]{0,12}")
#: An A-not-A form in an answer (``到底退没退``, ``签没签``, ``是不是``): a question, no stance; masked like 是否.
_A_NOT_A_IN = re.compile(
    "((?![还也都就又再并从更])[\u4e00-\u9fff])(?:没有?|不)\\1"
)  # 还没有还: 还 is "still"


#: Words that say the matter cannot be told yet (``现有材料无法核实``, ``下不了结论``, ``要等…才能知道``).
_UNSURE = re.compile(
    "(?:无法|不能|难以|无从|没法|尚难|尚无法)(?:核实|判断|确定|确认|得知|看出|查明|查清|知道|下结论|断定|回答)|"
    "下不了结论|(?:没有|尚无|并无|还没有|暂无)(?:结论|定论)|说不清|看不出来?|不清楚|才能(?:知道|确定|判断|认定|下结论)|"
    "不足以(?:作出)?(?:判断|确定|得出结论|下结论)|需要?进一步(?:核实|确认|查证|查明)|有待进一步|"
    "(?:不能|无法|难以)(?:得出|排除)|得不出|要看|得看|取决于|不好说|说不好|难说|说不准|拿不准|"
    "(?:判断|确定|认定|核实|查清)不了|看不清|"
    "(?:要等|等到?)[^。；;！!？?\n]{1,24}?(?:再定|再说|才能(?:定|确定|判断|知道|认定))|"
    "(?:都|均|也)?没有(?:相关|任何)?记录|没有归卷|未归卷|没有入卷|未入卷|"
    "(?:没有|未|尚未|还没有?)表态|不置可否|未置可否"
)


def _unsure_after(t: str, end: int, asked: YesNoQuestion) -> bool:
    """Whether, after the mention ending at ``end``, a later clause says the matter cannot be told: with
    nothing after it (``现有材料无法核实。``), an indirect question (``哪一方说的属实``), or words of the
    question (``才能知道是否属于工伤``). What it cannot tell of another thing (``具体日期无法确定``) leaves the
    stance."""
    stop = _BREAK.search(t, end)
    if stop is None:
        return False
    for m in _UNSURE.finditer(t, stop.start()):
        rest = t[m.end() : _clause_end(t, m.end())].strip()
        subject = _FILLER.sub("", t[_clause_floor(t, m.start()) : m.start()])
        if subject and not (set(_HAN_PAIR.findall(subject)) & asked.pairs or _WHICH_ACCOUNT.search(subject)):
            continue  # 具体哪天签的无法确定: another matter
        if (
            not rest
            or rest[0] in "\x00哪谁何"
            or "\x00" in rest
            or set(_HAN_PAIR.findall(rest)) & asked.pairs
        ):
            return True
    return False


#: Words before a word of not knowing that name no matter of their own (现有材料, 目前, 因此 …).
_FILLER = re.compile(
    "现有(?:材料|证据)|根据|依据|仅凭|从|卷内|卷中|卷宗|材料|证据|看|来看|目前|现在|现阶段|暂时|暂|仍然|仍|尚|"
    "因此|所以|故|但是|但|不过|也|还|都|均|则|我们|笔者|本人|我|这一点|这点|此事|此节|对此|这个问题|[\\s\x00]"
)
#: Which of the accounts holds (哪一方, 谁): the matter in dispute.
_WHICH_ACCOUNT = re.compile("哪一?方|谁")


#: A conclusion's label and what it says (``结论：…``, ``### 结论⏎…``), and an answer's first line.
_CONCLUSION_SAYS = re.compile(
    r"(?:^|(?<=[\s。；;，,|#*\-(（【\[>]))(?:最终)?(?:结论|答案|回答|答复|final answer|answer|conclusion)"
    r"\s*[*#]*\s*(?:[:：=]|\n)\s*[*#\s]*([^。.！!？?\n]*)",
    re.IGNORECASE,
)
_FIRST_LINE = re.compile(
    r"\s*[*#\s]*([^。.！!？?\n]{1,16})[。.！!]?[*\s]*(?:\n|$)|\s*[*#\s]*([^。.！!？?\n，,]{1,10})[。！!]"
)


_SENTENCE_ENDS = re.compile(r"[\s*]*(?:[。.!！]|\n)")


#: A short first sentence with more after it (``撤销了。复议决定认为…``).
_SHORT_FIRST = re.compile(r"\s*([^。.！!？?\n，,；;：:]{2,12})[。！!]")


def _short_first_sentence(
    text: str, t: str, asked: YesNoQuestion, abstains: Callable[[str], bool] | None
) -> Found | None:
    """The definite stance of a short first sentence read alone (``宣告了。``, ``已经离婚。``, ``法院认定无效。``):
    the answer's own conclusion, which then leads the sentences after it."""
    first = _SHORT_FIRST.match(t)
    if first is None or first.end() >= len(t.rstrip()):
        return None
    found = read_boolean(text[first.start(1) : first.end(1)], asked, abstains)
    if found is None or not found.definite:
        return None
    return replace(found, start=found.start + first.start(1), end=found.end + first.start(1))


def _concluded(
    text: str, plain: str, asked: YesNoQuestion, abstains: Callable[[str], bool] | None
) -> Found | None:
    """The stance a conclusion's label states in words rather than a yes/no word (``结论：尚未办理``,
    ``**结论：法院认定不构成近似。**``): its sentence read alone (``plain``: ``text`` half-width). Labels
    that disagree state none."""
    said: list[Found] = []
    for m in _CONCLUSION_SAYS.finditer(plain):
        sentence = text[m.start(1) : m.end(1)]
        found = read_boolean(sentence, asked, abstains) if sentence.strip() else None
        if found is not None and found.definite:
            said.append(replace(found, start=found.start + m.start(1), end=found.end + m.start(1)))
    opening = _by_particles(text, _past_lead(plain), strong=True) if said else None  # 是，…结论：未超过
    if opening is not None and opening.end <= said[0].start:
        said.insert(0, opening)
    if len({f.value for f in said}) != 1:
        return None if not said else _contradictory(text, said[0].start, said[-1].end)
    return said[-1]


def _concludes_unsure(text: str, asked: YesNoQuestion) -> bool:
    """Whether the answer's stated conclusion, or its short first line, says the matter cannot be told
    (``结论：目前无法判断``, ``### 结论⏎现有材料不足以判断``, ``无法确定。⏎⏎材料中…``). Words that deny the
    asked act itself (``结论：不能确认`` for 是否确认) are a no, not this."""
    said = [m.group(1) for m in _CONCLUSION_SAYS.finditer(text)]
    first = _FIRST_LINE.match(text)  # a short first line, or a short first sentence (这个说不准。…)
    if first is not None:
        said.append(first.group(1) or first.group(2))
    for words in said:
        if _SILENT.fullmatch(words.strip(" *#")):
            return True  # 卷宗未记载。…: the record is silent
        cue = _UNSURE.search(words) or _NOT_ENOUGH_TO_TELL.search(words)
        if (
            cue is not None
            and _INABILITY.sub("", cue.group()) not in asked.words
            and not _YES_NO_OPENING.match(words)
        ):
            return True
    return False


#: A line that only says the record is silent (``卷宗未记载``, ``材料中没有提及``).
_SILENT = re.compile(
    "(?:卷宗|卷内|卷中|材料|笔录|判决书?|案卷|文件)?(?:中|里|内)?(?:均|都|也|并|亦)?(?:未|没有|并未|均未)"
    "(?:记载|载明|提及|提到|显示|写明|涉及)"
)
#: Evidence said to be too little to tell (``现有材料不足以判断``, ``尚不足以认定``).
_INABILITY = re.compile("^(?:无法|不能|难以|无从|没法|尚难|尚无法)")
_NOT_ENOUGH_TO_TELL = re.compile("不足以(?:作出)?(?:判断|确定|得出结论|下结论)")
_YES_NO_OPENING = re.compile(r"\s*(?:是|否|有|没有|不是|对|不对|yes|no)(?![\u4e00-\u9fff])", re.IGNORECASE)


def _stated(text: str) -> Found | None:
    """The conclusion an answer states in so many words: a label's yes/no word, a JSON answer, a table's
    conclusion column, or a last sentence that is only a yes/no word. Labels that disagree state none."""
    found = [(m.start(1), m.end(1)) for m in _STATED.finditer(text)]
    found += [(m.start(m.lastindex or 1), m.end(m.lastindex or 1)) for m in _STATED_JSON.finditer(text)]
    cell = _table_conclusion(text)
    if cell is not None:
        found.append(cell)
    if (
        not found
        and (last := _FINAL_WORD.search(text)) is not None
        and len(text) > last.end(1) - last.start(1)
    ):
        found.append((last.start(1), last.end(1)))
    values = {text[a:b].lower() in _TRUE_WORDS for a, b in found}
    if len(values) != 1:
        return None if not found else _contradictory(text, found[0][0], found[-1][1])
    start, end = min(found)
    return Found("boolean", values.pop(), start, end, text[start:end], True)


def _table_conclusion(text: str) -> tuple[int, int] | None:
    """The span of the yes/no word in a Markdown table's conclusion column, first data row."""
    if "|" not in text:
        return None
    lines = [
        (m.start(), m.group()) for m in re.finditer(r"[^\n]+", text) if m.group().lstrip().startswith("|")
    ]
    if len(lines) < 3:
        return None
    header = [c.strip() for c in lines[0][1].strip().strip("|").split("|")]
    column = next((i for i, c in enumerate(header) if _TABLE_CONCLUSION.match(c)), None)
    if column is None or not set(lines[1][1]) <= set("|-: "):
        return None
    at, row = lines[2]
    cells = row.strip().strip("|").split("|")
    if column >= len(cells):
        return None
    word = re.fullmatch(rf"\s*\**{_YES_NO_WORD}\**\s*", cells[column], re.IGNORECASE)
    if word is None:
        return None
    offset = at + row.index("|") + 1 + sum(len(c) + 1 for c in cells[:column])
    return offset + word.start(1), offset + word.end(1)


def read_boolean(
    text: str, question: str | YesNoQuestion | None = None, abstains: Callable[[str], bool] | None = None
) -> Found | None:
    """The yes/no stance of ``text`` (on ``question``'s predicate when given: its text, or read once by
    ``yes_no_question``); None when it takes none.

    Hedged stances (``可能没有退还``) come back with ``definite=False`` and qualifier ``"hedge"``.
    ``abstains`` tells whether a text abstains (``不清楚``, ``无法从材料中得知``): such an answer takes
    no stance unless its first clause is a yes/no word; without it a small built-in lexicon is used.
    """
    plain = half_width(text)  # the same length as text: its spans index text
    masked = _ALTERNATIVE_IN.sub(
        lambda m: "\x00" * len(m.group()),
        _A_NOT_A_IN.sub(lambda m: "\x00" * len(m.group()), _days(plain).replace("是否", "\x00\x00")),
    )
    t = _past_lead(_without_questions(_past_lead(masked)))
    t = _RESTATED.sub(lambda m: " " * len(m.group()), _past_label(t))
    t = _SHORT_QUOTE.sub(lambda m: f" {m.group(1)} ", t)  # 不属于“数额较大”: a term quoted, not evidence
    if not t.strip():
        return None
    form, ticked = _ticked(text, t)
    if form:
        return ticked
    stated = _stated(plain)
    if stated is not None:
        return replace(stated, raw=text[stated.start : stated.end])
    asked = yes_no_question(question) if isinstance(question, str) else question
    if asked is not None and _concludes_unsure(plain, asked):
        return None  # 结论：目前无法判断; an answer opening with 无法确定。
    concluded = _concluded(text, plain, asked, abstains) if asked is not None else None
    if concluded is not None:
        return concluded  # 结论：尚未办理。
    mark = t.strip().strip("【】[]()（）。.").lower()
    if mark in _MARKS:
        start = t.index(t.strip()[0])
        return _found(text, t, start, start + len(t.strip()), _MARKS[mark])
    said = asked.text if asked is not None else None
    lead = _by_particles(text, t, strong=True, asked=asked) or _leading_english(text, t, marked=True)
    if lead is None and asked is not None:
        lead = _short_first_sentence(text, t, asked, abstains)  # 撤销了。…, 法院认定无效。…
    english = _english_denial_first(text, t) if lead is None and not t.isascii() else None
    lead = lead or english  # Not unlawful, according to the court. 法院认定…: the summary is the answer

    unknown: bool | None = None  # whether the answer says it does not know: read once, on first need

    def says_unknown() -> bool:
        nonlocal unknown
        if unknown is None:
            unknown = bool(said) and bool(
                abstains(text) if abstains is not None else _ABSTAIN.search(t.lower())
            )
        return unknown

    if asked is not None and said:
        found = _by_predicate(text, t, asked)
        disputed = _CLAIM if asked.attitude else _DISPUTED
        if asked.attitude and len(_CLAIM_OR_SAYING.findall(t)) > 1:
            disputed = _CLAIM_OR_SAYING  # 甲说她同意过，乙说没有: two sayings, no finding
        if (
            found is not None
            and _unruled_claim(t, found.end - 1, disputed)
            and (
                len(disputed.findall(t)) > 1
                or _ABSTAIN.search(t.lower())
                or _PENDING.search(t)
                or _NO_RECORD.search(t)
                or says_unknown()
            )
        ):
            return None  # 申请人称“就是维持”，但…无法判断; 公司称已支付，劳动者称从未收到: claims only
        if (
            found is not None
            and _unsure(t, says_unknown)
            and (
                _disputed_unruled(t, found)
                or (_IN_DISPUTE.search(t) and not _ruled(t))
                or _asks_itself(text, t, asked)
            )
        ):
            return None  # 签名笔迹有争议，申请了笔迹鉴定，结果还没出来: disputed, and nobody has ruled
        if found is not None and not found.value and asked.ruling and _NOT_DECIDED.search(t):
            return None  # 卷宗只到庭审阶段，没有判决书: the decision is still to come, not refused
        if found is not None and found.value and asked.whole and (whole := _NOT_THE_WHOLE.search(t)):
            return _found(text, t, whole.start(), whole.end(), False)  # …百分之三十…，而非全部
        if found is not None and found.definite and _BOTH_WAYS.search(t):
            return _indefinite(found, "hedge")
        if _says_neither(t) or _NEITHER_PROVEN.search(t):
            return None  # 既没有承认也没有否认, 既不能证明…也不能证明…: neither
        if _cannot_tell_what_is_asked(text, t, asked):
            return None  # 无法判断是否在法定期限内: the answer says it cannot tell what is asked
        if (
            found is not None
            and found.definite
            and _TIME_OR_ROLE_AFTER.match(t, found.end)
            and says_unknown()
        ):
            return None  # 上诉期尚未届满，不清楚他会不会上诉: the act only names a period, and it cannot tell
        if found is not None:
            if english is not None and found.value != english.value:
                return english  # The account was never actually frozen. …但…: the Chinese explains it
            if lead is None and _unsure_after(t, found.end, asked):
                return None
            if _done_not_on_time(t, found, asked):
                return lead  # 不是。约定4月15日，实际4月20日还款: the act, but no word of its time
            if lead is not None and found.qualifier == "contradictory" and _SENTENCE_ENDS.match(t, lead.end):
                return lead  # **No.**⏎⏎…: a first sentence of only yes or no decides over a body saying both
            return _with_lead(found, lead, text, t)
        done = _PRO_FORM.search(t)  # 关于她是否提出异议，…她并没有这样做
        if done is not None and lead is None:
            return _found(text, t, done.start(), done.end(), done.group(1) is None)
    if lead is not None:
        return lead
    if says_unknown():
        return None
    found = _by_lexicon(text, t, asked) if not (asked is not None and asked.in_full) else None
    if found is not None and _disputed_unruled(t, found) and _PENDING.search(t):
        return None
    if found is not None and _done_not_on_time(t, found, asked):
        return None  # 退货申请被驳回 for 在七天内申请退货了吗: done, but not said to be on time
    if found is not None and asked is not None and _unsure_after(t, found.end, asked):
        return None  # 上诉状于4月25日递交。…现有材料不足以确定
    if (
        found is not None
        and asked is not None
        and _unruled_claim(t, found.end - 1, _DISPUTED)
        and len(_DISPUTED.findall(t)) > 1
    ):
        return None  # 公司说签过…，员工说从没签过: two accounts, read by the lexicon too
    if found is None and t.isascii():
        found = _english(text, t, asked)
    if found is None:
        found = _by_particles(text, t, strong=False)
    if found is None and not t.isascii() and len(_EN_SENTENCE_WORD.findall(t)) >= 3:
        found = _english(text, t, asked)  # an English sentence in the answer, not an acronym (LPR)
    if found is not None and asked is not None and _asks_itself(text, t, asked) and _unsure(t, says_unknown):
        return None  # 没签合同，…算不算劳动关系，要看…，这一点还在查: it asks itself what is asked
    if (
        found is not None
        and not found.value
        and asked is not None
        and asked.ruling
        and _NOT_DECIDED.search(t)
    ):
        return None  # 尚未宣判。: the decision is still to come
    return found
