"""Per-backend state in this process: slots with a bounded wait queue, a circuit breaker, and
the choice of backend (fewest outstanding requests, with prefix affinity).

With several web workers (LONGHAUL_WEB_WORKERS), each process holds its share of a backend's
slots and queue, `max_concurrency // workers` and `max_queue // workers` (at least one each),
so the processes together never send a backend more than `max_concurrency` requests at once
(unless it has fewer slots than there are workers)."""

from __future__ import annotations

import asyncio
import hashlib
import logging
import math

from django.conf import settings

from core import clock
from gateway import metrics
from gateway.admission import PriorityWaiters
from inference.breakers import BREAKERS_KEY, breaker_document
from inference.selectors import BackendConfig, TierConfig

logger = logging.getLogger(__name__)
_background: set[asyncio.Task[None]] = set()


class Overloaded(Exception):
    """Every usable backend of the tier is at its concurrency limit with a full queue."""


class Breaker:
    """Closed → open after N consecutive failures → half-open after a cooldown (one trial)."""

    def __init__(self) -> None:
        self.failures = 0
        self.state = "closed"
        self.opened_at = 0.0

    def usable(self, now: float) -> bool:
        if self.state == "closed":
            return True
        # An open breaker lets one trial through after the cooldown; a trial that never
        # reports (a cancelled request) does not block the backend for longer than that.
        return now - self.opened_at >= settings.LONGHAUL_GATEWAY_BREAKER_COOLDOWN_SECONDS

    def on_dispatch(self, now: float) -> bool:
        """Returns True when this dispatch is the half-open trial."""
        if self.state != "closed":
            self.state = "half_open"
            self.opened_at = now
            return True
        return False

    def success(self) -> None:
        self.failures = 0
        self.state = "closed"

    def failure(self, now: float) -> None:
        self.failures += 1
        threshold = settings.LONGHAUL_GATEWAY_BREAKER_FAILURES
        if self.state == "half_open" or self.failures >= threshold:
            self.state = "open"
            self.opened_at = now


class BackendState:
    def __init__(self, config: BackendConfig) -> None:
        self.config = config
        self.in_flight = 0
        self.dispatched = 0
        self.waiters = PriorityWaiters()
        self.breaker = Breaker()
        self._exported = "closed"
        self.gauges = metrics.backend_gauges(config.tier, config.name)

    @property
    def name(self) -> str:
        return self.config.name

    def breaker_changed(self) -> None:
        """Export the breaker (metrics, and the shared view for /readyz and the admin)."""
        breaker = self.breaker
        self.gauges.breaker.set(1 if breaker.state == "open" else 0)
        self.gauges.breaker_state.set(metrics.BREAKER_STATES.index(breaker.state))
        self.gauges.failures.set(breaker.failures)
        if breaker.state != self._exported:
            metrics.BREAKER_TRANSITIONS.labels(self.config.tier, self.name, breaker.state).inc()
            self._exported = breaker.state
        task = asyncio.get_running_loop().create_task(self._publish())
        _background.add(task)
        task.add_done_callback(_background.discard)

    async def _publish(self) -> None:
        from gateway.redis_client import async_redis

        document = breaker_document(state=self.breaker.state, failures=self.breaker.failures)
        try:
            await async_redis().hset(BREAKERS_KEY, self.name, document)  # type: ignore[misc]
        except Exception as error:  # the view is informative; routing never depends on it
            logger.warning("could not publish the breaker of %s: %s", self.name, error)

    def outstanding(self) -> int:
        return self.in_flight + len(self.waiters)

    def has_slot(self) -> bool:
        return self.in_flight < worker_share(self.config.max_concurrency)

    def can_queue(self) -> bool:
        return len(self.waiters) < worker_share(self.config.max_queue)

    async def acquire(self, priority: str = "normal") -> None:
        if self.has_slot() and not self.waiters:
            self._take()
            return
        if not self.can_queue():
            raise Overloaded
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.waiters.append(waiter, priority)
        self.gauges.queue.set(len(self.waiters))
        timeout = settings.LONGHAUL_GATEWAY_QUEUE_TIMEOUT_SECONDS
        try:
            await asyncio.wait_for(waiter, timeout)
        except (TimeoutError, asyncio.CancelledError) as error:
            self._abandon(waiter)
            if isinstance(error, TimeoutError):
                raise Overloaded from None
            raise
        finally:
            self.gauges.queue.set(len(self.waiters))

    def _abandon(self, waiter: asyncio.Future[None]) -> None:
        if waiter in self.waiters:
            self.waiters.remove(waiter)
        elif waiter.done() and not waiter.cancelled():
            self.release()  # the slot was handed over just as we gave up: pass it on

    def _take(self) -> None:
        self.in_flight += 1
        self.dispatched += 1
        self.gauges.in_flight.set(self.in_flight)

    def release(self) -> None:
        while self.waiters:
            waiter = self.waiters.popleft()
            if not waiter.done():
                self.dispatched += 1
                waiter.set_result(None)  # the slot passes straight to the next in line
                return
        self.in_flight -= 1
        self.gauges.in_flight.set(self.in_flight)


def worker_share(limit: int) -> int:
    """This process's part of a limit that all web workers share."""
    return max(1, limit // settings.LONGHAUL_WEB_WORKERS)


_states: dict[str, BackendState] = {}


def state_for(config: BackendConfig) -> BackendState:
    state = _states.get(config.name)
    if state is None:
        state = _states[config.name] = BackendState(config)
    elif state.config != config:
        state.config = config  # admin edits take effect; counters and breaker carry over
    return state


def _rendezvous(states: list[BackendState], affinity: str) -> BackendState:
    def score(state: BackendState) -> float:
        digest = hashlib.blake2b(f"{affinity}|{state.name}".encode(), digest_size=8).digest()
        unit = (int.from_bytes(digest, "big") + 1) / (2**64 + 1)
        return state.config.weight / -math.log(unit)

    return max(states, key=score)


def candidates(
    tier: TierConfig,
    healthy: dict[str, bool],
    *,
    exclude: set[str],
    needs_tools: bool = False,
    needs_schema: bool = False,
    needs_logprobs: bool = False,
) -> list[BackendState]:
    now = clock.monotonic()
    result = []
    for config in tier.backends:
        if config.name in exclude or not healthy.get(config.name, True):
            continue
        if (
            (needs_tools and not config.supports_tools)
            or (needs_schema and not config.supports_json_schema)
            or (needs_logprobs and not config.supports_logprobs)
        ):
            continue
        state = state_for(config)
        if state.breaker.usable(now):
            result.append(state)
    return result


def _load(state: BackendState) -> tuple[float, float]:
    return state.outstanding() / state.config.weight, state.dispatched / state.config.weight


def choose(states: list[BackendState], affinity: str | None) -> BackendState:
    """The conversation's own replica while it is among the least loaded, else the least loaded.

    Keeping a conversation on its replica reuses that replica's KV cache, but only while doing
    so costs no queueing: a busier replica gives the request to the least loaded one.
    Raises Overloaded when no backend has a free slot or room in its queue.
    """
    ranked = sorted(states, key=_load)
    if affinity:
        preferred = _rendezvous(states, affinity)
        least_busy = _load(ranked[0])[0]
        if preferred.has_slot() and not preferred.waiters and _load(preferred)[0] <= least_busy:
            return preferred
    for state in ranked:
        if state.has_slot() and not state.waiters:
            return state
    for state in ranked:
        if state.can_queue():
            return state
    raise Overloaded
