"""Admitting a request while its backend already works on it.

Admission (`gateway.quotas.admit`) is one Redis round trip. For a caller that no limit has
refused lately, the gateway writes the request to its backend first and waits for the admission
before it waits for the backend's answer, so that round trip overlaps the backend's work instead
of adding to the request's latency. A refusal closes the upstream connection at once (the backend
abandons the request) and nothing reaches the client but the 429; the caller's organization is
then admitted strictly, before anything is sent upstream, until the refusal's Retry-After has
passed. A request that would wait for a backend slot is admitted first too: the wait hides the
round trip, and a refusal is not kept waiting in a queue.

Requests that wait for a backend's slot are served by priority (`PriorityWaiters`), without
starving the lower ones.

Quotas stay exact: the script alone admits, and a refused request is billed nothing. What a
backend can see is the first bytes of requests that a limit refuses: at most those in flight at
the moment an organization crosses a limit.
"""

from __future__ import annotations

import asyncio
from collections import deque

from django.conf import settings

from core import clock
from gateway import quotas
from gateway.auth import Caller
from gateway.errors import GatewayError
from gateway.quotas import Reservation
from gateway.selectors import Registry
from gateway.validation import Plan
from inference.selectors import TierConfig

_MAX_ENTRIES = 50_000
_strict_until: dict[int, float] = {}  # organization id -> monotonic deadline


def start(
    caller: Caller, plan: Plan, tier: TierConfig, registry: Registry
) -> asyncio.Task[Reservation]:
    """Starts the admission of this request; the caller awaits it before reading an answer."""
    return asyncio.ensure_future(_admit(caller, plan, tier, registry))


def is_strict(caller: Caller) -> bool:
    """Whether this caller's organization was refused lately: admit before sending anything."""
    deadline = _strict_until.get(caller.principal.organization_id)
    return deadline is not None and deadline > clock.monotonic()


async def _admit(caller: Caller, plan: Plan, tier: TierConfig, registry: Registry) -> Reservation:
    reserve = plan.max_tokens
    if reserve is None:
        reserve = settings.LONGHAUL_GATEWAY_COMPLETION_RESERVE_TOKENS
    try:
        return await quotas.admit(
            caller,
            prompt=plan.prompt_estimate,
            completion=reserve,
            tier=tier.name,
            prices=registry.prices,
        )
    except GatewayError as error:
        if error.status == 429:
            if len(_strict_until) > _MAX_ENTRIES:
                _strict_until.clear()
            deadline = clock.monotonic() + (error.retry_after or 1)
            _strict_until[caller.principal.organization_id] = deadline
        raise


PRIORITIES = ("interactive", "normal", "batch")


class PriorityWaiters:
    """Requests waiting for one backend's slot, served by priority without starving any.

    A freed slot goes to the oldest waiter of the highest priority waiting (a key's
    `max_run_priority`, or the priority of the run whose agent calls), except that after
    LONGHAUL_GATEWAY_PRIORITY_SKIPS handoffs that passed over an older waiter, the oldest
    waiter of any priority gets the next one. So under sustained interactive load a batch
    request still gets at least one slot in every skips + 1.
    """

    def __init__(self) -> None:
        self._queues: dict[str, deque[tuple[int, asyncio.Future[None]]]] = {
            priority: deque() for priority in PRIORITIES
        }
        self._arrivals = 0
        self._skipped = 0

    def __len__(self) -> int:
        return sum(len(queue) for queue in self._queues.values())

    def __bool__(self) -> bool:
        return any(self._queues.values())

    def __contains__(self, waiter: object) -> bool:
        return any(w is waiter for queue in self._queues.values() for _, w in queue)

    def append(self, waiter: asyncio.Future[None], priority: str = "normal") -> None:
        self._arrivals += 1
        self._queues[priority if priority in self._queues else "normal"].append(
            (self._arrivals, waiter)
        )

    def remove(self, waiter: asyncio.Future[None]) -> None:
        for queue in self._queues.values():
            for entry in queue:
                if entry[1] is waiter:
                    queue.remove(entry)
                    return

    def popleft(self) -> asyncio.Future[None]:
        """The next waiter to hand a slot to; IndexError when none waits."""
        heads = [queue for queue in self._queues.values() if queue]
        if not heads:
            raise IndexError("no request waits")
        first, oldest = heads[0], min(heads, key=lambda queue: queue[0][0])
        if first is oldest or self._skipped >= settings.LONGHAUL_GATEWAY_PRIORITY_SKIPS:
            self._skipped = 0
            return oldest.popleft()[1]
        self._skipped += 1
        return first.popleft()[1]
