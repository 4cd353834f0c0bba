"""Honest statistics for comparing two runs on the same questions.

- ``paired_bootstrap``: a percentile 95% confidence interval for the difference of mean scores,
  resampling questions (pairs) with replacement; seeded, so reports are reproducible.
- ``mcnemar_exact``: the exact two-sided McNemar test on pass/fail flips (binomial on the
  discordant pairs), which is what a paired pass/fail comparison needs; no normal approximation.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

DEFAULT_RESAMPLES = 10_000
DEFAULT_SEED = 20240212
_FEW_VALUES = 200  # distinct differences up to which the multinomial form is used (0.04 s vs 0.6 s)
_CHUNK = 100  # resamples per batch: small batches stay in cache (measured: 0.6 s vs 1.5 s at 500)


@dataclass(frozen=True)
class BootstrapCI:
    mean_diff: float
    low: float
    high: float
    resamples: int
    n: int

    @property
    def excludes_zero(self) -> bool:
        return self.low > 0 or self.high < 0

    def to_dict(self) -> dict[str, float | int | bool]:
        return {
            "mean_diff": round(self.mean_diff, 6),
            "ci_low": round(self.low, 6),
            "ci_high": round(self.high, 6),
            "resamples": self.resamples,
            "n": self.n,
            "significant": self.excludes_zero,
        }


def paired_bootstrap(
    a: Sequence[float],
    b: Sequence[float],
    *,
    resamples: int = DEFAULT_RESAMPLES,
    confidence: float = 0.95,
    seed: int = DEFAULT_SEED,
) -> BootstrapCI:
    """CI of mean(b - a) over paired observations (same questions in both runs)."""
    if len(a) != len(b):
        raise ValueError("paired bootstrap needs sequences of equal length")
    n = len(a)
    if n == 0:
        return BootstrapCI(0.0, 0.0, 0.0, resamples, 0)
    import numpy as np

    diff = np.asarray(b, dtype=np.float64) - np.asarray(a, dtype=np.float64)
    rng = np.random.default_rng(seed)
    values, counts = np.unique(diff, return_counts=True)
    if len(values) <= _FEW_VALUES:
        # Resampling n pairs with replacement = drawing how often each distinct difference is picked:
        # the same distribution, but one multinomial draw per resample instead of n indices.
        picks = rng.multinomial(n, counts / n, size=resamples)
        means = picks @ values / n
    else:
        means = np.empty(resamples, dtype=np.float64)
        for start in range(0, resamples, _CHUNK):
            size = min(_CHUNK, resamples - start)
            idx = rng.integers(0, n, size=(size, n))
            means[start : start + size] = diff.take(idx).sum(axis=1)
        means /= n
    alpha = (1.0 - confidence) / 2.0
    low, high = np.quantile(means, [alpha, 1.0 - alpha])
    return BootstrapCI(float(diff.mean()), float(low), float(high), resamples, n)


@dataclass(frozen=True)
class McNemar:
    pass_to_fail: int  # b: passed in A, failed in B
    fail_to_pass: int  # c: failed in A, passed in B
    p_value: float

    def to_dict(self) -> dict[str, float | int]:
        return {
            "pass_to_fail": self.pass_to_fail,
            "fail_to_pass": self.fail_to_pass,
            "p_value": round(self.p_value, 6),
        }


def mcnemar_exact(pass_to_fail: int, fail_to_pass: int) -> McNemar:
    """Two-sided exact p-value: 2 * P(X <= min(b, c)), X ~ Binomial(b + c, 1/2), capped at 1."""
    n = pass_to_fail + fail_to_pass
    if n == 0:
        return McNemar(pass_to_fail, fail_to_pass, 1.0)
    k = min(pass_to_fail, fail_to_pass)
    log_half_n = -n * math.log(2.0)
    terms = [
        math.lgamma(n + 1) - math.lgamma(i + 1) - math.lgamma(n - i + 1) + log_half_n for i in range(k + 1)
    ]
    top = max(terms)
    cdf = math.exp(top) * sum(math.exp(t - top) for t in terms)
    return McNemar(pass_to_fail, fail_to_pass, min(1.0, 2.0 * cdf))
