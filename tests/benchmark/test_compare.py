"""Comparisons: deltas, flips, skips kept apart, verdicts, and the regression gate."""

from __future__ import annotations

from benchmark.compare import compare_outcomes


def outcomes(spec: dict[str, str], qtype: str = "fact_exact") -> dict[str, tuple[str, float | None, str]]:
    score = {"PASS": 1.0, "FAIL": 0.0, "SKIP": None}
    return {qid: (o, score[o], qtype) for qid, o in spec.items()}


def test_identical_runs_are_within_noise() -> None:
    a = outcomes({f"q{i}": "PASS" if i % 2 else "FAIL" for i in range(40)})
    c = compare_outcomes("A", a, "B", dict(a), resamples=500)
    assert c.overall.verdict == "within noise" and c.flips == [] and not c.regression(0.0)


def test_large_drop_is_a_significant_regression() -> None:
    a = outcomes({f"q{i}": "PASS" for i in range(60)})
    b = outcomes({f"q{i}": "PASS" if i < 20 else "FAIL" for i in range(60)})
    c = compare_outcomes("A", a, "B", b, resamples=1000)
    assert c.overall.verdict == "worse"
    assert c.overall.mcnemar.pass_to_fail == 40 and c.overall.mcnemar.p_value < 1e-6
    assert c.regression(0.05) and not c.regression(0.9)
    assert len(c.flips) == 40 and c.flips[0] == {
        "id": "q20", "type": "fact_exact", "a": "PASS", "b": "FAIL", "score_a": 1.0, "score_b": 0.0
    }  # fmt: skip


def test_one_flip_is_noise() -> None:
    a = outcomes({f"q{i}": "PASS" for i in range(30)})
    b = dict(a)
    b["q3"] = ("FAIL", 0.0, "fact_exact")
    c = compare_outcomes("A", a, "B", b, resamples=1000)
    assert c.overall.verdict == "within noise" and not c.regression(0.0)
    assert [f["id"] for f in c.flips] == ["q3"]


def test_skips_are_listed_not_scored() -> None:
    a = outcomes({"q1": "PASS", "q2": "PASS", "q3": "FAIL"})
    b = outcomes({"q1": "PASS", "q2": "SKIP", "q4": "PASS"})
    c = compare_outcomes("A", a, "B", b, resamples=200)
    assert c.overall.n == 1
    assert [s["id"] for s in c.skipped] == ["q2"]
    assert (c.only_in_a, c.only_in_b) == (["q3"], ["q4"])


def test_by_type_split() -> None:
    a = {**outcomes({"f1": "PASS", "f2": "FAIL"}), **outcomes({"g1": "PASS"}, "conflict_gap")}
    b = {**outcomes({"f1": "PASS", "f2": "PASS"}), **outcomes({"g1": "FAIL"}, "conflict_gap")}
    c = compare_outcomes("A", a, "B", b, resamples=200)
    assert [(t.type, t.n, t.score_a, t.score_b) for t in c.by_type] == [
        ("conflict_gap", 1, 1.0, 0.0),
        ("fact_exact", 2, 0.5, 1.0),
    ]
