# mypy: disable-error-code="arg-type, call-overload, union-attr, index, list-item"
"""Quotas per key and per organization, enforced atomically in Redis."""

from __future__ import annotations

import time
import uuid
from concurrent.futures import ThreadPoolExecutor

import openai
import pytest
from django.core.exceptions import ValidationError

from accounts.models import ApiKey
from accounts.services import api_key_create
from gateway.models import UsageRecord
from gateway.services import quota_policy_set
from tests.factories import TenantFixture
from tests.gateway.conftest import Backends, client_for, wait_for

pytestmark = pytest.mark.django_db(transaction=True)


def _ask(client: openai.OpenAI) -> openai.types.chat.ChatCompletion:
    messages = [{"role": "user", "content": f"hello {uuid.uuid4().hex}"}]
    return client.chat.completions.create(model="standard", messages=messages, max_tokens=1)  # type: ignore[arg-type]


def test_requests_per_minute_per_key(gateway: str, acme: TenantFixture, backends: Backends) -> None:
    backends.add("standard")
    key = api_key_create(organization=acme.organization, name="limited")
    quota_policy_set(organization=acme.organization, api_key=key.api_key, requests_per_minute=2)
    backends.settle()
    client = client_for(gateway, key.plaintext)

    _ask(client)
    _ask(client)
    with pytest.raises(openai.RateLimitError) as caught:
        _ask(client)
    other_key_still_works = _ask(client_for(gateway, acme.api_key))

    error = caught.value.response.json()["error"]
    assert error["code"] == "rate_limit_exceeded"
    assert "key's limit of 2 requests per minute" in error["message"]
    assert 1 <= int(caught.value.response.headers["retry-after"]) <= 60
    assert other_key_still_works.choices[0].message.content == "ok"


def test_organization_limits_are_shared_by_its_keys(
    gateway: str, acme: TenantFixture, globex: TenantFixture, backends: Backends
) -> None:
    backends.add("standard")
    second = api_key_create(organization=acme.organization, name="second").plaintext
    quota_policy_set(organization=acme.organization, requests_per_minute=2)
    backends.settle()

    _ask(client_for(gateway, acme.api_key))
    _ask(client_for(gateway, second))
    with pytest.raises(openai.RateLimitError) as caught:
        _ask(client_for(gateway, second))
    _ask(client_for(gateway, globex.api_key))  # another organization is unaffected

    assert "organization's limit" in caught.value.response.json()["error"]["message"]


def test_monthly_budget_exhaustion_and_soft_threshold(
    gateway: str, acme: TenantFixture, backends: Backends
) -> None:
    backends.add("standard")
    quota_policy_set(organization=acme.organization, monthly_tokens=120, soft_budget_percent=50)
    backends.settle()
    client = client_for(gateway, acme.api_key)

    warnings, refused = [], None
    for _ in range(20):
        try:
            raw = client.chat.completions.with_raw_response.create(
                model="standard",
                messages=[{"role": "user", "content": "tell me more " * 4}],
                max_tokens=1,
            )
            warnings.append(raw.headers.get("x-longhaul-budget-warning"))
        except openai.RateLimitError as error:
            refused = error
            break

    assert refused is not None
    assert refused.response.json()["error"]["code"] == "insufficient_quota"
    assert int(refused.response.headers["retry-after"]) > 60  # the next month
    assert warnings[0] is None
    assert warnings[-1] is not None
    assert "organization monthly budget" in warnings[-1]


def test_concurrent_requests_overspend_by_at_most_one_request(
    gateway: str, acme: TenantFixture, backends: Backends
) -> None:
    backends.add("standard", max_concurrency=64, max_queue=64)
    budget = 200
    quota_policy_set(organization=acme.organization, monthly_tokens=budget)
    backends.settle()
    client = client_for(gateway, acme.api_key)

    def attempt(_: int) -> int:
        try:
            return _ask(client).usage.total_tokens  # type: ignore[union-attr]
        except openai.RateLimitError:
            return 0

    with ThreadPoolExecutor(16) as pool:
        spent = list(pool.map(attempt, range(40)))
    wait_for(lambda: UsageRecord.objects.count() == 40)
    billed = sum(UsageRecord.objects.values_list("total_tokens", flat=True))

    served = [tokens for tokens in spent if tokens]
    assert 0 < len(served) < 40
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
    time.sleep(0.3)
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
