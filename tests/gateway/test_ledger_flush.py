"""The ledger's flush from Redis to PostgreSQL, alone: in a module of its own, because the
gateway that other ledger tests run flushes the same queue every 0.1 s."""

from __future__ import annotations

import json

import pytest
import redis as redis_lib

from gateway.ledger import LEDGER_KEY
from gateway.models import UsageRecord
from gateway.services import usage_flush
from tests.factories import TenantFixture

pytestmark = pytest.mark.django_db(transaction=True)


def test_flush_is_idempotent_and_moves_everything(
    acme: TenantFixture, redis_client: redis_lib.Redis, transactional_db: None
) -> None:
    entry = {
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
    # A record replayed after a crash between insert and trim appears twice in the queue.
    redis_client.rpush(LEDGER_KEY, json.dumps(entry), json.dumps(entry))
    redis_client.rpush(
        LEDGER_KEY, json.dumps({**entry, "request_id": "other", "organization_id": 10**9})
    )

    moved = usage_flush(batch=2)

    assert moved == 3
    assert redis_client.llen(LEDGER_KEY) == 0
    assert list(UsageRecord.objects.values_list("request_id", flat=True)) == ["dup-1"]
