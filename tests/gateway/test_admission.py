# mypy: disable-error-code="arg-type, call-overload, union-attr, index, list-item"
"""Admission overlapped with the backend's work: a refusal is the answer, costs nothing, and
an organization that was refused is admitted before anything leaves for a backend."""

from __future__ import annotations

import uuid
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime

import openai
import pytest

from gateway.models import UsageRecord
from gateway.services import quota_policy_set
from tests.factories import TenantFixture
from tests.gateway.conftest import Backends, client_for, wait_for
from tests.support.clock import FrozenClock
from tests.support.fake_openai import FakeOpenAI

pytestmark = pytest.mark.django_db(transaction=True)
# The gateway's clock stops here in every test: no new minute may renew the limit mid-test.
HALF_PAST_NOON = datetime(2030, 1, 15, 12, 0, 30, tzinfo=UTC)


def _ask(client: openai.OpenAI) -> openai.types.chat.ChatCompletion:
    messages = [{"role": "user", "content": f"hello {uuid.uuid4().hex}"}]
    return client.chat.completions.create(model="standard", messages=messages, max_tokens=1)  # type: ignore[arg-type]


def test_refused_requests_are_answered_429_and_stop_reaching_the_backend(
    gateway: str, acme: TenantFixture, backends: Backends, clock: FrozenClock
) -> None:
    fake, _ = backends.add("standard", FakeOpenAI(delay_s=0.2))
    quota_policy_set(organization=acme.organization, requests_per_minute=1)
    backends.settle()
    clock.set(HALF_PAST_NOON)
    client = client_for(gateway, acme.api_key)

    served = _ask(client)
    refusals = []
    for _ in range(4):
        with pytest.raises(openai.RateLimitError) as caught:
            _ask(client)
        refusals.append(caught.value.response)

    assert served.choices[0].message.content == "ok"
    assert {r.json()["error"]["code"] for r in refusals} == {"rate_limit_exceeded"}
    assert all(int(r.headers["retry-after"]) == 30 for r in refusals)  # the minute's rest
    # The first refusal may have been written upstream (and abandoned) while it was being
    # admitted; after it the organization is admitted first, so the rest never left.
    assert 1 <= len(fake.requests) <= 2
    wait_for(lambda: UsageRecord.objects.count() == 5)
    records = list(UsageRecord.objects.all())
    assert sorted(r.status for r in records) == [200, 429, 429, 429, 429]
    assert sum(r.total_tokens for r in records if r.status == 429) == 0


def test_a_refusal_wins_over_a_failing_backend(
    gateway: str, acme: TenantFixture, backends: Backends, clock: FrozenClock
) -> None:
    fake, _ = backends.add("standard")
    quota_policy_set(organization=acme.organization, requests_per_minute=1)
    backends.settle()
    clock.set(HALF_PAST_NOON)
    client = client_for(gateway, acme.api_key)
    _ask(client)
    fake.fault.kind, fake.fault.status = "error", 503

    with pytest.raises(openai.RateLimitError) as caught:
        _ask(client)

    assert caught.value.response.json()["error"]["code"] == "rate_limit_exceeded"


def test_a_refusal_is_not_kept_waiting_in_a_busy_backends_queue(
    gateway: str, acme: TenantFixture, backends: Backends, clock: FrozenClock
) -> None:
    fake, _ = backends.add("standard", FakeOpenAI(delay_s=2.0), max_concurrency=1, max_queue=4)
    quota_policy_set(organization=acme.organization, requests_per_minute=1)
    backends.settle()
    clock.set(HALF_PAST_NOON)
    client = client_for(gateway, acme.api_key)

    with ThreadPoolExecutor(1) as pool:
        first = pool.submit(_ask, client)
        wait_for(lambda: len(fake.requests) == 1)  # the backend's only slot is taken
        with pytest.raises(openai.RateLimitError) as caught:
            _ask(client)
        answered_while_the_slot_was_busy = not first.done()
        served = first.result()

    assert caught.value.response.json()["error"]["code"] == "rate_limit_exceeded"
    assert answered_while_the_slot_was_busy
    assert served.choices[0].message.content == "ok"
    assert len(fake.requests) == 1
