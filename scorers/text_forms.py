"""The forms in which a reference and an answer are compared as free text (docs/scoring/fact_exact.md,
"Text and names").

Both sides are read in their canonical form (``benchmark.text.wording.canonical``: numbers in digits,
width, case, whitespace and punctuation folded), then reduced to their **core**: the words below do not
decide whether an answer names the expected thing, so they are rewritten or removed on both sides.

- ``SHORT_FORMS``: the usual short form of an institution's name stands for it (``中级人民法院`` ->
  ``中院``, ``人民法院`` -> ``法院``, ``建设银行`` -> ``建行``), and an education level's full name for its
  short one (``大学专科`` -> ``大专``);
- ``ROLE_WORDS``: a party's role (``被告金华公司`` is ``金华公司``), and ``KINSHIP_WORDS`` at the start of a
  text, a person's relation before their name (``长子闻立峰`` is ``闻立峰``);
- ``COMPANY_WORDS``: a company's legal form (``金华有限公司`` is ``金华公司`` is ``金华``);
- ``WITHIN_WORDS`` after a number or a time unit (``15日内`` is ``15日``);
- ``APPROX_WORDS`` around a number, when the question asks for a span (``多长``, ``期限``, ``多久``:
  ``约两年`` is ``2年``) or a rough value (``大约几点``, ``面积约多少``: ``大概10点`` is ``10点左右``);
- ``的`` between two words (``甘立群的家`` is ``甘立群家``), a pointing word after a person or place
  (``韩科长那边给的`` is ``韩科长给的``), ``之前``/``以前`` and ``之后``/``以后`` after a time (``8月之前`` is
  ``8月前``), ``年末``/``月末`` (``年底``/``月底``), and in an address ``幢`` (``栋``) and the ``室`` after a
  room number (``1503室`` is ``1503``);
- negators of one meaning in one spelling (``没有``/``并未``/``尚未``/``从未``/``未曾`` -> ``未``, ``无法`` ->
  ``不能``: ``没有按约定的期限`` is ``未按约定期限``), and ``用来``/``用作``/``用在`` -> ``用于``;
- ``中华人民共和国`` before the name of a law (``《中华人民共和国民法典》第五百八十五条`` is ``民法典第585条``).

A reference that ends in a word of place (``主卧衣柜内``, ``家中``) is named with any of them
(``LOCATIVES``: ``主卧衣柜里``, ``主卧衣柜中查获``), never without one (``境内`` is not ``境外``).

A reference's **region** is the run of place names it opens with (``江州市临川区`` in
``江州市临川区人民法院``: two to four characters then 省/市/自治区/县/区 each); an answer may leave out
its leading places and the 省/市/县/区 of those it keeps (``临川区法院``, ``江州中院``), as long as what
it names without them is not only a short generic word (at least ``MIN_BODY`` characters).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from benchmark.text.folding import fold
from benchmark.text.jieba_loader import load_jieba
from benchmark.text.wording import canonical, numbers
from scorers.keypoints import STOPWORDS

__all__ = [
    "APPROX_WORDS",
    "COMPANY_WORDS",
    "KINSHIP_WORDS",
    "LOCATIVES",
    "MIN_BODY",
    "NO_CUE",
    "ROLE_WORDS",
    "SHORT_FORMS",
    "WITHIN_WORDS",
    "AnswerText",
    "Clause",
    "Reference",
    "asks_span",
    "core",
    "reference",
    "reference_words",
]

ROLE_WORDS = ("申请执行人", "被上诉人", "被申请人", "被告人", "上诉人", "申请人", "第三人", "原告", "被告")
#: A person's relation before their name, at the start of a text (``长子闻立峰`` is ``闻立峰``).
KINSHIP_WORDS = (
    "长子", "次子", "三子", "幼子", "长女", "次女", "三女", "幼女", "儿子", "女儿", "父亲", "母亲", "妻子", "丈夫",
    "配偶", "胞兄", "胞弟", "胞姐", "胞妹", "哥哥", "姐姐", "弟弟", "妹妹", "孙子", "孙女",
)  # fmt: skip
COMPANY_WORDS = ("股份有限公司", "有限责任公司", "有限公司", "公司")
WITHIN_WORDS = ("以内", "之内", "内")
APPROX_WORDS = ("大约", "大概", "约", "左右")
#: Words of place after a noun, one as good as another (``衣柜内`` = ``衣柜里`` = ``衣柜中``).
LOCATIVES = ("里面", "里头", "之中", "当中", "之内", "中", "内", "里")
#: (long form, the short form that stands for it), longest first within each family.
SHORT_FORMS = (
    ("最高人民法院", "最高院"), ("高级人民法院", "高院"), ("中级人民法院", "中院"), ("人民法院", "法院"),
    ("最高法院", "最高院"), ("高级法院", "高院"), ("中级法院", "中院"),
    ("最高人民检察院", "最高检"), ("人民检察院", "检察院"),
    ("中国建设银行", "建行"), ("建设银行", "建行"), ("中国工商银行", "工行"), ("工商银行", "工行"),
    ("中国农业银行", "农行"), ("农业银行", "农行"), ("中国银行", "中行"), ("交通银行", "交行"),
    ("招商银行", "招行"), ("中国邮政储蓄银行", "邮储银行"), ("邮政储蓄银行", "邮储银行"),
    ("大学专科", "大专"), ("大学本科", "本科"), ("专科", "大专"),
    ("律师事务所", "律所"), ("市场监督管理局", "市监局"), ("市场监管局", "市监局"), ("财产保险股份有限公司", "财险"), ("财产保险", "财险"),
    ("公安局交通警察", "交警"), ("交通警察", "交警"),
    ("仲裁委员会", "仲裁委"), ("村村民委员会", "村委"), ("村民委员会", "村委"), ("村委会", "村委"), ("居民委员会", "居委"), ("居委会", "居委"),
    ("小额贷款", "小贷"), ("农村商业银行", "农商行"),
)  # fmt: skip
MIN_BODY = 4

# What every rewrite of ``core`` needs one of: most texts hold none, and are their own core.
_CORE_GATE = re.compile(
    "[人行专本原被告诉申第公内约概左院的那这之以末室幢没未无用子女父母妻丈配胞哥姐弟妹孙律监险警华委贷币并]"
)
_SHORT_GATE = re.compile(
    "人民|银行|专科|本科|级法院|最高法院|律师事务所|监督管理局|市场监管|财产保险|交通警察|委员会|委会|小额贷款"
)
_NUMERAL_OR_DIGIT = re.compile(
    "[0-9０-９零〇○一二两兩三四五六七八九十百千万亿壹贰貳叁參肆伍陆陸柒捌玖拾佰仟萬億廿卅天%‰]"
)
#: A text holding no character that a negation, hedge, approximation, list or alternative starts
#: with (scorers.text_match): nothing in it can qualify a name it holds.
_BRACKETED = re.compile(r"[（(][^（()）]*[）)]")
NO_CUE = re.compile(
    r"[^不并而绝非没未以之可也或好似大估恐应兴貌印说约近将接差左上许吧吗、和与及跟还要抑,/a-zA-Z]*"
)
_SHORT = re.compile("|".join(re.escape(long) for long, _ in SHORT_FORMS))
_SHORT_OF = dict(SHORT_FORMS)
# 申请人 not in 申请人民法院…; longer roles first (被告人 before 被告)
_ROLE = re.compile(r"申请执行人|被上诉人|被申请人|被告人|上诉人|申请人(?!民)|第三人|原告|被告")
_KINSHIP_LEAD = re.compile(f"^(?:{'|'.join(KINSHIP_WORDS)})(?=[\u4e00-\u9fff]{{2}})")
_COMPANY = re.compile("|".join(COMPANY_WORDS))
_WITHIN = re.compile(r"(?<=[0-9日月年周时])(?:以内|之内|内)")
_APPROX = re.compile(r"(?:大约|大概|约)(?=[0-9])|(?<=[0-9日月年周时点米元岁个次天分秒])左右")
# 的 between two words (not in 目的, 的确, 的士); a pointing word after a person or place.
_DE = re.compile("(?<=[\u4e00-\u9fff])(?<!目)的(?![确士])(?=[\u4e00-\u9fff])")
_POINTING = re.compile("(?<=[\u4e00-\u9fff])(?:那边|那里|那儿|这边|这里|这儿)")
_BEFORE_AFTER = re.compile("(?<=[0-9月日年号点时底初])(?:之|以)(?=[前后])")
_END_OF = re.compile("(?<=[年月])末")
_ROOM = re.compile("(?<=[0-9])室")
# Negators of one meaning in one spelling: 没有/并未/尚未/从未/未曾/并没有 -> 未, 无法 -> 不能.
_NOT_YET = re.compile("并没有|没有(?=[\u4e00-\u9fff])|并未|尚未|从未|未曾")
_CANNOT = re.compile("无法")
_USED_FOR = re.compile("用来|用作|用在")
#: ``用于`` opening a purpose (``用于支付厂房租金`` is ``支付厂房租金``).
_FOR_LEAD = re.compile("^用于(?=[\u4e00-\u9fff]{2})")
#: The currency's name before an amount (``罚款人民币5000元`` is ``罚款5000元``).
_CURRENCY = re.compile("人民币(?=[0-9])")
#: ``并处`` joining a second penalty (``并处罚金20000元`` is ``罚金20000元``).
_ALSO_IMPOSED = re.compile("并处(?=罚金|没收|剥夺)")
# The state's name before a law (《中华人民共和国民法典》 is 《民法典》): every law cited is the state's.
_STATE_OF_LAW = re.compile("中华人民共和国(?=[\u4e00-\u9fff]{1,16}?(?:法典|法|条例|规定|办法|解释))")
_BUILDING = re.compile("(?<=[0-9])幢")
_ROUGH = re.compile(r"大约|大概|约|左右|approximately|about|roughly", re.IGNORECASE)
_LOCATIVE_END = re.compile(f"(?:{'|'.join(LOCATIVES)})$")
_SPAN = re.compile(
    r"多长|多久|期限|期间|时长|时限|几天|几日|几年|几个月|几周|多少天|多少日|多少年|多少个月|how long",
    re.IGNORECASE,
)
_REGION_UNIT = re.compile(r"([\u4e00-\u9fff]{2,4}?)(省|市|自治区|县|区)")
_CLAUSE = re.compile(r"(?:[^。；;！!？?\n，,]|,(?=[0-9]))+")  # 1,000 is one number
_MARK = "ǁ"
_SENTENCE_END = re.compile(r"[。；;！!？?\n]")
_SENTENCE_TEXT = re.compile(r"[^。；;！!？?\n]+")
_NUMBERS_MET = re.compile(f"(?<=[0-9]){_MARK}+(?=[-+]?[0-9])")
_ASIDE = re.compile(r"（[^（）]*）|\([^()]*\)")
_NUMBER_WORD = frozenset("0123456789.%‰|~年月日号时分秒元万亿")

#: The rewrites of ``core`` after roles, company forms and qualifiers: (characters one of which the
#: text must hold for the rule to apply, pattern, what it becomes).
_REWRITES: tuple[tuple[str, re.Pattern[str], str], ...] = (
    ("的", _DE, ""),
    ("那这", _POINTING, ""),
    ("之以", _BEFORE_AFTER, ""),
    ("末", _END_OF, "底"),
    ("室", _ROOM, ""),
    ("幢", _BUILDING, "栋"),
    ("没未", _NOT_YET, "未"),
    ("无", _CANNOT, "不能"),
    ("用", _USED_FOR, "用于"),
    ("用", _FOR_LEAD, ""),
    ("币", _CURRENCY, ""),
    ("并", _ALSO_IMPOSED, ""),
    ("华", _STATE_OF_LAW, ""),
)


def asks_span(question: str) -> bool:
    """Whether the question asks for a span of time (``多长``, ``期限``, ``多久``, ``how long``) or a rough
    value (``大约几点``, ``面积约多少``): then the words of approximation do not decide."""
    return _SPAN.search(question) is not None or _ROUGH.search(question) is not None


def _short(m: re.Match[str]) -> str:
    return _SHORT_OF[m.group()]


def core(text: str, span: bool) -> str:
    """A canonical text without the words that do not decide (see the module doc)."""
    if not text or _CORE_GATE.search(text) is None:
        return text
    t = _SHORT.sub(_short, text) if _SHORT_GATE.search(text) else text
    t = _ROLE.sub("", t)
    t = _KINSHIP_LEAD.sub("", t)
    if "公司" in t:
        t = _COMPANY.sub("", t)
    if "内" in t:
        t = _WITHIN.sub("", t)
    if span:
        t = _APPROX.sub("", t)
    for needs, pattern, replacement in _REWRITES:
        if any(c in t for c in needs):
            t = pattern.sub(replacement, t)
    return t


@dataclass(frozen=True)
class Reference:
    """One accepted answer in the forms the rules read."""

    text: str
    canonical: str
    core: str  # never empty for a non-empty reference: its canonical form when all of it is role words
    region: tuple[tuple[str, str], ...]  # (place name, 省/市/区/县) units the core opens with
    body: str  # the core after its region

    @cached_property
    def numbers(self) -> tuple[str, ...]:
        return numbers(self.canonical)

    @cached_property
    def plain(self) -> str | None:
        """The folded reference when no rule rewrites any of it (no number, numeral, role, short form
        or qualifier), else None: then a sentence that folds to hold it names it as the rules would."""
        if self.region or _CORE_GATE.search(self.text) or _NUMERAL_OR_DIGIT.search(self.text):
            return None
        return self.canonical or None

    @cached_property
    def words(self) -> tuple[str, ...]:
        """``reference_words`` of the core (jieba is loaded only when the token rule asks)."""
        return reference_words(self.core)

    @cached_property
    def pattern(self) -> re.Pattern[str]:
        """The core as an answer may write it: leading places left out, 省/市/区/县 dropped; a number
        at either end is not part of a longer one."""
        ways = []
        body = re.escape(self.body)
        place = _LOCATIVE_END.search(self.body)
        if place is not None and place.start() >= 2:  # 衣柜内: 衣柜里, 衣柜中 (境内 stays as it is)
            body = re.escape(self.body[: place.start()]) + f"(?:{'|'.join(LOCATIVES)})"
        for k in range(len(self.region) + 1):
            kept = self.region[k:]
            if not kept and len(self.body) < MIN_BODY and self.region:
                continue
            places = "".join(f"{re.escape(name)}(?:{re.escape(unit)})?" for name, unit in kept)
            lead = "(?<![省市区县])" if k else ""  # a place left out: not another place in its stead
            ways.append(lead + places + body)
        # a number of a pair (``5~6个``: 五六个, 5、6个, 5-6个) is not one the answer states on its own
        lead = r"(?<![0-9.])(?<![0-9]~)" if self.core[:1].isdigit() else ""
        tail = r"(?![0-9]|\.[0-9]|[%‰]|~[0-9])" if self.core[-1:].isdigit() else ""
        return re.compile(f"{lead}(?:{'|'.join(ways)}){tail}")


def reference_words(body: str) -> tuple[str, ...]:
    """jieba's words of a reference's body, without stop words and numbers."""
    words = load_jieba().lcut(body)
    keep = (w for w in words if w.strip() and w not in STOPWORDS and not set(w) <= _NUMBER_WORD)
    return tuple(dict.fromkeys(keep))


def reference(text: str, span: bool) -> Reference:
    """``text`` read as a reference (the gold side: a scorer reads a question's once and holds them
    with it)."""
    form = canonical(text)
    kernel = core(form, span) or form
    region: list[tuple[str, str]] = []
    pos = 0
    while m := _REGION_UNIT.match(kernel, pos):
        region.append((m.group(1), m.group(2)))
        pos = m.end()
    body = kernel[pos:]
    if len(body) < 2:  # 华联超市, 阳光小区: a name ending in 市/区, not a region before a name
        region, body = [], kernel
    return Reference(text, form, kernel, tuple(region), body)


@dataclass(frozen=True)
class Clause:
    """One clause of an answer: its text with asides in brackets left out, and the cores of that
    text and of the whole clause."""

    text: str
    core: str
    whole: str


@dataclass(frozen=True)
class Sentence:
    """One sentence of an answer (split at 。！？； and line breaks): its core, its whole numbers and
    its clauses."""

    core: str
    numbers: frozenset[str]
    clauses: tuple[Clause, ...]


class AnswerText:
    """One text of an answer (its conclusion, or a ``fields`` entry) in the forms the rules read,
    each made on first use. The text is read in one pass with its clauses kept apart by a mark
    (a letter no text holds, which folding keeps); the whole text's forms are that with the marks
    left out (``|`` where two numbers meet, as ``canonical`` writes them)."""

    def __init__(self, text: str, span: bool) -> None:
        self.text = text
        self.span = span

    @cached_property
    def _found_clauses(self) -> list[re.Match[str]]:
        return list(_CLAUSE.finditer(self.text))

    @cached_property
    def _raw_clauses(self) -> list[str]:
        return [m.group() for m in self._found_clauses]

    @cached_property
    def _marked_canonical(self) -> str:
        """The clauses' canonical forms, joined by the mark."""
        return canonical(_MARK.join(self._raw_clauses))

    @cached_property
    def _marked(self) -> str:
        """The clauses' core, joined by the mark."""
        return core(self._marked_canonical, self.span)

    @cached_property
    def canonical(self) -> str:
        return self._marked_canonical if len(self._raw_clauses) == 1 else _unmarked(self._marked_canonical)

    @cached_property
    def core(self) -> str:
        return core(self.canonical, self.span) if len(self._raw_clauses) == 1 else _unmarked(self._marked)

    @cached_property
    def numbers(self) -> frozenset[str]:
        return frozenset(numbers(self.canonical))

    @cached_property
    def _cores(self) -> list[str]:
        return [self.core] if len(self._raw_clauses) == 1 else self._marked.split(_MARK)

    def _clause(self, i: int) -> Clause:
        raw, whole = self._raw_clauses[i], self._cores[i]
        if "(" in raw or "（" in raw:
            text = _ASIDE.sub("", raw)
            return Clause(text, core(canonical(text), self.span), whole)
        return Clause(raw, whole, whole)

    @cached_property
    def clauses(self) -> tuple[Clause, ...]:
        return tuple(self._clause(i) for i, whole in enumerate(self._cores) if whole)

    @cached_property
    def plain_sentences(self) -> tuple[str, ...]:
        """The folded sentences (split at 。！？； and line breaks) that hold no cue character, their
        asides in brackets left out (``戚长庚（父亲）`` names 戚长庚, not his father)."""
        return tuple(
            fold(_BRACKETED.sub("", t)) for t in _SENTENCE_TEXT.findall(self.text) if NO_CUE.fullmatch(t)
        )

    @cached_property
    def sentences(self) -> tuple[Sentence, ...]:
        """The sentences (clauses between 。！？； or line breaks), for the token rule."""
        found = self._found_clauses
        if len(found) <= 1:
            return (Sentence(self.core, self.numbers, self.clauses),)
        groups: list[list[int]] = [[0]]
        for i in range(1, len(found)):
            if _SENTENCE_END.search(self.text, found[i - 1].end(), found[i].start()):
                groups.append([])
            groups[-1].append(i)
        canonicals = self._marked_canonical.split(_MARK)
        out = []
        for group in groups:
            text = _unmarked(_MARK.join(canonicals[i] for i in group))
            kernel = _unmarked(_MARK.join(self._cores[i] for i in group))
            clauses = tuple(self._clause(i) for i in group if self._cores[i])
            out.append(Sentence(kernel, frozenset(numbers(text)), clauses))
        return tuple(out)


def _unmarked(text: str) -> str:
    return _NUMBERS_MET.sub("|", text).replace(_MARK, "") if _MARK in text else text
