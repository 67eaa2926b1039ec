"""Requests per minute, tokens per minute, monthly tokens and a monthly spend in currency, per
key and per organization.

Admission is one Lua script: it checks every counter and, only when all pass, counts the request
and reserves its estimated tokens and cost, atomically. A request is admitted while the counter
(settled usage + reservations of requests in flight) is below the limit, so concurrent
requests can overshoot a budget by at most the last admitted request. Settlement replaces
the token reservation with the tokens actually billed once the response is sent, and the spend
reservation with the request's priced cost when the ledger is flushed (gateway.services).
Spend counters count nano-units of the currency (gateway.pricing).
"""

from __future__ import annotations

import calendar
import logging
import math
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from django.conf import settings
from redis import RedisError
from redis.asyncio.client import Pipeline
from redis.commands.core import AsyncScript

from core import clock
from gateway import metrics
from gateway.auth import Caller
from gateway.errors import GatewayError
from gateway.pricing import PriceBook, from_nanos, money, to_nanos
from gateway.redis_client import async_redis

logger = logging.getLogger(__name__)

# ARGV: the number of counters, then per counter its kind, limit, TTL and the amount to add.
_ADMIT = """
local n = tonumber(ARGV[1])
for i = 1, n do
  local base = 1 + (i - 1) * 4
  local kind, limit = ARGV[base + 1], tonumber(ARGV[base + 2])
  local used = tonumber(redis.call('GET', KEYS[i]) or '0')
  if (kind == 'r' and used + 1 > limit) or (kind ~= 'r' and used >= limit) then
    return {i, used}
  end
end
local out = {0}
for i = 1, n do
  local base = 1 + (i - 1) * 4
  local value = redis.call('INCRBY', KEYS[i], ARGV[base + 4])
  if redis.call('TTL', KEYS[i]) < 0 then redis.call('EXPIRE', KEYS[i], ARGV[base + 3]) end
  out[i + 1] = value
end
return out
"""

_REASONS = {
    "r": "requests per minute",
    "t": "tokens per minute",
    "m": "monthly tokens",
    "s": "monthly spend",
}
_MONTHLY = ("m", "s")


@dataclass(frozen=True)
class Counter:
    key: str
    kind: str  # r: requests/minute, t: tokens/minute, m: tokens/month, s: spend/month (nanos)
    scope: str  # "key" or "organization"
    limit: int
    ttl: int


@dataclass
class Reservation:
    estimate: int
    token_keys: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    spend_nanos: int = 0  # the cost reserved on spend_keys, settled when the ledger is flushed
    spend_keys: list[str] = field(default_factory=list)


def _counters(caller: Caller, now: float) -> list[Counter]:
    limits, principal = caller.limits, caller.principal
    minute = int(now // 60)
    month = datetime.fromtimestamp(now, UTC).strftime("%Y%m")
    spec = [
        (
            "key",
            principal.api_key_id,
            (limits.key_rpm, limits.key_tpm, limits.key_monthly, limits.key_monthly_spend),
        ),
        (
            "organization",
            principal.organization_id,
            (limits.org_rpm, limits.org_tpm, limits.org_monthly, limits.org_monthly_spend),
        ),
    ]
    counters = []
    for scope, ident, (rpm, tpm, monthly, spend) in spec:
        base = f"longhaul:quota:{scope}:{ident}"
        for kind, limit, key, ttl in (
            ("r", rpm, f"{base}:rpm:{minute}", 120),
            ("t", tpm, f"{base}:tpm:{minute}", 120),
            ("m", monthly, f"{base}:month:{month}", 40 * 86400),
            ("s", spend, f"{base}:spend:{month}", 40 * 86400),
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
    if kind not in _MONTHLY:
        return max(1, math.ceil(60 - now % 60))
    moment = datetime.fromtimestamp(now, UTC)
    days = calendar.monthrange(moment.year, moment.month)[1]
    next_month = moment.replace(day=days, hour=23, minute=59, second=59)
    return max(1, math.ceil(next_month.timestamp() - now) + 1)


async def admit(
    caller: Caller, *, prompt: int, completion: int, tier: str, prices: PriceBook
) -> Reservation:
    """Counts the request and reserves its estimated tokens (`prompt` + `completion`) and, under
    a budget in currency, their cost at the tier's highest price; or raises a 429 GatewayError."""
    now = clock.now()
    counters = _counters(caller, now)
    reservation = Reservation(prompt + completion)
    if not counters:
        return reservation
    if any(counter.kind == "s" for counter in counters):
        rate = prices.ceiling(tier=tier, at=datetime.fromtimestamp(now, UTC))
        reservation.spend_nanos = to_nanos(rate.cost(prompt, completion)) if rate else 0
    amounts = {
        "r": 1,
        "t": prompt + completion,
        "m": prompt + completion,
        "s": reservation.spend_nanos,
    }
    args: list[str | int] = [len(counters)]
    for counter in counters:
        args += [counter.kind, counter.limit, counter.ttl, amounts[counter.kind]]
    result = await _run_admission([c.key for c in counters], args)
    if int(result[0]) != 0:
        raise _refusal(counters[int(result[0]) - 1], now)
    reservation.token_keys = [c.key for c in counters if c.kind in ("t", "m")]
    reservation.spend_keys = [c.key for c in counters if c.kind == "s"]
    _soft_budget(caller, counters, [int(v) for v in result[1:]], reservation)
    return reservation


def minute_counter(scope: str, ident: str, limit: int, now: float) -> Counter:
    """A requests-per-minute counter of some other kind of caller (REST credentials, client
    addresses, sign-in forms), in a key space of its own."""
    return Counter(f"longhaul:rate:{scope}:{ident}:rpm:{int(now // 60)}", "r", scope, limit, 120)


async def admit_requests(counters: list[Counter], now: float) -> None:
    """Counts one request on every counter, all or none, with the script that admits /v1; a
    full counter raises its 429 (with Retry-After), an unreachable Redis the 503."""
    counters = [counter for counter in counters if counter.limit > 0]
    if not counters:
        return
    args: list[str | int] = [len(counters)]
    for counter in counters:
        args += [counter.kind, counter.limit, counter.ttl, 1]
    result = await _run_admission([c.key for c in counters], args)
    if int(result[0]) != 0:
        raise _refusal(counters[int(result[0]) - 1], now)


async def _run_admission(keys: list[str], args: list[str | int]) -> Any:
    """The admission script's answer. Without Redis no limit can be checked, so nothing is
    admitted: the caller is told to retry (503), and nothing reaches a backend unmetered."""
    try:
        return await _admit_script()(keys=keys, args=args)  # EVALSHA; loads the script once
    except RedisError as error:
        logger.warning("quotas cannot be checked, Redis is unavailable: %s", error)
        raise GatewayError(
            503,
            "Quotas cannot be checked right now (the quota store is unavailable); retry shortly.",
            code="quota_store_unavailable",
            retry_after=1,
        ) from None


def _refusal(counter: Counter, now: float) -> GatewayError:
    reason = _REASONS[counter.kind]
    metrics.RATE_LIMITED.labels(f"{counter.scope} {reason}").inc()
    code = "insufficient_quota" if counter.kind in _MONTHLY else "rate_limit_exceeded"
    message = f"The {counter.scope}'s limit of {counter.limit} {reason} is reached."
    if counter.kind == "s":
        budget = f"{money(from_nanos(counter.limit))} {settings.LONGHAUL_CURRENCY}"
        message = (
            f"The {counter.scope}'s monthly budget of {budget} is spent; it renews with the "
            "next calendar month (UTC)."
        )
    return GatewayError(429, message, code=code, retry_after=retry_after(counter.kind, now))


def _soft_budget(
    caller: Caller, counters: list[Counter], values: list[int], reservation: Reservation
) -> None:
    percent = caller.limits.soft_budget_percent
    if not percent:
        return
    for counter, value in zip(counters, values, strict=True):
        if counter.kind in _MONTHLY and value * 100 >= counter.limit * percent:
            used = min(999, value * 100 // counter.limit)
            budget = "monthly budget" if counter.kind == "m" else "monthly spend budget"
            reservation.warnings.append(f"{counter.scope} {budget} {used}% used")
            metrics.SOFT_BUDGET.labels(counter.scope).inc()
            logger.warning(
                "soft budget: %s %s at %s%% of its %s",
                counter.scope,
                caller.principal.prefix,
                used,
                budget,
            )


def settle(pipe: Pipeline, reservation: Reservation, billed_tokens: int) -> None:
    """Queues the correction from the reservation to the tokens actually billed."""
    delta = billed_tokens - reservation.estimate
    if delta:
        for key in reservation.token_keys:
            pipe.incrby(key, delta)
