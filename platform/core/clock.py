"""The platform's two clocks, each chosen by settings so that tests can move them.

`now()` is the wall clock that calendar rules read: quota windows (this minute, this month) and
the prices in force. `LONGHAUL_CLOCK` names it by dotted path (a function returning seconds since
the epoch), which is how tests put a server they start at a moment of their choosing, such as
the last minute of a month.

`monotonic()` is the clock that in-process caches and windows expire by: the API-key and
registry caches, the circuit breaker's cooldown, probes remembered for a while.
`LONGHAUL_MONOTONIC` names it, which is how tests age those caches without waiting. Durations
and timeouts of real I/O (a request, a child process, a lock) keep `time.monotonic()`: moving
this clock must never cut one short.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from django.conf import settings

from agents.plugins import import_dotted


def now() -> float:
    """Seconds since the epoch, as the configured clock tells them."""
    return cast(Callable[[], float], import_dotted(settings.LONGHAUL_CLOCK))()


def monotonic() -> float:
    """Seconds on the configured monotonic clock: only differences between two readings in
    one process mean anything."""
    return cast(Callable[[], float], import_dotted(settings.LONGHAUL_MONOTONIC))()
