"""Chinese person names a free text asserts that the known text (document + question) lacks.

Split from ``scorers.specifics``: names need jieba (imported lazily, only when a candidate must be
checked) and what the document already says, so they are found apart from the other specifics.
:func:`name_triggers` is pure string work; jieba's POS tags are read per short window, each distinct
window of a text once, and only where a name read there could count.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from benchmark.text import fold
from benchmark.text.jieba_loader import jieba_cache_dir, load_jieba, load_posseg
from scorers.names_store import read_table, table_file, write_table
from scorers.specifics import Specific

# Single-character surnames (the common ones plus rarer ones a fictional file may use). Characters
# that are mostly function words or money (和 于 向 时 成 全 应 单 钱) are left out: they would wake
# jieba for nothing.
SURNAMES = frozenset(
    "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘蒋蔡余杜叶程苏魏吕丁任"
    "沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付傅方白邹孟熊秦邱江尹薛闫阎段雷侯龙史陶黎贺顾毛郝龚邵万严覃武戴"
    "莫孔汤常温康施文牛樊葛邢安齐易乔伍庞颜倪庄聂章鲁岳翟殷詹申欧耿关兰焦俞左柳甘祝包宁尚符舒阮柯纪梅"
    "童凌毕季裴霍涂苗谷盛曲翁冉骆蓝游辛靳管柴蒙鲍华喻祁蒲房滕屈饶解牟艾尤阳穆农卓古吉缪简项连芦麦褚娄"
    "窦戚岑景党宫费卜冷晏席卫米柏宗瞿桂佟臧闵苟邬边卞姬仇栾隋商刁沙荣巫寇桑郎甄丛仲虞敖巩佘池查麻苑"
    "迟邝殳訾蒯宓郗濮阙蔺郜蓟谈郦湛鞠闻"
)
COMPOUND_SURNAMES = ("欧阳", "司马", "诸葛", "上官", "东方", "皇甫", "尉迟", "公孙", "慕容", "令狐", "司徒",
                     "夏侯", "端木", "长孙", "宇文", "轩辕", "西门", "南宫", "独孤")  # fmt: skip
TITLES = ("主任", "经理", "老师", "先生", "女士", "小姐", "局长", "科长", "处长", "所长", "律师", "法官",
          "警官", "老板", "师傅", "书记", "校长", "院长", "医生", "会计", "队长", "部长", "厂长")  # fmt: skip
MAX_NAME_FREQ = 50  # a jieba dictionary word more frequent than this is a word, not a name (明白, 周转)
_NAME_PARTS = frozenset({"nr", "nrfg", "nrt", "ns", "nz"})
_HAN_CHAR = re.compile(r"[\u4e00-\u9fff]")
_SURNAME_START = SURNAMES | {s[0] for s in COMPOUND_SURNAMES}
_SURNAME_CHAR = re.compile(f"[{''.join(sorted(_SURNAME_START))}]")
# A surname, then (lookahead, group 2) the one or two Han characters after it: group 1 plus group 2 is
# a trigger's window with its non-Han characters dropped (a surname is Han, so only the window's last
# character can be another). Led by a lookahead for the surnames' first characters, the pattern fails
# at once where no surname starts instead of trying each compound surname there: twice as fast.
_SURNAME = f"{'|'.join(COMPOUND_SURNAMES)}|[{''.join(sorted(SURNAMES))}]"
_SURNAME_AT = re.compile(f"(?=[{''.join(sorted(_SURNAME_START))}])({_SURNAME})(?=([\u4e00-\u9fff]{{1,2}}))")
_NAME_CUE = re.compile(
    r"(?:名叫|叫做|叫|全名(?:是|为|叫)?|姓名(?:是|为)?|真名(?:是|叫)?|名字(?:是|叫)|name is|named)\s*[:：]?\s*$",
    re.I,
)
_NAME_STOP = frozenset("的是在和与及等称说了，。、；：,;:")
_MEASURE_BEFORE = frozenset("一二三四五六七八九十两几这那每哪某半整多")
_MEASURE_SURNAMES = frozenset("张条支包份块位项段家部台口间只本封辆把面场次笔批")
_CLAUSE = re.compile(r"[，。；：！？、,.;:!?（）()“”「」\"'\s]")


def _tagged(window: str) -> tuple[tuple[str, str, int], ...]:
    """jieba's (word, POS flag, offset) for a short window of text."""
    out, pos = [], 0
    for pair in load_posseg().cut(window):
        out.append((pair.word, pair.flag, pos))
        pos += len(pair.word)
    return tuple(out)


def _word_freq(word: str) -> int:
    return int(load_jieba().dt.FREQ.get(word) or 0)


def _surname_len(text: str, i: int) -> int:
    if text[i : i + 2] in COMPOUND_SURNAMES:
        return 2
    return 1 if text[i] in SURNAMES else 0


def _plausible(name: str) -> bool:
    """2-4 Han characters, a surname first and something after it (``欧阳`` alone is no name), not a
    common dictionary word, not ``X的``-like."""
    n = _surname_len(name, 0) if name else 0
    if not n or not n < len(name) <= 4 or len(name) - n > 2 or not all(_HAN_CHAR.match(c) for c in name):
        return False
    return name[n] not in _NAME_STOP and _word_freq(name) <= MAX_NAME_FREQ


_WINDOW = 4  # the most a trigger's window holds: a surname of one or two characters and two more


def surname_grams(part: str) -> frozenset[str]:
    """Every piece of ``part`` of up to ``_WINDOW`` characters that starts with a surname character.

    A trigger's window (Han characters only) occurs in ``part`` exactly when it is one of these
    pieces: a set look-up instead of a scan of the whole document (its pieces are built once per
    document, see :class:`KnownText`)."""
    starts = [m.start() for m in _SURNAME_CHAR.finditer(part)]
    return frozenset(part[i : i + n] for i in starts for n in range(1, _WINDOW + 1))


@dataclass(frozen=True, slots=True)
class KnownText:
    """What a name is looked up in: folded texts (the document's, the question's) with their surname
    pieces (:func:`surname_grams`), searched apart: a name never spans two of them. The document's
    pieces are built once per document and shared by all its questions."""

    parts: tuple[str, ...]
    grams: tuple[frozenset[str], ...]

    @classmethod
    def of(cls, known: str) -> KnownText:
        """From ``|``-separated folded texts (``"document|question"``)."""
        parts = tuple(known.split("|"))
        return cls(parts, tuple(surname_grams(p) for p in parts))

    def __contains__(self, folded: object) -> bool:
        """Whether one of the texts holds ``folded`` (letters and digits only; the empty text is in
        every collection of texts, as ``"" in "|".join(parts)``)."""
        return isinstance(folded, str) and (not folded or any(folded in p for p in self.parts))


def name_triggers(text: str, known: KnownText | str, masked: str | None = None) -> list[int]:
    """Positions where a name the known text lacks may start: a surname followed by characters
    that, with it, occur nowhere in ``known`` (folded). Pure string work: no jieba."""
    t = masked if masked is not None else text
    grams = (known if isinstance(known, KnownText) else KnownText.of(known)).grams
    out = []
    for m in _SURNAME_AT.finditer(t):
        i = m.start()
        if i and t[i - 1] in _MEASURE_BEFORE and t[i] in _MEASURE_SURNAMES:
            continue  # 一张卡, 这位: a measure word
        window = t[i : m.end(2)]  # the surname and the next two characters, Han ones only
        for part in grams:
            if window in part:
                break
        else:
            out.append(i)
    return out


def _cue_name(t: str, i: int) -> str | None:
    if not _NAME_CUE.search(t[max(0, i - 8) : i]):
        return None
    n = _surname_len(t, i)
    end = i
    while end < len(t) and end - i < n + 2 and _HAN_CHAR.match(t[end]) and t[end] not in _NAME_STOP:
        end += 1
    return t[i:end] if end - i > n else None


def _title_name(t: str, i: int) -> str | None:
    n = _surname_len(t, i)
    rest = t[i + n : i + n + 2]
    title = next((x for x in TITLES if rest.startswith(x)), None)
    return t[i : i + n] + title if title else None


def _counts(name: str, known: KnownText) -> bool:
    """Whether ``name`` is one :func:`find_names` reports: a title name or a plausible one, and not in
    the known text."""
    return (name.endswith(TITLES) or _plausible(name)) and fold(name) not in known


def _jieba_name(
    t: str, i: int, known: KnownText, tagged: dict[str, tuple[tuple[str, str, int], ...]]
) -> str | None:
    """The name jieba's tags give at ``i``; ``tagged``: the windows of ``t`` already tagged (two
    triggers of one clause share one).

    Any name the tags give is ``t[i:j]`` for some ``j`` up to the window's end: when none of those
    would count (:func:`_counts`), the window is not tagged, and a process that tags nothing never
    loads the tagger."""
    stop = _CLAUSE.search(t, i, i + 8)
    hi = stop.start() if stop else min(len(t), i + 8)
    if not any(_counts(t[i:j], known) for j in range(i + 2, hi + 1)):
        return None
    lo = max(0, i - 6)
    breaks = [m.end() for m in _CLAUSE.finditer(t, lo, i)]
    lo = breaks[-1] if breaks else lo
    window = t[lo:hi]
    tokens = tagged.get(window)
    if tokens is None:
        tokens = tagged[window] = _tagged(window)
    for k, (word, flag, pos) in enumerate(tokens):
        if lo + pos != i:
            continue
        if flag.startswith("nr") and len(word) >= 2:
            return word
        if len(word) == _surname_len(t, i) and k + 1 < len(tokens):
            nxt, nflag, _ = tokens[k + 1]
            if len(nxt) <= 2 and nflag in _NAME_PARTS:
                return word + nxt
    return None


def _inside_word(t: str, i: int) -> bool:
    """The surname character ends a dictionary word (主任, 乙方, 支付) or starts a common one (方面,
    任何): no name starts there. Dictionary look-ups only, no tagging."""
    if _surname_len(t, i) == 2:
        return False
    ends_word = i > 0 and _word_freq(t[i - 1 : i + 1]) > 0
    return ends_word or _word_freq(t[i : i + 2]) > MAX_NAME_FREQ


def mask_names(text: str, names: tuple[str, ...]) -> str:
    """``text`` with every occurrence of ``names`` (longest first) blanked out, same length."""
    for name in names:
        if name in text:
            text = text.replace(name, "，" * len(name))
    return text


def find_names(
    text: str, known: KnownText | str, known_names: tuple[str, ...] | Callable[[str], tuple[str, ...]] = ()
) -> list[Specific]:
    """Person names in ``text`` that ``known`` (folded document + question) does not contain.

    A candidate starts at a :func:`name_triggers` position and is read, in this order, after a cue
    (``名叫``/``全名是``), as a surname plus title (``王主任``), or from jieba's POS tags (``nr``, or
    a lone surname followed by a name-like word: jieba splits ``顾建国`` into 顾/建国). ``known_names``
    (the document's own names, or a function giving those that occur in ``text``, called only when a
    trigger exists: ``DocumentNames.in_text``) are blanked first so that jieba never splits or
    extends them.
    """
    known = known if isinstance(known, KnownText) else KnownText.of(known)
    triggers = name_triggers(text, known)
    if not triggers:
        return []
    names = known_names(text) if callable(known_names) else known_names
    masked = mask_names(text, names)
    if masked is not text:  # else the same scan
        triggers = name_triggers(text, known, masked)
    out: list[Specific] = []
    tagged: dict[str, tuple[tuple[str, str, int], ...]] = {}
    for i in triggers:
        if out and i < out[-1].end:
            continue  # 卫 inside 顾卫东: part of the name just read
        cued = _cue_name(masked, i)
        if cued is None and _inside_word(masked, i):
            continue  # 主任, 乙方 ... and 甲方主任: no name
        cued = cued or _title_name(masked, i)
        name = cued or _jieba_name(masked, i, known, tagged)
        if name and _counts(name, known):
            out.append(Specific("name", name, name, i, i + len(name)))
    return out


# jieba's POS tagger cuts a text into blocks of these characters (``jieba.posseg.re_han_internal``)
# and tags each block on its own: everything else becomes a one-character ``x`` token. So a name is
# always found inside one block, and a document's names are the union of its blocks' names.
_BLOCK_CHARS = "\u4e00-\u9fd5a-zA-Z0-9+#&._"
_BLOCK = re.compile(f"[{_BLOCK_CHARS}]+")
_BLOCK_RUN = re.compile(f"[{_BLOCK_CHARS}]*")
# A block longer than this (a line without punctuation) is tagged in windows of this many characters
# instead of whole: the tagger's cost grows with the block, and a name needs only its neighbourhood.
MAX_BLOCK = 200
_REACH = (MAX_BLOCK - _WINDOW) // 2  # a window around a candidate: this many characters on each side


def _run_length(text: str, start: int = 0, stop: int | None = None) -> int:
    """How many block characters ``text[start:stop]`` starts with."""
    m = _BLOCK_RUN.match(text, start, len(text) if stop is None else stop)
    return m.end() - start if m else 0


def _names_in_block(block: str) -> frozenset[str]:
    """The names jieba tags in one block: ``nr`` tokens, or a surname followed by a name-like token."""
    tokens = [(p.word, p.flag) for p in load_posseg().cut(block)]
    names: set[str] = set()
    for k, (word, flag) in enumerate(tokens):
        if flag.startswith("nr") and _plausible(word):
            names.add(word)
        elif len(word) == 1 and word in SURNAMES and k + 1 < len(tokens):
            nxt, nflag = tokens[k + 1]
            if len(nxt) <= 2 and nflag in _NAME_PARTS and _plausible(word + nxt):
                names.add(word + nxt)
    return frozenset(names)


def _pieces(text: str) -> list[str]:
    """``text``'s blocks, each cut into windows of at most ``MAX_BLOCK`` characters."""
    out = []
    for m in _BLOCK.finditer(text):
        block = m.group()
        out += [block[i : i + MAX_BLOCK] for i in range(0, len(block), MAX_BLOCK)]
    return out


def document_names(text: str) -> tuple[str, ...]:
    """Every person name jieba tags in ``text`` (see :func:`_names_in_block`), longest first. Each
    distinct block is tagged once; :class:`DocumentNames` tags only the blocks a text asks about."""
    names: set[str] = set()
    for piece in dict.fromkeys(_pieces(text)):
        names |= _names_in_block(piece)
    return tuple(sorted(names, key=lambda n: (-len(n), n)))


class DocumentNames:
    """A document's person names, found on demand for the texts scored against it.

    Only a name that occurs in an answer can matter to it (see :func:`find_names`), and such a name
    lies inside a block of the document that holds it. So :meth:`in_text` tags only the blocks (or,
    in a block longer than ``MAX_BLOCK``, the windows) around the occurrences of an answer's
    candidates, each distinct block once: a giant document costs what its relevant sentences cost.
    The verdict for each candidate is an index of this document, kept across runs in the user's
    cache (``scorers.names_store``, unless ``keep`` is False); the names of a block are kept while
    the document is loaded."""

    def __init__(self, text: str, keep: bool = True) -> None:
        self.text = text
        self.keep = keep
        self._grams: frozenset[str] | None = None
        self._is_name: dict[str, bool] | None = None
        self._file: Path | None = None
        self._blocks: dict[str, frozenset[str]] = {}

    def in_text(self, text: str) -> tuple[str, ...]:
        """The document's names that occur in ``text``, longest first."""
        candidates = self._candidates(text)
        if not candidates:
            return ()
        table = self._table()
        new = [g for g in candidates if g not in table]
        for gram in new:
            table[gram] = any(gram in self._block_names(b) for b in self._blocks_with(gram))
        if new and self._file is not None:
            write_table(self._file, table)
        found = [g for g in candidates if table[g]]
        return tuple(sorted(found, key=lambda n: (-len(n), n)))

    def _candidates(self, text: str) -> set[str]:
        if self._grams is None:
            self._grams = surname_grams(self.text)
        grams = {text[i : i + n] for i, ch in enumerate(text) if ch in _SURNAME_START for n in (2, 3, 4)}
        return {g for g in grams if g in self._grams and _plausible(g)}

    def _table(self) -> dict[str, bool]:
        """The candidates worked out so far: read from the kept file on first need."""
        if self._is_name is None:
            self._file = table_file(self.text, Path(__file__)) if self.keep else None
            self._is_name = read_table(self._file) if self._file is not None else {}
        return self._is_name

    def _blocks_with(self, gram: str) -> dict[str, None]:
        """The distinct blocks around the occurrences of ``gram``, in document order: the whole block
        when it has at most ``MAX_BLOCK`` characters, else ``_REACH`` characters on each side."""
        out: dict[str, None] = {}
        text = self.text
        at = text.find(gram)
        while at >= 0:
            end = at + len(gram)
            before = _run_length(text[max(0, at - MAX_BLOCK) : at][::-1])
            after = _run_length(text, end, end + MAX_BLOCK)
            if before + len(gram) + after > MAX_BLOCK:
                before, after = min(before, _REACH), min(after, _REACH)
            out.setdefault(text[at - before : end + after])
            at = text.find(gram, end)
        return out

    def _block_names(self, block: str) -> frozenset[str]:
        names = self._blocks.get(block)
        if names is None:
            names = self._blocks[block] = _names_in_block(block)
        return names


__all__ = [
    "COMPOUND_SURNAMES",
    "MAX_NAME_FREQ",
    "SURNAMES",
    "TITLES",
    "DocumentNames",
    "KnownText",
    "document_names",
    "find_names",
    "jieba_cache_dir",
    "mask_names",
    "name_triggers",
    "surname_grams",
]
