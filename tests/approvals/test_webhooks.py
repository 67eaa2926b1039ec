"""Signed webhooks to a real local HTTP server, delivered by a real Celery worker: signatures a
receiver can verify, a retry after a 500, the delivery log, replay, and no private addresses."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from rest_framework.test import APIClient

from tests.approvals.receiver import receiver
from tests.approvals.support import paused, pay_call, rule, start, vote
from tests.factories import TenantFixture
from tests.runs.fixtures import EXTRA_TOOLS, EXTRA_WORKFLOWS
from tests.support.fake_openai import FakeOpenAI
from tests.support.processes import celery_worker
from webhooks.models import DeliveryStatus, WebhookDelivery
from webhooks.services import webhook_deliver
from webhooks.signing import SIGNATURE_HEADER, verify

pytestmark = pytest.mark.django_db(transaction=True)
WORKER_ENV = {
    "LONGHAUL_EXTRA_TOOLS": f"{EXTRA_TOOLS},tests.approvals.tools:TOOLS",
    "LONGHAUL_EXTRA_WORKFLOWS": EXTRA_WORKFLOWS,
    "LONGHAUL_WEBHOOK_ALLOWED_PRIVATE_HOSTS": "127.0.0.1",
    "LONGHAUL_WEBHOOK_RETRY_FIRST_SECONDS": "0.3",
}


def owner_client(tenant: TenantFixture) -> APIClient:
    client = APIClient()
    client.force_login(tenant.owner)
    return client


def subscribe(client: APIClient, url: str, types: list[str]) -> dict[str, Any]:
    response = client.post("/api/webhooks", {"url": url, "event_types": types}, format="json")
    assert response.status_code == 201, response.content
    return dict(response.json())


def wait_until(check: Any, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError("condition not met in time")
        # Until the worker (another process) has delivered.
        time.sleep(0.1)


def test_deliveries_are_signed_retried_after_a_500_logged_and_replayable(
    acme: TenantFixture, payments: Path, model: FakeOpenAI, settings: Any
) -> None:
    settings.LONGHAUL_WEBHOOK_ALLOWED_PRIVATE_HOSTS = ["127.0.0.1"]
    client = owner_client(acme)
    rule(acme, conditions={"tools": ["pay"]})
    with (
        receiver(statuses=[500]) as hooks,
        celery_worker(concurrency=1, LONGHAUL_AGENT_MODEL_URL="unused", **WORKER_ENV),
    ):
        endpoint = subscribe(client, hooks.url, ["approval.requested", "approval.decided"])

        # When: a run stops at a gated payment (the receiver fails the first delivery)
        request = paused(start(acme, model, [pay_call(payments, 70), {"content": "paid"}]))
        first, retried = hooks.wait_for(2)

        # Then: the same event arrives twice, signed; the retry is verifiable with the secret
        for delivery in (first, retried):
            assert verify(endpoint["secret"], delivery.body, delivery.headers[SIGNATURE_HEADER])
            assert not verify("whsec_wrong", delivery.body, delivery.headers[SIGNATURE_HEADER])
        assert first.headers["Longhaul-Event-Id"] == retried.headers["Longhaul-Event-Id"]
        event = json.loads(retried.body)
        assert event["type"] == "approval.requested"
        assert event["data"]["approval_id"] == request.id
        assert event["data"]["arguments"]["amount"] == 70
        log = client.get(f"/api/webhooks/{endpoint['id']}/deliveries").json()["results"]
        wait_until(lambda: WebhookDelivery.objects.get(id=log[0]["id"]).status != "pending")
        log = client.get(f"/api/webhooks/{endpoint['id']}/deliveries").json()["results"]
        assert [a["status_code"] for a in log[0]["attempt_log"]] == [500, 200]
        assert log[0]["status"] == DeliveryStatus.SUCCEEDED

        # When: a reviewer decides, and the owner replays the first delivery
        vote(acme, request, acme.reviewer)
        decided = hooks.wait_for(3)[2]
        replayed = client.post(f"/api/webhooks/deliveries/{log[0]['id']}/replay")
        assert replayed.status_code == 202, replayed.content
        again = hooks.wait_for(4)[3]

    assert json.loads(decided.body)["type"] == "approval.decided"
    assert json.loads(decided.body)["data"]["status"] == "approved"
    assert again.headers["Longhaul-Event-Id"] == first.headers["Longhaul-Event-Id"]
    assert verify(endpoint["secret"], again.body, again.headers[SIGNATURE_HEADER])


def test_a_signature_is_refused_when_stale_or_for_another_body() -> None:
    from webhooks.signing import sign

    header = sign("whsec_s", b'{"a":1}', timestamp=1_000_000)
    assert verify("whsec_s", b'{"a":1}', header, now=1_000_100)
    assert not verify("whsec_s", b'{"a":2}', header, now=1_000_100)
    assert not verify("whsec_s", b'{"a":1}', header, now=1_000_000 + 301)


def test_a_webhook_never_reaches_a_private_address_unless_allowed(
    acme: TenantFixture, payments: Path, model: FakeOpenAI, settings: Any
) -> None:
    client = owner_client(acme)
    rule(acme, conditions={"tools": ["pay"]})
    with receiver() as hooks:
        # Refused when it is given: the receiver is on loopback and nobody allowed it
        refused = client.post("/api/webhooks", {"url": hooks.url, "event_types": ["*"]})
        assert refused.status_code == 400
        assert "127.0.0.1 is not a public address" in json.dumps(refused.json())
        # ... and when it is used, after the operator withdrew the allowance given at creation
        settings.LONGHAUL_WEBHOOK_ALLOWED_PRIVATE_HOSTS = ["127.0.0.1"]
        subscribe(client, hooks.url, ["*"])
        settings.LONGHAUL_WEBHOOK_ALLOWED_PRIVATE_HOSTS = []
        paused(start(acme, model, [pay_call(payments, 70), {"content": "paid"}]))
        delivery = WebhookDelivery.objects.get()

        status = webhook_deliver(delivery_id=delivery.id)

    delivery.refresh_from_db()
    assert status == DeliveryStatus.PENDING  # to be retried, never sent
    assert "127.0.0.1 is not a public address" in delivery.last_error
    assert "LONGHAUL_WEBHOOK_ALLOWED_PRIVATE_HOSTS" in delivery.last_error
    assert hooks.received == []


def test_webhook_endpoints_are_managed_by_owners_and_admins_with_clear_errors(
    acme: TenantFixture,
) -> None:
    reviewer = APIClient()
    reviewer.force_login(acme.reviewer)
    refused = reviewer.post("/api/webhooks", {"url": "https://x.example", "event_types": ["*"]})
    assert refused.status_code == 403

    client = owner_client(acme)
    bad = client.post(
        "/api/webhooks",
        {"url": "https://user:pw@x.example/h", "event_types": ["run.succeeded"]},
        format="json",
    )
    assert bad.status_code == 400
    assert "credentials" in json.dumps(bad.json())
    unknown = client.post(
        "/api/webhooks",
        {"url": "https://x.example", "event_types": ["run.exploded"]},
        format="json",
    )
    assert unknown.status_code == 400
