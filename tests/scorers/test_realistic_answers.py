"""The realistic-answer table (tests/scorers/cases/realistic/*.json, issue 12) run through the real scorers.

- The table is big, balanced and well formed, and every row names a real question of a bundled set.
- Regression guard: every row that agreed with the reviewer when ``verdict_disagreements.json`` was
  written still agrees; a listed row that agrees now must be taken off the list
  (``uv run python benchmarks/verdict_agreement.py --update-known``), so the list only shrinks.
- Issue 12's "done when" targets on the ``report`` half (the half no reader was tuned on).
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from tests.scorers.agreement import (
    KINDS,
    ROOT,
    Row,
    Scored,
    load_known,
    load_rows,
    question,
    score_row,
    split_of,
    target_failures,
)

ROWS = load_rows()


@pytest.fixture(scope="module")
def scored() -> list[Scored]:
    return [score_row(r) for r in ROWS]


def _where(row: Row) -> str:
    return f"{row.table}: {row.set} {row.id} {row.text[:40]!r}"


def test_table_is_big_and_well_formed() -> None:
    assert len(ROWS) >= 450
    contents = Counter(r.content for r in ROWS)
    assert [c for c, n in contents.items() if n > 1] == [], "duplicate rows"
    keys = Counter(r.key for r in ROWS)
    assert [k for k, n in keys.items() if n > 1] == [], "two rows share a key"
    for row in ROWS:
        assert (ROOT / row.set).is_file(), _where(row)
        question(row.set, row.id)  # raises when the set has no such question
        assert row.kind in KINDS, _where(row)
        assert isinstance(row.correct, bool), _where(row)
        assert row.why.strip() and row.style.strip(), _where(row)
        assert row.text.strip(), _where(row)
        if row.kind == "excerpt":
            assert not row.correct, f"{_where(row)}: a pasted excerpt asserts nothing"


def test_rows_keep_to_their_keys() -> None:
    allowed = {"set", "id", "answer", "correct", "kind", "style", "why"}
    for path in sorted((ROOT / "tests/scorers/cases/realistic").glob("*.json")):
        for item in json.loads(path.read_text(encoding="utf-8")):
            assert set(item) <= allowed and set(item) >= allowed - {"style"}, (path.name, item)


def test_table_is_balanced() -> None:
    share = sum(r.correct for r in ROWS) / len(ROWS)
    assert 0.55 <= share <= 0.65, f"{share:.1%} of rows are correct answers"
    for kind in KINDS:
        rows = [r for r in ROWS if r.kind == kind]
        assert len(rows) >= 30, (kind, len(rows))
        assert {r.split for r in rows} == {"tune", "report"}, kind
        if kind != "excerpt":
            assert {r.correct for r in rows} == {True, False}, kind


def test_split_is_the_parity_of_the_first_sha256_byte() -> None:
    """Pinned: changing the rule would move rows between the halves after tuning."""
    assert [split_of(s) for s in "adef"] == ["tune", "tune", "report", "report"]  # bytes 202, 24, 63, 37
    halves = Counter(r.split for r in ROWS)
    assert 0.4 <= halves["tune"] / len(ROWS) <= 0.6, halves


def test_rows_that_agree_keep_agreeing(scored: list[Scored]) -> None:
    known = set(load_known()["realistic"])
    regressed = [f"{s.key} [{s.kind}] {s.row.text[:50]!r}: {s.reason}" for s in scored
                 if not s.agrees and s.key not in known]  # fmt: skip
    assert regressed == [], "rows that agreed with the reviewer no longer do:\n" + "\n".join(regressed)


def test_known_disagreements_are_current(scored: list[Scored]) -> None:
    known = set(load_known()["realistic"])
    by_key = {s.key: s for s in scored}
    stale = sorted(k for k in known if k not in by_key)
    fixed = sorted(k for k in known if k in by_key and by_key[k].agrees)
    hint = " (uv run python benchmarks/verdict_agreement.py --update-known)"
    assert stale == [], f"listed rows that no longer exist{hint}: {stale}"
    assert fixed == [], f"listed rows that agree now: take them off the list{hint}: {fixed}"


def test_issue_12_targets_on_the_report_half(scored: list[Scored]) -> None:
    failures = target_failures(scored, "report")
    assert failures == [], "\n".join(failures)
