"""The retrieval metrics against hand-computed values (tests/scorers/cases/retrieval.json)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from benchmark.models import LineRange
from scorers.retrieval import Gold, Retrieved, credited, measure

CASES = json.loads((Path(__file__).parent / "cases" / "retrieval.json").read_text(encoding="utf-8"))["cases"]


def _gold(g: dict[str, Any]) -> Gold:
    return Gold(g.get("document"), g.get("page"), LineRange.parse(g.get("lines")), g.get("text"))


def _context(c: dict[str, Any]) -> Retrieved:
    lines = LineRange.parse(c.get("lines"))
    return Retrieved(c.get("document"), c.get("page"), lines, c.get("text"), c.get("unknown_document"))


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_golden(case: dict[str, Any]) -> None:
    assert case["why"].strip()
    got = measure([_context(c) for c in case["contexts"]], [_gold(g) for g in case["gold"]], case["k"])
    for name, want in case["expected"].items():
        value = getattr(got, name)
        if want is None:
            assert value is None, name
        else:
            assert value == pytest.approx(want, abs=1e-6), name
    assert got.k == case["k"] and got.gold == len(case["gold"]) and got.returned == len(case["contexts"])


def test_table_has_a_perfect_list_and_covers_each_rule() -> None:
    perfect = next(c for c in CASES if c["name"] == "perfect_ranked_list")
    assert set(perfect["expected"].values()) <= {1.0, 0.0}
    assert len(CASES) >= 15


def test_credited_never_exceeds_the_gold_locations() -> None:
    matches = [frozenset({0, 1}), frozenset({0}), frozenset({1}), frozenset({0, 1})]
    assert credited(matches, 4) == [True, True, False, False]
    assert credited(matches, 1) == [True]


def test_k_must_be_positive() -> None:
    with pytest.raises(ValueError):
        measure([], [Gold("a", 1)], 0)
