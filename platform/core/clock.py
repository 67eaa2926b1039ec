"""The wall clock that calendar rules read: quota windows (this minute, this month) and the
prices in force.

Production reads the system clock. `LONGHAUL_CLOCK` names another one by dotted path (a function
returning seconds since the epoch), which is how tests put a server they start at a moment of
their choosing, such as the last minute of a month. Durations and timeouts use
`time.monotonic()`, never this.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from django.conf import settings

from agents.plugins import import_dotted


def now() -> float:
    """Seconds since the epoch, as the configured clock tells them."""
    return cast(Callable[[], float], import_dotted(settings.LONGHAUL_CLOCK))()
