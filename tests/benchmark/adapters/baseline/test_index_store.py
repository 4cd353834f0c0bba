"""The stored tokens of a document: a real file in the test's own user cache directory
(``$LEGAL_RAG_BENCH_CACHE``, set per test by tests/conftest.py), real retrievers over real documents.
Made once and read back; another document or analyser gets another file; a corrupt file is made
again, never an error; the folder keeps at most ``MAX_FILES`` files."""

from __future__ import annotations

import marshal
import os
from decimal import Decimal
from pathlib import Path

import pytest

from benchmark.adapters.baseline import index_store
from benchmark.adapters.baseline.index_store import (
    FOLDER,
    VALUES_FOLDER,
    index_file,
    stored_tokens,
    stored_values,
    values_file,
)
from benchmark.adapters.baseline.retriever import Retriever
from benchmark.adapters.baseline.sentence_values import sentence_values
from benchmark.adapters.baseline.tokenize import tokenize
from benchmark.documents import Document
from benchmark.text import PartialDate

TEXTS = ["借款人于2022年3月15日借款46000元。", "出借人是谁？", "借款人于2022年3月15日借款46000元。"]


def _folder() -> Path:
    return Path(os.environ["LEGAL_RAG_BENCH_CACHE"]) / FOLDER


def test_tokens_are_made_once_then_read_from_the_file() -> None:
    first = stored_tokens(TEXTS)
    assert first == {t: tuple(tokenize(t)) for t in TEXTS}
    (written,) = _folder().glob("*.marshal")
    assert written == index_file(list(dict.fromkeys(TEXTS)))
    assert marshal.loads(written.read_bytes()) == [first[TEXTS[0]], first[TEXTS[1]]]

    # what the file holds is what the next reader gets: plant other (well-formed) tokens in it
    written.write_bytes(marshal.dumps([("planted",), ("too",)]))
    assert stored_tokens(TEXTS) == {TEXTS[0]: ("planted",), TEXTS[1]: ("too",)}


def test_a_retriever_indexes_from_the_stored_tokens(transcript: Document) -> None:
    fresh = Retriever(transcript)
    (written,) = _folder().glob("*.marshal")
    again = Retriever(transcript)
    assert again.tokens == fresh.tokens and again.readings == fresh.readings
    assert written.stat().st_mtime_ns == next(_folder().glob("*.marshal")).stat().st_mtime_ns
    assert again.search("乔慕白的手机号码是多少？") == fresh.search("乔慕白的手机号码是多少？")


def test_another_document_gets_another_file(transcript: Document, contract: Document) -> None:
    Retriever(transcript)
    Retriever(contract)
    assert len(list(_folder().glob("*.marshal"))) == 2


@pytest.mark.parametrize(
    ("content", "why"),
    [
        (b"\x00garbage", "not marshal"),
        (marshal.dumps([("借款",)])[:-2], "cut short"),
        (marshal.dumps([("借款",)]), "one list for two texts"),
        (marshal.dumps([("借款",), ["出借人"]]), "a list where a tuple belongs"),
        (marshal.dumps([("借款",), (7,)]), "a number among the tokens"),
        (marshal.dumps({"借款": 1}), "not a list"),
    ],
)
def test_a_corrupt_file_is_made_again(content: bytes, why: str) -> None:
    path = index_file(list(dict.fromkeys(TEXTS)))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    expected = {t: tuple(tokenize(t)) for t in TEXTS}
    assert stored_tokens(TEXTS) == expected, why
    assert marshal.loads(path.read_bytes()) == [expected[TEXTS[0]], expected[TEXTS[1]]], why


def test_an_unwritable_cache_directory_still_gives_tokens(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("where the cache directory should be", encoding="utf-8")
    assert stored_tokens(TEXTS, blocker / FOLDER) == {t: tuple(tokenize(t)) for t in TEXTS}


def test_the_folder_keeps_the_newest_files(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(index_store, "MAX_FILES", 2)
    for n in range(4):
        stored_tokens([f"第{n}份文件"])
        path = index_file([f"第{n}份文件"])
        os.utime(path, ns=(n * 10**9, n * 10**9))  # written in this order, whatever the clock's grain
    stored_tokens(["第4份文件"])
    assert sorted(_folder().glob("*.marshal")) == sorted(
        [index_file(["第3份文件"]), index_file(["第4份文件"])]
    )


def test_another_jieba_dictionary_means_another_file(monkeypatch: pytest.MonkeyPatch) -> None:
    before = index_file(TEXTS)
    index_store.analyser_key.cache_clear()
    monkeypatch.setattr(index_store, "dictionary_key", lambda: "0" * 64)
    try:
        assert index_file(TEXTS) != before
    finally:
        index_store.analyser_key.cache_clear()


def test_without_readable_source_nothing_is_stored(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(index_store, "analyser_key", lambda: None)
    assert stored_tokens(TEXTS) == {t: tuple(tokenize(t)) for t in TEXTS}
    assert not _folder().exists() or not list(_folder().glob("*.marshal"))


# --- the sentences' values ---------------------------------------------------------------------

SENTENCES = [
    "答：2021年3月2日，我转账给他20000元。",
    "问：第二次呢？",
    "答：2021年3月2日，我转账给他20000元。",
]


def _values_folder() -> Path:
    return Path(os.environ["LEGAL_RAG_BENCH_CACHE"]) / VALUES_FOLDER


def test_sentence_values_are_made_once_then_read_from_the_file(monkeypatch: pytest.MonkeyPatch) -> None:
    first = stored_values(SENTENCES)
    assert first == {t: sentence_values(t) for t in SENTENCES}
    (written,) = _values_folder().glob("*.marshal")
    assert written == values_file(list(dict.fromkeys(SENTENCES)))

    def refuse(text: str) -> None:
        raise AssertionError("read again")

    monkeypatch.setattr(index_store, "sentence_values", refuse)
    assert stored_values(SENTENCES) == first


def test_what_the_values_file_holds_is_what_is_read() -> None:
    path = values_file(list(dict.fromkeys(SENTENCES)))
    path.parent.mkdir(parents=True, exist_ok=True)
    planted = [(((0, 2, "7元", "7", ("planted",)),), ()), ((), ((0, 9, "2020年1月1日", (2020, 1, 1), ()),))]
    path.write_bytes(marshal.dumps(planted))
    read = stored_values(SENTENCES)
    assert read[SENTENCES[0]][0][0][3] == Decimal(7) and read[SENTENCES[0]][0][0][4] == ("planted",)
    assert read[SENTENCES[1]][1][0][3] == PartialDate(2020, 1, 1)


@pytest.mark.parametrize(
    ("content", "why"),
    [
        (b"\x00garbage", "not marshal"),
        (marshal.dumps([((), ())]), "one sentence's values for two"),
        (marshal.dumps([((), ()), ((), (), ())]), "three kinds where two belong"),
        (marshal.dumps([(((0, 2, "7元", "七", ()),), ()), ((), ())]), "an amount that is no number"),
        (marshal.dumps([(((0, 2, "7元", 7, ()),), ()), ((), ())]), "an amount that is no text"),
        (marshal.dumps([((), ((0, 2, "1日", (None, None, 1), ()),)), ((), ())]), "a date not whole"),
        (marshal.dumps([(((0, 2, "7元", "7", ["词"]),), ()), ((), ())]), "a list where a tuple belongs"),
    ],
)
def test_a_corrupt_values_file_is_made_again(content: bytes, why: str) -> None:
    distinct = list(dict.fromkeys(SENTENCES))
    path = values_file(distinct)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    assert stored_values(SENTENCES) == {t: sentence_values(t) for t in SENTENCES}, why
    assert stored_values(SENTENCES) == {t: sentence_values(t) for t in SENTENCES}, why  # written again


def test_a_retriever_reads_its_sentences_values_from_the_store(
    transcript: Document, monkeypatch: pytest.MonkeyPatch
) -> None:
    fresh = Retriever(transcript)
    monkeypatch.setattr(index_store, "sentence_values", lambda text: pytest.fail("read again"))
    again = Retriever(transcript)
    assert again.readings == fresh.readings
    assert any(values[0] for reading in again.readings for values in reading.values)  # amounts are held


def test_without_readable_source_no_values_are_stored(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(index_store, "analyser_key", lambda: None)
    assert stored_values(SENTENCES) == {t: sentence_values(t) for t in SENTENCES}
    assert not _values_folder().exists()


def test_values_and_tokens_of_the_same_texts_are_two_files(tmp_path: Path) -> None:
    assert values_file(TEXTS, tmp_path) != index_file(TEXTS, tmp_path)
    tokens, values = stored_tokens(TEXTS, tmp_path), stored_values(TEXTS, tmp_path)
    assert len(list(tmp_path.glob("*.marshal"))) == 2
    assert (stored_tokens(TEXTS, tmp_path), stored_values(TEXTS, tmp_path)) == (tokens, values)
