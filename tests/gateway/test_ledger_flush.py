"""The ledger's flush from Redis to PostgreSQL, alone: in a module of its own, because the
gateway that other ledger tests run flushes the same queue every 0.1 s."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from decimal import Decimal

import pytest
import redis as redis_lib
from django.conf import settings

from gateway.ledger import LEDGER_KEY
from gateway.metrics import SPEND
from gateway.models import UsageRecord
from gateway.services import usage_flush, usage_record
from inference.models import Price, Tier
from tests.factories import TenantFixture

pytestmark = pytest.mark.django_db(transaction=True)


def ledger_entry(acme: TenantFixture) -> dict[str, object]:
    return {
        "request_id": "dup-1",
        "organization_id": acme.organization.id,
        "api_key_id": None,
        "endpoint": "chat.completions",
        "requested_model": "standard",
        "tier": "standard",
        "backend": "b",
        "model": "m",
        "stream": False,
        "prompt_tokens": 5,
        "completion_tokens": 2,
        "total_tokens": 7,
        "ttft_ms": None,
        "latency_ms": 12.5,
        "overhead_ms": 0.4,
        "status": 200,
        "error_code": "",
        "run_id": "",
        "created_at": "2026-01-01T00:00:00+00:00",
    }


def test_flush_is_idempotent_and_moves_everything(
    acme: TenantFixture, redis_client: redis_lib.Redis, transactional_db: None
) -> None:
    entry = ledger_entry(acme)
    # A record replayed after a crash between insert and trim appears twice in the queue.
    redis_client.rpush(LEDGER_KEY, json.dumps(entry), json.dumps(entry))
    redis_client.rpush(
        LEDGER_KEY, json.dumps({**entry, "request_id": "other", "organization_id": 10**9})
    )

    moved = usage_flush(batch=2)

    assert moved == 3
    assert redis_client.llen(LEDGER_KEY) == 0
    assert list(UsageRecord.objects.values_list("request_id", flat=True)) == ["dup-1"]


def test_a_replayed_record_counts_its_spend_once(acme: TenantFixture) -> None:
    tier = Tier.objects.update_or_create(name="standard", defaults={"context_window": 8192})[0]
    Price.objects.create(
        tier=tier,
        effective_from=datetime(2025, 1, 1, tzinfo=UTC),
        input_per_million=Decimal(1_000_000),  # 1 a token: the 7 tokens cost 7
        output_per_million=Decimal(1_000_000),
    )
    spend = SPEND.labels("standard", settings.LONGHAUL_CURRENCY)
    before = spend._value.get()
    entry = {**ledger_entry(acme), "request_id": "replayed-1"}

    # When: the same record is written twice in one batch, and once more after
    usage_record(entries=[entry, entry])
    usage_record(entries=[entry])

    # Then: one row, and its cost counted once
    assert UsageRecord.objects.filter(request_id="replayed-1").count() == 1
    assert spend._value.get() - before == pytest.approx(7.0)
