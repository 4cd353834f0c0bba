"""A document's facts kept in the user's cache (``scorers.facts_store``): a real file in the test's own
cache directory (``$LEGAL_RAG_BENCH_CACHE``, set per test by tests/conftest.py)."""

from __future__ import annotations

import marshal
from pathlib import Path

import pytest

from benchmark.documents import load_document
from benchmark.user_cache import user_cache_dir
from scorers import facts_store
from scorers.facts import build_facts
from scorers.facts_store import (
    FOLDER,
    MAX_FILES,
    READERS,
    facts_file,
    reader_sources,
    readers_key,
    stored_facts,
)
from scorers.hallucination import document_facts, find_invented

ROOT = Path(__file__).resolve().parents[2]
TEXT = "联系电话：138****5906，于2021年3月2日上午9点半借款46000元，年利率6%，不是40000元。"


def kept_files() -> list[Path]:
    return sorted((user_cache_dir() / FOLDER).glob("*.marshal"))


def no_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(text: str, folded: str | None = None) -> None:
        raise AssertionError("read the text again")

    monkeypatch.setattr(facts_store, "build_facts", refuse)


def test_facts_are_built_once_then_read_from_the_file(monkeypatch: pytest.MonkeyPatch) -> None:
    built = build_facts(TEXT)
    assert stored_facts(TEXT, built.folded) == built
    assert kept_files() == [facts_file(TEXT)]
    no_reading(monkeypatch)
    assert stored_facts(TEXT, built.folded) == built


@pytest.mark.parametrize("name", ["transcript", "loan_contract", "judgment"])
def test_a_bundled_documents_stored_facts_are_its_built_facts(name: str) -> None:
    document = load_document(ROOT / f"datasets/{name}/document.md")
    built = build_facts(document.text, document.folded)
    stored_facts(document.text, document.folded)
    assert stored_facts(document.text, document.folded) == built


def test_a_documents_facts_come_from_the_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same text loaded as another document (another file) reads the facts the first one kept."""
    text = (ROOT / "datasets/transcript/document.md").read_text(encoding="utf-8")
    (tmp_path / "a.md").write_text(text, encoding="utf-8")
    (tmp_path / "b.md").write_text(text, encoding="utf-8")
    first = document_facts(load_document(tmp_path / "a.md"))
    no_reading(monkeypatch)
    second = load_document(tmp_path / "b.md")
    assert document_facts(second) == first
    assert find_invented("邝振川的电话是137****2648。", second) == []
    assert find_invented("邝振川的电话是137****2649。", second)[0].key == "phone:137****2649"


def test_another_text_or_reader_is_another_file(tmp_path: Path) -> None:
    changed = tmp_path / "specifics.py"
    changed.write_bytes(Path(facts_store.specifics.__file__).read_bytes() + b"\n# another rule\n")
    other = readers_key([*reader_sources()[:1], changed, *reader_sources()[2:]])
    assert READERS is not None and other is not None and other != READERS
    files = {facts_file(TEXT), facts_file(TEXT + "。"), facts_file(TEXT, other)}
    assert len(files) == 3


def test_without_readable_sources_nothing_is_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert readers_key([tmp_path / "missing.py"]) is None
    assert facts_file(TEXT, None) is None
    monkeypatch.setattr(facts_store, "READERS", None)
    built = build_facts(TEXT)
    assert stored_facts(TEXT, built.folded, tmp_path) == built
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"not marshal",
        marshal.dumps(((), ("46000",), (), ((2021, 3, 2),), ((9,), 30)))[:-3],
        marshal.dumps({"amounts": ["46000"]}),
        marshal.dumps(((), ("4万6",), (), (), ())),
        marshal.dumps(((), (), (), ((2021, 3),), ())),
        marshal.dumps(((), (), (), (), (((9,), "30"),))),
    ],
    ids=["empty", "garbage", "truncated", "wrong-shape", "bad-amount", "bad-date", "bad-time"],
)
def test_a_file_that_does_not_decode_is_built_again(content: bytes) -> None:
    path = facts_file(TEXT)
    assert path is not None
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    built = build_facts(TEXT)
    assert stored_facts(TEXT, built.folded) == built
    assert stored_facts(TEXT, built.folded) == built  # and the file written again holds them
    assert marshal.loads(path.read_bytes())[1] == tuple(sorted(str(a) for a in built.amounts))


def test_what_the_file_holds_is_what_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """A well-formed file is trusted: its name is what it is made of."""
    path = facts_file(TEXT)
    assert path is not None
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(marshal.dumps(((), ("7",), (), (), ())))
    facts = stored_facts(TEXT, build_facts(TEXT).folded)
    assert [str(a) for a in facts.amounts] == ["7"] and facts.dates == () and facts.text == TEXT


def test_an_unwritable_cache_directory_still_gives_facts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    monkeypatch.setenv("LEGAL_RAG_BENCH_CACHE", str(blocker))
    built = build_facts(TEXT)
    assert stored_facts(TEXT, built.folded) == built


def test_only_the_newest_files_are_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(facts_store, "MAX_FILES", 2)
    for k in range(4):
        stored_facts(TEXT + "。" * k, TEXT)
    assert len(kept_files()) == 2
    assert MAX_FILES == 256
