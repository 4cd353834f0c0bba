"""The baseline over every bundled set: determinism, no use of gold fields, and score floors."""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest

from benchmark.adapters.baseline import create
from benchmark.models import Expected, Metadata, Question
from benchmark.pipeline.plan import Plan, plan
from scorers.registry import SCORERS, ScoringContext

REPO = Path(__file__).resolve().parents[4]

# Floors well under what the baseline scores today (docs/adapters/baseline.md has the numbers):
# they catch a broken baseline or scorer, not a small change either way. Case files (several
# documents, the answer in one of many similar ones) have their own.
FLOORS = {"fact_exact": 0.6, "evidence_set": 0.45, "conflict_gap": 0.7}
CASE_FLOORS = {"fact_exact": 0.55, "evidence_set": 0.2, "conflict_gap": 0.55}

DUMP = """
import json, sys
from benchmark.adapters.baseline import create
from benchmark.pipeline.plan import plan
adapter = create(None, {})
the_plan = plan(["datasets"])
out = {q.id: adapter.query(the_plan.query(qs, q)).to_dict() for qs, q in the_plan.pairs}
json.dump(out, sys.stdout, ensure_ascii=False, sort_keys=True)
"""


@pytest.fixture(scope="module")
def bundled() -> Plan:
    return plan([REPO / "datasets"])


def blank_gold(q: Question) -> Question:
    """The question with everything graded blanked and its type changed: the baseline sees neither."""
    return dataclasses.replace(
        q,
        type="fact_exact" if q.type != "fact_exact" else "conflict_gap",
        expected=Expected(),
        required_evidence=(),
        scoring={},
        metadata=Metadata(),
        should_abstain=None,
        hallucination_penalty=None,
        required_quote=None,
        additional_quotes=(),
        evidence_location=None,
        additional_evidence=(),
        expected_behavior=None,
        raw={},
    )


def test_bundled_sets_are_there(bundled: Plan) -> None:
    assert len(bundled.pairs) >= 100
    assert {q.type for _, q in bundled.pairs} == set(FLOORS)
    assert {q.type for qs, q in bundled.pairs if qs.is_case} == set(CASE_FLOORS)


def test_gold_fields_are_never_read(bundled: Plan) -> None:
    adapter = create(None, {})
    for qs, q in bundled.pairs:
        query = bundled.query(qs, q)
        with_gold = adapter.query(query)
        without = adapter.query(dataclasses.replace(query, question=blank_gold(q)))
        assert with_gold == without, q.id


def test_two_runs_in_fresh_processes_give_identical_answers() -> None:
    runs = []
    for seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=seed)
        done = subprocess.run([sys.executable, "-c", DUMP], cwd=REPO, env=env, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        assert done.stderr == ""  # no library noise on a successful run
        runs.append(json.loads(done.stdout))
    assert runs[0] == runs[1]
    assert len(runs[0]) >= 100


def test_scores_stay_above_their_floors(bundled: Plan) -> None:
    adapter = create(None, {})
    scores: dict[tuple[bool, str], list[float]] = defaultdict(list)
    for qs, q in bundled.pairs:
        answer = adapter.query(bundled.query(qs, q))
        ctx = ScoringContext(criteria=qs.criteria, document=bundled.document(qs), case=bundled.case(qs))
        scores[(qs.is_case, q.type)].append(SCORERS.get(q.type).score(q, answer, ctx).score)
    means = {key: sum(v) / len(v) for key, v in scores.items()}
    for is_case, floors in ((False, FLOORS), (True, CASE_FLOORS)):
        for qtype, floor in floors.items():
            assert means[(is_case, qtype)] >= floor, means
