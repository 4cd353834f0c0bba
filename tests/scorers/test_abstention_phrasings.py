"""The abstention phrasing table (tests/scorers/cases/abstention_phrasings.json, issue 12).

Each sentence is scored by the conflict_gap scorer as the answer to an unanswerable question (does it
abstain?) and, when it abstains, by fact_exact as the answer to a yes/no question expecting "no" (an
abstention is never a "no"). The same regression guard and target test as the realistic table.
"""

from __future__ import annotations

from collections import Counter

import pytest

from tests.scorers.agreement import (
    PHRASING_ABSTAIN_QUESTION,
    PHRASING_NO_QUESTION,
    Scored,
    load_known,
    load_phrasings,
    question,
    score_phrasing,
    target_failures,
)

PHRASINGS = load_phrasings()


@pytest.fixture(scope="module")
def scored() -> list[Scored]:
    return [s for p in PHRASINGS for s in score_phrasing(p)]


def test_table_is_big_and_well_formed() -> None:
    abstain = [p for p in PHRASINGS if p.abstains]
    alike = [p for p in PHRASINGS if not p.abstains]
    assert len(abstain) >= 300 and len(alike) >= 180, (len(abstain), len(alike))
    texts = Counter(p.text for p in PHRASINGS)
    assert [t for t, n in texts.items() if n > 1] == []
    for p in PHRASINGS:
        assert p.text.strip() and p.why.strip(), p
        assert p.lang in ("zh", "en"), p
        assert p.lang == "en" or not p.text.isascii(), p
    for group in (abstain, alike):
        assert {p.lang for p in group} == {"zh", "en"}
        assert {p.split for p in group} == {"tune", "report"}


def test_the_questions_expect_what_the_table_assumes() -> None:
    unanswerable = question(*PHRASING_ABSTAIN_QUESTION)
    assert unanswerable.should_abstain is True
    yes_no = question(*PHRASING_NO_QUESTION)
    assert yes_no.expected.boolean_answer is False


def test_phrasings_that_agree_keep_agreeing(scored: list[Scored]) -> None:
    known = set(load_known()["abstention_phrasings"])
    regressed = [f"{s.key} [{s.kind}] {s.row.text!r}: {s.reason}" for s in scored
                 if not s.agrees and s.key not in known]  # fmt: skip
    assert regressed == [], "phrasings that agreed with the reviewer no longer do:\n" + "\n".join(regressed)


def test_known_disagreements_are_current(scored: list[Scored]) -> None:
    known = set(load_known()["abstention_phrasings"])
    by_key = {s.key: s for s in scored}
    stale = sorted(k for k in known if k not in by_key)
    fixed = sorted(k for k in known if k in by_key and by_key[k].agrees)
    hint = " (uv run python benchmarks/verdict_agreement.py --update-known)"
    assert stale == [], f"listed phrasings that no longer exist{hint}: {stale}"
    assert fixed == [], f"listed phrasings that agree now: take them off the list{hint}: {fixed}"


def test_issue_12_targets_on_the_report_half(scored: list[Scored]) -> None:
    failures = target_failures(scored, "report")
    assert failures == [], "\n".join(failures)
