"""Fuzz through the real CLI entry point, in-process: generated question sets, documents of every loader
(Markdown, page-marker text, PaddleOCR JSON, MinerU content lists, PDF), replay files and mixes of them
(``fuzzcases``) only ever give exit code 0, 1 or 2, never a traceback, and a refusal is one message
naming the file at fault. Bounded for CI: a few dozen cases per kind (``benchmarks/fuzz_campaign.py``
runs ten thousand)."""

from __future__ import annotations

import os
import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.benchmark.cli.fuzzcases import KINDS, case_rng, make_case, run_case

FUZZ = settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))


def _check(rng: random.Random, kind: str | None = None) -> None:
    case = make_case(rng, kind)
    old = os.getcwd()
    with tempfile.TemporaryDirectory(prefix="lrb-fuzz-") as tmp:
        os.chdir(tmp)
        try:
            outcome = run_case(case, Path(tmp))
        finally:
            os.chdir(old)
    assert outcome.problem(case) is None, (case.kind, case.args, outcome.err[-2000:])


@pytest.mark.parametrize("kind", sorted(KINDS))
@FUZZ
@given(rng=st.randoms(use_true_random=False))
def test_generated_input_exits_0_1_or_2_and_names_the_file(kind: str, rng: random.Random) -> None:
    _check(rng, kind)


@pytest.mark.parametrize("number", range(8))
def test_the_campaigns_first_cases(number: int) -> None:
    """The campaign's own first cases for its default seed (the same generator, the same check)."""
    _check(case_rng(13, number))
