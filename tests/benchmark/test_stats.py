"""Bootstrap CIs and the exact McNemar test, checked against values computed by hand."""

from __future__ import annotations

import math

import pytest

from benchmark.stats import mcnemar_exact, paired_bootstrap


@pytest.mark.parametrize(
    ("b", "c", "expected"),
    [
        (0, 0, 1.0),
        (3, 3, 1.0),
        # 2 * P(X <= 2), X ~ Bin(12, 1/2) = 2 * (1 + 12 + 66) / 4096
        (10, 2, 2 * 79 / 4096),
        (2, 10, 2 * 79 / 4096),
        # 2 * P(X <= 0), X ~ Bin(6, 1/2) = 2 / 64
        (6, 0, 2 / 64),
        (1, 0, 1.0),
    ],
)
def test_mcnemar_exact(b: int, c: int, expected: float) -> None:
    assert math.isclose(mcnemar_exact(b, c).p_value, expected, rel_tol=1e-9)


def test_mcnemar_large_counts_stay_finite() -> None:
    p = mcnemar_exact(4000, 5000).p_value
    assert 0 < p < 1e-20


def test_bootstrap_identical_runs_is_zero_width() -> None:
    ci = paired_bootstrap([0.5, 1.0, 0.0], [0.5, 1.0, 0.0], resamples=200)
    assert (ci.mean_diff, ci.low, ci.high, ci.excludes_zero) == (0.0, 0.0, 0.0, False)


def test_bootstrap_clear_improvement_excludes_zero() -> None:
    a = [0.0] * 50 + [1.0] * 50
    b = [1.0] * 90 + [0.0] * 10
    ci = paired_bootstrap(a, b, resamples=2000)
    assert ci.mean_diff == pytest.approx(0.4)
    assert ci.low > 0 and ci.excludes_zero


def test_bootstrap_noise_includes_zero() -> None:
    a = [1.0, 0.0] * 20
    b = [0.0, 1.0] * 20
    ci = paired_bootstrap(a, b, resamples=2000)
    assert ci.low < 0 < ci.high and not ci.excludes_zero


def test_bootstrap_is_deterministic() -> None:
    a = [i % 3 / 2 for i in range(200)]
    b = [(i + 1) % 3 / 2 for i in range(200)]
    assert paired_bootstrap(a, b, resamples=500) == paired_bootstrap(a, b, resamples=500)


def test_bootstrap_rejects_unpaired() -> None:
    with pytest.raises(ValueError):
        paired_bootstrap([1.0], [1.0, 0.0])


def test_multinomial_and_index_bootstrap_agree() -> None:
    """Few distinct differences take the multinomial path; its interval matches index resampling."""
    import benchmark.stats as stats

    a = [1.0] * 120 + [0.0] * 80
    b = [1.0] * 100 + [0.0] * 20 + [1.0] * 50 + [0.0] * 30
    fast = paired_bootstrap(a, b, resamples=4000)
    old = stats._FEW_VALUES
    try:
        stats._FEW_VALUES = 0
        slow = paired_bootstrap(a, b, resamples=4000)
    finally:
        stats._FEW_VALUES = old
    assert fast.mean_diff == slow.mean_diff
    assert abs(fast.low - slow.low) < 0.02 and abs(fast.high - slow.high) < 0.02
