"""The statistics reports use, from scipy: Wilson intervals for pass rates, Fisher's exact test to
compare two pass rates, the Mann-Whitney U test to compare two distributions (cost, latency),
percentiles. This module only fixes the choices (two-sided, 95 %, when there is too little data to
test) so every report makes the same ones."""

from __future__ import annotations

from collections.abc import Sequence

import numpy
from scipy import stats

CONFIDENCE = 0.95
ALPHA = 1 - CONFIDENCE
# Below this many values per side the normal approximation of the U test is not trusted.
MIN_RANK_SAMPLES = 5


def wilson(successes: int, trials: int) -> tuple[float, float]:
    """The Wilson score interval of a proportion: sound at small n and at 0 % or 100 %."""
    if trials <= 0:
        return 0.0, 1.0
    interval = stats.binomtest(successes, trials).proportion_ci(CONFIDENCE, method="wilson")
    return max(0.0, float(interval.low)), min(1.0, float(interval.high))


def fisher_exact(a_successes: int, a_trials: int, b_successes: int, b_trials: int) -> float:
    """Two-sided p-value of Fisher's exact test on the 2x2 table of passes and failures: exact,
    so it holds for the handful of trials an eval has per task."""
    table = [[a_successes, a_trials - a_successes], [b_successes, b_trials - b_successes]]
    if a_trials + b_trials == 0:
        return 1.0
    return min(1.0, float(stats.fisher_exact(table, alternative="two-sided").pvalue))


def mann_whitney(a: Sequence[float], b: Sequence[float]) -> float | None:
    """Two-sided p-value of the Mann-Whitney U test (normal approximation with tie and continuity
    correction); None when a side has fewer than MIN_RANK_SAMPLES values."""
    if min(len(a), len(b)) < MIN_RANK_SAMPLES:
        return None
    if len(set(a) | set(b)) == 1:  # every value tied: nothing to tell apart
        return 1.0
    result = stats.mannwhitneyu(a, b, alternative="two-sided", method="asymptotic")
    return min(1.0, float(result.pvalue))


def percentile(values: Sequence[float], q: float) -> float | None:
    """The q-th percentile (0..100), linearly interpolated; None for no values."""
    if not values:
        return None
    return float(numpy.percentile(values, q))


def distribution(values: Sequence[float]) -> dict[str, float | None]:
    return {
        "p50": percentile(values, 50),
        "p95": percentile(values, 95),
        "mean": sum(values) / len(values) if values else None,
        "total": sum(values),
    }
