"""The verdict cache: every verdict a judge gave, in SQLite, keyed by what it was asked and who answered.

A row's key is the request's ``key`` (question id and text, accepted references, the answer's
material) and the sha256 of the judge's ``identity()`` (model, threshold, prompt hash, endpoint:
never a secret). A rerun and ``rescore`` read their verdicts from here and ask the judge nothing
again; a judge error is never stored (the next run asks again). Lives beside the answer cache, in
``<output>/judge-cache.sqlite`` by default.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from datetime import datetime, timezone
from pathlib import Path

from benchmark.errors import StoreError
from benchmark.sqlite_file import SQLiteFile
from scorers.verdicts import JudgeRequest, Verdict

DEFAULT_NAME = "judge-cache.sqlite"
_CHUNK = 500  # parameters per IN (...) query, below SQLite's limit

MIGRATIONS: list[str] = [
    # 1: verdicts by (judge identity, request)
    """
    CREATE TABLE verdicts (
        judge_sha TEXT NOT NULL,
        request_key TEXT NOT NULL,
        judge TEXT NOT NULL,
        question_id TEXT NOT NULL,
        kind TEXT NOT NULL,
        match INTEGER NOT NULL,
        reason TEXT NOT NULL,
        created_at TEXT NOT NULL,
        PRIMARY KEY (judge_sha, request_key)
    );
    """,
]


class VerdictCache(SQLiteFile):
    kind = "judge cache"
    hint = "upgrade legal-rag-bench or delete the judge cache (verdicts are asked again)"
    MIGRATIONS = MIGRATIONS

    def __init__(self, path: str | Path) -> None:
        super().__init__(path)

    def __enter__(self) -> VerdictCache:
        return self

    def get_many(self, judge_sha: str, keys: Iterable[str]) -> dict[str, Verdict]:
        wanted = list(dict.fromkeys(keys))
        out: dict[str, Verdict] = {}
        for start in range(0, len(wanted), _CHUNK):
            chunk = wanted[start : start + _CHUNK]
            sql = (
                "SELECT request_key, judge, match, reason FROM verdicts "
                f"WHERE judge_sha = ? AND request_key IN ({','.join('?' * len(chunk))})"
            )
            for key, judge, match, reason in self._db.execute(sql, [judge_sha, *chunk]):
                out[key] = Verdict(judge, bool(match), reason)
        return out

    def put_many(self, judge_sha: str, pairs: Iterable[tuple[JudgeRequest, Verdict]]) -> None:
        """Store verdicts in one transaction; judge errors are skipped (asked again next time)."""
        now = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        rows = [
            (judge_sha, r.key, v.judge, r.question_id, r.kind, int(bool(v.match)), v.reason, now)
            for r, v in pairs
            if v.match is not None
        ]
        if not rows:
            return
        try:
            with self._tx() as db:
                db.executemany("INSERT OR REPLACE INTO verdicts VALUES (?,?,?,?,?,?,?,?)", rows)
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"cannot write to the judge cache ({exc})", path=self.path) from None

    def count(self) -> int:
        return int(self._db.execute("SELECT COUNT(*) FROM verdicts").fetchone()[0])


__all__ = ["DEFAULT_NAME", "MIGRATIONS", "VerdictCache"]
