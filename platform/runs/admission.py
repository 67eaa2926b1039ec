"""Admission order: who gets the next free run slot, who waits and why, who gives one back.

Plain data in, plain data out (runs.scheduler reads and writes the database around it):

* between organizations, **weighted fair share**: the next slot goes to the organization with
  the fewest slots for its weight, counting the one it would get, `(held + 1) / weight`;
* within an organization, **priority** (`interactive`, `normal`, `batch`), then the oldest run;
* an organization never holds more than its **limit**; its other runs wait for its own;
* when every slot is taken, an organization over its share is asked to give slots back (its
  lowest-priority running run that has been longest in its current step yields after it, so
  the waiting run starts as soon as it can) until the waiting one
  would not be better off, and a run of higher priority than one of its own organization's
  running runs takes that run's slot. Yields already asked for count as given back, so a pass
  never asks twice for the same slot.
"""

from __future__ import annotations

import heapq
from collections import Counter, defaultdict, deque
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from runs.models import PRIORITY_RANK

UNLIMITED = 1 << 30
NO_FREE_WORKER = "no_free_worker"
ORGANIZATION_LIMIT = "organization_limit"
PRIORITY = "priority"


@dataclass(frozen=True)
class Holder:
    """A run that holds a slot (admitted, or running)."""

    id: str
    organization_id: int
    priority: str
    created_at: datetime
    running: bool
    yielding: bool
    admitted_at: datetime | None
    step_since: datetime  # when its current step began (its last step's commit, or its lease)


@dataclass(frozen=True)
class Candidate:
    """A run that waits for a slot; `since` is when it joined the queue."""

    id: str
    organization_id: int
    priority: str
    created_at: datetime
    since: datetime
    reason: str


@dataclass(frozen=True)
class Policy:
    slots: int
    slugs: dict[int, str]
    weights: dict[int, float]
    limits: dict[int, int]
    burst: int = 0

    def weight(self, organization_id: int) -> float:
        return self.weights.get(organization_id, 1.0)

    def limit(self, organization_id: int) -> int:
        return self.limits.get(organization_id, UNLIMITED)


@dataclass(frozen=True)
class Place:
    """Where a waiting run stands: 1 is next. For a run its organization's limit holds back,
    the runs of its own organization ahead of it, plus one."""

    candidate: Candidate
    position: int
    reason: str
    detail: int

    def public(self, *, estimate_s: float | None = None) -> dict[str, Any]:
        return {
            "position": self.position,
            "reason": self.reason,
            "message": _message(self.reason, self.detail),
            "priority": self.candidate.priority,
            "estimate_s": estimate_s,
        }


@dataclass(frozen=True)
class Plan:
    admit: list[Candidate]  # burst admissions included
    waiting: list[Place]
    yields: list[str]
    burst: list[Candidate]


def rank(priority: str) -> int:
    return PRIORITY_RANK.get(priority, 1)  # type: ignore[call-overload]


def plan(holders: list[Holder], candidates: list[Candidate], policy: Policy) -> Plan:
    held = Counter(h.organization_id for h in holders)
    order, blocked = _order(_queues(candidates), held, policy)
    free = max(0, policy.slots - len(holders))
    admit, rest = order[:free], order[free:]
    burst = _burst(rest, held, admit, len(holders) + len(admit), policy)
    admit += burst
    rest = [c for c in rest if c not in burst]
    ahead = [(h.organization_id, h.priority) for h in holders]
    ahead += [(c.organization_id, c.priority) for c in admit]
    waiting = _places(rest, blocked, policy, ahead)
    yields = _yields(holders, admit, rest, blocked, policy)
    return Plan(admit=admit, waiting=waiting, yields=yields, burst=burst)


def _burst(
    rest: list[Candidate], held: Counter[int], admit: list[Candidate], taken: int, policy: Policy
) -> list[Candidate]:
    """The first waiting run of each organization that holds no slot (nor gets one in this
    pass) once every slot is taken, while burst slots are free. `taken` counts every slot
    held or just given, yielding runs' included: a burst slot is free again only once the
    yield it asked for has happened."""
    if taken < policy.slots:
        return []
    free = policy.burst - (taken - policy.slots)
    holding = {org for org, count in held.items() if count} | {c.organization_id for c in admit}
    chosen: list[Candidate] = []
    for candidate in rest:
        if len(chosen) >= free:
            break
        if candidate.organization_id not in holding:
            chosen.append(candidate)
            holding.add(candidate.organization_id)
    return chosen


def _queues(candidates: list[Candidate]) -> dict[int, deque[Candidate]]:
    queues: dict[int, list[Candidate]] = defaultdict(list)
    for candidate in candidates:
        queues[candidate.organization_id].append(candidate)
    return {org: deque(sorted(runs, key=_queue_key)) for org, runs in queues.items()}


def _queue_key(candidate: Candidate) -> tuple[int, datetime, str]:
    return rank(candidate.priority), candidate.created_at, candidate.id


def _order(
    queues: dict[int, deque[Candidate]], held: Counter[int], policy: Policy
) -> tuple[list[Candidate], list[Candidate]]:
    """The order slots would go in as they free up, and the runs their organization's limit
    holds back."""
    counts = Counter(held)
    heap = [(_share_key(org, counts, policy, queue), org) for org, queue in queues.items()]
    heapq.heapify(heap)
    order: list[Candidate] = []
    blocked: list[Candidate] = []
    while heap:
        _, org = heapq.heappop(heap)
        queue = queues[org]
        if counts[org] >= policy.limit(org):
            blocked.extend(queue)
            continue
        order.append(queue.popleft())
        counts[org] += 1
        if queue:
            heapq.heappush(heap, (_share_key(org, counts, policy, queue), org))
    return order, blocked


def _share_key(
    org: int, counts: Counter[int], policy: Policy, queue: deque[Candidate]
) -> tuple[float, int, datetime]:
    """Fewest slots for the weight first; on a tie the shorter queue (a tenant with one run
    does not wait behind one with hundreds), then the oldest run."""
    return (counts[org] + 1) / policy.weight(org), len(queue), queue[0].created_at


def _places(
    rest: list[Candidate],
    blocked: list[Candidate],
    policy: Policy,
    ahead: list[tuple[int, str]],
) -> list[Place]:
    """Positions and reasons: a run waits for `priority` when runs of its own organization of
    a higher priority hold slots or stand ahead of it."""
    places: list[Place] = []
    best_ahead: dict[int, int] = {}
    for org, priority in ahead:
        best_ahead[org] = min(best_ahead.get(org, 99), rank(priority))
    for index, candidate in enumerate(rest):
        org = candidate.organization_id
        best = best_ahead.get(org, 99)
        reason = PRIORITY if best < rank(candidate.priority) else NO_FREE_WORKER
        places.append(Place(candidate, index + 1, reason, policy.slots))
        best_ahead[org] = min(best, rank(candidate.priority))
    in_org: Counter[int] = Counter()
    for candidate in blocked:
        org = candidate.organization_id
        in_org[org] += 1
        places.append(Place(candidate, in_org[org], ORGANIZATION_LIMIT, policy.limit(org)))
    return places


def _yields(
    holders: list[Holder],
    admit: list[Candidate],
    rest: list[Candidate],
    blocked: list[Candidate],
    policy: Policy,
) -> list[str]:
    running = _victims(holders)
    effective = Counter(h.organization_id for h in holders if not h.yielding)
    effective.update(c.organization_id for c in admit)
    pending = sum(1 for h in holders if h.yielding)
    # Slots taken beyond the total are burst slots: yields asked for give those back first.
    over = max(0, len(holders) + len(admit) - policy.slots)
    yields = _capacity_yields(running, effective, policy, over - pending)
    pending = max(0, pending - over)
    waiting = Counter(c.organization_id for c in rest)
    for _ in range(pending):  # slots already asked for go to whoever they will go to
        _promise(effective, waiting, policy)
    budget = len(rest) + len(blocked) - pending
    fair = _fair_share_yields(running, effective, waiting, policy, budget)
    budget -= len(fair)
    return yields + fair + _priority_yields(running, [*rest, *blocked], budget)


def _capacity_yields(
    running: dict[int, list[Holder]], effective: Counter[int], policy: Policy, count: int
) -> list[str]:
    """`count` runs of the organizations furthest over their share, to give burst slots
    back."""
    yields: list[str] = []
    for _ in range(count):
        givers = [o for o, runs in running.items() if runs]
        if not givers:
            break
        giver = max(givers, key=lambda o: effective[o] / policy.weight(o))
        yields.append(running[giver].pop(0).id)
        effective[giver] -= 1
    return yields


def _promise(effective: Counter[int], waiting: Counter[int], policy: Policy) -> None:
    """Gives the next free slot to the waiting organization with the fewest for its weight."""
    wanting = [o for o, n in waiting.items() if n > 0 and effective[o] < policy.limit(o)]
    if wanting:
        taker = min(wanting, key=lambda o: (effective[o] + 1) / policy.weight(o))
        effective[taker] += 1
        waiting[taker] -= 1


def _victims(holders: list[Holder]) -> dict[int, list[Holder]]:
    """Each organization's running runs that may be asked to yield, the first to go first:
    lowest priority, then the one longest in its current step, which is likely to reach its
    step boundary (and give the slot back) first. The newest run, which a queue would pick, has
    usually only just begun its first step and would keep the waiting run longest."""
    running: dict[int, list[Holder]] = defaultdict(list)
    for holder in holders:
        if holder.running and not holder.yielding:
            running[holder.organization_id].append(holder)
    for runs in running.values():
        runs.sort(key=lambda h: (-rank(h.priority), h.step_since, h.id))
    return running


def _fair_share_yields(
    running: dict[int, list[Holder]],
    effective: Counter[int],
    waiting: Counter[int],
    policy: Policy,
    budget: int,
) -> list[str]:
    yields: list[str] = []
    while budget > len(yields):
        wanting = [o for o, n in waiting.items() if n > 0 and effective[o] < policy.limit(o)]
        if not wanting:
            break
        taker = min(wanting, key=lambda o: (effective[o] + 1) / policy.weight(o))
        givers = [o for o, runs in running.items() if runs and o != taker]
        if not givers:
            break
        giver = max(givers, key=lambda o: effective[o] / policy.weight(o))
        if effective[giver] / policy.weight(giver) <= (effective[taker] + 1) / policy.weight(taker):
            break
        yields.append(running[giver].pop(0).id)
        effective[giver] -= 1
        _promise(effective, waiting, policy)
    return yields


def _priority_yields(
    running: dict[int, list[Holder]], waiting: list[Candidate], budget: int
) -> list[str]:
    yields: list[str] = []
    for candidate in sorted(waiting, key=_queue_key):
        victims = running.get(candidate.organization_id) or []
        if len(yields) >= budget or not victims:
            continue
        if rank(candidate.priority) < rank(victims[0].priority):
            yields.append(victims.pop(0).id)
    return yields


def estimate(place: Place, policy: Policy, per_run_seconds: float | None) -> float | None:
    """Seconds until the run is admitted, were runs to take as long as they have lately."""
    if per_run_seconds is None:
        return None
    parallel = place.detail if place.reason == ORGANIZATION_LIMIT else policy.slots
    return round(place.position * per_run_seconds / max(1, parallel), 1)


def figures(plan: Plan, policy: Policy, holders: list[Holder], now: datetime) -> dict[str, Any]:
    """Queue depth and the longest wait per organization and priority, slots held per
    organization: what /metrics exports."""
    depth: Counter[tuple[str, str]] = Counter()
    oldest: dict[tuple[str, str], float] = {}
    for place in plan.waiting:
        key = (_slug(policy, place.candidate.organization_id), place.candidate.priority)
        depth[key] += 1
        waited = max(0.0, (now - place.candidate.since).total_seconds())
        oldest[key] = max(oldest.get(key, 0.0), waited)
    held = Counter(_slug(policy, h.organization_id) for h in holders)
    return {
        "slots": policy.slots,
        "held": dict(held),
        "queued": [
            {"organization": org, "priority": prio, "depth": n, "oldest_s": oldest[(org, prio)]}
            for (org, prio), n in sorted(depth.items())
        ],
    }


def _slug(policy: Policy, organization_id: int) -> str:
    return policy.slugs.get(organization_id, str(organization_id))


def _message(reason: str, detail: int) -> str:
    if reason == ORGANIZATION_LIMIT:
        return f"Your organization is running its limit of {detail} runs at once."
    if reason == PRIORITY:
        return "Runs of your organization with a higher priority go first."
    return f"Every run slot is busy ({detail} in all); the run starts when one frees up."
