"""The one retry policy: exponential from the first delay, capped, half of each delay random."""

from __future__ import annotations

import random

import pytest

from core.retry import Backoff

POLICY = Backoff(first_seconds=10, cap_seconds=300)


@pytest.mark.parametrize(("attempt", "ceiling"), [(1, 10), (2, 20), (3, 40), (5, 160), (6, 300), (40, 300)])  # fmt: skip
def test_each_delay_lies_between_half_its_ceiling_and_the_ceiling(attempt: int, ceiling: float) -> None:  # fmt: skip
    rng = random.Random(attempt)
    delays = [POLICY.delay(attempt, rng=rng) for _ in range(200)]
    assert all(ceiling / 2 <= delay <= ceiling for delay in delays)
    assert len(set(delays)) > 100  # spread out, so one outage's victims do not return together


def test_a_servers_retry_after_is_honoured_up_to_the_cap() -> None:
    assert POLICY.delay(1, retry_after=120, rng=random.Random(1)) == 120
    assert POLICY.delay(1, retry_after=10_000, rng=random.Random(1)) == 300
    assert POLICY.delay(1, retry_after=0.5, rng=random.Random(1)) >= 5
