"""Tenant controls hold through runs and keys: a run's model calls act as the key (or person)
that started it, through the real gateway, and every destructive endpoint checks the role of an
API key's owner exactly as it checks a signed-in person's."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import openai
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from rest_framework.test import APIClient

from accounts.models import Membership, User
from accounts.services import api_key_create, api_key_revoke
from gateway.models import UsageRecord
from memory.models import Document, MemoryItem
from runs.credentials import agent_billing_key, run_model_token
from runs.models import AgentCredential, Run, RunStatus
from runs.services import run_advance, run_cancel, run_start
from tests.factories import TenantFixture, operator
from tests.gateway.conftest import (
    Backends,
    backends,
    client_for,
    gateway,
    gateway_clock,
    gateway_url,
    wait_for,
)
from tests.runs.fixtures import model, runtime

__all__ = ["backends", "gateway", "gateway_clock", "gateway_url", "model", "runtime"]
pytestmark = pytest.mark.django_db(transaction=True)
PROBLEM = "application/problem+json"
HELLO: Any = [{"role": "user", "content": "hello"}]


def rest(key: str | None = None, user: User | None = None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_login(user)
    else:
        client.credentials(HTTP_AUTHORIZATION=f"Bearer {key}")
    return client


def effect_then_done(ledger: Path) -> list[dict[str, Any]]:
    call = {"name": "record_effect", "arguments": {"ledger": str(ledger)}}
    return [{"tool_calls": [call]}, {"content": "done"}]


def advanced(run: Run | str) -> Run:
    run_id = str(run.id if isinstance(run, Run) else run)
    run_advance(run_id=run_id, owner="w")
    return Run.objects.get(id=run_id)


@pytest.fixture
def via_gateway(gateway: str, runtime: Path, settings: Any) -> Path:
    """Runs advanced in this process call the model through the real gateway; yields the
    ledger directory of the test tools."""
    settings.LONGHAUL_GATEWAY_URL = f"{gateway}/v1"
    settings.LONGHAUL_AGENT_MODEL_URL = ""
    return runtime


# --- finding 7a: a run is limited to its key's tiers ---------------------------------------


def test_a_fast_only_key_cannot_start_a_standard_run(acme: TenantFixture, runtime: Path) -> None:
    key = api_key_create(actor=operator(acme.organization), name="fast", allowed_tiers=["fast"])

    refused = rest(key.plaintext).post(
        "/api/runs", {"workflow": "effects", "tier": "standard"}, format="json"
    )

    assert refused.status_code == 403, refused.content
    assert refused["Content-Type"] == PROBLEM
    assert "'standard' tier" in refused.json()["detail"]
    assert "fast" in refused.json()["detail"]
    assert not Run.objects.exists()
    allowed = rest(key.plaintext).post(
        "/api/runs", {"workflow": "effects", "tier": "fast"}, format="json"
    )
    assert allowed.status_code == 201, allowed.content


def test_a_runs_model_calls_are_billed_to_its_key_and_stop_when_the_key_is_revoked(
    acme: TenantFixture, via_gateway: Path, backends: Backends
) -> None:
    # Given: a fast-only key without the inference scope, owned by a member, starts two runs
    fake, _ = backends.add("fast")
    fake.script = effect_then_done(via_gateway)
    backends.settle()
    created = api_key_create(
        actor=operator(acme.organization),
        name="fast runs",
        scopes=["runs"],
        allowed_tiers=["fast"],
        created_by=acme.member,
    )
    client = rest(created.plaintext)
    first, second = (
        client.post("/api/runs", {"workflow": "effects", "tier": "fast"}, format="json").json()
        for _ in range(2)
    )

    # When: the first runs to the end
    assert advanced(first["id"]).status == RunStatus.SUCCEEDED

    # Then: both of its model calls are in the ledger against that key, that run and that tier
    records = wait_for(
        lambda: (
            list(UsageRecord.objects.filter(run_id=first["id"]))
            if UsageRecord.objects.filter(run_id=first["id"]).count() == 2
            else None
        )
    )
    assert {(r.api_key_id, r.tier, r.status) for r in records} == {
        (created.api_key.id, "fast", 200)
    }
    assert {r.organization_id for r in records} == {acme.organization.id}

    # When the key is revoked, the second run's model calls are refused with a clear error
    api_key_revoke(actor=operator(created.api_key.organization), api_key=created.api_key)
    failed = advanced(second["id"])
    assert failed.status == RunStatus.FAILED
    assert "was revoked" in failed.error
    assert not UsageRecord.objects.filter(run_id=second["id"], status=200).exists()


def test_a_key_narrowed_after_the_run_started_cannot_reach_the_old_tier_through_it(
    acme: TenantFixture, via_gateway: Path, backends: Backends
) -> None:
    fake, _ = backends.add("standard")
    fake.script = effect_then_done(via_gateway)
    backends.settle()
    created = api_key_create(actor=operator(acme.organization), name="any tier")
    run = run_start(
        organization=acme.organization,
        workflow="effects",
        input={},
        tier="standard",
        created_by_api_key_id=created.api_key.id,
    )
    created.api_key.allowed_tiers = ["fast"]
    created.api_key.save()

    failed = advanced(run)

    assert failed.status == RunStatus.FAILED
    assert "may not use the 'standard' tier" in failed.error
    assert fake.requests == []


def test_run_tokens_act_for_one_unfinished_run_and_cannot_be_forged(
    acme: TenantFixture, gateway: str, backends: Backends
) -> None:
    fake, _ = backends.add("fast")
    fake.script = [{"content": "hi"}] * 4
    backends.tier("standard")
    backends.settle()
    created = api_key_create(actor=operator(acme.organization), name="k", allowed_tiers=["fast"])
    runs = [
        run_start(
            organization=acme.organization,
            workflow="effects",
            input={},
            tier="fast",
            created_by_api_key_id=created.api_key.id,
        )
        for _ in range(2)
    ]
    token, other = (run_model_token(run_id=run.id) for run in runs)
    _, own_hex, own_signature = token.split("_")
    _, other_hex, _ = other.split("_")

    def ask(bearer: str, model: str = "fast") -> Any:
        return client_for(gateway, bearer).chat.completions.create(model=model, messages=HELLO)

    assert ask(token).choices[0].message.content == "hi"
    with pytest.raises(openai.PermissionDeniedError, match="may not use the 'standard' tier"):
        ask(token, "standard")
    for forged in (f"lhrun_{other_hex}_{own_signature}", f"lhrun_{own_hex}_{'0' * 64}"):
        with pytest.raises(openai.AuthenticationError, match="Invalid run credential"):
            ask(forged)

    run_cancel(actor=operator(acme.organization), run_id=runs[0].id)

    def refused() -> bool:
        try:
            ask(token)
        except openai.AuthenticationError as error:
            return "cancelled" in str(error)
        return False

    assert wait_for(refused)
    assert ask(other).choices[0].message.content == "hi"


def test_a_browser_started_run_is_billed_to_a_key_nobody_can_present_and_stops_when_its_person_leaves(
    acme: TenantFixture, via_gateway: Path, backends: Backends
) -> None:
    fake, _ = backends.add("fast")
    fake.script = effect_then_done(via_gateway)
    backends.settle()
    first, second = (
        run_start(
            organization=acme.organization,
            workflow="effects",
            input={},
            tier="fast",
            created_by_user=acme.member,
        )
        for _ in range(2)
    )

    assert advanced(first).status == RunStatus.SUCCEEDED
    billing = agent_billing_key(organization_id=acme.organization.id)
    assert wait_for(lambda: UsageRecord.objects.filter(run_id=str(first.id)).count() == 2)
    assert set(
        UsageRecord.objects.filter(run_id=str(first.id)).values_list("api_key_id", flat=True)
    ) == {billing.id}
    # The billing key is no credential: no scopes, and its secret was never kept
    assert billing.scopes == []
    assert AgentCredential.objects.get(organization=acme.organization).ciphertext == ""

    Membership.objects.filter(user=acme.member).delete()
    failed = advanced(second)
    assert failed.status == RunStatus.FAILED
    assert "no longer an active member" in failed.error


# --- finding 7b: destructive endpoints check the key owner's role ---------------------------


def remember(key: str, text: str) -> int:
    created = rest(key).post("/api/memory", {"text": text}, format="json")
    assert created.status_code == 201, created.content
    return int(created.json()["id"])


def test_a_memory_key_owned_by_a_plain_member_cannot_purge_the_organizations_memory(
    acme: TenantFixture,
) -> None:
    members_key = api_key_create(
        actor=operator(acme.organization), name="m", scopes=["memory"], created_by=acme.member
    ).plaintext
    remember(members_key, "the launch date is in May")
    purge = {"confirm": "acme"}

    by_member = rest(members_key).post("/api/memory/purge", purge, format="json")
    by_ownerless = rest(acme.api_key).post("/api/memory/purge", purge, format="json")

    assert by_member.status_code == 403
    assert by_member["Content-Type"] == PROBLEM
    detail = by_member.json()["detail"]
    assert "Only owners and admins may delete all memory" in detail
    assert "acme-member: member" in detail
    assert by_ownerless.status_code == 403
    assert "has no owner" in by_ownerless.json()["detail"]
    assert MemoryItem.objects.filter(organization=acme.organization).count() == 1
    owners_key = api_key_create(
        actor=operator(acme.organization), name="o", scopes=["memory"], created_by=acme.owner
    ).plaintext
    assert rest(owners_key).post("/api/memory/purge", purge, format="json").status_code == 200
    assert not MemoryItem.objects.exists()


def test_a_key_whose_owner_left_can_no_longer_delete_anything(
    acme: TenantFixture, runtime: Path, settings: Any, tmp_path: Path
) -> None:
    settings.LONGHAUL_DOCUMENTS_DIR = tmp_path / "documents"
    key = api_key_create(
        actor=operator(acme.organization), name="k", created_by=acme.member
    ).plaintext
    kept, deleted = remember(key, "kept fact"), remember(key, "deleted fact")
    upload = SimpleUploadedFile("notes.txt", b"Quarterly notes.", "text/plain")
    document = rest(key).post("/api/documents", {"file": upload}, format="multipart").json()["id"]
    run = run_start(organization=acme.organization, workflow="effects", input={})
    # While the owner is a member, the key may delete what members may delete
    assert rest(key).delete(f"/api/memory/{deleted}").status_code == 204

    Membership.objects.filter(user=acme.member).delete()

    attempts = [
        rest(key).delete(f"/api/memory/{kept}"),
        rest(key).delete(f"/api/documents/{document}"),
        rest(key).post(f"/api/runs/{run.id}/cancel"),
    ]
    for response in attempts:
        assert response.status_code == 403, response.content
        assert "no longer an active member" in response.json()["detail"]
    assert MemoryItem.objects.filter(id=kept).exists()
    assert Document.objects.filter(id=document).exists()
    assert Run.objects.get(id=run.id).status == RunStatus.QUEUED


def test_a_deactivated_owners_key_cannot_cancel_runs(acme: TenantFixture, runtime: Path) -> None:
    key = api_key_create(
        actor=operator(acme.organization), name="k", created_by=acme.owner
    ).plaintext
    run = run_start(organization=acme.organization, workflow="effects", input={})
    acme.owner.is_active = False
    acme.owner.save()

    response = rest(key).post(f"/api/runs/{run.id}/cancel")

    assert response.status_code == 403
    assert "acme-owner, is no longer an active member" in response.json()["detail"]
    assert Run.objects.get(id=run.id).status == RunStatus.QUEUED
    assert rest(acme.api_key).post(f"/api/runs/{run.id}/cancel").status_code == 200
