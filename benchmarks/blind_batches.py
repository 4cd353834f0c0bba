"""Verdict agreement on the blind batches: answers written before any rule was changed for them.

Each file of ``benchmarks/blind_batches/`` is one batch, a list of rows with the reviewer's verdict
(``correct``) as written at the time, ``reviewer_error`` on the rows where that verdict was later
found wrong under docs/contract.md (counted apart), and ``known_miss`` on the rows the scorer still
disagrees with (a judge's work, or left; docs/scoring/verdict_agreement.md). Kinds of row:

- ``answer``: an answer to question ``id`` of the set at ``set``, scored as a run scores it (the run's
  own plan: the set's documents or case file). The verdict is ``exact_match`` for fact_exact, the
  expected stance with nothing invented for conflict_gap (``tests/scorers/agreement.verdict``).
- ``yes_no``: the answer's stance on ``question`` as fact_exact reads it (``AnswerValues.boolean``: Markdown
  emphasis blanked, quoted evidence left out, the abstention lexicon); ``correct`` is the stance (true/false).
- ``text`` / ``entity``: the free-text comparator against ``reference``, for ``question``.
- ``value``: an amount, date or count (``field``: ``amount_total``, ``date``, ``count``) against
  ``expected``, for ``question``, as fact_exact compares it (``compare_field``); ``correct`` is whether the
  answer states the expected value as its answer.
- ``abstention``: whether ``detect_abstention`` reads the sentence as one.
- ``evidence``: evidence items (``items``, as a system returns them) for evidence_set question ``id``;
  ``correct`` lists, item by item, the indexes of the question's ``required_evidence`` each one holds.
  A row agrees when the scorer's list is the same; it is a "wrong taken" when an item is counted for a
  required passage it does not hold.

Usage: ``uv run python benchmarks/blind_batches.py [--show] [--check] [--stances]`` prints, per batch and
in all, the rows, the disagreements and the wrong answers marked right; ``--show`` lists each disagreement;
``--stances`` adds, per yes/no batch, how many answers that take a stance are read with none or the
opposite one, and how many that take none are read with one;
``--check`` exits 1 when a row that is no known miss disagrees, or a known miss now agrees (the test
suite runs it: tests/test_blind_batches.py).
docs/scoring/verdict_agreement.md reports these numbers before and after this stop's fixes.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmark.answers import parse_answer  # noqa: E402
from benchmark.models import Answer, Expected, Question  # noqa: E402
from benchmark.pipeline.plan import Plan, plan  # noqa: E402
from benchmark.scoring import score_answer  # noqa: E402
from benchmark.text.markup import without_emphasis  # noqa: E402
from scorers.abstention import detect_abstention  # noqa: E402
from scorers.comparators import CompareContext, compare_field  # noqa: E402
from scorers.extract import AnswerValues  # noqa: E402
from scorers.text_comparators import compare_entity, compare_text  # noqa: E402
from tests.scorers.agreement import verdict  # noqa: E402

BATCHES = Path(__file__).resolve().parent / "blind_batches"


def _scored(row: dict[str, Any], plans: dict[str, Plan], reply: Any) -> tuple[Question, Any]:
    path = str(ROOT / row["set"])
    if path not in plans:
        plans[path] = plan([path])
    the_plan = plans[path]
    qs, q = next((s, q) for s, q in the_plan.pairs if q.id == row["id"])
    result = score_answer(
        q, parse_answer(reply), criteria=qs.criteria, document=the_plan.document(qs), case=the_plan.case(qs)
    )
    return q, result


def _answer(row: dict[str, Any], plans: dict[str, Plan]) -> tuple[bool | None, str]:
    return verdict(*_scored(row, plans, row["answer"]))


def _evidence(row: dict[str, Any], plans: dict[str, Plan]) -> tuple[list[list[int]], str]:
    _, result = _scored(row, plans, {"answer": row.get("answer", ""), "evidence": row["items"]})
    items = result.details["evidence"]["items"]
    return [sorted(item["covers"]) for item in items], "; ".join(item["reason"] for item in items)


def _yes_no(row: dict[str, Any]) -> tuple[bool | None, str]:
    q = Question(id="q", type="fact_exact", question=row["question"], expected=Expected())
    found = AnswerValues(Answer(answer=without_emphasis(row["answer"])), q).boolean  # as fact_exact reads it
    stance = None if found is None or not found.definite else found.value
    return stance, f"reads {stance}"


def _text(row: dict[str, Any]) -> tuple[bool | None, str]:
    q = Question(id="q", type="fact_exact", question=row["question"], expected=Expected())
    compare = compare_entity if row["kind"] == "entity" else compare_text
    comp = compare(
        row["reference"], AnswerValues(Answer(answer=row["answer"]), q), CompareContext(row["kind"], q)
    )
    return comp.status == "match", comp.reason


def _value(row: dict[str, Any]) -> tuple[bool | None, str]:
    field = row["field"]
    expected = Expected(**{field: row["expected"]})
    q = Question(id="q", type="fact_exact", question=row["question"], expected=expected)
    comp = compare_field(field, q, AnswerValues(Answer(answer=without_emphasis(row["answer"])), q))
    return comp.status == "match", comp.reason


def judged(row: dict[str, Any], plans: dict[str, Plan]) -> tuple[Any, str]:
    """What the scorer says of a row, and why."""
    if row["kind"] == "answer":
        return _answer(row, plans)
    if row["kind"] == "evidence":
        return _evidence(row, plans)
    if row["kind"] == "yes_no":
        return _yes_no(row)
    if row["kind"] in ("text", "entity"):
        return _text(row)
    if row["kind"] == "value":
        return _value(row)
    found = detect_abstention(row["answer"])
    return found.abstained, f"cue {found.cue!r}"


def _taken(row: dict[str, Any], got: Any) -> bool:
    """A wrong answer marked right: or, for evidence, an item counted for a passage it does not hold."""
    if row["kind"] == "evidence":
        return any(set(g) - set(c) for g, c in zip(got, row["correct"], strict=False))
    return row["correct"] is False and got is True


def _shown(row: dict[str, Any]) -> str:
    if row["kind"] == "evidence":
        return f"{row['id']}: " + " | ".join(str(item.get("text", "")) for item in row["items"])
    return str(row["answer"])


def _stances(path: Path, rows: list[dict[str, Any]]) -> None:
    """Per yes/no batch: of the answers that take a stance, how many are read with none or with the
    opposite one (correct answers marked wrong), and of those that take none, how many are read with one."""
    yes_no = [r for r in rows if r["kind"] == "yes_no"]
    if not yes_no:
        return
    read = [(r["correct"], _yes_no(r)[0]) for r in yes_no]
    taking = [(c, g) for c, g in read if c is not None]
    none = sum(g is None for _, g in taking)
    opposite = sum(g is not None and g != c for c, g in taking)
    given = sum(g is not None for c, g in read if c is None)
    print(
        f"    {path.stem}: of {len(taking)} answers with a stance, {none} read with none, {opposite} with the"
        f" opposite; of {len(read) - len(taking)} with none, {given} read with one"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--show", action="store_true", help="list each disagreement")
    parser.add_argument("--check", action="store_true", help="exit 1 when the known misses changed")
    parser.add_argument("--stances", action="store_true", help="per yes/no batch, how stances are misread")
    args = parser.parse_args()
    plans: dict[str, Plan] = {}
    totals = [0, 0, 0, 0]  # rows, disagreements, of them wrong answers marked right, reviewer errors
    changed: list[str] = []
    print(f"{'batch':40} {'rows':>5} {'disagree':>9} {'wrong taken':>12} {'my errors':>10}")
    for path in sorted(BATCHES.glob("*.json")):
        rows = json.loads(path.read_text(encoding="utf-8"))
        counts = [len(rows), 0, 0, 0]
        for row in rows:
            got, why = judged(row, plans)
            if (got == row["correct"]) == bool(row.get("known_miss")) and not row.get("reviewer_error"):
                changed.append(
                    f"{path.stem}: {_shown(row)!s:.60} ({'agrees now' if row.get('known_miss') else why})"
                )
            if got == row["correct"]:
                continue
            if row.get("reviewer_error"):
                counts[3] += 1
                continue
            counts[1] += 1
            counts[2] += _taken(row, got)
            if args.show:
                print(f"    {path.stem}: {_shown(row)!s:.60} want {row['correct']} got {got}: {why[:90]}")
        totals = [a + b for a, b in zip(totals, counts, strict=True)]
        print(f"{path.stem:40} {counts[0]:>5} {counts[1]:>9} {counts[2]:>12} {counts[3]:>10}")
        if args.stances:
            _stances(path, rows)
    print(f"{'all':40} {totals[0]:>5} {totals[1]:>9} {totals[2]:>12} {totals[3]:>10}")
    if args.check and changed:
        print("rows whose agreement changed (mark or unmark known_miss):\n  " + "\n  ".join(changed))
        sys.exit(1)


if __name__ == "__main__":
    main()
