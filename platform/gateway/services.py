"""Writes for the gateway: moving queued usage records into PostgreSQL, quota policies."""

from __future__ import annotations

import json
import secrets
from typing import Any

from django.conf import settings
from django.db import close_old_connections
from django.utils.dateparse import parse_datetime

from accounts.models import ApiKey, Organization
from gateway.ledger import LEDGER_KEY
from gateway.models import QuotaPolicy, UsageRecord
from gateway.redis_client import sync_redis

_LOCK_KEY = "longhaul:gateway:usage:flush-lock"
_RELEASE = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end"


def usage_flush(*, batch: int | None = None) -> int:
    """Moves queued usage records into the ledger table; returns how many were moved.

    Idempotent and safe to run from several processes: one holds the lock at a time, rows are
    inserted before they leave the Redis list, and a replayed row is ignored by its unique
    request id, so a crash between the two steps neither loses nor doubles a record.
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
            _insert([json.loads(item) for item in raw])
            client.ltrim(LEDGER_KEY, len(raw), -1)
            moved += len(raw)
    finally:
        client.eval(_RELEASE, 1, _LOCK_KEY, token)


def _insert(entries: list[dict[str, Any]]) -> None:
    wanted = {entry["organization_id"] for entry in entries}
    # A record for an organization deleted meanwhile has nothing left to bill.
    existing = set(Organization.objects.filter(id__in=wanted).values_list("id", flat=True))
    rows = [_row(entry) for entry in entries if entry["organization_id"] in existing]
    UsageRecord.objects.bulk_create(rows, ignore_conflicts=True)


def _row(entry: dict[str, Any]) -> UsageRecord:
    fields = dict(entry)
    fields["created_at"] = parse_datetime(fields["created_at"])
    return UsageRecord(**fields)


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
