# mypy: disable-error-code="arg-type, call-overload, union-attr, index"
"""Monthly budgets in currency, per key and per organization, enforced at admission like the
token budget and exact under concurrency."""

from __future__ import annotations

import contextlib
import uuid
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import openai
import pytest
import redis as redis_lib
from django.utils import timezone

from accounts.services import api_key_create
from gateway.models import UsageRecord
from gateway.pricing import to_nanos
from gateway.services import quota_policy_set, usage_flush
from inference.models import Backend, Tier
from tests.factories import TenantFixture, operator
from tests.gateway.conftest import Backends, client_for, wait_for
from tests.gateway.test_money_prices import queue_entry, set_price
from tests.support.clock import FrozenClock

pytestmark = pytest.mark.django_db(transaction=True)


def _mid_next_month() -> datetime:
    """A moment for the gateway's clock when today's prices are in force, far from a month's end."""
    now = datetime.now(UTC)
    return (now.replace(day=28) + timedelta(days=4)).replace(
        day=15, hour=12, minute=0, second=0, microsecond=0
    )


def _priced(backend: Backend, price_in: str, price_out: str) -> None:
    set_price(backend.tier, price_in, price_out, at=timezone.now() - timedelta(days=1))


def _ask(client: openai.OpenAI) -> openai.types.chat.ChatCompletion:
    messages = [{"role": "user", "content": f"hello {uuid.uuid4().hex}"}]
    return client.chat.completions.create(model="standard", messages=messages, max_tokens=1)


def _ask_until_refused(
    client: openai.OpenAI, limit: int = 50
) -> tuple[list[str | None], openai.RateLimitError]:
    warnings: list[str | None] = []
    for _ in range(limit):
        try:
            raw = client.chat.completions.with_raw_response.create(
                model="standard",
                messages=[{"role": "user", "content": f"hello {uuid.uuid4().hex}"}],
                max_tokens=1,
            )
        except openai.RateLimitError as error:
            return warnings, error
        warnings.append(raw.headers.get("x-longhaul-budget-warning"))
    raise AssertionError(f"not refused after {limit} requests")


def _spent(**filters: object) -> list[Decimal]:
    records = UsageRecord.objects.filter(status=200, **filters)
    return [record.cost or Decimal(0) for record in records]


def test_an_organization_budget_in_currency_refuses_at_admission(
    gateway: str,
    acme: TenantFixture,
    globex: TenantFixture,
    backends: Backends,
    clock: FrozenClock,
) -> None:
    # Given: about 0.02 a request against a budget of 0.10, warned from half of it.
    _, backend = backends.add("standard")
    _priced(backend, "1000", "1000")
    quota_policy_set(
        organization=acme.organization, monthly_spend=Decimal("0.10"), soft_budget_percent=50
    )
    backends.settle()
    stopped_at = _mid_next_month()
    clock.set(stopped_at)

    # When
    warnings, refused = _ask_until_refused(client_for(gateway, acme.api_key))
    other_organization = _ask(client_for(gateway, globex.api_key))

    # Then: refused with the budget named, until next month; warned before.
    error = refused.response.json()["error"]
    assert refused.response.status_code == 429
    assert error["code"] == "insufficient_quota"
    assert "organization's monthly budget of 0.10 USD is spent" in error["message"]
    month_end = (stopped_at.replace(day=28) + timedelta(days=4)).replace(day=1, hour=0)
    assert int(refused.response.headers["retry-after"]) == (month_end - stopped_at).total_seconds()
    assert warnings[0] is None
    assert "organization monthly spend budget" in str(warnings[-1])
    assert other_organization.choices[0].message.content == "ok"
    wait_for(lambda: len(_spent(organization=acme.organization)) == len(warnings))
    spent = _spent(organization=acme.organization)
    assert sum(spent) - max(spent) < Decimal("0.10")


def test_a_key_budget_in_currency_limits_only_that_key(
    gateway: str, acme: TenantFixture, backends: Backends, clock: FrozenClock
) -> None:
    _, backend = backends.add("standard")
    _priced(backend, "1000", "1000")
    limited = api_key_create(actor=operator(acme.organization), name="limited")
    quota_policy_set(
        organization=acme.organization, api_key=limited.api_key, monthly_spend=Decimal("0.05")
    )
    backends.settle()
    clock.set(_mid_next_month())

    _, refused = _ask_until_refused(client_for(gateway, limited.plaintext))
    sibling = _ask(client_for(gateway, acme.api_key))

    assert (
        "key's monthly budget of 0.05 USD is spent" in refused.response.json()["error"]["message"]
    )
    assert sibling.choices[0].message.content == "ok"


def test_64_concurrent_clients_overspend_a_currency_budget_by_at_most_one_request(
    gateway: str,
    acme: TenantFixture,
    backends: Backends,
    redis_client: redis_lib.Redis,
    clock: FrozenClock,
) -> None:
    # Given: output-heavy prices, so a request's reservation is close to its cost; the
    # gateway's clock stopped, so that the month cannot change under the test.
    _, backend = backends.add("standard", max_concurrency=64, max_queue=256)
    _priced(backend, "1", "2000")
    budget = Decimal("0.05")  # about 25 requests
    quota_policy_set(organization=acme.organization, monthly_spend=budget)
    backends.settle()
    stopped_at = datetime.now(UTC)
    clock.set(stopped_at)

    # When: 64 clients at once, 192 requests in all.
    def client_loop(_: int) -> None:
        client = client_for(gateway, acme.api_key)
        for _ in range(3):
            with contextlib.suppress(openai.RateLimitError):
                _ask(client)

    with ThreadPoolExecutor(64) as pool:
        list(pool.map(client_loop, range(64)))
    wait_for(lambda: UsageRecord.objects.count() == 192, timeout=30)
    spent = _spent()

    # Then: past the budget by less than one request, and refused early by little.
    assert 0 < len(spent) < 192
    assert sum(spent) - max(spent) < budget
    assert sum(spent) >= budget - 2 * max(spent)
    # The counter admission reads was settled to exactly what the ledger billed.
    month = stopped_at.strftime("%Y%m")
    counter = f"longhaul:quota:organization:{acme.organization.id}:spend:{month}"
    settled = sum(to_nanos(cost) for cost in spent)
    wait_for(lambda: int(redis_client.get(counter) or 0) == settled)


def test_the_flush_settles_each_reservation_once_and_never_revives_an_expired_counter(
    acme: TenantFixture, redis_client: redis_lib.Redis, transactional_db: None
) -> None:
    # Given: two recorded requests that reserved 0.01 each, one on this month's counter and
    # one on a counter whose month has expired meanwhile.
    tier = Tier.objects.create(name="standard")
    set_price(tier, "1000", "1000", at=datetime(2026, 1, 1, tzinfo=UTC))
    live, expired = "longhaul:quota:organization:1:spend:live", "longhaul:quota:gone"
    reserved = to_nanos(Decimal("0.01"))
    redis_client.set(live, 3 * reserved)
    for request_id, key in (("live", live), ("expired", expired)):
        queue_entry(
            redis_client,
            acme.organization.id,
            request_id,
            prompt_tokens=2,
            completion_tokens=1,
            created_at=datetime(2026, 3, 1, tzinfo=UTC),
            spend={"keys": [key], "nanos": reserved},
        )

    # When: flushed, and flushed again.
    moved = usage_flush() + usage_flush()

    # Then: the reservation became the cost (0.003), once; the expired counter stays gone.
    assert moved == 2
    assert int(redis_client.get(live)) == 2 * reserved + to_nanos(Decimal("0.003"))
    assert not redis_client.exists(expired)
