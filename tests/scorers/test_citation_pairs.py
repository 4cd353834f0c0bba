"""Citations naming a transcript's question-answer pair resolve to the pair's page and lines."""

from __future__ import annotations

from pathlib import Path

from benchmark.documents import load_document
from benchmark.models import Citation, LineRange
from scorers.citation_pairs import resolve_pair

ROOT = Path(__file__).resolve().parents[2]
SEED = load_document(ROOT / "tests" / "fixtures" / "seed_bank" / "transcript_pages.json")


def test_a_pair_becomes_its_page_and_lines() -> None:
    cited, note = resolve_pair(Citation(qa=11), SEED, [2])
    assert (cited.page, cited.lines, note) == (2, LineRange(35, 36), "QA pair 11: ")


def test_a_pair_over_a_page_break_takes_the_page_that_holds_evidence() -> None:
    assert resolve_pair(Citation(qa=22), SEED, [4])[0].lines == LineRange(63, 63)
    assert resolve_pair(Citation(qa=22), SEED, [])[0] == Citation(3, LineRange(60, 61), qa=22)


def test_given_lines_win_and_missing_pairs_are_said() -> None:
    assert resolve_pair(Citation(qa=11, lines=LineRange(1, 2)), SEED, [2])[0].lines == LineRange(1, 2)
    cited, note = resolve_pair(Citation(qa=99), SEED, [2])
    assert cited == Citation(qa=99) and "the transcript has 60 pairs" in note
    judgment = load_document(ROOT / "datasets" / "judgment" / "document.md")
    assert "no question-answer structure" in resolve_pair(Citation(qa=1), judgment, [1])[1]
