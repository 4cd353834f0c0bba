"""Person names an answer asserts that the document and the question do not (scorers.names)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scorers.names as names_module
from benchmark.documents import load_document
from benchmark.text import fold
from scorers.names import document_names, find_names, jieba_cache_dir, mask_names, name_triggers

ROOT = Path(__file__).resolve().parents[2]

TRANSCRIPT = load_document(ROOT / "datasets/transcript/document.md")
KNOWN = TRANSCRIPT.folded + "|" + fold("顾主任的全名是什么？")


def names(text: str) -> list[str]:
    return [s.raw for s in find_names(text, KNOWN, document_names(TRANSCRIPT.text))]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("顾主任的全名叫顾建国。", ["顾建国"]),  # jieba splits 顾/建国
        ("证人是顾文华，在区教育局任职。", ["顾文华"]),
        ("请客的朋友是装修老板王建军。", ["王建军"]),
        ("顾主任带了同事张伟和刘洋。", ["张伟", "刘洋"]),
        ("饭局上有王主任和李科长。", ["王主任", "李科长"]),
        ("顾主任叫顾卫东。", ["顾卫东"]),
        ("韩立舟称不知道。", ["韩立舟"]),
    ],
)
def test_invented_names_are_found(text: str, expected: list[str]) -> None:
    assert names(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "戚鸣远和邝振川在听雨轩茶楼见面。",  # the document's own names
        "蒲立恒、沈若溪、戚长庚都知道。",
        "他说明白了，要周转一下资金。",  # dictionary words that jieba tags nr
        "这张卡是邝振川的。",  # 张 as a measure word
        "顾主任的全名是什么？",  # the question's text
        "甲方和乙方的主任都同意，任何一方。",  # 主任/任何: 任 inside words
        "the witness is named Zhou",
    ],
)
def test_known_names_and_words_are_not_names(text: str) -> None:
    assert names(text) == []


def test_jieba_runs_only_when_a_candidate_must_be_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    def boom() -> None:
        raise AssertionError("jieba was needed")

    monkeypatch.setattr(names_module, "load_jieba", boom)
    monkeypatch.setattr(names_module, "load_posseg", boom)
    calls: list[int] = []

    def provider(text: str) -> tuple[str, ...]:
        calls.append(1)
        return ()

    assert find_names("戚鸣远收了邝振川46000元。", KNOWN, provider) == []
    assert calls == [], "the document's names are not even computed without a trigger"


def test_name_triggers_are_pure_string_work() -> None:
    text = "戚鸣远认识顾建国。"
    assert name_triggers(text, KNOWN) == [text.index("顾建国")]


def test_document_names_include_rare_surnames() -> None:
    found = document_names(TRANSCRIPT.text)
    assert {"邝振川", "戚鸣远", "蒲立恒", "邝乐言", "沈若溪"} <= set(found)
    assert list(found) == sorted(found, key=lambda n: (-len(n), n)), "longest first, deterministic"


def test_mask_names_keeps_length() -> None:
    masked = mask_names("邝振川给戚鸣远钱", ("邝振川", "戚鸣远"))
    assert len(masked) == len("邝振川给戚鸣远钱") and "邝振川" not in masked and masked.endswith("给，，，钱")


def test_jieba_cache_dir_follows_xdg(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert jieba_cache_dir() == tmp_path / "legal-rag-bench" / "jieba"


@pytest.mark.parametrize("text", ["他向主任汇报了。", "甲方主任同意。", "顾总共收了多少？"])
def test_prepositions_and_words_before_titles_are_not_names(text: str) -> None:
    assert names(text) == []


# --- the surname grams: a set look-up that answers what a scan of the known text answered ----------


# The surname pattern as it was before the lookaheads that speed it up, and a run of Han characters.
_PLAIN_SURNAME_AT = re.compile(
    f"({'|'.join(names_module.COMPOUND_SURNAMES)}|[{''.join(sorted(names_module.SURNAMES))}])(?=[\u4e00-\u9fff])"
)
_HAN_RUN = re.compile(r"[\u4e00-\u9fff]+")


def plain_name_triggers(text: str, known: str, masked: str | None = None) -> list[int]:
    """``name_triggers`` as it was defined before the grams (the oracle), kept verbatim."""
    t = masked if masked is not None else text
    out = []
    for m in _PLAIN_SURNAME_AT.finditer(t):
        i = m.start()
        n = len(m.group(1))
        if i and t[i - 1] in names_module._MEASURE_BEFORE and t[i] in names_module._MEASURE_SURNAMES:
            continue
        window = t[i : i + n + 2]
        if not _HAN_RUN.fullmatch(window):
            window = "".join(c for c in window if names_module._HAN_CHAR.match(c))
        if window not in known:
            out.append(i)
    return out


_NAME_PIECES = ["顾", "建", "国", "主任", "欧阳", "欧", "阳", "司马", "张伟", "一张", "的", "，", "1", "a", "|", "王", "军",
                "戚鸣远", "邝振川", "方面", "长孙", "长"]  # fmt: skip
_name_texts = st.lists(st.sampled_from(_NAME_PIECES), max_size=10).map("".join)


@given(_name_texts, _name_texts, _name_texts)
@settings(max_examples=1500, deadline=None)
def test_name_triggers_equal_the_plain_scan(text: str, known: str, masked: str) -> None:
    assert name_triggers(text, known) == plain_name_triggers(text, known)
    masked = (masked + text)[: len(text)]
    assert name_triggers(text, known, masked) == plain_name_triggers(text, known, masked)


def test_surnames_are_han_characters_so_every_window_starts_with_one() -> None:
    """Also what lets ``name_triggers`` read a window's Han characters off the pattern's groups: only
    the character after the one the lookahead requires can be another."""
    assert all(names_module._HAN_CHAR.match(c) for c in names_module._SURNAME_START)
    surnames = [*names_module.SURNAMES, *names_module.COMPOUND_SURNAMES]
    assert all(names_module._HAN_CHAR.match(c) for s in surnames for c in s)


def test_name_triggers_on_the_transcript_equal_the_plain_scan() -> None:
    text = "顾主任的全名叫顾建国，证人是顾文华，请客的朋友是装修老板王建军，欧阳明和司马光也在。"
    assert name_triggers(text, KNOWN) == plain_name_triggers(text, KNOWN)


def test_names_are_looked_up_in_the_document_and_the_question_apart() -> None:
    from scorers import names

    document = "顾卫东于二〇二〇年八月三十一日向蒲立恒借款" * 50
    assert names.name_triggers("顾卫东", f"{document}|x") == []  # in the document
    assert names.name_triggers("顾卫东", "x|顾卫东") == []  # in the question
    assert 0 in names.name_triggers("顾卫东", "顾卫|东")  # never across the two
    known = names.KnownText.of(f"{document}|顾卫东借了多少钱")
    assert "顾卫东" in known and "东借" in known and "" in known and "款顾" in known
    assert "东顾" not in names.KnownText.of("顾卫|东") and "" in names.KnownText(parts=(), grams=())


# --- compound surnames: a surname alone is no name, and never an error -----------------------------


@pytest.mark.parametrize("surname", names_module.COMPOUND_SURNAMES)
def test_a_compound_surname_alone_is_not_a_name_and_raises_nothing(surname: str) -> None:
    """``夏侯村``: jieba may tag the bare compound surname ``nr``; it is a surname, not a name."""
    document = f"{surname}村的{surname}先生和{surname}说过。{surname}"
    assert surname not in document_names(document)
    found = find_names(f"{surname}，{surname}村的{surname}说，{surname}明借了钱。", "x", ())
    assert all(len(s.raw) > len(surname) for s in found)


def test_a_compound_surname_with_a_given_name_is_a_name() -> None:
    assert [s.raw for s in find_names("借款人是欧阳明。", "x", ())] == ["欧阳明"]


# --- the document's names, found per answer: only the blocks an answer asks about are tagged -------


def test_a_documents_names_are_its_blocks_names() -> None:
    """jieba's POS tagger tags each block (a run of Han, Latin letters and digits) on its own, so the
    names of the whole text are the union of its blocks' names."""
    tokens = [(p.word, p.flag) for p in names_module.load_posseg().cut(TRANSCRIPT.text)]
    whole = {w for w, f in tokens if f.startswith("nr") and names_module._plausible(w)}
    assert whole <= set(document_names(TRANSCRIPT.text))


TRANSCRIPT_NAMES = document_names(TRANSCRIPT.text)
TRANSCRIPT_INDEX = names_module.DocumentNames(TRANSCRIPT.text)
_ANSWER_PIECES = [*TRANSCRIPT_NAMES, "顾建国", "王主任", "说", "，", "借了", "欧阳明", "张", "46000元"]


@given(st.lists(st.sampled_from(_ANSWER_PIECES), max_size=8).map("".join))
@settings(max_examples=300, deadline=None)
def test_document_names_in_a_text_are_those_of_the_whole_document(text: str) -> None:
    assert TRANSCRIPT_INDEX.in_text(text) == tuple(n for n in TRANSCRIPT_NAMES if n in text)


def test_a_giant_block_is_tagged_in_windows_and_its_names_still_found() -> None:
    """A line without punctuation is one block; it is tagged around the candidates only."""
    filler = "甲乙双方约定借款本金及利息按月结清" * 5000  # 85,000 characters, no break
    document = filler + "出借人邝振川与借款人戚鸣远签订合同" + filler
    found = names_module.DocumentNames(document)
    assert found.in_text("邝振川和戚鸣远") == ("戚鸣远", "邝振川")
    assert all(len(block) <= names_module.MAX_BLOCK for block in found._blocks)
    assert names_module.DocumentNames(document).in_text("没有名字") == ()


def test_a_compound_surname_alone_is_no_name_and_no_error() -> None:
    """欧阳/司马 followed by a title used to index past the end of the candidate (an ERROR in a run)."""
    assert names_module._plausible("欧阳") is False
    assert "欧阳科长" in names("顾主任带了欧阳科长和司马副主任。")
    names("有上官文涛和诸葛一鸣两位同事。")  # no exception


# --- an answer's windows: tagged only when a name read there could count -------------------------


def tagging_every_window(
    t: str, i: int, known: names_module.KnownText, tagged: dict[str, tuple[tuple[str, str, int], ...]]
) -> str | None:
    """``_jieba_name`` as it was before windows were skipped (the oracle), kept verbatim."""
    lo = max(0, i - 6)
    breaks = [m.end() for m in names_module._CLAUSE.finditer(t, lo, i)]
    lo = breaks[-1] if breaks else lo
    stop = names_module._CLAUSE.search(t, i, i + 8)
    hi = stop.start() if stop else min(len(t), i + 8)
    window = t[lo:hi]
    tokens = tagged.get(window)
    if tokens is None:
        tokens = tagged[window] = names_module._tagged(window)
    for k, (word, flag, pos) in enumerate(tokens):
        if lo + pos != i:
            continue
        if flag.startswith("nr") and len(word) >= 2:
            return word
        if len(word) == names_module._surname_len(t, i) and k + 1 < len(tokens):
            nxt, nflag, _ = tokens[k + 1]
            if len(nxt) <= 2 and nflag in names_module._NAME_PARTS:
                return word + nxt
    return None


# A case's known text has no surname pieces (every surname position triggers), as in a case file.
CASE_KNOWN = names_module.KnownText(("涂建业在他的棋牌室，管安置房的科室",), (frozenset(),))


def refuse_tagging(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(window: str) -> tuple[tuple[str, str, int], ...]:
        raise AssertionError(f"tagged {window!r}")

    monkeypatch.setattr(names_module, "_tagged", refuse)
    monkeypatch.setattr(names_module, "load_posseg", refuse)


@pytest.mark.parametrize("text", ["涂建业也在。", "好像是管安置房的科室。"])
def test_a_window_where_no_name_could_count_is_not_tagged(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every name the tags could give at a trigger starts there and ends in its window: here each is
    known (涂建业, 管安) or no plausible name (涂建业也在), so neither the window nor the tagger is loaded."""
    assert names_module.name_triggers(text, CASE_KNOWN)
    refuse_tagging(monkeypatch)
    assert find_names(text, CASE_KNOWN) == []


def test_a_window_where_a_name_could_count_is_still_tagged(monkeypatch: pytest.MonkeyPatch) -> None:
    windows: list[str] = []
    tag = names_module._tagged
    monkeypatch.setattr(names_module, "_tagged", lambda window: windows.append(window) or tag(window))
    assert [s.raw for s in find_names("涂建业也在，证人是顾文华。", CASE_KNOWN)] == ["顾文华"]
    assert windows == ["证人是顾文华"]  # 涂建业's window is not


_WINDOW_PIECES = ["涂建业", "顾建国", "王", "建", "军", "管", "安置房", "也在", "说", "，", "。", "5万", "主任",
                  "欧阳", "明", "张伟", "叫", "棋牌室", "的"]  # fmt: skip
_window_texts = st.lists(st.sampled_from(_WINDOW_PIECES), max_size=8).map("".join)


@given(
    _window_texts, st.sampled_from([CASE_KNOWN, names_module.KnownText.of("涂建业在他的棋牌室|顾建国是谁")])
)
@settings(max_examples=300, deadline=None)
def test_skipping_windows_changes_no_name(text: str, known: names_module.KnownText) -> None:
    found = [(s.raw, s.start) for s in find_names(text, known)]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(names_module, "_jieba_name", tagging_every_window)
        assert [(s.raw, s.start) for s in find_names(text, known)] == found
