"""The run store: migrations, save/list/show/delete, id resolution, two concurrent writers."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from benchmark.errors import StoreError
from benchmark.store import MIGRATIONS, RunStore


def fake_report(run_id: str, outcomes: list[str], started: str = "2026-11-22T08:00:00Z") -> dict[str, Any]:
    questions = [
        {
            "id": f"q{i}",
            "type": "fact_exact",
            "outcome": o,
            "score": 1.0 if o == "PASS" else (None if o == "SKIP" else 0.3),
            "components": {"exact_match": 1.0},
            "details": {"note": "事实"},
            "answer": {"answer": "42000元"} if o != "SKIP" else None,
            "latency_ms": 5,
            "skip_reason": "timeout after 1s" if o == "SKIP" else None,
        }
        for i, o in enumerate(outcomes)
    ]
    passed, failed = outcomes.count("PASS"), outcomes.count("FAIL")
    return {
        "tool": "legal-rag-bench",
        "version": "0.1.0",
        "run_id": run_id,
        "started_at": started,
        "adapter": {"name": "baseline", "config": {"top_k": 5}},
        "datasets": [{"path": "datasets/x.json", "sha256": "ab"}],
        "summary": {
            "total": len(outcomes),
            "passed": passed,
            "failed": failed,
            "skipped": outcomes.count("SKIP"),
            "resolved": passed + failed,
            "score": 0.5,
            "pass_rate": 0.5,
            "coverage": 1.0,
            "by_type": {},
        },
        "questions": questions,
    }


def test_round_trip_and_listing(tmp_path: Path) -> None:
    with RunStore(tmp_path / "h.sqlite") as store:
        store.save_report(fake_report("20261122T080000Z-aaaaaa", ["PASS", "FAIL", "SKIP"]), label="bm25")
        store.save_report(fake_report("20261122T090000Z-bbbbbb", ["PASS"], started="2026-11-22T09:00:00Z"))
        assert [r.run_id for r in store.list_runs()] == ["20261122T090000Z-bbbbbb", "20261122T080000Z-aaaaaa"]
        run = store.get_run("bm25")
        assert run["run_id"] == "20261122T080000Z-aaaaaa"
        assert [q["outcome"] for q in run["questions"]] == ["PASS", "FAIL", "SKIP"]
        assert run["questions"][2]["skip_reason"] == "timeout after 1s"
        assert run["questions"][0]["details"] == {"note": "事实"}
        assert store.resolve("latest") == "20261122T090000Z-bbbbbb"
        assert store.resolve("latest~1") == "20261122T080000Z-aaaaaa"
        assert store.resolve("20261122T08") == "20261122T080000Z-aaaaaa"
        assert store.outcomes("20261122T080000Z-aaaaaa")["q1"] == ("FAIL", 0.3, "fact_exact")


def test_ambiguous_and_unknown_ids(tmp_path: Path) -> None:
    with RunStore(tmp_path / "h.sqlite") as store:
        store.save_report(fake_report("2026-a", ["PASS"]))
        store.save_report(fake_report("2026-b", ["PASS"]))
        with pytest.raises(StoreError, match="matches 2 runs"):
            store.resolve("2026")
        with pytest.raises(StoreError, match="no run 'zzz'"):
            store.resolve("zzz")


def test_delete_removes_results(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite"
    with RunStore(path) as store:
        store.save_report(fake_report("r1", ["PASS", "FAIL"]))
        store.delete_run("r1")
        assert store.list_runs() == []
    count = sqlite3.connect(path).execute("SELECT COUNT(*) FROM results").fetchone()[0]
    assert count == 0


def test_migrations_are_recorded_and_reopen_is_idempotent(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite"
    RunStore(path).close()
    with RunStore(path) as store:
        assert store.schema_version == len(MIGRATIONS)


def test_newer_store_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite"
    RunStore(path).close()
    db = sqlite3.connect(path)
    db.execute("INSERT INTO schema_version VALUES (999, 'future')")
    db.commit()
    db.close()
    with pytest.raises(StoreError, match="newer than this tool"):
        RunStore(path)


def test_not_a_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite"
    path.write_text("not sqlite at all, just text" * 100)
    with pytest.raises(StoreError, match="cannot open run store"):
        RunStore(path)


def test_two_concurrent_writers_lose_nothing(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite"
    script = textwrap.dedent(
        f"""
        import sys
        sys.path.insert(0, {str(Path(__file__).parent)!r})
        from test_store import fake_report
        from benchmark.store import RunStore
        who = sys.argv[1]
        with RunStore({str(path)!r}) as store:
            for i in range(40):
                store.save_report(fake_report(f"{{who}}-{{i:03d}}", ["PASS", "FAIL"] * 50))
        """
    )
    procs = [subprocess.Popen([sys.executable, "-c", script, who]) for who in ("a", "b")]
    assert [p.wait(timeout=120) for p in procs] == [0, 0]
    with RunStore(path) as store:
        runs = store.list_runs()
        assert len(runs) == 80
        assert all(len(store.results(r.run_id)) == 100 for r in runs)


def test_label_resolves_to_its_newest_run(tmp_path: Path) -> None:
    with RunStore(tmp_path / "h.sqlite") as store:
        store.save_report(fake_report("r-old", ["PASS"], started="2026-11-22T08:00:00Z"), label="bm25-k5")
        store.save_report(fake_report("r-new", ["FAIL"], started="2026-11-22T09:00:00Z"), label="bm25-k5")
        assert store.resolve("bm25-k5") == "r-new"


def test_prefix_wildcards_are_literal(tmp_path: Path) -> None:
    with RunStore(tmp_path / "h.sqlite") as store:
        store.save_report(fake_report("run_a", ["PASS"]))
        with pytest.raises(StoreError, match="no run"):
            store.resolve("r%")
        assert store.resolve("run_") == "run_a"


class _LockedOnce:
    """A connection whose first switch to WAL meets ``database is locked`` (another process
    switching the same new file), as SQLite reports it without waiting its busy timeout."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db
        self.refused = 0

    def execute(self, sql: str, *args: object) -> sqlite3.Cursor:
        if sql.startswith("PRAGMA journal_mode") and not self.refused:
            self.refused += 1
            raise sqlite3.OperationalError("database is locked")
        return self._db.execute(sql, *args)

    def close(self) -> None:
        self._db.close()


def test_a_locked_switch_to_wal_is_tried_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[_LockedOnce] = []
    connect = sqlite3.connect

    def locked_once(*args: Any, **kwargs: Any) -> _LockedOnce:
        made.append(_LockedOnce(connect(*args, **kwargs)))
        return made[-1]

    monkeypatch.setattr("benchmark.sqlite_file.sqlite3.connect", locked_once)
    with RunStore(tmp_path / "h.sqlite") as store:
        assert store.list_runs() == []
    assert made[0].refused == 1
