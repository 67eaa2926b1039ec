"""Writes for the gateway: moving queued usage records into PostgreSQL (priced), quota
policies."""

from __future__ import annotations

import json
import secrets
from collections import Counter
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.db import close_old_connections
from django.utils.dateparse import parse_datetime

from accounts.selectors import organization_ids_existing
from gateway import metrics
from gateway.ledger import LEDGER_KEY
from gateway.models import QuotaPolicy, UsageRecord
from gateway.pricing import PriceBook, billable, to_nanos
from gateway.redis_client import sync_redis
from gateway.selectors import price_book

if TYPE_CHECKING:
    from accounts.models import ApiKey, Organization

_LOCK_KEY = "longhaul:gateway:usage:flush-lock"
_RELEASE = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end"
# Takes flushed records off the queue and settles their spend reservations, atomically. A
# counter whose month has expired is left alone rather than revived without a TTL.
_SETTLE = """
for i = 2, #KEYS do
  if redis.call('EXISTS', KEYS[i]) == 1 then redis.call('INCRBY', KEYS[i], ARGV[i]) end
end
redis.call('LTRIM', KEYS[1], ARGV[1], -1)
"""


def usage_flush(*, batch: int | None = None) -> int:
    """Moves queued usage records into the ledger table, priced; returns how many were moved.

    Idempotent and safe to run from several processes: one holds the lock at a time, rows are
    inserted before they leave the Redis list, and a replayed row is ignored by its unique
    request id, so a crash between the two steps neither loses nor doubles a record. Budget
    reservations in currency are settled by the same Redis script that removes the records
    from the list, so each is settled exactly once.
    """
    client = sync_redis()
    token = secrets.token_hex(8)
    if not client.set(_LOCK_KEY, token, nx=True, px=60_000):
        return 0
    close_old_connections()
    size = batch or settings.LONGHAUL_GATEWAY_LEDGER_BATCH
    moved = 0
    try:
        while True:
            raw: list[bytes] = client.lrange(LEDGER_KEY, 0, size - 1)  # type: ignore[assignment]
            if not raw:
                return moved
            corrections = _insert([json.loads(item) for item in raw])
            keys, deltas = list(corrections), list(corrections.values())
            client.eval(_SETTLE, 1 + len(keys), LEDGER_KEY, *keys, len(raw), *deltas)
            moved += len(raw)
    finally:
        client.eval(_RELEASE, 1, _LOCK_KEY, token)


def usage_record(*, entries: list[dict[str, Any]]) -> None:
    """Writes usage records straight into the ledger table, priced: the path for records that
    could not be queued in Redis. Replays are ignored by their unique request ids."""
    close_old_connections()
    _insert([dict(entry) for entry in entries])


def _insert(entries: list[dict[str, Any]]) -> dict[str, int]:
    """Inserts the rows, priced; returns the corrections to the spend counters (nano-units)."""
    wanted = {entry["organization_id"] for entry in entries}
    # A record for an organization deleted meanwhile has nothing left to bill.
    existing = organization_ids_existing(organization_ids=wanted)
    prices = price_book()
    rows, corrections = [], Counter[str]()
    for entry in entries:
        reserved = entry.pop("spend", None)
        row = _row(entry, prices)
        if reserved:
            delta = to_nanos(row.cost or Decimal(0)) - int(reserved["nanos"])
            for key in reserved["keys"]:
                corrections[key] += delta
        if entry["organization_id"] in existing:
            rows.append(row)
    fresh = _not_yet_recorded(rows)
    UsageRecord.objects.bulk_create(rows, ignore_conflicts=True)
    metrics.spend_count(fresh)
    return {key: delta for key, delta in corrections.items() if delta}


def _not_yet_recorded(rows: list[UsageRecord]) -> list[UsageRecord]:
    """The rows whose request is not in the ledger yet, each once: a replay (a flush that
    stopped before settling, a fallback write retried) must not count its spend again. The
    insert still ignores conflicts, so a replay racing this read adds no row either."""
    ids = [row.request_id for row in rows]
    recorded = set(
        UsageRecord.objects.filter(request_id__in=ids).values_list("request_id", flat=True)
    )
    fresh: dict[str, UsageRecord] = {}
    for row in rows:
        if row.request_id not in recorded:
            fresh.setdefault(row.request_id, row)
    return list(fresh.values())


def _row(entry: dict[str, Any], prices: PriceBook) -> UsageRecord:
    row = UsageRecord(**{**entry, "created_at": parse_datetime(entry["created_at"])})
    row.cost = Decimal(0)
    if billable(row.status, row.completion_tokens):
        rate = prices.rate(tier=row.tier, backend=row.backend, at=row.created_at)
        row.cost = rate.cost(row.prompt_tokens, row.completion_tokens) if rate else None
    return row


def quota_policy_set(
    *,
    organization: Organization,
    api_key: ApiKey | None = None,
    **limits: Any,
) -> QuotaPolicy:
    """Creates or updates the policy for an organization (no key) or one of its keys."""
    policy, _ = QuotaPolicy.objects.get_or_create(organization=organization, api_key=api_key)
    for field, value in limits.items():
        setattr(policy, field, value)
    policy.full_clean()
    policy.save()
    return policy
