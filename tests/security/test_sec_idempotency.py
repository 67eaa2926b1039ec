"""`Idempotency-Key` on the REST API's POSTs: a retried request is answered once and replayed,
a key reused for another request is a 422, keys belong to one organization and last a window,
and duplicates sent at the same moment to the real ASGI server create one run."""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from typing import Any

import pytest
import redis as redis_lib
from rest_framework.test import APIClient

from approvals.models import ApprovalRule
from runs.models import Run
from tests.factories import TenantFixture
from tests.runs.fixtures import EXTRA_TOOLS, EXTRA_WORKFLOWS
from tests.support.processes import asgi_server
from webhooks.models import WebhookEndpoint

RUN = {"workflow": "effects", "input": {"task": "pay the supplier once"}}


def post(base: str, key: str, body: dict[str, Any], idempotency_key: str) -> tuple[int, Any, Any]:
    request = urllib.request.Request(
        f"{base}/api/runs", data=json.dumps(body).encode(), method="POST"
    )
    request.add_header("Authorization", f"Bearer {key}")
    request.add_header("Content-Type", "application/json")
    request.add_header("Idempotency-Key", idempotency_key)
    try:
        with urllib.request.urlopen(request, timeout=60) as reply:
            return reply.status, json.loads(reply.read()), reply.headers
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read()), error.headers


@pytest.mark.django_db(transaction=True)
def test_a_retried_run_creation_starts_one_run_even_when_the_retries_race(
    acme: TenantFixture, globex: TenantFixture, redis_client: redis_lib.Redis
) -> None:
    env = {"LONGHAUL_EXTRA_WORKFLOWS": EXTRA_WORKFLOWS, "LONGHAUL_EXTRA_TOOLS": EXTRA_TOOLS}
    with asgi_server(**env) as base:
        # When: a business system sends the same creation 6 times at once, then once more
        answers: list[tuple[int, Any, Any]] = []
        barrier = threading.Barrier(6)

        def send() -> None:
            barrier.wait()
            answers.append(post(base, acme.api_key, RUN, "order-4711"))

        threads = [threading.Thread(target=send) for _ in range(6)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        retry = post(base, acme.api_key, RUN, "order-4711")
        # ... the same key for another request, and the same key in another organization
        other = post(base, acme.api_key, {**RUN, "input": {"task": "pay twice"}}, "order-4711")
        elsewhere = post(base, globex.api_key, RUN, "order-4711")

    # Then: one run; every answer is that run, or a 409 asking to retry while it was being made
    assert Run.objects.filter(organization=acme.organization).count() == 1
    run_id = str(Run.objects.get(organization=acme.organization).id)
    assert {status for status, _, _ in answers} <= {201, 409}
    made = [body["id"] for status, body, _ in answers if status == 201]
    assert made
    assert set(made) == {run_id}
    assert all(headers["Retry-After"] for status, _, headers in answers if status == 409)
    assert retry[0] == 201
    assert retry[1]["id"] == run_id
    assert retry[2]["Idempotent-Replayed"] == "true"
    assert other[0] == 422
    assert "different request" in other[1]["detail"]
    assert elsewhere[0] == 201
    assert elsewhere[1]["id"] != run_id
    assert Run.objects.filter(organization=globex.organization).count() == 1
    # ... kept for the documented window, under the organization's name
    kept = list(redis_client.scan_iter("*idempotency:*"))
    assert len(kept) == 2
    assert all(0 < int(redis_client.ttl(k)) <= 24 * 3600 for k in kept)  # type: ignore[arg-type]


def client_of(tenant: TenantFixture) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {tenant.api_key}")
    return client


CREATIONS: dict[str, tuple[str, dict[str, Any], dict[str, Any], Any]] = {
    "a webhook": (
        "/api/webhooks",
        {"url": "https://hooks.acme.example/in", "event_types": ["*"]},
        {"url": "https://hooks.acme.example/other", "event_types": ["*"]},
        WebhookEndpoint,
    ),
    "an approval rule": (
        "/api/approval-rules",
        {
            "name": "commands",
            "action": "require_approval",
            "conditions": {"tools": ["run_command"]},
        },
        {"name": "no commands", "action": "deny", "conditions": {"tools": ["run_command"]}},
        ApprovalRule,
    ),
}


@pytest.mark.django_db
@pytest.mark.parametrize("what", sorted(CREATIONS))
def test_every_creating_post_replays_its_answer_for_the_same_key(
    acme: TenantFixture, what: str, redis_client: redis_lib.Redis
) -> None:
    path, body, other, model = CREATIONS[what]
    client = APIClient()
    client.force_login(acme.owner)  # a signed-in person, as the dashboard's scripts are

    first = client.post(path, body, format="json", HTTP_IDEMPOTENCY_KEY="k-1")
    again = client.post(path, body, format="json", HTTP_IDEMPOTENCY_KEY="k-1")
    changed = client.post(path, other, format="json", HTTP_IDEMPOTENCY_KEY="k-1")

    assert first.status_code == 201, first.content
    assert again.status_code == 201
    assert again.content == first.content
    assert again["Idempotent-Replayed"] == "true"
    assert changed.status_code == 422
    assert changed["Content-Type"] == "application/problem+json"
    assert model.objects.count() == 1
    assert client.post(path, other, format="json").status_code == 201  # no key: made again


@pytest.mark.django_db
def test_a_multipart_creation_and_a_refused_one_are_replayed_too(
    acme: TenantFixture, settings: Any, redis_client: redis_lib.Redis
) -> None:
    settings.LONGHAUL_EXTRA_WORKFLOWS = [EXTRA_WORKFLOWS]
    client = client_of(acme)
    form = {"workflow": "effects", "input": json.dumps({"task": "from a form"})}
    first = client.post("/api/runs", form, format="multipart", HTTP_IDEMPOTENCY_KEY="form-1")
    again = client.post("/api/runs", form, format="multipart", HTTP_IDEMPOTENCY_KEY="form-1")
    assert first.status_code == 201, first.content
    assert again.json()["id"] == first.json()["id"]
    # A 400 is an answer too: the same mistake sent again gets the same 400 without a second try
    bad = {"workflow": "no-such-workflow", "input": {}}
    refused = client.post("/api/runs", bad, format="json", HTTP_IDEMPOTENCY_KEY="bad-1")
    assert refused.status_code == 400
    assert (
        client.post("/api/runs", bad, format="json", HTTP_IDEMPOTENCY_KEY="bad-1")[
            "Idempotent-Replayed"
        ]
        == "true"
    )
    assert Run.objects.count() == 1


@pytest.mark.django_db
def test_unusable_keys_and_unauthenticated_requests_are_refused_as_usual(
    acme: TenantFixture, redis_client: redis_lib.Redis
) -> None:
    client = client_of(acme)
    for key in ("x" * 256, "caf\u00e9", "two words"):
        response = client.post("/api/webhooks", {}, format="json", HTTP_IDEMPOTENCY_KEY=key)
        assert response.status_code == 400
        assert "Idempotency-Key" in response.json()["detail"]
    anonymous = APIClient().post("/api/runs", RUN, format="json", HTTP_IDEMPOTENCY_KEY="k")
    assert anonymous.status_code in (401, 403)
    assert list(redis_client.scan_iter("*idempotency:*")) == []


@pytest.mark.django_db
def test_the_schema_documents_the_header_on_every_post(acme: TenantFixture) -> None:
    client = APIClient()
    client.force_login(acme.owner)
    schema = client.get("/api/schema/", {"format": "json"}).json()
    posts = [ops["post"] for ops in schema["paths"].values() if "post" in ops]
    assert len(posts) >= 8
    for operation in posts:
        names = [p["name"] for p in operation.get("parameters", []) if p["in"] == "header"]
        assert "Idempotency-Key" in names, operation["operationId"]
        assert {"409", "422"} <= set(operation["responses"]), operation["operationId"]
