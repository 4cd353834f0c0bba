"""The one way this tool opens its SQLite files (answer cache, run history).

WAL mode and a busy timeout let several processes (two runs, pytest-xdist workers) write at once;
``BEGIN IMMEDIATE`` transactions keep each write whole; the schema is versioned by append-only
numbered migrations recorded in a ``schema_version`` table, applied in place when a file is opened.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import ClassVar

from benchmark.errors import StoreError

BUSY_TIMEOUT_S = 60.0
_RETRY_S = 0.05


class SQLiteFile:
    """Subclasses set ``kind`` (for messages), ``hint`` (what to do about a newer file) and ``MIGRATIONS``."""

    kind: ClassVar[str] = "database"
    hint: ClassVar[str] = "upgrade legal-rag-bench"
    MIGRATIONS: ClassVar[list[str]] = []

    def __init__(self, path: str | Path, *, check_same_thread: bool = True) -> None:
        self.path = Path(path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(
                self.path, timeout=BUSY_TIMEOUT_S, isolation_level=None, check_same_thread=check_same_thread
            )
            self._set_up()
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"cannot open {self.kind} ({exc})", path=self.path) from None

    def _set_up(self) -> None:
        """WAL mode, pragmas and migrations. Two processes that open a new file at once can meet
        ``database is locked`` without SQLite waiting its busy timeout (switching the journal to WAL),
        so that is tried again until the timeout; the migrations run in one transaction each time."""
        deadline = time.monotonic() + BUSY_TIMEOUT_S
        while True:
            try:
                self._db.execute("PRAGMA journal_mode=WAL")
                # WAL + NORMAL survives a killed process (not a power cut) and keeps commits cheap.
                self._db.execute("PRAGMA synchronous=NORMAL")
                self._db.execute("PRAGMA foreign_keys=ON")
                self._migrate()
                return
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) or time.monotonic() > deadline:
                    raise
                time.sleep(_RETRY_S)

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> SQLiteFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield self._db
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    def _migrate(self) -> None:
        known = len(self.MIGRATIONS)
        with self._tx() as db:
            db.execute(
                "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, applied_at TEXT)"
            )
            current = db.execute("SELECT COALESCE(MAX(version), 0) FROM schema_version").fetchone()[0]
            if current > known:
                raise StoreError(
                    f"{self.kind} schema version {current} is newer than this tool knows ({known}); {self.hint}",
                    path=self.path,
                )
            for version in range(current + 1, known + 1):
                for statement in self.MIGRATIONS[version - 1].split(";"):
                    if statement.strip():
                        db.execute(statement)
                db.execute("INSERT INTO schema_version VALUES (?, datetime('now'))", (version,))

    @property
    def schema_version(self) -> int:
        return int(self._db.execute("SELECT MAX(version) FROM schema_version").fetchone()[0])
