"""The answer cache: every answer a system gave, in SQLite, keyed by what produced it.

The key is the sha256 of the adapter's identity (its ``describe()``, never its secrets), the question's
canonical JSON, the document's sha256 and the trial number. ``put`` commits one answer at once (WAL
mode); a run writes its answers in small batches (``put_many``, at least every 0.2 s), and keeps each
answer in its run directory's ``answers.jsonl`` the moment it arrives, so a run killed with ``kill -9``
loses nothing it had received: ``--resume`` asks only the questions that have no answer in either yet,
and ``rescore`` never asks anything.

The schema is versioned by append-only numbered migrations in a ``schema_version`` table.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import orjson

from benchmark.errors import StoreError
from benchmark.sqlite_file import SQLiteFile

DEFAULT_CACHE_NAME = "cache.sqlite"
_CHUNK = 500  # parameters per IN (...) query, below SQLite's limit

MIGRATIONS: list[str] = [
    # 1: answers by key
    """
    CREATE TABLE answers (
        key TEXT PRIMARY KEY,
        question_id TEXT NOT NULL,
        trial INTEGER NOT NULL DEFAULT 0,
        adapter_sha TEXT NOT NULL,
        answer TEXT NOT NULL,
        latency_ms INTEGER,
        attempts INTEGER NOT NULL DEFAULT 1,
        run_id TEXT,
        created_at TEXT NOT NULL
    );
    CREATE INDEX answers_by_run ON answers(run_id);
    """,
    # 2: question-set files already validated against a given schema.json (by content hash); no longer
    # read or written: benchmark.pipeline.validated remembers them across output directories
    """
    CREATE TABLE validated_sets (
        sha256 TEXT NOT NULL,
        schema_sha256 TEXT NOT NULL,
        validated_at TEXT NOT NULL,
        PRIMARY KEY (sha256, schema_sha256)
    );
    """,
]


def canonical_json(value: Any) -> str:
    """Sorted keys, no whitespace, UTF-8 text: the form every hash in the cache is taken of."""
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"), default=str)


def sha256_text(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _answer_json(answer: Mapping[str, Any]) -> str:
    """A stored answer's JSON (read back by ``json.loads``): orjson when it can, else ``canonical_json``
    (a Decimal, or another object an adapter put in ``fields``, is written as text, as before)."""
    try:
        return orjson.dumps(answer, option=orjson.OPT_SORT_KEYS).decode("utf-8")
    except TypeError:  # orjson.JSONEncodeError is a TypeError
        return canonical_json(answer)


def adapter_sha(identity: Mapping[str, Any]) -> str:
    """The hash of an adapter's identity (``benchmark.adapters.base.describe``)."""
    return sha256_text(canonical_json(identity))


def answer_key(identity_sha: str, question: Mapping[str, Any], document_sha: str, trial: int = 0) -> str:
    """The cache key of one answer: adapter identity + question + document + trial."""
    parts = {"adapter": identity_sha, "question": question, "document": document_sha, "trial": trial}
    return sha256_text(canonical_json(parts))


@dataclass(frozen=True)
class CachedAnswer:
    key: str
    question_id: str
    trial: int
    answer: dict[str, Any]  # ``Answer.to_dict()``
    latency_ms: int | None
    attempts: int
    run_id: str | None


class AnswerCache(SQLiteFile):
    """Open (creating and migrating as needed) the cache at ``path``."""

    kind = "answer cache"
    hint = "upgrade legal-rag-bench or use another --cache"
    MIGRATIONS = MIGRATIONS

    def __init__(self, path: str | Path) -> None:
        super().__init__(path, check_same_thread=False)

    def __enter__(self) -> AnswerCache:
        return self

    def put(self, entry: CachedAnswer, identity_sha: str) -> None:
        """Store one answer and commit at once (a later answer for the same key replaces it)."""
        self.put_many([entry], identity_sha)

    def put_many(self, entries: Iterable[CachedAnswer], identity_sha: str) -> None:
        """Store answers in one transaction (a later answer for the same key replaces it)."""
        now = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
        rows = [
            (
                entry.key,
                entry.question_id,
                entry.trial,
                identity_sha,
                _answer_json(entry.answer),
                entry.latency_ms,
                entry.attempts,
                entry.run_id,
                now,
            )
            for entry in entries
        ]
        try:
            with self._tx() as db:
                db.executemany("INSERT OR REPLACE INTO answers VALUES (?,?,?,?,?,?,?,?,?)", rows)
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"cannot write to answer cache ({exc})", path=self.path) from None

    def get_many(self, keys: Iterable[str]) -> dict[str, CachedAnswer]:
        """The cached answers among ``keys`` (missing keys are simply absent)."""
        wanted = list(dict.fromkeys(keys))
        out: dict[str, CachedAnswer] = {}
        for start in range(0, len(wanted), _CHUNK):
            chunk = wanted[start : start + _CHUNK]
            marks = ",".join("?" * len(chunk))
            sql = (
                "SELECT key, question_id, trial, answer, latency_ms, attempts, run_id "
                f"FROM answers WHERE key IN ({marks})"
            )
            for row in self._db.execute(sql, chunk):
                out[row[0]] = CachedAnswer(row[0], row[1], row[2], json.loads(row[3]), row[4], row[5], row[6])
        return out

    def count(self) -> int:
        return int(self._db.execute("SELECT COUNT(*) FROM answers").fetchone()[0])
