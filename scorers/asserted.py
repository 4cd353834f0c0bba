"""Which of the values an answer states it asserts as the answer (docs/contract.md §4, "What an answer
asserts"; docs/scoring/fact_exact.md, "Asserted values").

- ``is_excerpt``: a pasted excerpt of the document, with no conclusion of its own, asserts nothing:
  two or more of its sentences are copied from the document (folded) and the copied sentences make up
  at least ``EXCERPT_SHARE`` of its text, and it does not open with a conclusion of its own (a first
  sentence of fewer than 16 characters that asks nothing and is no line of the document:
  ``10000元。第三次是…现金10000元…`` answers, then quotes). A page label a sentence opens with
  (``【第4页】``, ``（第3页）``, ``第4页：``, ``[p. 4]``) is no part of it: a label alone is no conclusion.
- ``pick``: when the conclusion states several different definite values of the asked kind, the one
  it asserts is, in this order: the only value said to be the answer or changed by the finder
  (``因此答案为5820元``, ``调整为72000元``, ``So … RMB 30,000``); the only value given as the finding (``核实为``/``认定``/``实际``/``应为``:
  ``笔录第2页说40000元，第6页核实为46000元``; not a part after ``其中``, and not when another value's
  clause shares more with the question, at least ``STRONG_SHARED`` pairs, or one against
  ``实际``/``其实``, which set a fact against what was written rather than correct it:
  ``合同约定借款30万元，但实际出借28万元`` answers ``合同约定的借款金额``, and
  ``借条写的15万，但实际只转了14.5万`` ``借条载明的借款金额``); the value the answer opens with when its
  first clause is that value alone (``9.5万，就是…扣掉已还的5.5万``); the only value of the clause that
  shares the most words with the question (character pairs, at least ``MIN_SHARED`` of them, more than
  any other value's clause; in a clause of several values, each value's words are those before it;
  an ordinal the question names, ``第2期``, counts in a clause of one value; not the words of an
  opening clause that sets the scene, ``第一次讯问时，``); the total
  of the others (``共46000元，其中20000元、16000元、10000元``: one value is the sum of the
  rest, or the only one after a total word such as 共/合计/一共); else none: the answer lists values
  without saying which one answers. A single value is asserted unless a clause without it says the
  asked value is unknown and shares more with the question (``2021年11月9日立案，判决日期不详``). After
  the finding come, when the question asks them, a total (``共多少次``: the value after 共计), the end of
  a period (``届满``: the value after 至), and the day of a named act (``哪一天出具的``: ``出具日期…``).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from decimal import Decimal

from benchmark.documents.case import Case
from benchmark.documents.model import Document, match_view
from benchmark.text import Found, find_amounts
from benchmark.text.ordinals import OrdinalReader
from benchmark.text.pairs import HAN_PAIR as _HAN_PAIR
from scorers.abstention import detect_abstention

__all__ = [
    "EXCERPT_SHARE",
    "MIN_SHARED",
    "STRONG_SHARED",
    "Picked",
    "QuestionWords",
    "is_excerpt",
    "pick",
    "question_words",
]

EXCERPT_SHARE = 0.8
MIN_SHARED = 1
STRONG_SHARED = 2  # shared pairs that outweigh a word of finding (实际, 认定) in another clause
_EXCERPT_MIN_CHARS = 40
_SHORT = 16  # folded characters: a first sentence shorter than this (and no question) is a conclusion

_SENTENCE = re.compile(r"[^。！？!?；;\n]+")
# A page label an answer puts before what it copies, at the start of a sentence: 【第4页】,
# （第3页，第12行）, 第4页：, [p. 4], Page 4:
_PAGE = r"(?:第\s*[0-9一二三四五六七八九十百]+\s*页|p(?:age)?\.?\s*[0-9]+)"
_LEADING_LABEL = re.compile(
    rf"\s*(?:[【\[（(]\s*{_PAGE}[^】\]）)\n]{{0,16}}[】\]）)]|{_PAGE}\s*[:：])\s*", re.IGNORECASE
)
_LABEL_FIRST = frozenset("【[（(第pP")
_CLAUSE_BREAK = re.compile(r"[，。；;：！!？?\n（）()、]|,(?![0-9])|:(?![0-9])")
_RESTATING = re.compile(r"\s*(?:即|也就是说?|亦即|换言之)")
_ASKING = frozenset("多少几哪什么谁吗呢否")
_FINAL_WORD = re.compile(r"(?:核实|认定|确认|查明|最终|实际|其实|应为|实为|正确的?是)[^，,。；;]{0,6}$")
# The answer said to be the answer, or a value changed by the finder (答案为, 结论：, 调整为, 改判为; in
# English, which says it in more words, ``So the damages awarded are RMB 72,000``): the question's words
# in another clause do not outweigh it.
_STATED_ANSWER = re.compile(r"(?:答案(?:是|为)|结论(?:是|为|[:：]))[^，,。；;]{0,6}$")
_CHANGED_TO = re.compile(r"(?:调整为|变更为|改判为?|更正为|改为|更改为|订正为)[^，,。；;]{0,6}$")
#: A question about what was first written or recorded (原来写的, 更正前): a value changed later is not it.
_ASKS_ORIGINAL = re.compile("原来|原先|原本|原记载|原写|最初|起初|更正前|修改前|变更前|调整前")
_STATED_ANSWER_EN = re.compile(
    r"\b(?:so|therefore|thus|hence|the answer is|in conclusion)\b[^,.;!?]{0,40}$", re.IGNORECASE
)
# Words of finding that set a fact against what was written or agreed (借条写的15万，但实际只转了14.5万),
# not a correction of it: the question's own words in another clause outweigh them sooner.
_CONTRAST_FINDING = re.compile(r"(?:实际|其实)[^，,。；;]{0,6}$")
_TOTAL_WORD = re.compile(r"(?:共计|一共|总共|合计|总计|累计|共|总额|总数|本息合计|暂合计|in total|total(?:ly)?)\s*(?:为|是|有|:|：)?\s*$", re.IGNORECASE)  # fmt: skip


# A question's opening clause that sets the scene (``第一次讯问时，``, ``在起诉状中，``, ``根据判决书，``): its
# words say where to look, not which value answers (``第一次6万`` does not answer because of 第一次).
_SETTING = re.compile(
    r"^(?:(?:根据|依据|按照|据)[^，,？?]{1,20}|[^，,？?]{2,20}?(?:时|时候|中|里|期间|之后|以后|之前|以前))[，,]"
)
_SENTENCE_END = "。！？!?；;"
_PARTS = re.compile("其中")
_TOTAL_ASKED = re.compile("共计|一共|总共|合计|总计|累计|共(?=多少|几)")
_WHEN_VERB = re.compile("(?:哪一?天|何时|什么时候|哪年哪月哪日|几月几[日号])([\u4e00-\u9fff]{2})")
_END_ASKED = re.compile("届满|到期|截止|终止|结束|期满")
_ASKED_NOUN = re.compile("([\u4e00-\u9fff]{2})(?:的?(?:金额|数额|数量|次数))?(?:是|为|共|有)?(?:多少|几)")
_RANGE_END_BEFORE = re.compile("(?:至|到)$")
_ordinals = OrdinalReader("期次笔项条页份个")  # 第二期 and 第2期 are 第2期
_AMOUNT_WEIGHT = 2  # an amount the question names singles a clause out as two shared pairs do
# Words that attribute what follows to someone: a question asking for someone's account
# (按被告的说法…, 费明朗称…多少) is answered by the clause that reports an account (被告称尚欠83,000元),
# not by the court's finding beside it (但法院认定为95,000元).
# The verb right before the interrogative (还剩多少, 一共花了多少): a value right after it in the answer
# (剩12000元) is what was asked, as a shared pair would say. Copulas and words of total say nothing.
_ASKED_VERB = re.compile(r"([\u4e00-\u9fff])(?<![是为有共计约的还])[了过着]?(?:多少|几)")
_ACCOUNT = re.compile(r"说法|所述|所说|陈述|供述|自述|主张|辩称|供称|自称|声称|坚称|[称说]|表示|认为|交代")
_BARE_REST = re.compile(r"[\s答是为约共：:，,。.！!；;]*")  # what may stand beside an opening value


def _line_openings(document: Document | Case) -> frozenset[str]:
    """Every opening of a document line that ends a sentence or the line: the line up to each of its
    sentence ends, and the whole line; whitespace removed (held by the document: ``derived``)."""
    out = set()
    for line in document.lines:
        text = "".join(line.text.split())
        out.add(text)
        out.update(text[:i] for i, ch in enumerate(text) if ch in _SENTENCE_END)
    return frozenset(out)


def _a_document_line(sentence: str, document: Document | Case) -> bool:
    """Whether a document line starts with ``sentence`` and ends it there (``关于争议焦点二。``), as
    opposed to a fragment inside a longer sentence (``10000元`` in ``…给了我现金10000元，…``)."""
    return "".join(sentence.split()) in document.derived(_line_openings)


def _sentences(text: str) -> list[tuple[str, int, str]]:
    """The sentences of ``text`` (split at 。！？； and line breaks), each without a page label it
    opens with, where each ends, and its matching view (each folded once)."""
    out = []
    for m in _SENTENCE.finditer(text):
        raw = m.group()
        if raw.lstrip()[:1] in _LABEL_FIRST:
            label = _LEADING_LABEL.match(raw)
            if label is not None:
                raw = raw[label.end() :]
        out.append((raw, m.end(), match_view(raw)))
    return out


def _opens_with_conclusion(
    text: str, sentences: list[tuple[str, int, str]], document: Document | Case
) -> bool:
    """The first sentence (past heading lines such as ``检索到以下内容：``) is short, asks nothing and is
    not a line of the document: the answer's own conclusion (``10000元。第三次是…现金10000元…``)."""
    for sentence, end, view in sentences:  # the view of ``raw`` too: folding drops the whitespace
        raw = sentence.strip()
        if not raw:
            continue
        if raw.endswith((":", "：")) and len(raw) <= _SHORT:
            continue  # a heading
        asks = text[end : end + 1] in ("？", "?")
        return len(view) < _SHORT and not asks and not _a_document_line(raw, document)
    return False


def is_excerpt(text: str, document: Document | Case | None) -> bool:
    """Whether ``text`` is a page excerpt pasted as an answer (see the module doc); in a case file,
    from any of its documents."""
    if document is None or len(text) < _EXCERPT_MIN_CHARS:
        return False
    found = _sentences(text)
    sentences = [view for _, _, view in found if view]
    if len(sentences) < 2 or _opens_with_conclusion(text, found, document):
        return False
    folded = document.folded
    copied = [s for s in sentences if len(s) >= 4 and s in folded]
    total = sum(len(s) for s in sentences)
    return len(copied) >= 2 and sum(len(s) for s in copied) >= EXCERPT_SHARE * total


@dataclass(frozen=True)
class Picked:
    """The values the answer asserts (``asserted``), or, when it does not say which of several it
    means, none and the values it lists (``listed``)."""

    asserted: tuple[Found, ...]
    listed: tuple[Found, ...] = ()
    unknown: str = ""  # the clause that says the asked value is unknown, when the values are another's


@dataclass(frozen=True)
class QuestionWords:
    """What ``pick`` reads of a question (a scorer reads it once per question): its pairs of Han
    characters, those with an interrogative left out, and the definite amounts it names
    (``第一笔还款30,000元是在哪一天？`` singles out the clause that holds ``3万``)."""

    pairs: frozenset[str]
    amounts: frozenset[Decimal] = frozenset()
    ordinals: frozenset[str] = frozenset()  # 第2期, 第三次 (as 第3次): they single out a clause too
    account: bool = False  # it asks for someone's account: a clause that reports one counts as an amount
    verb: str = ""  # the word right before its interrogative (还剩多少: 剩), when one character says it
    total: bool = False  # it asks a total (共多少次, 合计多少元): the value after a total word answers it
    when_verb: str = ""  # the act a date question asks the day of (哪一天出具的: 出具)
    asked_noun: str = ""  # the two characters right before 是多少/多少/几 (利息是多少: 利息)
    original: bool = False  # it asks what was first written (原来写的是多少): a value changed later is not it
    end: bool = False  # it asks when a period ends (届满, 到期, 截止): the end of a range answers it


def question_words(question: str) -> QuestionWords:
    setting = _SETTING.match(question)
    asked = question[setting.end() :] if setting is not None else question
    pairs = frozenset(p for p in _HAN_PAIR.findall(asked) if _ASKING.isdisjoint(p))
    amounts = frozenset(f.value for f in find_amounts(question) if f.definite)
    verb = _ASKED_VERB.search(asked)
    return QuestionWords(
        pairs,
        amounts,
        _ordinals(asked),
        _ACCOUNT.search(question) is not None,
        verb.group(1) if verb is not None else "",
        _TOTAL_ASKED.search(asked) is not None,
        when.group(1) if (when := _WHEN_VERB.search(asked)) is not None else "",
        noun.group(1) if (noun := _ASKED_NOUN.search(asked)) is not None else "",
        _ASKS_ORIGINAL.search(question) is not None,
        _END_ASKED.search(asked) is not None,
    )


def _clauses(text: str) -> list[tuple[int, int]]:
    """The clauses a value's words are read in: a label before a colon stays with its value
    (``合同约定：30万元``), and so does a clause before one that restates it (``第二次付款为上述第2项，即
    2020年8月12日``: 即, 也就是, 亦即)."""
    bounds = [
        0,
        *(
            m.end()
            for m in _CLAUSE_BREAK.finditer(text)
            if m.group() not in "：:" and not _RESTATING.match(text, m.end())
        ),
        len(text) + 1,
    ]
    return [(a, b) for a, b in itertools.pairwise(bounds) if b > a]


def _shared(
    text: str, start: int, end: int, found: Sequence[Found], words: QuestionWords, ordinals: bool = True
) -> int:
    """Pairs the clause ``text[start:end]``, its values cut out, shares with the question; an amount or
    (with ``ordinals``) an ordinal (``第2期``) the question names counts as ``_AMOUNT_WEIGHT`` pairs."""
    clause = list(text[start:end])
    for f in found:
        for i in range(max(f.start, start), min(f.end, end)):
            clause[i - start] = " "
    rest = "".join(clause)
    shared = len(words.pairs.intersection(_HAN_PAIR.findall(rest)))
    if ordinals and words.ordinals:
        ordinals_named = _ordinals(rest)
        if words.ordinals & ordinals_named:
            shared += _AMOUNT_WEIGHT * len(words.ordinals & ordinals_named)
        elif {o[-1] for o in ordinals_named} & {o[-1] for o in words.ordinals}:
            shared -= _AMOUNT_WEIGHT  # another of the same (第二次询问 when the first is asked)
    if words.amounts:
        named = {f.value for f in find_amounts(rest) if f.definite}
        shared += _AMOUNT_WEIGHT * len(words.amounts & named)
    if words.account and _ACCOUNT.search(rest):
        shared += _AMOUNT_WEIGHT
    return shared


def _question_scores(
    text: str, found: Sequence[Found], key: Callable[[Found], Hashable], words: QuestionWords
) -> dict[Hashable, int]:
    """For each value, the most the words around it share with the question (``_shared``)."""
    best: dict[Hashable, int] = {}
    if not (words.pairs or words.amounts or words.ordinals or words.account or words.verb):
        return best
    for start, end in _clauses(text):
        inside = sorted((f for f in found if start <= f.start < end), key=lambda f: f.start)
        if len({key(f) for f in inside}) == 1:
            segments = [(start, end, inside[0])]
        else:  # several values in one clause: each with the words before it (借款本金95000元及逾期利息5700元)
            segments = [(inside[i - 1].end if i else start, f.end, f) for i, f in enumerate(inside)]
        alone = len(segments) == 1  # an ordinal says which only of a clause of its own: not in a table row
        for lo, hi, f in segments:
            value = key(f)
            shared = _shared(text, lo, hi, found, words, alone)
            if words.verb and words.verb in text[max(lo, f.start - 3) : f.start]:
                shared += 1
            best[value] = max(best.get(value, 0), shared)
    return best


def _by_question(
    found: Sequence[Found],
    key: Callable[[Found], Hashable],
    scores: dict[Hashable, int],
    least: int = MIN_SHARED,
) -> Found | None:
    """The one value whose words share the most with the question, at least ``least`` pairs."""
    ranked = sorted(scores.values(), reverse=True)
    if not ranked or ranked[0] < least or (len(ranked) > 1 and ranked[1] == ranked[0]):
        return None
    top = next(v for v, s in scores.items() if s == ranked[0])
    return next(f for f in found if key(f) == top)


def _only_marked(
    text: str, found: Sequence[Found], key: Callable[[Found], Hashable], marker: re.Pattern[str], span: int
) -> Found | None:
    """The one value that ``marker`` ends right before (within ``span`` characters), if exactly one does."""
    marked = {key(f) for f in found if marker.search(text[max(0, f.start - span) : f.start])}
    if len(marked) != 1:
        return None
    value = next(iter(marked))
    return next(f for f in found if key(f) == value)


def _finding(text: str, found: Sequence[Found], key: Callable[[Found], Hashable]) -> Found | None:
    """The one value given as the finding (``核实为``, ``实际``), not one of the parts ``其中`` brings in
    (``60,000元，其中判决认定50,000元为本金``)."""
    parts = [f for f in found if _PARTS.search(text, _clause_start(text, f.start), f.start)]
    return _only_marked(text, [f for f in found if f not in parts], key, _FINAL_WORD, 12)


def _stated_answer(
    text: str, found: Sequence[Found], key: Callable[[Found], Hashable], original: bool
) -> Found | None:
    """The one value the answer says is the answer (``因此答案为5820元``, ``So … RMB 72,000``), or, unless
    the question asks what was first written (``original``), the one a finder changed it to
    (``调整为72000元``, ``后更正为50,000元``)."""
    return (
        _only_marked(text, found, key, _STATED_ANSWER, 12)
        or _only_marked(text, found, key, _STATED_ANSWER_EN, 48)
        or (None if original else _only_marked(text, found, key, _CHANGED_TO, 12))
    )


def _whole_over_parts(
    text: str, found: Sequence[Found], key: Callable[[Found], Hashable], scores: dict[Hashable, int]
) -> Found | None:
    """When the question's words tie between values, the one whole among parts that ``其中`` brings
    in (``全本48页，其中记账的有23页`` for ``记账本全本共多少页？``)."""
    best = max(scores.values(), default=0)
    top = [v for v, score in scores.items() if score == best]
    if best < MIN_SHARED or len(top) < 2:
        return None
    parts = {key(f) for f in found if _PARTS.search(text, _clause_start(text, f.start), f.start)}
    wholes = [v for v in top if v not in parts]
    if len(wholes) != 1:
        return None
    return next(f for f in found if key(f) == wholes[0])


def _clause_start(text: str, pos: int) -> int:
    start = 0
    for m in _CLAUSE_BREAK.finditer(text, 0, pos):
        start = m.end()
    return start


def _sum_of_parts(found: Sequence[Found], key: Callable[[Found], Hashable], part: Found) -> bool:
    """Whether ``part`` is one of several values that another of ``found`` is the sum of."""
    if not all(isinstance(f.value, (int, Decimal)) for f in found):
        return False
    distinct = {key(f): f.value for f in found}
    for total_key, total in distinct.items():
        rest = [v for k, v in distinct.items() if k != total_key]
        if total_key != key(part) and len(rest) >= 2 and sum(rest) == total:
            return True
    return False


def _total(text: str, found: Sequence[Found], key: Callable[[Found], Hashable]) -> Found | None:
    numeric = [f for f in found if isinstance(f.value, (int, Decimal))]
    if len(numeric) == len(found):
        for f in found:
            rest = [g.value for g in found if key(g) != key(f)]
            if len(rest) >= 2 and sum(rest) == f.value:
                return f
    return _only_marked(text, found, key, _TOTAL_WORD, 8)


def _labelled(
    text: str, found: Sequence[Found], key: Callable[[Found], Hashable], label: str, span: int = 8
) -> Found | None:
    """The one value the question's act or noun labels in the answer: within ``span`` characters before
    it in its clause (``出具日期二〇二二年八月二日`` for ``…是哪一天出具的？``; ``并支付利息2.34万元`` for
    ``利息是多少？``, span 4), or, for an act, right after it (``6月17日送达被告`` for ``哪一天送达的？``)."""
    marked = {
        key(f)
        for f in found
        if label in text[max(_clause_start(text, f.start), f.start - span) : f.start]
        or (span == 8 and text.startswith(label, f.end))  # 6月17日送达被告 for 哪一天送达的
    }
    if len(marked) != 1:
        return None
    value = next(iter(marked))
    return next(f for f in found if key(f) == value)


def _opening(text: str, found: Sequence[Found], key: Callable[[Found], Hashable]) -> Found | None:
    """The value the answer opens with when its first clause is that value alone (``9.5万，就是…``,
    ``61,250元（以35万元为基数…）``)."""
    end = next((m.start() for m in _CLAUSE_BREAK.finditer(text)), len(text))
    inside = [f for f in found if f.start < end]
    if len({key(f) for f in inside}) != 1:
        return None
    rest = list(text[:end])
    for f in inside:
        rest[f.start : min(f.end, end)] = [" "] * (min(f.end, end) - f.start)
    return inside[0] if _BARE_REST.fullmatch("".join(rest)) else None


def _said_unknown(
    text: str, found: Sequence[Found], words: QuestionWords, key: Callable[[Found], Hashable]
) -> str:
    """A clause, holding no value, that says the asked value is unknown (the abstention lexicon,
    ``detect_abstention``) and shares more with the question than the value's own clause
    (``2021年11月9日立案，判决日期不详`` for ``本判决是哪一天作出的？``): the value is another's. Empty when
    there is none."""
    if not found or not words.pairs:
        return ""
    own = max(_question_scores(text, found, key, words).values(), default=0)
    for start, end in _clauses(text):
        if any(start <= f.start < end for f in found) or _shared(text, start, end, found, words) <= own:
            continue
        clause = text[start:end]
        if detect_abstention(clause).abstained:
            return clause.strip("，,。；;！!？? ")
    return ""


def pick(found: Sequence[Found], text: str, words: QuestionWords, key: Callable[[Found], Hashable]) -> Picked:
    """The definite values of ``found`` (read from ``text``) that the answer asserts; ``words``: the
    question's (``question_words``); ``key`` tells which values are the same (the value itself, or a
    date's ISO form)."""
    distinct = {key(f) for f in found}
    if len(distinct) <= 1:
        unknown = _said_unknown(text, found, words, key)
        return Picked((), tuple(found), unknown) if unknown else Picked(tuple(found))
    scores = _question_scores(text, found, key, words)
    final = _finding(text, found, key)
    if final is not None and _sum_of_parts(found, key, final):
        final = None  # 实际分两笔转出：12万元和8万元，合计20万元: the finding is one of the parts
    contrast = final is not None and _CONTRAST_FINDING.search(text[max(0, final.start - 12) : final.start])
    asked = _by_question(found, key, scores, MIN_SHARED if contrast else STRONG_SHARED)
    if final is not None and asked is not None and scores.get(key(final), 0) < scores[key(asked)]:
        final = None  # 合同约定借款30万元，但实际出借28万元: the question asks what was agreed
    chosen = (
        _stated_answer(text, found, key, words.original)
        or final
        or (
            _only_marked(text, found, key, _RANGE_END_BEFORE, 1) if words.end else None
        )  # 自…起至2024年2月8日止
        or (
            _labelled(text, found, key, words.when_verb) if words.when_verb else None
        )  # 出具日期二〇二二年八月二日
        or (
            _labelled(text, found, key, words.asked_noun, 4) if words.asked_noun else None
        )  # 并支付利息2.34万元
        or (_only_marked(text, found, key, _TOTAL_WORD, 8) if words.total else None)  # 共多少次: 共计七次
        or _opening(text, found, key)
        or _by_question(found, key, scores)
        or _whole_over_parts(text, found, key, scores)
        or _total(text, found, key)
    )
    if chosen is None:
        return Picked((), tuple(found))
    return Picked(tuple(f for f in found if key(f) == key(chosen)))
