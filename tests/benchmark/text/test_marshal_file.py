"""Cache files holding one marshal dump: read whole or None, written whole or not at all."""

from __future__ import annotations

import marshal
import os
from pathlib import Path

from benchmark.text.marshal_file import keep_newest, read_marshal, source_key, write_marshal


def test_the_source_key_changes_with_a_source_or_a_version_and_is_none_without_one(tmp_path: Path) -> None:
    a, b = tmp_path / "tokenize.py", tmp_path / "amounts.py"
    a.write_text("STOPWORDS = '的'\n", encoding="utf-8")
    b.write_text("UNIT = '元'\n", encoding="utf-8")
    before = source_key([a, b], "jieba 0.42.1")
    assert before is not None and source_key([a, b], "jieba 0.42.1") == before
    assert source_key([a, b], "jieba 0.42.2") != before
    b.write_text("UNIT = '万元'\n", encoding="utf-8")
    assert source_key([a, b], "jieba 0.42.1") != before
    assert source_key([a, tmp_path / "missing.py"], "jieba 0.42.1") is None


def test_a_value_written_is_read_back_and_no_temporary_file_is_left(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "tokens.marshal"
    assert write_marshal(path, [("甲", "乙"), ()])
    assert read_marshal(path) == [("甲", "乙"), ()]
    assert [p.name for p in path.parent.iterdir()] == ["tokens.marshal"]


def test_a_missing_or_corrupt_file_reads_as_none(tmp_path: Path) -> None:
    assert read_marshal(tmp_path / "absent.marshal") is None
    cut = tmp_path / "cut.marshal"
    cut.write_bytes(marshal.dumps({"词": 3})[:-2])
    assert read_marshal(cut) is None
    (tmp_path / "junk.marshal").write_bytes(b"\xff\x00not marshal")
    assert read_marshal(tmp_path / "junk.marshal") is None


def test_an_unwritable_place_is_no_error(tmp_path: Path) -> None:
    blocker = tmp_path / "a file"
    blocker.write_text("not a folder")
    assert write_marshal(blocker / "tokens.marshal", [1]) is False


def test_keep_newest_deletes_the_oldest_marshal_files_only(tmp_path: Path) -> None:
    for k in range(4):
        path = tmp_path / f"f{k}.marshal"
        write_marshal(path, k)
        os.utime(path, ns=(k * 10**9, k * 10**9))
    (tmp_path / "other.txt").write_text("not ours")
    keep_newest(tmp_path, 2)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f2.marshal", "f3.marshal", "other.txt"]
    keep_newest(tmp_path / "missing", 2)  # no folder: no error
