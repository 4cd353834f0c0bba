"""The table of a document's name candidates kept in the user's cache (``scorers.names_store``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmark.user_cache import user_cache_dir
from scorers import names as names_module
from scorers.names import DocumentNames
from scorers.names_store import FOLDER, MAX_FILES, read_table, table_file, write_table

DOCUMENT = "出借人邝振川与借款人戚鸣远签订借款合同，由顾主任见证。证人蒲立恒称其不知情。"
ANSWER = "邝振川借给戚鸣远，蒲立恒在场，还有邝振华。"


def kept_files() -> list[Path]:
    return sorted((user_cache_dir() / FOLDER).glob("*.marshal"))


def no_tagging(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(block: str) -> frozenset[str]:
        raise AssertionError(f"tagged {block!r} again")

    monkeypatch.setattr(names_module, "_names_in_block", refuse)


def test_a_later_load_of_the_document_reads_its_names_without_tagging(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    first = DocumentNames(DOCUMENT).in_text(ANSWER)
    assert first == ("戚鸣远", "蒲立恒", "邝振川")
    assert len(kept_files()) == 1
    no_tagging(monkeypatch)
    assert DocumentNames(DOCUMENT).in_text(ANSWER) == first
    assert DocumentNames(DOCUMENT).in_text("只有蒲立恒") == ("蒲立恒",)


def test_the_table_grows_with_new_candidates_and_keeps_the_old_ones() -> None:
    DocumentNames(DOCUMENT).in_text("邝振川")
    path = kept_files()[0]
    assert read_table(path)["邝振川"] is True
    assert "戚鸣远" not in read_table(path)
    DocumentNames(DOCUMENT).in_text("戚鸣远")
    assert read_table(path)["邝振川"] is True
    assert read_table(path)["戚鸣远"] is True


def test_a_false_verdict_is_kept_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """A candidate the document holds that is no name of it (``邝振``, part of ``邝振川``) stays unnamed
    on a later load, without tagging."""
    assert DocumentNames(DOCUMENT).in_text("邝振") == ()
    assert read_table(kept_files()[0]) == {"邝振": False}
    no_tagging(monkeypatch)
    assert DocumentNames(DOCUMENT).in_text("邝振") == ()


def test_another_text_or_rule_is_another_file(tmp_path: Path) -> None:
    rule = Path(names_module.__file__)
    changed = tmp_path / "names.py"
    changed.write_bytes(rule.read_bytes() + b"\n# another rule\n")
    files = {table_file(DOCUMENT, rule), table_file(DOCUMENT + "。", rule), table_file(DOCUMENT, changed)}
    assert len(files) == 3
    assert table_file(DOCUMENT, tmp_path / "missing.py") is None  # no source: nothing is kept


@pytest.mark.parametrize(
    "content",
    [b"", b"not marshal", b"\xe9\x00\x00", None],
    ids=["empty", "garbage", "truncated", "wrong-shape"],
)
def test_a_file_that_does_not_decode_is_ignored_and_made_again(content: bytes | None) -> None:
    path = table_file(DOCUMENT, Path(names_module.__file__))
    assert path is not None
    if content is None:
        write_table(path, {"邝振川": "yes"})  # type: ignore[dict-item]
    else:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content)
    assert DocumentNames(DOCUMENT).in_text(ANSWER) == ("戚鸣远", "蒲立恒", "邝振川")
    assert read_table(path)["邝振川"] is True


def test_keep_false_writes_nothing() -> None:
    assert DocumentNames(DOCUMENT, keep=False).in_text(ANSWER) == ("戚鸣远", "蒲立恒", "邝振川")
    assert kept_files() == []


def test_an_unwritable_cache_file_only_means_the_work_is_done_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    monkeypatch.setenv("LEGAL_RAG_BENCH_CACHE", str(blocker))
    assert DocumentNames(DOCUMENT).in_text(ANSWER) == ("戚鸣远", "蒲立恒", "邝振川")


def test_only_the_newest_files_are_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("scorers.names_store.MAX_FILES", 2)
    for k in range(4):
        DocumentNames(DOCUMENT + "。" * k).in_text(ANSWER)
    assert len(kept_files()) == 2
    assert MAX_FILES == 256
