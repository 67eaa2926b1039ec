"""How fast each chat tier has been answering, by prompt size: what `auto` routes on.

Every successful chat completion records its output rate (completion tokens over the seconds
the backend spent on it, from the request written upstream to the last byte, without the time
waiting for a slot) under its tier, the tier's pool of backends and the prompt's size bucket.
A tier's rate for a bucket is the median of its recent samples. It is kept in the process:
bounded (`KEEP` samples per key, `MAX_KEYS` keys, least recently updated dropped first), no
I/O on the request path, and each web process learns from the traffic it serves.
"""

from __future__ import annotations

import statistics
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass

from core.clock import monotonic
from inference.selectors import TierConfig

# Prompt sizes (the gateway's estimate, in tokens) that behave alike: a prompt's cost relative
# to the answer changes with its length, and with it which tier answers sooner.
BUCKET_BOUNDS = (256, 1024, 4096)
BUCKET_NAMES = ("<=256", "257-1024", "1025-4096", ">4096")
KEEP = 16
MAX_KEYS = 256
MIN_SAMPLES = 3
WINDOW_S = 600.0  # older samples are forgotten, so a tier that got faster is measured again
EXPLORE_EVERY = 20  # one `auto` request in this many (per bucket) measures an unmeasured tier


def bucket_of(prompt_estimate: int) -> int:
    return sum(prompt_estimate > bound for bound in BUCKET_BOUNDS)


def pool_of(tier: TierConfig) -> tuple[tuple[str, str], ...]:
    """The servers behind a tier: a rate measured on other servers says nothing about these."""
    return tuple(sorted((backend.base_url, backend.served_model) for backend in tier.backends))


@dataclass(frozen=True)
class Sample:
    at: float
    tokens_per_s: float


Key = tuple[str, tuple[tuple[str, str], ...], int]


class TierSpeeds:
    def __init__(
        self, *, window_s: float = WINDOW_S, clock: Callable[[], float] = monotonic
    ) -> None:
        self.window_s = window_s
        self.clock = clock
        self._samples: OrderedDict[Key, deque[Sample]] = OrderedDict()
        self._turns: dict[int, int] = {}

    def observe(
        self, *, tier: TierConfig, prompt_estimate: int, completion_tokens: int, seconds: float
    ) -> None:
        if completion_tokens < 1 or seconds <= 0:
            return
        key = (tier.name, pool_of(tier), bucket_of(prompt_estimate))
        samples = self._samples.pop(key, None) or deque(maxlen=KEEP)
        samples.append(Sample(self.clock(), completion_tokens / seconds))
        self._samples[key] = samples
        while len(self._samples) > MAX_KEYS:
            self._samples.popitem(last=False)

    def rate(self, tier: TierConfig, prompt_estimate: int) -> float | None:
        """Median tokens/s of the tier's samples of this size within the window; None below
        MIN_SAMPLES (not measured)."""
        samples = self._samples.get((tier.name, pool_of(tier), bucket_of(prompt_estimate)))
        since = self.clock() - self.window_s
        fresh = [s.tokens_per_s for s in samples or () if s.at >= since]
        return statistics.median(fresh) if len(fresh) >= MIN_SAMPLES else None

    def explore_turn(self, prompt_estimate: int, every: int = EXPLORE_EVERY) -> bool:
        """True for one call in `every` per bucket: the share of requests `auto` sends to a
        tier it has not measured, so that it gets measured."""
        bucket = bucket_of(prompt_estimate)
        self._turns[bucket] = turn = self._turns.get(bucket, 0) + 1
        return every > 0 and turn % every == 0

    def clear(self) -> None:
        self._samples.clear()
        self._turns.clear()


speeds = TierSpeeds()
