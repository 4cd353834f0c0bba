"""The prefix dictionary's cache file: a real jieba ``Tokenizer`` over a small dictionary file of ours,
a real cache directory. Built once and read back; a changed dictionary gets a file of its own; a file
that is corrupt, cut short or of another shape is built again, never an error."""

from __future__ import annotations

import marshal
from pathlib import Path

import jieba
import pytest

from benchmark.text.jieba_dict import cache_file, dictionary_bytes, load_prefix_dict

WORDS = "借款 300 n\n借款人 50 n\n出借 40 v\n利息 80 n\n"


def _tokenizer(dictionary: Path) -> jieba.Tokenizer:
    return jieba.Tokenizer(dictionary=str(dictionary))


def _built_by_jieba(dictionary: Path) -> tuple[dict[str, int], int]:
    freq, total = jieba.Tokenizer.gen_pfdict(dictionary.open("rb"))
    return freq, total


@pytest.fixture
def dictionary(tmp_path: Path) -> Path:
    path = tmp_path / "dict.txt"
    path.write_text(WORDS, encoding="utf-8")
    return path


def test_the_first_load_builds_and_writes_the_next_reads_it(tmp_path: Path, dictionary: Path) -> None:
    folder = tmp_path / "cache"
    first = _tokenizer(dictionary)
    load_prefix_dict(first, folder)
    (written,) = folder.glob("jieba-*.cache")
    assert written == cache_file(folder, dictionary.read_bytes())
    assert (first.FREQ, first.total) == _built_by_jieba(dictionary)
    assert first.initialized and first.lcut("借款人出借") == ["借款人", "出借"]

    # what the file holds is what the next tokenizer gets: plant a different (valid) dictionary in it
    written.write_bytes(marshal.dumps(({"借": 1, "借款": 7}, 8)))
    second = _tokenizer(dictionary)
    load_prefix_dict(second, folder)
    assert (second.FREQ, second.total) == ({"借": 1, "借款": 7}, 8)


def test_a_changed_dictionary_gets_its_own_file(tmp_path: Path, dictionary: Path) -> None:
    folder = tmp_path / "cache"
    load_prefix_dict(_tokenizer(dictionary), folder)
    dictionary.write_text(WORDS + "还款 60 v\n", encoding="utf-8")
    changed = _tokenizer(dictionary)
    load_prefix_dict(changed, folder)
    assert changed.FREQ["还款"] == 60 and (changed.FREQ, changed.total) == _built_by_jieba(dictionary)
    assert len(list(folder.glob("jieba-*.cache"))) == 2


@pytest.mark.parametrize(
    ("content", "why"),
    [
        (b"not marshal at all", "garbage"),
        (marshal.dumps(({"借款": 300}, 300))[:-3], "cut short by a crash or a full disk"),
        (marshal.dumps(["借款", 300]), "marshal, but not a (dict, int) pair"),
        (marshal.dumps(({}, 0)), "an empty dictionary"),
        (b"", "an empty file"),
    ],
)
def test_a_corrupt_cache_file_is_built_again(
    tmp_path: Path, dictionary: Path, content: bytes, why: str
) -> None:
    folder = tmp_path / "cache"
    folder.mkdir()
    path = cache_file(folder, dictionary.read_bytes())
    path.write_bytes(content)
    tokenizer = _tokenizer(dictionary)
    load_prefix_dict(tokenizer, folder)
    assert (tokenizer.FREQ, tokenizer.total) == _built_by_jieba(dictionary), why
    assert marshal.loads(path.read_bytes()) == _built_by_jieba(dictionary), why


def test_an_unwritable_cache_directory_still_loads(tmp_path: Path, dictionary: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("a file where the cache directory should be", encoding="utf-8")
    tokenizer = _tokenizer(dictionary)
    load_prefix_dict(tokenizer, blocker / "cache")
    assert (tokenizer.FREQ, tokenizer.total) == _built_by_jieba(dictionary)
    load_prefix_dict(no_cache := _tokenizer(dictionary), None)
    assert no_cache.FREQ == tokenizer.FREQ


def test_jieba_s_default_dictionary_is_keyed_by_its_bytes() -> None:
    data = dictionary_bytes(jieba.Tokenizer())
    assert len(data) > 1_000_000 and data.split(b"\n", 1)[0].count(b" ") == 2
    assert cache_file(Path("x"), data) != cache_file(Path("x"), data + b"\n")
