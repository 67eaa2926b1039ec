"""The statistics reports use: Wilson intervals for pass rates, Fisher's exact test to compare two
pass rates, the Mann-Whitney U test to compare two distributions (cost, latency), percentiles."""

from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.959963984540054
ALPHA = 0.05
# Below this many values per side the normal approximation of the U test is not trusted.
MIN_RANK_SAMPLES = 5


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion: sound at small n and at 0 % or 100 %."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def fisher_exact(a_successes: int, a_trials: int, b_successes: int, b_trials: int) -> float:
    """Two-sided p-value of Fisher's exact test on the 2x2 table of passes and failures: exact,
    so it holds for the handful of trials an eval has per task."""
    successes, total = a_successes + b_successes, a_trials + b_trials
    if total == 0 or successes in (0, total):
        return 1.0

    def probability(k: int) -> float:
        return (
            math.comb(a_trials, k)
            * math.comb(b_trials, successes - k)
            / math.comb(total, successes)
        )

    observed = probability(a_successes)
    low, high = max(0, successes - b_trials), min(a_trials, successes)
    tail = sum(p for k in range(low, high + 1) if (p := probability(k)) <= observed * (1 + 1e-9))
    return min(1.0, tail)


def mann_whitney(a: Sequence[float], b: Sequence[float]) -> float | None:
    """Two-sided p-value of the Mann-Whitney U test (normal approximation with tie correction);
    None when a side has fewer than MIN_RANK_SAMPLES values."""
    if min(len(a), len(b)) < MIN_RANK_SAMPLES:
        return None
    ranks, ties = _ranks([*a, *b])
    n1, n2 = len(a), len(b)
    u = sum(ranks[:n1]) - n1 * (n1 + 1) / 2
    n = n1 + n2
    variance = n1 * n2 / 12 * ((n + 1) - ties / (n * (n - 1)))
    if variance <= 0:
        return 1.0
    z = (abs(u - n1 * n2 / 2) - 0.5) / math.sqrt(variance)
    return min(1.0, math.erfc(max(z, 0.0) / math.sqrt(2)))


def _ranks(values: list[float]) -> tuple[list[float], float]:
    """Mid-ranks of `values` and the tie term sum(t^3 - t)."""
    order = sorted(range(len(values)), key=values.__getitem__)
    ranks = [0.0] * len(values)
    ties, start = 0.0, 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for position in range(start, end + 1):
            ranks[order[position]] = (start + end) / 2 + 1
        size = end - start + 1
        ties += size**3 - size
        start = end + 1
    return ranks, ties


def percentile(values: Sequence[float], q: float) -> float | None:
    """The q-th percentile (0..100), linearly interpolated; None for no values."""
    if not values:
        return None
    ordered = sorted(values)
    position = (len(ordered) - 1) * q / 100
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def distribution(values: Sequence[float]) -> dict[str, float | None]:
    return {
        "p50": percentile(values, 50),
        "p95": percentile(values, 95),
        "mean": sum(values) / len(values) if values else None,
        "total": sum(values),
    }
