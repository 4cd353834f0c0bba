"""Whether an answer names the expected text or entity (docs/scoring/fact_exact.md, "Text and names").

Each accepted answer (``text_answer`` / ``entity``: a string or a list of them) is tried in turn on what
the answer asserts (its conclusion; its quotations too when the conclusion alone names nothing), in
the forms of ``scorers.text_forms`` (canonical, then without the words that do not decide). Rules, in
order:

1. **numbers**: every number of the reference is a whole number of the answer (``0.9%`` is not in
   ``10.9%``, ``6%`` not in ``0.6%``; ``十五日`` and ``15天`` both state 15), else a mismatch;
2. **contains**: the answer's core holds the reference's core (``被告金华公司`` is answered by
   ``金华公司``, ``十五日`` by ``15天内``, ``江州市临川区人民法院`` by ``临川区法院``);
3. **head**: the answer holds the reference but for its last word: a leading part of at least
   ``HEAD_SHARE`` of the reference's core, leaving out two or three characters (``听雨轩`` for
   ``听雨轩茶楼``), not followed by another word of the same kind (``听雨轩酒楼``);
   **short** (entities, and a text whose reference names an organisation): the name's usual short
   form, ``_short_name`` (``恒岳建材公司`` for ``江州恒岳建材贸易有限公司``, ``明正司法鉴定所`` for
   ``江州明正司法鉴定所``, ``江岳律所`` for ``澜州江岳律师事务所``);
4. **tokens**: jieba's words of the reference (not its region, stop words or numbers), weighted by
   their length: the share found in the answer is at least ``TOKEN_THRESHOLD``
   (``梧桐支行（江州惠民银行）`` for ``江州惠民银行梧桐支行``), and no word of the reference is replaced by
   other text between two words that are found (``江州惠民银行东湖支行``). jieba is loaded only when
   this rule is reached.

What rules 2 and 3 find must also be asserted: not negated (``不是蒲立恒``, ``未承诺全额退还``: a mismatch),
not bounded (``大专以下``: a mismatch), not hedged
(``可能是蒲立恒``, ``…吧``: an omission), and not one of several alternatives (``蒲立恒或顾主任``) or, for
an entity, of a list of names without saying which one answers (``贺承舟、符晓川`` when one person is
asked; ``审判员蔺书衡、书记员郜以宁`` says which): a mismatch.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from benchmark.text.found import NEGATORS
from benchmark.text.pairs import HAN_PAIR as _HAN_PAIR
from scorers.result import MATCH, MISMATCH, OMISSION
from scorers.text_forms import (
    KINSHIP_WORDS,
    LOCATIVES,
    MIN_BODY,
    NO_CUE,
    AnswerText,
    Clause,
    Reference,
    Sentence,
    canonical,
    core,
    reference_words,
)

__all__ = ["HEAD_SHARE", "TOKEN_THRESHOLD", "TextVerdict", "match_references", "reference_words"]

HEAD_SHARE = 0.6
TOKEN_THRESHOLD = 0.8

_NEGATED = re.compile(
    rf"(?:{NEGATORS}|不会|不在|不能|不再|(?<![差要])不|not|never|isnt|wasnt)"
    r"(?:承诺|答应|同意|说过?|打算|愿意|想|肯|准备)?(?:是|为|在)?$"
)  # a verb of saying or committing may stand between: 未承诺全额退还
# A bound after the reference: ``大专以下`` is below it, ``15日以上`` more than it.
_BOUND_AFTER = re.compile(r"^(?:以下|以上|以外|之外|之上|之下)")
# After a reference, words that make it something else: another person of theirs (``蒲立恒的朋友``), a
# level not completed (``大专肄业``, ``本科在读``). Used with ``match`` at the reference's end.
_OTHER_AFTER = re.compile(
    f"(?:的|之)?(?:{'|'.join(KINSHIP_WORDS)}|妻|夫|朋友|同事|同学|亲戚|家人|老婆|老公|老板|"
    "员工|下属|手下|司机|秘书|助理|介绍的人|肄业|在读|未毕业|没毕业|"
    "集团|总公司|母公司|子公司|分公司|支公司|分行|支行|营业部|办事处|分店|分所|分局|"
    "[\u4e00-\u9fff]{2,6}?(?:派出所|监管所|管理所|税务所|司法所|中队|大队|支队|人民法庭|法庭|工作站))"
)  # an organisation of the same name above or below it (青禾茶业集团 for 青禾茶业有限公司, …分局鹭汀派出所)
#: A branch's word (``…澜州中心支公司``): a reference that names a branch is not named by its head.
_BRANCH = re.compile("分公司|支公司|分行|支行|营业部|办事处|分店|分所|分局|分理处|中心支")
#: What may stand right before a charge (``构成受贿罪``, ``以受贿罪``, ``受贿罪``); other words before it make
#: it another charge (``利用影响力受贿罪``, ``单位受贿罪``).
_BEFORE_CHARGE = re.compile(
    r"(?:^|[^\u4e00-\u9fff]|犯有?|构成|以|涉嫌|认定为?|定为|判为|改判为?|变更为|定性为|罪名[是为]?|成立|"
    r"[为是系的]|被控|指控)$"
)
_HEDGE = re.compile(
    r"(?<!不)(?:可能|也许|或许)|好像|似乎|大概|估计|恐怕|应该是|兴许|貌似|印象中|听说|(?<!根)据说|不确定|说不准|"
    r"maybe|perhaps|probably|possibly|might|ithink|iguess|notsure"
)
_HEDGE_AFTER = re.compile(r"^.{0,6}?(?:吧|吗)")
#: Hedges that are also words of degree: no hedge when the question asks about a rough value (大概是多少？).
_DEGREE_WORDS = frozenset({"大概"})
_APPROX_BEFORE = re.compile(
    r"(?:(?<![合契条公节预签违履相制立邀])约|大约|将近|接近|差不多|近|about|around|approximately|roughly|nearly)$"
)
_APPROX_AFTER = re.compile(r"^(?:左右|上下|许|orso)")
_ASKS_ABOUT = re.compile(r"约|大概|左右|approximately|about|roughly", re.IGNORECASE)  # 面积约多少？
_ALTERNATIVES = re.compile(r"\s*(?:或者|或是|抑或|还是|要么|或|\bor\b)\s*", re.IGNORECASE)
_ENUMERATION = re.compile(r"\s*(?:、|以及|和|与|及|跟|,|\band\b)\s*", re.IGNORECASE)
_LABEL = re.compile(r"^.{0,12}?[:：]|^(?:是|为|系|答)|^.{0,10}?(?:包括|包含|分别是|分别为)")
_ASKED_LABEL = re.compile(r"^(.{2,12}?)(?:为|是|系|有|包括|包含)")
_VERBISH = re.compile(r"[是为说在了有把被给向将会能让叫]")
#: Words after a list of names that say the act was all of theirs (``A和B都表示了谅解``).
_TOGETHER = re.compile("都|均|皆|一起|共同|分别|同时")
# A negator (the core writes 没有/并未/尚未 as 未 and 无法 as 不能), not in 非常, 是否, 无论, 不仅, 别人 …
_NEGATION = re.compile(
    "未|没|毋|莫|(?<!是)否(?!则)|不(?![仅但论管只过])|无(?![论数])|非(?!常)|别(?![人的处])"
)
_PERIOD_BEFORE = re.compile(
    r"(年|月|日|周)(?:利率|息|化利率|化|费率|率)[为是按]?(?:按)?$|(annual|yearly|monthly|daily)(?:interest)?(?:rate)?(?:of)?$"
)
_PERIOD_AFTER = re.compile(r"(?:per|a|each)(year|annum|month|day|week)")
_PERIOD_OF = {
    "年": "year", "月": "month", "日": "day", "周": "week", "annual": "year", "yearly": "year", "annum": "year",
    "year": "year", "monthly": "month", "month": "month", "daily": "day", "day": "day", "week": "week",
}  # fmt: skip
#: Words that say what kind of place or organisation a name is: the last word a reference may leave out.
KIND_WORDS = (
    "茶楼", "茶馆", "茶社", "酒楼", "饭店", "酒店", "宾馆", "餐厅", "饭馆", "咖啡馆", "会所", "大厦", "广场",
    "商场", "超市", "市场", "小区", "花园", "公寓", "支行", "分行", "营业部", "储蓄所", "银行", "集团",
    "幼儿园", "小学", "中学", "大学", "学院", "学校", "医院", "诊所", "卫生院", "派出所", "律师事务所",
    "事务所", "工厂", "门店", "专卖店", "商店", "商行", "工作室", "酒吧",
)  # fmt: skip
_KIND = re.compile("|".join(sorted(KIND_WORDS, key=len, reverse=True)))
_KIND_LAST = re.compile(f"(?:{_KIND.pattern})$")


@dataclass(frozen=True)
class TextVerdict:
    status: str  # match | mismatch | omission
    rule: str  # numbers | contains | head | tokens | negated | bound | hedge | alternatives | list | none
    reason: str
    reference: str
    share: float | None = None  # the tokens rule's share, when it was reached


def match_references(
    refs: Sequence[Reference],
    views: Sequence[AnswerText],
    question: str,
    entity: bool,
    evidence: Sequence[str] = (),
) -> TextVerdict:
    """The first accepted answer the answer names, else the most telling failure (see the module doc).
    ``evidence``: the question's ``must_include`` texts in canonical form (``canonical``: a scorer
    reads them once per question); they tell a rate's period."""
    failures: list[TextVerdict] = []
    for ref in refs:
        for view in views:
            verdict = _match(ref, view, question, entity, evidence)
            if verdict.status == MATCH:
                return verdict
            failures.append(verdict)
    return min(failures, key=_telling)


def _telling(v: TextVerdict) -> int:
    """Failures that say what the answer did with the reference first."""
    return {
        "negated": 0,
        "bound": 0,
        "hedge": 0,
        "alternatives": 0,
        "list": 0,
        "numbers": 1,
        "tokens": 2,
    }.get(v.rule, 3)


def _match(
    ref: Reference, view: AnswerText, question: str, entity: bool, evidence: Sequence[str]
) -> TextVerdict:
    if (
        entity
        and _BRANCH.search(ref.text)
        and not _BRANCH.search(view.text)
        and _branch_alone(ref, view, question) is None
    ):
        reason = f"answer names no branch, and {ref.text!r} is one (its head is another party)"
        return TextVerdict(MISMATCH, "other", reason, ref.text)
    head_company = _ORGANISATION_LAST.search(ref.canonical) is not None and not _BRANCH.search(ref.text)
    if head_company and _BRANCH.search(view.text) and ref.pattern.search(view.core):
        reason = f"answer names a branch of {ref.text!r}, another party"
        return TextVerdict(MISMATCH, "other", reason, ref.text)  # …有限公司枫屿分公司 for …有限公司
    longer = _longer_company(ref, view)
    if longer is not None:
        reason = f"answer names {longer!r}, another company than {ref.text!r}"
        return TextVerdict(MISMATCH, "other", reason, ref.text)  # 栖梧科技发展有限公司 for 栖梧科技有限公司
    role = _another_party_role(view.text, ref, question) if entity else None
    if role is not None:  # 司马奕是该公司的股东 for 法定代表人是谁
        return TextVerdict(MISMATCH, "other", f"answer names {ref.text!r} as the {role}", ref.text)
    bulleted = _bulleted(ref, view, question) if entity else None
    if bulleted is not None:
        return bulleted  # 签字的人有：⏎- 慕容璟⏎- 欧阳霁川: a list, one item a line
    asks_role = entity and _ASKS_ROLE.search(question) is not None  # then the role given is read
    if not asks_role and _plainly_named(ref, view):  # what rule 3 and its clause's reading would conclude
        return TextVerdict(MATCH, "contains", f"answer contains {ref.text!r}", ref.text)
    missing = [n for n in ref.numbers if n not in view.numbers]
    if missing:
        reason = f"answer does not state the number(s) {', '.join(missing)} of {ref.text!r}"
        return TextVerdict(MISMATCH, "numbers", reason, ref.text)
    other = _other_period(ref, view, evidence)
    if other is not None:
        return other
    if view.core and view.core.replace("~", "|") == "|".join(ref.numbers):
        return TextVerdict(MATCH, "numbers", f"answer is the number of {ref.text!r}", ref.text)
    if ref.pattern.search(view.core):
        return _asserted(ref.pattern, ref, view, question, entity, "contains", "contains")
    plate = _PLATE.search(ref.canonical)
    if plate is not None and plate.group() in view.core:
        pattern = re.compile(re.escape(plate.group()))
        return _asserted(pattern, ref, view, question, entity, "contains", "names the plate of")
    head = _head(ref, view)
    if head is not None:
        return _asserted(head, ref, view, question, entity, "head", "holds all but the last word of")
    organisation = entity or _ORGANISATION_LAST.search(ref.canonical) is not None  # 澜州青禾茶业有限公司
    short = _short_name(ref, view) if organisation else None
    if short is not None:
        return _asserted(short, ref, view, question, entity, "short", "names by its short form")
    branch = _branch_alone(ref, view, question)
    if branch is not None:
        return _asserted(branch, ref, view, question, entity, "short", "names by its own name the branch")
    return _by_tokens(ref, view, question)


#: More words of a name, then a company's legal form, after where a company's name ends in an answer.
_MORE_OF_A_COMPANY = re.compile("[\u4e00-\u9fff]{1,6}?(?:股份有限公司|有限责任公司|有限公司|公司)")


def _longer_company(ref: Reference, view: AnswerText) -> str | None:
    """The longer company name the answer gives wherever it names the reference's company: its name
    goes on with more words before the legal form (``澜溪栖梧科技发展有限公司`` for ``澜溪栖梧科技有限公司``);
    None when any mention ends where the reference's name does."""
    form = _COMPANY_WORDS.search(ref.canonical)
    if form is None or form.end() != len(ref.canonical):
        return None
    text = view.canonical
    name = ref.canonical[: form.start()]
    if name not in text:
        name = ref.body  # the name without its leading region (临江县青川建材: 青川建材)
    if len(name) < 4:
        return None
    at = text.find(name)
    longer = None
    while at >= 0:
        more = _MORE_OF_A_COMPANY.match(text, at + len(name))
        if more is None or _COMPANY_WORDS.match(more.group()):
            return None
        longer = longer or name + more.group()
        at = text.find(name, at + 1)
    return longer


#: A vehicle's plate in a canonical text (``汀a7k39x``): it names the vehicle on its own.
_PLATE = re.compile("[\u4e00-\u9fff][a-z](?=[a-z0-9]{0,5}[0-9])[a-z0-9]{5,6}(?![a-z0-9])")


def _plainly_named(ref: Reference, view: AnswerText) -> bool:
    """A reference no rule rewrites, folded, is in a sentence without a cue character, and not
    followed by words that make it someone or something else (``_OTHER_AFTER``): rules 1 to 3 and the
    reading of that sentence's clause would match it (a test checks they do)."""
    plain = ref.plain
    if plain is None:
        return False
    for s in view.plain_sentences:
        at = s.find(plain)
        if at >= 0 and _OTHER_AFTER.match(s, at + len(plain)) is None and _whole_charge(plain, s, at):
            return True
    return False


def _whole_charge(reference: str, text: str, at: int) -> bool:
    """Whether a reference that is a charge (``受贿罪``) stands in ``text`` at ``at`` as the whole charge, not
    the end of another one (``利用影响力受贿罪``); any other reference does."""
    return not reference.endswith("罪") or _BEFORE_CHARGE.search(text, 0, at) is not None


def _other_period(ref: Reference, view: AnswerText, evidence: Sequence[str]) -> TextVerdict | None:
    """A rate given for another period than the reference's (or, when it names none, the evidence's):
    ``年利率0.9%`` when the contract says ``月利率0.9%``."""
    for number in ref.numbers:
        if not number.endswith(("%", "‰")):
            continue
        want = period(ref.canonical, number) or _evidence_period(evidence, number)
        said = {p for at in _positions(view.canonical, number) if (p := period(view.canonical, number, at))}
        if want is not None and said and want not in said:
            reason = f"answer gives {number} as a rate per {'/'.join(sorted(said))}, not per {want}"
            return TextVerdict(MISMATCH, "period", reason, ref.text)
    return None


def _positions(text: str, number: str) -> list[int]:
    return [m.start() for m in re.finditer(rf"(?<![0-9.]){re.escape(number)}", text)]


def period(text: str, number: str, at: int | None = None) -> str | None:
    """The period (年/月/日) a canonical text gives the rate ``number`` at ``at`` (its first
    occurrence when None): ``月利率0.9%``, ``年化7.2%``, ``0.9%permonth``."""
    if at is None:
        places = _positions(text, number)
        if not places:
            return None
        at = places[0]
    before = _PERIOD_BEFORE.search(text[max(0, at - 8) : at])
    if before is not None:
        return _PERIOD_OF[before.group(1) or before.group(2)]
    after = _PERIOD_AFTER.match(text, at + len(number))
    return _PERIOD_OF[after.group(1)] if after is not None else None


def _evidence_period(evidence: Sequence[str], number: str) -> str | None:
    """The period the question's evidence (canonical) gives ``number``."""
    for text in evidence:
        found = period(text, number)
        if found is not None:
            return found
    return None


def _head(ref: Reference, view: AnswerText) -> re.Pattern[str] | None:
    body = ref.body
    kind = _KIND_LAST.search(body)
    if kind is None or kind.start() < HEAD_SHARE * len(body) or kind.start() < 2:
        return None
    head = re.compile(re.escape(body[: kind.start()]))
    m = head.search(view.core)
    if m is None or _KIND.search(view.core, m.end(), m.end() + 5):
        return None  # 听雨轩酒楼: another place of the same name
    return head


#: What may stand right before a short name in the answer: nothing, a mark, a label's verb, a role.
_BEFORE_NAME = re.compile(
    r"(?:^|[^\u4e00-\u9fff]|[是为系由：:]|原告|被告|保证人|出借人|借款人|出租人|承租人)$"
)
_COMPANY_WORD = re.compile("公司")
_COMPANY_WORDS = re.compile("股份有限公司|有限责任公司|有限公司|公司")
#: The last character of a place name that a shorter name may open with (澜州青禾茶业有限公司).
_PLACE_END = frozenset("州市县区省镇乡")
#: A reference that names an organisation: its short form answers a text question too.
_ORGANISATION_LAST = re.compile(f"(?:公司|{_KIND.pattern})$")


def _short_name(ref: Reference, view: AnswerText) -> re.Pattern[str] | None:
    """A name's usual short form (rule 3b, entities): the reference's core without a leading place of
    two or three characters (``明正司法鉴定所`` for ``江州明正司法鉴定所``) and, for a company, without the
    words of its trade after its name (``恒岳建材公司`` for ``江州恒岳建材贸易有限公司``), standing in the
    answer as a name of its own (not inside a longer one: ``江州鼎盛建材贸易``, ``江州恒岳建设工程``). A
    leading place is left out only from a name of eight characters or more (before its short forms, after
    its company words), or when it ends as a place does (州/市/县/区/省/镇/乡: ``澜州青禾茶业有限公司``): a
    shorter one may have no place before its name. What is kept is at least ``MIN_BODY`` characters."""
    body = ref.body if ref.region else ref.core  # an answer may leave out a leading region
    if len(body) < 6 or not all("\u4e00" <= c <= "\u9fff" for c in body):
        return None
    company = _COMPANY_WORD.search(ref.canonical) is not None
    long = len(_COMPANY_WORDS.sub("", ref.canonical)) >= 8  # 澜州江岳律师事务所: its core is 澜州江岳律所
    starts = (0, 2, 3) if long else (0, *(n for n in (2, 3) if body[n - 1] in _PLACE_END))  # 澜州青禾茶业
    for start in starts:
        ends = range(len(body), start + MIN_BODY - 1, -1) if company else (len(body),)
        for end in ends:
            if (start, end) == (0, len(body)) or (end < len(body) and len(body) - end < 2):
                continue  # the whole core is rule 2's; a trade is two characters or more
            kept = body[start:end]
            if _stands_alone(kept, view):
                return re.compile(re.escape(kept))
    return None


def _stands_alone(name: str, view: AnswerText) -> bool:
    """Whether ``name`` stands in a clause of the answer as a name of its own: after nothing, a mark, a
    label's verb or a role, and not going on into a longer name (``江州鼎盛建材贸易``)."""
    for clause in view.clauses:
        at = clause.core.find(name)
        while at >= 0:
            stop = at + len(name)
            before = _BEFORE_NAME.search(clause.core, 0, at) is not None
            if before and not (stop < len(clause.core) and "\u4e00" <= clause.core[stop] <= "\u9fff"):
                return True
            at = clause.core.find(name, at + 1)
    return False


#: The end of what a unit is part of, right before the unit's own name at the end of a reference: a
#: bank's or an insurer's name before a branch, a police bureau's before a branch or station, a place's
#: unit before the innermost place (with its committee).
_HEAD_BEFORE_BRANCH = re.compile(
    "(?:银行|农商行|信用社|财险|保险|公司)(?=[\u4e00-\u9fff]{2,6}?(?:支行|分行|支公司|分公司|营业部|分理处)$)"
    "|(?:公安局|分局)(?=[\u4e00-\u9fff]{2,6}?(?:分局|派出所)$)"
    "|(?:[省市县区乡镇]|街道)(?=[\u4e00-\u9fff]{2,4}?(?:乡|镇|街道|村|社区)"
    "(?:村民委员会|居民委员会|村委会|居委会)?$)"
)


#: A question asking which bank, insurer or company (``开户行是哪家银行的哪个支行？``).
_ASKS_HEAD = re.compile("(?:哪家|哪个|哪一家|什么|何)(?:银行|保险公司|保险|公司)")


def _branch_alone(ref: Reference, view: AnswerText, question: str) -> re.Pattern[str] | None:
    """A branch, a police bureau's branch or station, or a town or village, named by its own name
    without what it is part of (``芷陵支行`` for ``棠溪农村商业银行芷陵支行``, ``青苇分局`` for
    ``澜溪市公安局青苇分局``, ``芦湾村`` for ``雩川县苇塘镇芦湾村``): its innermost unit, standing in the
    answer as a name of its own, so that another head's branch of the same name (``溟川银行芷陵支行``) is
    not it. Not when the question asks for the head too (``哪家银行的哪个支行``)."""
    if _ASKS_HEAD.search(question):
        return None
    heads = list(_HEAD_BEFORE_BRANCH.finditer(ref.canonical))
    if not heads:
        return None
    own = core(ref.canonical[heads[-1].end() :], False)  # the innermost: 雩川县苇塘镇芦湾村 -> 芦湾村
    return re.compile(re.escape(own)) if _stands_alone(own, view) else None


def _asserted(
    pattern: re.Pattern[str],
    ref: Reference,
    view: AnswerText,
    question: str,
    entity: bool,
    rule: str,
    how: str,
) -> TextVerdict:
    """A match, unless every clause that holds it negates, hedges or lists it (asides in brackets are
    read only when no clause holds it outside them; a reference across clauses is a match). For an
    entity, a name the answer gives only the other role of a pair the question asks is no match."""
    role = _other_role(view.text, ref.body, question) if entity and ref.body else None
    if role is not None:
        return TextVerdict(MISMATCH, "other", f"answer names {ref.text!r} as the {role}", ref.text)
    if NO_CUE.fullmatch(view.text):  # no negation, hedge, bound or list could qualify it
        m = pattern.search(view.core)
        if m is not None and not _whole_charge(ref.core, view.core, m.start()):
            return TextVerdict(MISMATCH, "other", f"answer names another charge than {ref.text!r}", ref.text)
        other = _OTHER_AFTER.match(view.core, m.end()) if m is not None else None
        if other is not None:
            named = ref.text + other.group()
            return TextVerdict(MISMATCH, "other", f"answer names {named!r}, not {ref.text!r}", ref.text)
        return TextVerdict(MATCH, rule, f"answer {how} {ref.text!r}", ref.text)
    notes: list[TextVerdict] = []
    for aside in (False, True):
        for clause in view.clauses:
            m = pattern.search(clause.whole if aside else clause.core)
            if m is None:
                continue
            note = _qualified(clause, m, ref, question, entity and not aside)
            if note is None:
                return TextVerdict(MATCH, rule, f"answer {how} {ref.text!r}", ref.text)
            notes.append(note)
        if notes:
            return notes[0]
    return TextVerdict(MATCH, rule, f"answer {how} {ref.text!r}", ref.text)


#: Roles that are each other's opposite in one relation: a name given the other role of the pair than the
#: question asks is not the one asked (``出租人覃书朗…`` for ``承租人是谁``).
_OPPOSITE_ROLES = (
    ("出租人", "承租人"), ("出借人", "借款人"), ("出卖人", "买受人"), ("债权人", "债务人"), ("发包人", "承包人"),
    ("被上诉人", "上诉人"), ("被申请人", "申请人"), ("被告人", "被害人"), ("原告", "被告"), ("甲方", "乙方"),
    ("申请执行人", "被执行人"), ("委托人", "受托人"),
)  # fmt: skip
_PAIRED_ROLES = "|".join(sorted({r for pair in _OPPOSITE_ROLES for r in pair}, key=len, reverse=True))
_ROLE_BEFORE = re.compile(f"({_PAIRED_ROLES})(?:是|为|系)?$")
#: A role given right after a name (``皇甫星河系被告的委托诉讼代理人``: the defendant's, not the plaintiff's).
_ROLE_AFTER = re.compile(f"(?:系|是|为|作为)({_PAIRED_ROLES})")
_ASKS_ROLE = re.compile(_PAIRED_ROLES)  # the longer role first: 被告人 asked is not 被告


def _other_role(text: str, name: str, question: str) -> str | None:
    """The role of the pair the question asks about that is not the asked one, when the text gives it to
    every mention of ``name`` (``出租人覃书朗将房屋租给了戴秋萍`` for ``承租人是谁``)."""
    asked = set(_ASKS_ROLE.findall(question))
    at = text.find(name)
    given: set[str] = set()
    while at >= 0:
        m = _ROLE_BEFORE.search(text, max(0, at - 7), at) or _ROLE_AFTER.match(text, at + len(name))
        if m is None:
            return None
        given.add(m.group(1))
        at = text.find(name, at + 1)
    for pair in _OPPOSITE_ROLES:
        if len(asked & set(pair)) == 1 and given and given <= set(pair) - asked:
            return given.pop()
    return None


def _qualified(
    clause: Clause, m: re.Match[str], ref: Reference, question: str, entity: bool
) -> TextVerdict | None:
    before, after = m.string[: m.start()], m.string[m.end() :]
    if _NEGATED.search(before) or (entity and _denies_of(after, question)):
        return TextVerdict(MISMATCH, "negated", f"answer denies {ref.text!r}", ref.text)
    role = _another_party_role(clause.text, ref, question) if entity else None
    if role is not None:
        return TextVerdict(MISMATCH, "other", f"answer names {ref.text!r} as the {role}", ref.text)
    if m.group().startswith(ref.core) and not _whole_charge(ref.core, before, len(before)):
        return TextVerdict(MISMATCH, "other", f"answer names another charge than {ref.text!r}", ref.text)
    if _BOUND_AFTER.match(after):
        return TextVerdict(MISMATCH, "bound", f"answer gives a bound on {ref.text!r}, not it", ref.text)
    other = _OTHER_AFTER.match(after)
    if other is not None:
        named = ref.text + other.group()
        return TextVerdict(MISMATCH, "other", f"answer names {named!r}, not {ref.text!r}", ref.text)
    hedges = _HEDGE.findall(before)
    asks_about = _ASKS_ABOUT.search(question) is not None
    if (hedges and not (asks_about and set(hedges) <= _DEGREE_WORDS)) or _HEDGE_AFTER.match(after):
        return TextVerdict(OMISSION, "hedge", f"answer only hedges {ref.text!r}", ref.text)
    approximate = _APPROX_BEFORE.search(before) or _APPROX_AFTER.match(after)
    if m.group()[:1].isdigit() and approximate and not asks_about:
        return TextVerdict(OMISSION, "hedge", f"answer only approximates {ref.text!r}", ref.text)
    return _listed(clause, m.re, ref, question, entity)


#: Roles a person has in a case file besides the pairs of ``_OPPOSITE_ROLES`` (a role asked and another
#: one given are read only from these and the pairs).
_OTHER_PARTY_ROLES = (
    "保证人", "担保人", "中间人", "介绍人", "证人", "见证人", "代理人", "辩护人", "第三人", "法定代表人",
    "实际控制人", "股东", "监护人", "鉴定人", "经办人", "收款人", "付款人", "签字人",
)  # fmt: skip
_PARTY_ROLES = "|".join(
    sorted({*_OTHER_PARTY_ROLES, *(r for pair in _OPPOSITE_ROLES for r in pair)}, key=len, reverse=True)
)
_GIVEN_ROLE = re.compile(
    f"(?:为|是|系)(?:[\u4e00-\u9fff]{{0,4}}?的|本案)?({_PARTY_ROLES})(?![\u4e00-\u9fff])"
)
_ASKED_PARTY_ROLE = re.compile(_PARTY_ROLES)


def _another_party_role(text: str, ref: Reference, question: str) -> str | None:
    """The role a text gives right after every mention of the name when it is another one than every
    role the question asks (``乐正鸣珂为出借人``, ``司马奕是该公司的股东`` for ``…的中间人是谁？``); None
    when the question asks none or a mention is given none, or the role asked."""
    asked = set(_ASKED_PARTY_ROLE.findall(question))
    at = text.find(ref.text) if asked else -1
    role = None
    while at >= 0:
        given = _GIVEN_ROLE.match(text, at + len(ref.text))
        if given is None or given.group(1) in asked:
            return None
        role = role or given.group(1)
        at = text.find(ref.text, at + 1)
    return role


# A negator right after a name: the name is the subject of a denied predicate (柏书瑶未表示谅解).
_NEGATED_AFTER = re.compile(r"(?:并|都|也|则|却|从)?(?:未|没有|没|不|不曾|非)")


def _denies_of(after: str, question: str) -> bool:
    """The words after a name deny what the question asks of it: a negator, then words the question
    shares (``谁表示了谅解？``: ``柏书瑶未表示谅解``)."""
    m = _NEGATED_AFTER.match(after)
    if m is None:
        return False
    return bool(set(_HAN_PAIR.findall(after[m.end() :])) & set(_HAN_PAIR.findall(question)))


def _listed(
    clause: Clause, pattern: re.Pattern[str], ref: Reference, question: str, entity: bool
) -> TextVerdict | None:
    """Alternatives (``A或B``), or for an entity a list of names (``A、B``, ``A和B都…``), without saying
    which."""
    alternatives = len(_ALTERNATIVES.split(clause.text)) > 1
    splitter = _ALTERNATIVES if alternatives else _ENUMERATION if entity else None
    if splitter is None:
        return None
    text = clause.text
    together = _TOGETHER.search(text) if entity and not alternatives else None
    if together is not None:
        text = text[: together.start()]  # 甘立群和柏书瑶都表示了谅解: the names before 都 are the list
    items = [core(canonical(_without_label(part.strip(), question)), False) for part in splitter.split(text)]
    items = [it for it in items if it]
    holding = [it for it in items if pattern.search(it)]
    others = [it for it in items if not pattern.search(it) and it not in ref.core]
    if not holding or not others:
        return None
    longest = max(8, len(ref.core) + 4)
    if any(len(it) > longest or _VERBISH.search(pattern.sub("", it)) for it in items):
        return None  # not a plain list of names or values: 通过本院或者直接向…法院提出上诉
    if alternatives:
        return TextVerdict(
            MISMATCH, "alternatives", f"answer offers {ref.text!r} as one of several alternatives", ref.text
        )
    label = pattern.sub("", holding[0])
    if label and set(_HAN_PAIR.findall(label)) & set(_HAN_PAIR.findall(question)):
        return None  # 审判员蔺书衡、书记员郜以宁: the label says which
    shown = "、".join(items)
    return TextVerdict(MISMATCH, "list", f"answer lists {shown} without saying which one answers", ref.text)


#: A line of a bulleted or numbered list: its text.
_BULLET = re.compile(r"^[ \t]*(?:[-*•+]|[0-9]{1,2}[.、)）])[ \t]*(\S.*)$", re.MULTILINE)


def _bulleted(ref: Reference, view: AnswerText, question: str) -> TextVerdict | None:
    """A list of names one a line (Markdown bullets or numbers) read as ``_listed`` reads ``A、B``."""
    items = _BULLET.findall(view.text)
    if len(items) < 2:
        return None
    asked = set(_HAN_PAIR.findall(question))
    for item in items:
        label = item.replace(ref.text, "") if ref.text in item else None
        if label is not None and set(_HAN_PAIR.findall(label)) & asked:
            return None  # - 借款人：钟离墨⏎- 保证人：尉迟霜: the line's label says which
    joined = "、".join(item.strip() for item in items)
    return _listed(Clause(joined, joined, joined), ref.pattern, ref, question, True)


def _without_label(part: str, question: str) -> str:
    """An item of a list without its label: ``X：`` or a leading 是/为/系/答, and a label the question
    names before 为/是/系 (``保证人为诸葛明远``: the whole list's label, which says nothing of which item)."""
    part = _LABEL.sub("", part, count=1)
    m = _ASKED_LABEL.match(part)
    if m is not None and set(_HAN_PAIR.findall(m.group(1))) & set(_HAN_PAIR.findall(question)):
        return part[m.end() :]
    return part


def _by_tokens(ref: Reference, view: AnswerText, question: str) -> TextVerdict:
    """The token rule, in the answer's sentence that shares the most with the reference (its words
    and every number of the reference must be in one sentence: a long answer has many numbers).
    A reference whose words the question all holds is named by its numbers (``认定被告已还款55000元``
    for ``法院如何认定还款金额？``: ``被告已还款55000元``), and the answer's sentence must negate something
    when the reference does, and only then (``原告已提交证据`` is not ``原告未提交证据``)."""
    words = ref.words if view.core else ()
    if not words:
        return TextVerdict(MISMATCH, "none", f"answer does not name {ref.text!r}", ref.text)
    asked = core(canonical(question), False) if question else ""
    own = tuple(w for w in words if w not in asked)
    if not own and ref.numbers and _negates(ref.core) == _negates(view.core):
        # the question gives every word, and the answer states every number
        reason = f"answer states the number(s) of {ref.text!r}; the question gives its words"
        return TextVerdict(MATCH, "tokens", reason, ref.text, 1.0)
    total = sum(len(w) for w in words)
    best: tuple[float, list[str], Sentence] | None = None
    for sentence in view.sentences:
        if any(n not in sentence.numbers for n in ref.numbers):
            continue
        found = [w for w in words if w in sentence.core or (w in LOCATIVES and _any_locative(sentence.core))]
        share = sum(len(w) for w in found) / total
        if best is None or share > best[0]:
            best = (share, found, sentence)
    if best is None or not best[1]:
        return TextVerdict(MISMATCH, "none", f"answer does not name {ref.text!r}", ref.text, 0.0)
    share, found, sentence = best
    shown = f"{len(found)}/{len(words)} words, {share:.0%} of their characters"
    if share < TOKEN_THRESHOLD:
        return TextVerdict(MISMATCH, "tokens", f"answer shares {shown} with {ref.text!r}", ref.text, share)
    objection = _token_objection(ref, view, sentence, words, found)
    if objection is not None:
        rule, reason = objection
        return TextVerdict(MISMATCH, rule, reason, ref.text, share)
    return TextVerdict(MATCH, "tokens", f"answer shares {shown} with {ref.text!r}", ref.text, share)


def _token_objection(
    ref: Reference, view: AnswerText, sentence: Sentence, words: tuple[str, ...], found: list[str]
) -> tuple[str, str] | None:
    """Why a sentence that shares enough words with the reference still does not name it (rule, reason):
    it negates where the reference does not (or the other way), names a wider place, a branch, another
    place, or puts other words in place of one of the reference's."""
    if _negates(ref.core) != _negates(sentence.core):
        how = "denies" if _negates(sentence.core) else "affirms"
        return "negated", f"answer {how} what {ref.text!r} {'affirms' if how == 'denies' else 'denies'}"
    left_out = _inner_place_left_out(ref, sentence.core)
    if left_out is not None:
        return "tokens", f"answer names a wider place than {ref.text!r}: it leaves out {left_out!r}"
    if _BRANCH.search(view.text) and not _BRANCH.search(ref.text):
        return "other", f"answer names a branch, and {ref.text!r} is none"
    other_place = _other_place(ref, sentence.core)
    if other_place is not None:
        return "tokens", f"answer names another place than {other_place!r} of {ref.text!r}"
    replaced = _replaced(words, found, sentence.clauses)
    if replaced:
        return "tokens", f"answer puts other words in place of {replaced!r} of {ref.text!r}"
    swapped = _other_number(ref, sentence.core)
    if swapped is not None:
        return "numbers", f"answer gives {swapped[0]!r} another number than {ref.text!r} does"
    if (kind := _ORGANISATION_END.search(ref.core)) is not None:
        other_kind = _ORGANISATION_END.search(sentence.core)
        if other_kind is not None and kind.group() not in sentence.core:
            return "other", f"answer names a {other_kind.group()!r}, and {ref.text!r} is a {kind.group()!r}"
        inserted = _inserted(words, sentence.core)
        if inserted:
            return "other", f"answer puts {inserted!r} inside the name {ref.text!r}: another body"
    return None


#: What an organisation's name ends with (its kind).
_ORGANISATION_END = re.compile(f"(?:{_KIND.pattern}|委员会|中心|研究院|鉴定所|公司|所|局|院|站|会|委)$")
_NUMBER_AFTER = re.compile(r"([\u4e00-\u9fff]{2})([0-9]+(?:\.[0-9]+)?)")
_REGION_CHARS = frozenset("省市县区州")


def _other_number(ref: Reference, text: str) -> tuple[str, str] | None:
    """A word of the reference that the answer gives another number after (``有期徒刑4年`` where the
    reference says ``有期徒刑3年``), and the reference's number; None when every such word keeps its own."""
    for m in _NUMBER_AFTER.finditer(ref.canonical):
        word, number = m.group(1), m.group(2)
        said = [n.group(2) for n in _NUMBER_AFTER.finditer(text) if n.group(1) == word]
        if said and number not in said:
            return word, number
    return None


def _inserted(words: tuple[str, ...], text: str) -> str:
    """Words of two characters or more put between two consecutive words of an organisation's name
    (``岱沂市劳动人事争议仲裁委员会`` for ``岱沂仲裁委员会``), a region's 市/县/区 aside; empty when none."""
    at = -1
    previous_end = None
    for word in words:
        found = text.find(word, at + 1 if at >= 0 else 0)
        if found < 0:
            return ""
        if previous_end is not None:
            gap = "".join(c for c in text[previous_end:found] if c not in _REGION_CHARS)
            if len(gap) >= 2:
                return gap
        at, previous_end = found, found + len(word)
    return ""


def _inner_place_left_out(ref: Reference, text: str) -> str | None:
    """A place of the reference's region left out after a wider one the answer names (``沧禾市劳动人事争议
    仲裁委员会`` for ``沧禾市东渚区…``: the city's body, not the district's). Leading places may be left
    out, never one inside the region."""
    named = False
    for name, unit in ref.region:
        if name in text:
            named = True
        elif named:
            return name + unit
    return None


def _other_place(ref: Reference, text: str) -> str | None:
    """The reference's innermost place, when the answer puts another place of its kind right before the
    reference's name (``岑州市中级人民法院`` for ``澜州市中级人民法院``)."""
    if not ref.region or len(ref.body) < 2:
        return None
    name, unit = ref.region[-1]
    at = text.find(ref.body)
    while at >= 0:
        before = text[max(0, at - 6) : at]
        if before.endswith(unit) and name not in before and len(before) > len(unit):
            return name + unit
        at = text.find(ref.body, at + 1)
    return None


def _negates(text: str) -> bool:
    """Whether a (core) text negates anything: the token rule does not see a 未 its words leave out."""
    return _NEGATION.search(text) is not None


def _any_locative(text: str) -> bool:
    """Whether a word of place is in ``text``: one stands for another (``内`` for ``里``)."""
    return any(word in text for word in LOCATIVES)


def _replaced(words: tuple[str, ...], found: list[str], clauses: tuple[Clause, ...]) -> str | None:
    """A missing word whose neighbours are found with other text between them (``东湖`` for ``梧桐``),
    or a missing last word whose neighbour is followed by other words (``培训`` for ``咨询``)."""
    have = set(found)
    for i in range(1, len(words)):
        left, word = words[i - 1], words[i]
        right = words[i + 1] if i + 1 < len(words) else None
        if word in have or left not in have or (right is not None and right not in have):
            continue
        for clause in clauses:
            at = clause.core.find(left)
            if at < 0:
                continue
            end = at + len(left)
            if right is None:
                if end < len(clause.core) and clause.core[end].isalpha():
                    return word
            elif clause.core.find(right, end) > end:
                return word
    return None
