"""How often the scorers' verdicts agree with a careful reviewer's, on realistic answers (issue 12).

Scores every row of tests/scorers/cases/realistic/*.json and tests/scorers/cases/abstention_phrasings.json
through the path a run takes (the set loaded from its file, its document, ``parse_answer``,
``score_answer``) and prints, per kind of value, the rate of correct answers marked wrong and of wrong
answers marked right, then every row where the scorer and the reviewer disagree.

Usage: ``uv run python benchmarks/verdict_agreement.py [--split report|tune|all] [--quiet]
[--update-known]``. Tune readers on ``tune`` only; quote ``report``. ``--update-known`` rewrites
tests/scorers/cases/verdict_disagreements.json (the rows the regression test lets disagree) from
this run; use it when a change fixes rows, never to accept a new disagreement without reading it.
See docs/scoring/verdict_agreement.md.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.scorers.agreement import (
    KINDS,
    KNOWN_PATH,
    Scored,
    Tally,
    load_phrasings,
    load_rows,
    score_phrasing,
    score_row,
    tally,
    target_failures,
)

PHRASING_KINDS = ("abstention", "abstention_as_no")


def _rate(part: int, whole: int) -> str:
    return f"{part:>3}/{whole:<3} {part / whole:6.1%}" if whole else f"{'-':>3}/{0:<3} {'-':>6}"


def table(tallies: dict[str, Tally], kinds: Sequence[str]) -> list[str]:
    lines = [f"{'kind':<17} {'correct marked wrong':>22}   {'wrong marked right':>20}   errors"]
    for kind in [*kinds, "all"]:
        t = tallies.get(kind)
        if t is None:
            continue
        lines.append(
            f"{kind:<17} {_rate(t.correct_marked_wrong, t.correct):>22}   "
            f"{_rate(t.wrong_marked_right, t.wrong):>20}   {t.errors:>6}"
        )
    return lines


def _shorten(text: str, limit: int = 70) -> str:
    one = " ".join(text.split())
    return one if len(one) <= limit else one[: limit - 1] + "…"


def disagreements(scored: Sequence[Scored], split: str) -> list[str]:
    lines = []
    for s in scored:
        if s.agrees or (split != "all" and s.split != split):
            continue
        side = "scorer raised" if s.error else "correct, marked wrong" if s.correct else "wrong, marked right"
        text = getattr(s.row, "text", "")
        lines.append(
            f"  [{s.kind}] {s.key} ({side}, {s.split}): {_shorten(text)!r} -- {_shorten(s.reason, 90)}"
        )
    return lines


def score_all() -> tuple[list[Scored], list[Scored]]:
    rows = [score_row(r) for r in load_rows()]
    phrasings = [s for p in load_phrasings() for s in score_phrasing(p)]
    return rows, phrasings


def write_known(rows: Sequence[Scored], phrasings: Sequence[Scored]) -> None:
    known = {
        "realistic": sorted(s.key for s in rows if not s.agrees),
        "abstention_phrasings": sorted(s.key for s in phrasings if not s.agrees),
    }
    KNOWN_PATH.write_text(json.dumps(known, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--split", choices=("report", "tune", "all"), default="report")
    parser.add_argument("--quiet", action="store_true", help="the tables only, not the disagreeing rows")
    parser.add_argument(
        "--update-known", action="store_true", help=f"rewrite {KNOWN_PATH.name} from this run"
    )
    args = parser.parse_args(argv)
    rows, phrasings = score_all()
    split = args.split
    count = sum(1 for s in rows if split == "all" or s.split == split)
    print(f"realistic answers ({split}: {count} rows)")
    print("\n".join(table(tally(rows, split), KINDS)))
    free = Tally()
    for s in rows:
        if s.kind in ("text", "entity") and (split == "all" or s.split == split):
            free.add(s)
    print(f"{'(text + entity)':<17} {_rate(free.correct_marked_wrong, free.correct):>22}   "
          f"{_rate(free.wrong_marked_right, free.wrong):>20}")  # fmt: skip
    count = sum(1 for s in phrasings if s.kind == "abstention" and (split == "all" or s.split == split))
    print(
        f"\nabstention phrasings ({split}: {count} sentences; abstention_as_no: an abstention read as a 'no')"
    )
    print("\n".join(table(tally(phrasings, split), PHRASING_KINDS)))
    failures = target_failures(rows, split) + [f"phrasings: {f}" for f in target_failures(phrasings, split)]
    print("\nissue 12 targets: " + ("all met" if not failures else "missed:\n  " + "\n  ".join(failures)))
    if not args.quiet:
        print("\ndisagreeing rows:")
        print("\n".join(disagreements(rows, split) + disagreements(phrasings, split)) or "  none")
    if args.update_known:
        write_known(rows, phrasings)
        print(f"\nwrote {KNOWN_PATH}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
