"""What a question asks for, read from its wording alone (never from gold data).

``analyse("被告称其以现金方式还款是在哪一天？金额是多少？")`` -> kinds ``("date", "amount")``.
Kinds: amount, date, date_range, time, count, boolean, percent, entity, text. Also: whether a total
or its parts are asked for, the counting unit (``几笔`` -> ``笔``), and whether the question asks
about an inconsistency (``前后说法一致吗``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["Ask", "analyse", "head_noun", "topic_of"]

_DATE_RANGE = re.compile(
    r"从哪天.{0,4}到哪天|哪天.{0,2}到哪天|从哪.{0,6}到哪|起止|哪个时间段|哪一?段时间|时间段|"
    r"从何时到何时|哪天起.{0,4}哪天止|期间是(?:什么|从)"
)
_DATE = re.compile(
    r"哪一天|哪天|哪日|哪一日|什么时候|何时|日期|几号|哪年|哪一年|哪个月|什么日子|什么时间(?!段)"
)
_TIME = re.compile(r"几时几分|几点|具体时间|时刻")
_UNITS = "个月|个人|小时|分钟|次|笔|回|趟|遍|个|名|人|份|张|件|项|起|处|条|位|家|辆|台|部|套|间|本|封|天|日|年|周|岁|页|批|轮|通|期|单"
_COUNT = re.compile(rf"(?:(?<!哪)几|多少)\s*({_UNITS})")
_MONEY_WORD = re.compile(
    r"钱|款|费|金|额|工资|收入|利息(?!率)|价|租|本息|余额|赔|欠|花了|还了|收了|给了|付了|借了|合计|多少元"
)
_MONEY = re.compile(r"多少(?!次|笔|个|项|页|期|张|人|名|日|天|年|岁|份|件|条|回|位)|几万|几千")
_PERCENT = re.compile(r"利率|比例|百分之|费率|几成|百分比")
_BOOLEAN = re.compile(r"是否|有没有|是不是|有无|能否|可否|会不会|对不对|算不算|[^？?]{2,}吗\s*[？?]?\s*$")
_ENTITY = re.compile(
    r"谁|哪个人|哪位|什么名字|叫什么|名字|哪家|哪所|哪个(?:法院|银行|支行|公司|学校|单位|网点|部门|科室)|"
    r"什么地方|哪个地方|哪里|在哪|何处|何地|哪个银行|开户行"
)
_TOTAL = re.compile(r"合计|总共|一共|共计|总计|累计|总额|加起来|共|全部")
_PARTS = re.compile(r"分别|各是|各期|各笔|各多少|每一次|每一笔|每次|哪几|构成|列出|组成|各负担|各自")
_IDENTIFIER = re.compile(r"电话|号码|手机号|微信号|卡号|账号|身份证|车牌")
_DURATION = re.compile(r"多长|多久")
_INCONSISTENCY = re.compile(r"矛盾|不一致|一致吗|一致|前后|说法.{0,4}(?:相同|一样)|是否相符|出入|到底|究竟")
# A question that asks for passages rather than one value: which ones, why, how, on what grounds.
_EVIDENCE = re.compile(r"哪些|为什么|为何|如何|依据|理由|体现|什么作用|具体内容")
_QUESTION_WORDS = re.compile(
    r"(?:请(?:列出|说明|给出)[^？?。]*|分别|各)?(?:是多少|多少钱|是什么|叫什么|是谁|是哪[^？?，,]*|在哪[^？?，,]*|"
    r"有没有|是否|是不是|多少|什么|哪[^？?，,]*|谁|几[^？?，,]*|吗)[？?]?"
)


@dataclass(frozen=True)
class Ask:
    """The kinds of value a question asks for (in the order it asks them) and how."""

    kinds: tuple[str, ...]
    total: bool = False
    parts: bool = False
    unit: str | None = None
    inconsistency: bool = False
    evidence: bool = False  # asks for the passages that show something (哪些/为什么/如何/依据), not a value
    topic: str = ""
    head: str = ""  # the asked-about noun of "X的Y是谁", e.g. 记录人

    def wants(self, kind: str) -> bool:
        return kind in self.kinds


def _first(pattern: re.Pattern[str], text: str) -> int | None:
    m = pattern.search(text)
    return m.start() if m else None


def _positions(q: str) -> dict[str, int | None]:
    count = _COUNT.search(q)
    money = _MONEY.search(q)
    return {
        "date_range": _first(_DATE_RANGE, q),
        "date": _first(_DATE, q),
        "time": _first(_TIME, q),
        "count": count.start() if count else None,
        "percent": _first(_PERCENT, q),
        "amount": money.start() if money and _MONEY_WORD.search(q) else None,
        "boolean": _first(_BOOLEAN, q),
        "entity": _first(_ENTITY, q),
    }


_VALUE_KINDS = ("amount", "count", "date", "date_range", "percent", "time")


def _resolve(pos: dict[str, int | None]) -> dict[str, int | None]:
    """Drop kinds that a more specific one explains: a percent is no amount, a range no single date,
    and when a value is asked for, ``哪里``/``是否`` around it do not ask for a name or a yes/no."""
    if pos["date_range"] is not None:
        pos["date"] = None
    if pos["percent"] is not None:
        pos["amount"] = None
    if pos["time"] is not None and pos["date"] is None:
        pos["date"] = pos["time"]  # the time of an event: give its day as well
    if any(pos[k] is not None for k in _VALUE_KINDS):
        pos["entity"] = None
        pos["boolean"] = None
    return pos


def topic_of(question: str) -> str:
    """The question without its question words: ``顾主任的手机号码是多少？`` -> ``顾主任的手机号码``."""
    text = re.sub(r"^[（(][^）)]*[）)]", "", question.strip())
    first = re.split(r"[？?]", text)[0]
    topic = _QUESTION_WORDS.sub("", first).strip("，,。 ")
    topic = re.sub(r"(?:是|从|在|向|于|到)$", "", topic)
    return topic or first.strip("，,。？? ")


_NAME_WORDS = re.compile(r"(?:的)?(?:全名|名字|姓名|名称)$")


def head_noun(topic: str) -> str:
    """The thing a "X的Y是谁/是什么" question asks about: ``本次讯问的记录人`` -> ``记录人``
    (empty when the topic has no such head)."""
    core = _NAME_WORDS.sub("", topic.strip())
    head = core.rsplit("的", 1)[-1].strip("，,。 ") if "的" in core else ""
    return head if 2 <= len(head) <= 8 else ""


def analyse(question: str) -> Ask:
    """Read the kinds a question asks for; ``text`` when nothing more specific is asked."""
    q = question.strip()
    if _IDENTIFIER.search(q) or _DURATION.search(q):
        pos: dict[str, int | None] = {"text": 0}
    else:
        pos = _resolve(_positions(q))
    kinds = tuple(
        k for k, p in sorted(((k, p) for k, p in pos.items() if p is not None), key=lambda kv: kv[1])
    )
    unit = m.group(1) if (m := _COUNT.search(q)) else None
    return Ask(
        kinds=kinds or ("text",),
        total=bool(_TOTAL.search(q)),
        parts=bool(_PARTS.search(q)),
        unit=unit,
        inconsistency=bool(_INCONSISTENCY.search(q)),
        evidence=bool(_EVIDENCE.search(q)),
        topic=topic_of(q),
        head=head_noun(topic_of(q)),
    )
