# mypy: disable-error-code="arg-type, union-attr, index"
"""Prices by date, and the cost of every request in the ledger: Decimal, at the price in force
when the request was recorded."""

from __future__ import annotations

import json
import time
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any

import httpx
import pytest
import redis as redis_lib
from django.core.exceptions import ValidationError
from django.test import Client
from django.utils import timezone

from accounts.models import User
from gateway.ledger import LEDGER_KEY
from gateway.models import UsageRecord
from gateway.services import usage_flush
from inference.models import Backend, Price, Tier
from tests.factories import TenantFixture
from tests.gateway.conftest import Backends, client_for, wait_for

pytestmark = pytest.mark.django_db(transaction=True)

MILLION = Decimal(1_000_000)


def set_price(
    tier: Tier, price_in: str, price_out: str, *, at: datetime, backend: Backend | None = None
) -> Price:
    return Price.objects.create(
        tier=tier,
        backend=backend,
        effective_from=at,
        input_per_million=Decimal(price_in),
        output_per_million=Decimal(price_out),
    )


def expected_cost(prompt: int, completion: int, price_in: str, price_out: str) -> Decimal:
    return (prompt * Decimal(price_in) + completion * Decimal(price_out)) / MILLION


def queue_entry(
    redis_client: redis_lib.Redis, organization_id: int, request_id: str, **fields: Any
) -> None:
    entry = {
        "request_id": request_id,
        "organization_id": organization_id,
        "api_key_id": None,
        "endpoint": "chat.completions",
        "requested_model": "standard",
        "tier": "standard",
        "backend": "",
        "model": "m",
        "stream": False,
        "prompt_tokens": 1000,
        "completion_tokens": 100,
        "total_tokens": 1100,
        "ttft_ms": None,
        "latency_ms": 10.0,
        "overhead_ms": 0.2,
        "status": 200,
        "error_code": "",
        "run_id": "",
        **fields,
    }
    entry["created_at"] = entry["created_at"].isoformat()
    redis_client.rpush(LEDGER_KEY, json.dumps(entry))


def flush_every_record(redis_client: redis_lib.Redis) -> None:
    """usage_flush, until the queue is empty: a flusher of another process (a server a test
    left stopping) may hold the flush lock and move the records itself, priced the same way;
    records leave the queue only once their rows are committed."""
    deadline = time.monotonic() + 60
    while redis_client.llen(LEDGER_KEY) and time.monotonic() < deadline:
        if not usage_flush():
            # While another process's flusher holds the lock and moves the records.
            time.sleep(0.1)


def test_a_price_change_applies_only_from_its_moment_on(
    acme: TenantFixture, redis_client: redis_lib.Redis, transactional_db: None
) -> None:
    # Given: the tier's price rises on 1 February at noon; one backend has its own price from
    # 15 January, and before that is priced as the tier.
    tier = Tier.objects.create(name="standard")
    Backend.objects.create(tier=tier, name="plain", base_url="http://a/v1", served_model="m")
    own = Backend.objects.create(tier=tier, name="own", base_url="http://b/v1", served_model="m")
    january, change = datetime(2026, 1, 1, tzinfo=UTC), datetime(2026, 2, 1, 12, tzinfo=UTC)
    set_price(tier, "1.00", "2.00", at=january)
    set_price(tier, "3.00", "4.00", at=change)
    set_price(tier, "0.50", "0.25", at=datetime(2026, 1, 15, tzinfo=UTC), backend=own)
    requests = {
        "before-change": ("plain", change - timedelta(seconds=1)),
        "at-change": ("plain", change),
        "after-change": ("plain", change + timedelta(days=3)),
        "own-not-yet": ("own", datetime(2026, 1, 10, tzinfo=UTC)),
        "own-in-force": ("own", change + timedelta(days=3)),
        "before-any-price": ("plain", january - timedelta(seconds=1)),
    }
    for request_id, (backend, at) in requests.items():
        queue_entry(redis_client, acme.organization.id, request_id, backend=backend, created_at=at)

    # When
    flush_every_record(redis_client)

    # Then
    costs = dict(UsageRecord.objects.values_list("request_id", "cost"))
    assert costs == {
        "before-change": expected_cost(1000, 100, "1.00", "2.00"),
        "at-change": expected_cost(1000, 100, "3.00", "4.00"),
        "after-change": expected_cost(1000, 100, "3.00", "4.00"),
        "own-not-yet": expected_cost(1000, 100, "1.00", "2.00"),
        "own-in-force": expected_cost(1000, 100, "0.50", "0.25"),
        "before-any-price": None,  # no price in force: unpriced, not free
    }


def test_costs_are_exact_decimals_and_failed_requests_cost_nothing(
    acme: TenantFixture, redis_client: redis_lib.Redis, transactional_db: None
) -> None:
    tier = Tier.objects.create(name="standard")
    set_price(tier, "0.1", "0.2", at=datetime(2026, 1, 1, tzinfo=UTC))
    at = datetime(2026, 3, 1, tzinfo=UTC)
    org = acme.organization.id
    queue_entry(redis_client, org, "tiny", prompt_tokens=1, completion_tokens=1, created_at=at)
    queue_entry(
        redis_client, org, "huge", prompt_tokens=10**9, completion_tokens=3 * 10**8, created_at=at
    )
    queue_entry(redis_client, org, "refused", status=502, completion_tokens=0, created_at=at)
    queue_entry(redis_client, org, "cut-short", status=499, completion_tokens=7, created_at=at)

    flush_every_record(redis_client)

    costs = dict(UsageRecord.objects.values_list("request_id", "cost"))
    # 0.1 + 0.2 per million, exactly: a float would give 3.0000000000000004e-07.
    assert costs["tiny"] == Decimal("0.0000003")
    assert costs["huge"] == Decimal("160")
    assert costs["refused"] == Decimal(0)
    assert costs["cut-short"] == expected_cost(1000, 7, "0.1", "0.2")


def test_a_backend_price_must_belong_to_its_tier(transactional_db: None) -> None:
    standard, fast = Tier.objects.create(name="standard"), Tier.objects.create(name="fast")
    backend = Backend.objects.create(tier=fast, name="f1", base_url="http://f/v1", served_model="m")
    price = Price(
        tier=standard,
        backend=backend,
        input_per_million=Decimal(1),
        output_per_million=Decimal(1),
    )

    with pytest.raises(ValidationError) as caught:
        price.full_clean()

    assert "backend" in caught.value.message_dict


def test_prices_are_added_in_the_admin_and_history_stays_read_only(
    client: Client, transactional_db: None
) -> None:
    # Given: a superuser, a tier and a price in force since yesterday.
    User.objects.create_superuser("root", "root@example.com", "correct horse battery staple")
    client.login(username="root", password="correct horse battery staple")
    tier = Tier.objects.create(name="standard")
    old = set_price(tier, "1", "2", at=timezone.now() - timedelta(days=1))
    tomorrow = timezone.now() + timedelta(days=1)

    # When: an admin adds tomorrow's price, then tries to rewrite yesterday's.
    added = client.post(
        "/admin/inference/price/add/",
        {
            "tier": str(tier.pk),
            "effective_from_0": tomorrow.strftime("%Y-%m-%d"),
            "effective_from_1": tomorrow.strftime("%H:%M:%S"),
            "input_per_million": "1.5",
            "output_per_million": "2.5",
        },
    )
    client.post(
        f"/admin/inference/price/{old.pk}/change/",
        {"tier": str(tier.pk), "input_per_million": "0", "output_per_million": "0"},
    )
    page = client.get("/admin/inference/price/").content.decode()

    # Then
    assert added.status_code == 302
    new = Price.objects.exclude(pk=old.pk).get()
    assert (new.input_per_million, new.output_per_million) == (Decimal("1.5"), Decimal("2.5"))
    old.refresh_from_db()
    assert (old.input_per_million, old.output_per_million) == (Decimal(1), Decimal(2))
    assert "1.500000" in page


def test_the_ledger_prices_plain_and_streamed_requests_through_the_gateway(
    gateway: str, acme: TenantFixture, backends: Backends
) -> None:
    # Given: a price in force, and a much higher one that starts tomorrow.
    fake, backend = backends.add("fast")
    fake.script = [{"content": "alpha beta gamma"}]
    tier = backend.tier
    set_price(tier, "1.25", "10", at=timezone.now() - timedelta(days=1))
    set_price(tier, "900", "900", at=timezone.now() + timedelta(days=1))
    backends.settle()
    client = client_for(gateway, acme.api_key)
    messages = [{"role": "user", "content": "price this"}]

    # When
    client.chat.completions.create(model="fast", messages=messages)
    list(client.chat.completions.create(model="fast", messages=messages, stream=True))
    records = wait_for(
        lambda: list(UsageRecord.objects.all()) if UsageRecord.objects.count() == 2 else None
    )
    listed = httpx.get(
        f"{gateway}/api/usage/", headers={"Authorization": f"Bearer {acme.api_key}"}
    ).json()["results"]

    # Then
    assert sorted(record.stream for record in records) == [False, True]
    for record in records:
        assert record.completion_tokens == 3
        assert record.prompt_tokens > 0
        assert record.cost == expected_cost(record.prompt_tokens, 3, "1.25", "10")
    assert sorted(Decimal(row["cost"]) for row in listed) == sorted(r.cost for r in records)
