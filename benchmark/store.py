"""Run history in SQLite: every run's metadata, config (never secrets), dataset hashes, and per-question
components, outcomes, answers and latencies.

The schema is versioned by append-only numbered migrations (``MIGRATIONS``); a database written by an
older version is upgraded in place when opened. WAL mode and a busy timeout let two runs write at
once without losing either: each run is written in one transaction.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from benchmark.errors import StoreError
from benchmark.json_lines import dumps_line_bytes
from benchmark.sqlite_file import SQLiteFile

DEFAULT_STORE = Path("runs") / "history.sqlite"

MIGRATIONS: list[str] = [
    # 1: runs and their per-question results
    """
    CREATE TABLE runs (
        run_id TEXT PRIMARY KEY,
        label TEXT,
        tool TEXT NOT NULL,
        version TEXT NOT NULL,
        git_commit TEXT,
        started_at TEXT NOT NULL,
        finished_at TEXT,
        adapter_name TEXT NOT NULL,
        adapter_config TEXT NOT NULL,
        datasets TEXT NOT NULL,
        options TEXT NOT NULL,
        summary TEXT NOT NULL,
        total INTEGER NOT NULL,
        passed INTEGER NOT NULL,
        failed INTEGER NOT NULL,
        skipped INTEGER NOT NULL,
        score REAL NOT NULL,
        coverage REAL NOT NULL
    );
    CREATE TABLE results (
        run_id TEXT NOT NULL REFERENCES runs(run_id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        question_id TEXT NOT NULL,
        trial INTEGER NOT NULL DEFAULT 0,
        type TEXT NOT NULL,
        outcome TEXT NOT NULL,
        score REAL,
        components TEXT NOT NULL,
        details TEXT NOT NULL,
        answer TEXT,
        latency_ms INTEGER,
        skip_reason TEXT,
        PRIMARY KEY (run_id, seq)
    );
    CREATE INDEX results_by_question ON results(run_id, question_id, trial);
    CREATE INDEX runs_by_start ON runs(started_at);
    """,
    # 2: a run stopped early (the system unreachable, or the same fault N times in a row) is not a score
    """
    ALTER TABLE runs ADD COLUMN status TEXT NOT NULL DEFAULT 'complete';
    ALTER TABLE runs ADD COLUMN stop_reason TEXT;
    """,
    # 3: ERROR outcomes (a scorer raised): their count per run, the one-line reason per question
    """
    ALTER TABLE runs ADD COLUMN errored INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE results ADD COLUMN error TEXT;
    """,
]


@dataclass(frozen=True)
class RunRow:
    run_id: str
    label: str | None
    started_at: str
    adapter_name: str
    total: int
    passed: int
    failed: int
    skipped: int
    score: float
    coverage: float
    status: str = "complete"  # "complete" | "stopped"
    stop_reason: str | None = None
    errored: int = 0

    @property
    def stopped(self) -> bool:
        return self.status == "stopped"

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


def _dumps(value: Any) -> str:
    """Compact JSON with sorted keys (orjson, as report lines are written)."""
    return dumps_line_bytes(value).decode("utf-8")


def _result_entry(r: tuple[Any, ...]) -> dict[str, Any]:
    """A question's report entry from its row (``error`` only on ERROR rows, as in report.json)."""
    entry = {
        "id": r[0],
        "trial": r[1],
        "type": r[2],
        "outcome": r[3],
        "score": r[4],
        "components": json.loads(r[5]),
        "details": json.loads(r[6]),
        "answer": None if r[7] is None else json.loads(r[7]),
        "latency_ms": r[8],
        "skip_reason": r[9],
    }
    if r[10] is not None:
        entry["error"] = r[10]
    return entry


class RunStore(SQLiteFile):
    """Open (creating and migrating as needed) the store at ``path``."""

    kind = "run store"
    hint = "upgrade legal-rag-bench or use another --store"
    MIGRATIONS = MIGRATIONS

    def __init__(self, path: str | Path = DEFAULT_STORE) -> None:
        super().__init__(path)

    def __enter__(self) -> RunStore:
        return self

    def save_report(self, report: dict[str, Any], *, label: str | None = None) -> str:
        """Record a run from its JSON report (docs/contract.md §5); returns the run id. The questions are
        read one at a time (a report the run path wrote reads them back from its file)."""
        s = report["summary"]
        run_id = str(report["run_id"])
        rows = (
            (
                run_id,
                seq,
                q["id"],
                int(q.get("trial", 0)),
                q["type"],
                q["outcome"],
                q.get("score"),
                _dumps(q.get("components", {})),
                _dumps(q.get("details", {})),
                None if q.get("answer") is None else _dumps(q["answer"]),
                q.get("latency_ms"),
                q.get("skip_reason"),
                q.get("error"),
            )
            for seq, q in enumerate(report["questions"])
        )
        adapter = report.get("adapter", {})
        with self._tx() as db:
            db.execute("DELETE FROM runs WHERE run_id = ?", (run_id,))
            db.execute(
                "INSERT INTO runs VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (
                    run_id, label, report.get("tool", ""), report.get("version", ""), report.get("git_commit"),
                    report.get("started_at", ""), report.get("finished_at"), adapter.get("name", ""),
                    _dumps(adapter.get("config", {})), _dumps(report.get("datasets", report.get("dataset", []))),
                    _dumps(report.get("options", {})), _dumps(s), s["total"], s["passed"], s["failed"],
                    s["skipped"], s["score"], s["coverage"], report.get("status") or "complete",
                    report.get("stop_reason"), s.get("errored", 0),
                ),
            )  # fmt: skip
            db.executemany("INSERT INTO results VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)", rows)
        return run_id

    def resolve(self, ref: str) -> str:
        """A full run id from an id, a label (its newest run), a unique prefix, or ``latest`` / ``latest~N``."""
        if ref == "latest" or ref.startswith("latest~"):
            back = int(ref.partition("~")[2] or 0)
            row = self._db.execute(
                "SELECT run_id FROM runs ORDER BY started_at DESC, run_id DESC LIMIT 1 OFFSET ?", (back,)
            ).fetchone()
            if row is None:
                raise StoreError(f"no run {ref!r} (the store has fewer runs)", path=self.path)
            return str(row[0])
        exact = self._db.execute("SELECT run_id FROM runs WHERE run_id = ?", (ref,)).fetchone()
        if exact:
            return str(exact[0])
        labelled = self._db.execute(
            "SELECT run_id FROM runs WHERE label = ? ORDER BY started_at DESC, run_id DESC LIMIT 1", (ref,)
        ).fetchone()
        if labelled:  # a label names its newest run (a sweep run twice keeps its labels)
            return str(labelled[0])
        rows = self._db.execute(
            "SELECT run_id FROM runs WHERE run_id LIKE ? ESCAPE '\\' ORDER BY run_id",
            (ref.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%",),
        ).fetchall()
        if len(rows) == 1:
            return str(rows[0][0])
        if not rows:
            raise StoreError(f"no run {ref!r} in the store (see `runs list`)", path=self.path)
        raise StoreError(f"{ref!r} matches {len(rows)} runs; give more of the id", path=self.path)

    def list_runs(self, limit: int | None = None) -> list[RunRow]:
        sql = (
            "SELECT run_id, label, started_at, adapter_name, total, passed, failed, skipped, score, coverage, "
            "status, stop_reason, errored FROM runs ORDER BY started_at DESC, run_id DESC"
        )
        params: tuple[int, ...] = ()
        if limit is not None:
            sql += " LIMIT ?"
            params = (limit,)
        return [RunRow(*row) for row in self._db.execute(sql, params)]

    def get_run(self, ref: str) -> dict[str, Any]:
        """The run as a report dict (docs/contract.md §5 shape plus store metadata)."""
        run_id = self.resolve(ref)
        row = self._db.execute(
            "SELECT run_id, label, tool, version, git_commit, started_at, finished_at, adapter_name, "
            "adapter_config, datasets, options, summary, status, stop_reason FROM runs WHERE run_id = ?",
            (run_id,),
        ).fetchone()
        report: dict[str, Any] = {
            "tool": row[2],
            "version": row[3],
            "run_id": row[0],
            "label": row[1],
            "git_commit": row[4],
            "started_at": row[5],
            "finished_at": row[6],
            "adapter": {"name": row[7], "config": json.loads(row[8])},
            "datasets": json.loads(row[9]),
            "options": json.loads(row[10]),
            "summary": json.loads(row[11]),
            "status": row[12],
            "stop_reason": row[13],
            "questions": self.results(run_id),
        }
        return report

    def results(self, run_id: str) -> list[dict[str, Any]]:
        rows = self._db.execute(
            "SELECT question_id, trial, type, outcome, score, components, details, answer, latency_ms, "
            "skip_reason, error FROM results WHERE run_id = ? ORDER BY seq",
            (run_id,),
        )
        return [_result_entry(r) for r in rows]

    def outcomes(self, run_id: str) -> dict[str, tuple[str, float | None, str]]:
        """question id -> (outcome, score, type) for trial 0: the light query that `compare` needs."""
        rows = self._db.execute(
            "SELECT question_id, outcome, score, type FROM results WHERE run_id = ? AND trial = 0", (run_id,)
        )
        return {r[0]: (r[1], r[2], r[3]) for r in rows}

    def retrieval(self, run_id: str) -> dict[str, dict[str, Any]]:
        """question id -> its measured retrieval (``details.retrieval``, trial 0); questions whose
        answers gave no contexts (or that have no gold location) are left out."""
        rows = self._db.execute(
            "SELECT question_id, json_extract(details, '$.retrieval') FROM results "
            "WHERE run_id = ? AND trial = 0 AND json_extract(details, '$.retrieval.recall') IS NOT NULL",
            (run_id,),
        )
        return {r[0]: json.loads(r[1]) for r in rows}

    def delete_run(self, ref: str) -> str:
        run_id = self.resolve(ref)
        with self._tx() as db:
            db.execute("DELETE FROM results WHERE run_id = ?", (run_id,))
            db.execute("DELETE FROM runs WHERE run_id = ?", (run_id,))
        return run_id
