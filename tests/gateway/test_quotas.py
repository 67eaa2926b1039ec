# mypy: disable-error-code="arg-type, call-overload, union-attr, index, list-item"
"""Quotas per key and per organization, enforced atomically in Redis."""

from __future__ import annotations

import contextlib
import uuid
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime

import openai
import pytest
from django.core.exceptions import ValidationError

from accounts.models import ApiKey
from accounts.services import api_key_create
from gateway.models import UsageRecord
from gateway.services import quota_policy_set
from tests.factories import TenantFixture, operator
from tests.gateway.conftest import Backends, client_for, wait_for
from tests.support.clock import FrozenClock

pytestmark = pytest.mark.django_db(transaction=True)

# Moments the gateway's clock is stopped at, so that no window rolls over during a test.
HALF_PAST_NOON = datetime(2030, 1, 15, 12, 0, 30, tzinfo=UTC)
THE_NEXT_MINUTE = datetime(2030, 1, 15, 12, 1, 0, tzinfo=UTC)
LAST_HALF_MINUTE_OF_JANUARY = datetime(2030, 1, 31, 23, 59, 30, tzinfo=UTC)
FIRST_SECOND_OF_FEBRUARY = datetime(2030, 2, 1, 0, 0, 1, tzinfo=UTC)


def _ask(client: openai.OpenAI) -> openai.types.chat.ChatCompletion:
    messages = [{"role": "user", "content": f"hello {uuid.uuid4().hex}"}]
    return client.chat.completions.create(model="standard", messages=messages, max_tokens=1)  # type: ignore[arg-type]


def test_requests_per_minute_per_key(
    gateway: str, acme: TenantFixture, backends: Backends, clock: FrozenClock
) -> None:
    backends.add("standard")
    key = api_key_create(actor=operator(acme.organization), name="limited")
    quota_policy_set(organization=acme.organization, api_key=key.api_key, requests_per_minute=2)
    backends.settle()
    client = client_for(gateway, key.plaintext)
    clock.set(HALF_PAST_NOON)

    _ask(client)
    _ask(client)
    with pytest.raises(openai.RateLimitError) as caught:
        _ask(client)
    other_key_still_works = _ask(client_for(gateway, acme.api_key))
    clock.set(THE_NEXT_MINUTE)
    next_minute = _ask(client)

    error = caught.value.response.json()["error"]
    assert error["code"] == "rate_limit_exceeded"
    assert "key's limit of 2 requests per minute" in error["message"]
    assert int(caught.value.response.headers["retry-after"]) == 30  # the minute's rest
    assert other_key_still_works.choices[0].message.content == "ok"
    assert next_minute.choices[0].message.content == "ok"


def test_organization_limits_are_shared_by_its_keys(
    gateway: str,
    acme: TenantFixture,
    globex: TenantFixture,
    backends: Backends,
    clock: FrozenClock,
) -> None:
    backends.add("standard")
    second = api_key_create(actor=operator(acme.organization), name="second").plaintext
    quota_policy_set(organization=acme.organization, requests_per_minute=2)
    backends.settle()
    clock.set(HALF_PAST_NOON)

    _ask(client_for(gateway, acme.api_key))
    _ask(client_for(gateway, second))
    with pytest.raises(openai.RateLimitError) as caught:
        _ask(client_for(gateway, second))
    _ask(client_for(gateway, globex.api_key))  # another organization is unaffected

    assert "organization's limit" in caught.value.response.json()["error"]["message"]


def _ask_until_refused(client: openai.OpenAI) -> tuple[list[str | None], openai.RateLimitError]:
    warnings: list[str | None] = []
    for _ in range(20):
        try:
            raw = client.chat.completions.with_raw_response.create(
                model="standard",
                messages=[{"role": "user", "content": "tell me more " * 4}],
                max_tokens=1,
            )
        except openai.RateLimitError as error:
            return warnings, error
        warnings.append(raw.headers.get("x-longhaul-budget-warning"))
    raise AssertionError("never refused")


def test_monthly_budget_exhaustion_and_soft_threshold(
    gateway: str, acme: TenantFixture, backends: Backends, clock: FrozenClock
) -> None:
    # Given: a small monthly budget, spent in the last half minute of January.
    backends.add("standard")
    quota_policy_set(organization=acme.organization, monthly_tokens=120, soft_budget_percent=50)
    backends.settle()
    client = client_for(gateway, acme.api_key)
    clock.set(LAST_HALF_MINUTE_OF_JANUARY)

    # When: requests until one is refused, then again once February has begun.
    warnings, refused = _ask_until_refused(client)
    clock.set(FIRST_SECOND_OF_FEBRUARY)
    renewed = client.chat.completions.with_raw_response.create(
        model="standard", messages=[{"role": "user", "content": "hi"}], max_tokens=1
    )

    # Then: refused until the month ends, warned past half of it, and renewed with February.
    assert refused.response.json()["error"]["code"] == "insufficient_quota"
    assert int(refused.response.headers["retry-after"]) == 30
    assert warnings[0] is None
    assert warnings[-1] is not None
    assert "organization monthly budget" in warnings[-1]
    assert renewed.headers.get("x-longhaul-budget-warning") is None


def test_64_concurrent_clients_overspend_a_token_budget_by_at_most_one_request(
    gateway: str, acme: TenantFixture, backends: Backends, clock: FrozenClock
) -> None:
    # Given: a monthly token budget worth about ten requests.
    backends.add("standard", max_concurrency=64, max_queue=256)
    budget = 200
    quota_policy_set(organization=acme.organization, monthly_tokens=budget)
    backends.settle()
    clock.set(HALF_PAST_NOON)

    # When: 64 clients at once, 128 requests in all.
    def client_loop(_: int) -> list[int]:
        client, spent = client_for(gateway, acme.api_key), []
        for _ in range(2):
            with contextlib.suppress(openai.RateLimitError):
                spent.append(_ask(client).usage.total_tokens)  # type: ignore[union-attr]
        return spent

    with ThreadPoolExecutor(64) as pool:
        served = [tokens for spent in pool.map(client_loop, range(64)) for tokens in spent]
    wait_for(lambda: UsageRecord.objects.count() == 128, timeout=30)
    billed = sum(UsageRecord.objects.values_list("total_tokens", flat=True))

    # Then: past the budget by less than one request, and refused early by little.
    assert 0 < len(served) < 128
    assert billed == sum(served)
    assert billed <= budget + max(served)
    # Reservations in flight may refuse a request a little early, never much.
    assert billed > budget - 4 * max(served)


def test_a_refused_request_consumes_no_tokens(
    gateway: str, acme: TenantFixture, backends: Backends
) -> None:
    fake, _ = backends.add("standard")
    quota_policy_set(organization=acme.organization, tokens_per_minute=10_000)
    backends.settle()
    client = client_for(gateway, acme.api_key)
    fake.fault.kind, fake.fault.status = "error", 500

    with pytest.raises(openai.InternalServerError):
        _ask(client)
    record = wait_for(lambda: UsageRecord.objects.first())

    assert record.status == 502
    assert record.total_tokens == 0


def test_a_policy_cannot_name_another_organizations_key(
    acme: TenantFixture, globex: TenantFixture
) -> None:

    globex_key = ApiKey.objects.get(organization=globex.organization)

    with pytest.raises(ValidationError):
        quota_policy_set(organization=acme.organization, api_key=globex_key, monthly_tokens=5)


def test_another_organizations_key_is_not_limited_by_this_policy(
    gateway: str, acme: TenantFixture, globex: TenantFixture, backends: Backends
) -> None:
    backends.add("standard")
    quota_policy_set(organization=acme.organization, monthly_tokens=1)
    backends.settle()
    _ask(client_for(gateway, acme.api_key))

    with pytest.raises(openai.RateLimitError):
        _ask(client_for(gateway, acme.api_key))
    assert _ask(client_for(gateway, globex.api_key)).choices[0].message.content == "ok"
