"""The answer cache: keys, immediate durability, migrations, errors."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from benchmark.cache import MIGRATIONS, AnswerCache, CachedAnswer, adapter_sha, answer_key
from benchmark.errors import StoreError

QUESTION = {"type": "fact_exact", "question": {"id": "q1", "question": "多少钱？"}}


def entry(key: str, qid: str = "q1", trial: int = 0, text: str = "42000元") -> CachedAnswer:
    return CachedAnswer(key, qid, trial, {"answer": text, "citations": []}, 12, 1, "run-1")


def test_key_changes_with_adapter_question_document_and_trial() -> None:
    base = answer_key(adapter_sha({"spec": "a", "config": {}}), QUESTION, "doc1", 0)
    assert base == answer_key(
        adapter_sha({"config": {}, "spec": "a"}), QUESTION, "doc1", 0
    )  # key order is irrelevant
    variants = [
        answer_key(adapter_sha({"spec": "a", "config": {"model": "x"}}), QUESTION, "doc1", 0),
        answer_key(
            adapter_sha({"spec": "a", "config": {}}),
            {**QUESTION, "question": {"id": "q1", "question": "几次？"}},
            "doc1",
            0,
        ),
        answer_key(adapter_sha({"spec": "a", "config": {}}), QUESTION, "doc2", 0),
        answer_key(adapter_sha({"spec": "a", "config": {}}), QUESTION, "doc1", 1),
    ]
    assert len({base, *variants}) == 5


def test_put_then_get_many(tmp_path: Path) -> None:
    with AnswerCache(tmp_path / "c.sqlite") as cache:
        cache.put(entry("k1"), "sha")
        cache.put(entry("k2", "q2", text="三次"), "sha")
        found = cache.get_many(["k1", "k2", "missing"])
    assert set(found) == {"k1", "k2"}
    assert found["k2"].answer == {"answer": "三次", "citations": []}
    assert (found["k1"].latency_ms, found["k1"].attempts, found["k1"].run_id) == (12, 1, "run-1")


def test_a_later_answer_for_the_same_key_replaces_the_earlier(tmp_path: Path) -> None:
    with AnswerCache(tmp_path / "c.sqlite") as cache:
        cache.put(entry("k1", text="旧"), "sha")
        cache.put(entry("k1", text="新"), "sha")
        assert cache.count() == 1
        assert cache.get_many(["k1"])["k1"].answer["answer"] == "新"


def test_many_keys_are_fetched_in_chunks(tmp_path: Path) -> None:
    with AnswerCache(tmp_path / "c.sqlite") as cache:
        for i in range(1200):
            cache.put(entry(f"k{i}", f"q{i}"), "sha")
        assert len(cache.get_many(f"k{i}" for i in range(0, 1300))) == 1200


def test_each_answer_is_visible_to_another_connection_at_once(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    cache = AnswerCache(path)
    cache.put(entry("k1"), "sha")
    other = sqlite3.connect(path)
    assert other.execute("SELECT question_id FROM answers").fetchall() == [("q1",)]
    other.close()
    cache.close()


def test_answers_survive_kill_9(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    script = textwrap.dedent(
        f"""
        import os, signal, sys
        sys.path.insert(0, {str(Path.cwd())!r})
        from benchmark.cache import AnswerCache, CachedAnswer
        cache = AnswerCache({str(path)!r})
        for i in range(25):
            cache.put(CachedAnswer(f"k{{i}}", f"q{{i}}", 0, {{"answer": str(i)}}, 1, 1, "r"), "sha")
        os.kill(os.getpid(), signal.SIGKILL)
        """
    )
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, timeout=60)
    assert proc.returncode == -signal.SIGKILL
    with AnswerCache(path) as cache:
        assert cache.count() == 25


def test_schema_version_is_recorded_and_migrations_run_once(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    with AnswerCache(path) as cache:
        assert cache.schema_version == len(MIGRATIONS)
        cache.put(entry("k1"), "sha")
    with AnswerCache(path) as cache:  # reopening applies nothing twice and keeps the rows
        assert cache.count() == 1
    rows = sqlite3.connect(path).execute("SELECT version FROM schema_version").fetchall()
    assert rows == [(v,) for v in range(1, len(MIGRATIONS) + 1)]


def test_a_newer_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    AnswerCache(path).close()
    db = sqlite3.connect(path)
    db.execute("INSERT INTO schema_version VALUES (99, 'future')")
    db.commit()
    db.close()
    with pytest.raises(StoreError, match="newer than this tool knows"):
        AnswerCache(path)


def test_a_file_that_is_not_a_database_is_a_refusal(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    path.write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(StoreError) as err:
        AnswerCache(path)
    assert str(path) in str(err.value)


@pytest.mark.skipif(os.name != "posix", reason="WAL files are checked on POSIX only")
def test_wal_mode_is_on(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    with AnswerCache(path):
        pass
    assert sqlite3.connect(path).execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_an_old_cache_is_migrated_in_place(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE schema_version (version INTEGER PRIMARY KEY, applied_at TEXT)")
    for statement in MIGRATIONS[0].split(";"):
        if statement.strip():
            db.execute(statement)
    db.execute("INSERT INTO schema_version VALUES (1, 'then')")
    db.execute("INSERT INTO answers VALUES ('k', 'q', 0, 'sha', '{\"answer\": \"x\"}', 1, 1, 'r', 'then')")
    db.commit()
    db.close()
    with AnswerCache(path) as cache:  # version 1 -> the latest, keeping the rows
        assert cache.schema_version == len(MIGRATIONS) >= 2
        assert cache.get_many(["k"])["k"].answer == {"answer": "x"}
