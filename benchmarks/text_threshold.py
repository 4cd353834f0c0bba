"""The token-overlap threshold of free-text matching (``scorers.text_match.TOKEN_THRESHOLD``), tuned.

Scores the ``text`` and ``entity`` rows of tests/scorers/cases/realistic/*.json at each threshold
and prints, per threshold, the correct answers marked wrong and the wrong answers marked right.
Tune on ``tune`` (the default); quote ``report`` only for the threshold chosen.

Usage: ``uv run python benchmarks/text_threshold.py [--split tune|report|all]``.
See docs/scoring/fact_exact.md ("Text and names").
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import scorers.text_match as text_match
from tests.scorers.agreement import Tally, load_rows, score_row

THRESHOLDS = tuple(round(0.5 + 0.05 * i, 2) for i in range(11))


def curve(split: str) -> list[tuple[float, Tally]]:
    rows = [r for r in load_rows() if r.kind in ("text", "entity") and split in ("all", r.split)]
    chosen = text_match.TOKEN_THRESHOLD
    out = []
    try:
        for threshold in THRESHOLDS:
            text_match.TOKEN_THRESHOLD = threshold
            tally = Tally()
            for row in rows:
                tally.add(score_row(row))
            out.append((threshold, tally))
    finally:
        text_match.TOKEN_THRESHOLD = chosen
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--split", choices=("tune", "report", "all"), default="tune")
    args = parser.parse_args(argv)
    print(f"text + entity rows ({args.split}); chosen threshold {text_match.TOKEN_THRESHOLD}")
    print(f"{'threshold':>9}  {'correct marked wrong':>20}  {'wrong marked right':>18}")
    for threshold, t in curve(args.split):
        print(
            f"{threshold:>9.2f}  {t.correct_marked_wrong:>8}/{t.correct:<3} {t.rejected_rate:6.1%}"
            f"  {t.wrong_marked_right:>7}/{t.wrong:<3} {t.accepted_rate:6.1%}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
