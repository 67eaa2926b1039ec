"""Requests per minute, tokens per minute and monthly tokens, per key and per organization.

Admission is one Lua script: it checks every counter and, only when all pass, counts the request
and reserves its estimated tokens, atomically. A request is admitted while the counter
(settled usage + reservations of requests in flight) is below the limit, so concurrent
requests can overshoot a token limit by at most the last admitted request. Settlement replaces
the reservation with the tokens actually billed.
"""

from __future__ import annotations

import calendar
import logging
import math
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from redis.asyncio.client import Pipeline
from redis.commands.core import AsyncScript

from gateway import metrics
from gateway.auth import Caller
from gateway.errors import GatewayError
from gateway.redis_client import async_redis

logger = logging.getLogger(__name__)

_ADMIT = """
local n = tonumber(ARGV[1])
local estimate = tonumber(ARGV[2])
for i = 1, n do
  local base = 2 + (i - 1) * 3
  local kind, limit = ARGV[base + 1], tonumber(ARGV[base + 2])
  local used = tonumber(redis.call('GET', KEYS[i]) or '0')
  if (kind == 'r' and used + 1 > limit) or (kind ~= 'r' and used >= limit) then
    return {i, used}
  end
end
local out = {0}
for i = 1, n do
  local base = 2 + (i - 1) * 3
  local kind, ttl = ARGV[base + 1], tonumber(ARGV[base + 3])
  local value
  if kind == 'r' then
    value = redis.call('INCR', KEYS[i])
  else
    value = redis.call('INCRBY', KEYS[i], estimate)
  end
  if redis.call('TTL', KEYS[i]) < 0 then redis.call('EXPIRE', KEYS[i], ttl) end
  out[i + 1] = value
end
return out
"""

_REASONS = {"r": "requests per minute", "t": "tokens per minute", "m": "monthly tokens"}


@dataclass(frozen=True)
class Counter:
    key: str
    kind: str  # r: requests/minute, t: tokens/minute, m: tokens/month
    scope: str  # "key" or "organization"
    limit: int
    ttl: int


@dataclass
class Reservation:
    estimate: int
    token_keys: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def _counters(caller: Caller, now: float) -> list[Counter]:
    limits, principal = caller.limits, caller.principal
    minute = int(now // 60)
    month = datetime.fromtimestamp(now, UTC).strftime("%Y%m")
    spec = [
        ("key", principal.api_key_id, limits.key_rpm, limits.key_tpm, limits.key_monthly),
        (
            "organization",
            principal.organization_id,
            limits.org_rpm,
            limits.org_tpm,
            limits.org_monthly,
        ),
    ]
    counters = []
    for scope, ident, rpm, tpm, monthly in spec:
        base = f"longhaul:quota:{scope}:{ident}"
        for kind, limit, key, ttl in (
            ("r", rpm, f"{base}:rpm:{minute}", 120),
            ("t", tpm, f"{base}:tpm:{minute}", 120),
            ("m", monthly, f"{base}:month:{month}", 40 * 86400),
        ):
            if limit > 0:
                counters.append(Counter(key, kind, scope, limit, ttl))
    return counters


_scripts: dict[int, AsyncScript] = {}


def _admit_script() -> AsyncScript:
    client = async_redis()
    script = _scripts.get(id(client))
    if script is None:
        script = _scripts[id(client)] = client.register_script(_ADMIT)
    return script


def retry_after(kind: str, now: float) -> int:
    if kind != "m":
        return max(1, math.ceil(60 - now % 60))
    moment = datetime.fromtimestamp(now, UTC)
    days = calendar.monthrange(moment.year, moment.month)[1]
    next_month = moment.replace(day=days, hour=23, minute=59, second=59)
    return max(1, math.ceil(next_month.timestamp() - now) + 1)


async def admit(caller: Caller, estimate: int) -> Reservation:
    """Counts the request and reserves `estimate` tokens, or raises a 429 GatewayError."""
    now = time.time()
    counters = _counters(caller, now)
    reservation = Reservation(estimate)
    if not counters:
        return reservation
    args: list[str | int] = [len(counters), estimate]
    for counter in counters:
        args += [counter.kind, counter.limit, counter.ttl]
    script = _admit_script()
    keys = [c.key for c in counters]
    result: Any = await script(keys=keys, args=args)  # EVALSHA; loads the script once
    if int(result[0]) != 0:
        raise _refusal(counters[int(result[0]) - 1], now)
    reservation.token_keys = [c.key for c in counters if c.kind != "r"]
    _soft_budget(caller, counters, [int(v) for v in result[1:]], reservation)
    return reservation


def _refusal(counter: Counter, now: float) -> GatewayError:
    reason = _REASONS[counter.kind]
    metrics.RATE_LIMITED.labels(f"{counter.scope} {reason}").inc()
    code = "insufficient_quota" if counter.kind == "m" else "rate_limit_exceeded"
    return GatewayError(
        429,
        f"The {counter.scope}'s limit of {counter.limit} {reason} is reached.",
        code=code,
        retry_after=retry_after(counter.kind, now),
    )


def _soft_budget(
    caller: Caller, counters: list[Counter], values: list[int], reservation: Reservation
) -> None:
    percent = caller.limits.soft_budget_percent
    if not percent:
        return
    for counter, value in zip(counters, values, strict=True):
        if counter.kind == "m" and value * 100 >= counter.limit * percent:
            used = min(999, value * 100 // counter.limit)
            reservation.warnings.append(f"{counter.scope} monthly budget {used}% used")
            metrics.SOFT_BUDGET.labels(counter.scope).inc()
            logger.warning(
                "soft budget: %s %s at %s%% of %s monthly tokens",
                counter.scope,
                caller.principal.prefix,
                used,
                counter.limit,
            )


def settle(pipe: Pipeline, reservation: Reservation, billed_tokens: int) -> None:
    """Queues the correction from the reservation to the tokens actually billed."""
    delta = billed_tokens - reservation.estimate
    if delta:
        for key in reservation.token_keys:
            pipe.incrby(key, delta)
