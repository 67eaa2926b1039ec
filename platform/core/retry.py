"""The platform's one retry policy: exponential backoff from a first delay, capped, with "equal
jitter" (half of each delay fixed, half random) so that what one outage stopped does not all come
back at the same instant, and a server's Retry-After honoured up to the cap.

Every retry uses it: runs waiting out an infrastructure failure (`runs.environment`), webhook
deliveries (`webhooks.services`), and Celery tasks that retry (`retry_later`), which is why the
tasks use no `retry_backoff` of Celery's own.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, NoReturn


@dataclass(frozen=True)
class Backoff:
    first_seconds: float
    cap_seconds: float

    def delay(
        self, attempt: int, *, retry_after: float | None = None, rng: random.Random | None = None
    ) -> float:
        """Seconds to wait before retry number `attempt` (1 for the first retry)."""
        ceiling = min(self.cap_seconds, self.first_seconds * 2 ** max(0, attempt - 1))
        jitter = (rng or _random).uniform(0, ceiling / 2)
        return min(self.cap_seconds, max(ceiling / 2 + jitter, retry_after or 0.0))


def retry_later(task: Any, error: Exception, backoff: Backoff) -> NoReturn:
    """Re-queues a bound Celery task after the policy's delay; past its `max_retries` Celery
    raises `error` instead."""
    raise task.retry(exc=error, countdown=backoff.delay(task.request.retries + 1))


_random = random.Random()
