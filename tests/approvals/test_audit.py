"""The audit log: every security-relevant change appends a hash-chained entry; the database
refuses to change or remove one; a forged chain is found and its first broken entry named."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import DatabaseError, connection, transaction
from django.db.backends.utils import CursorWrapper
from rest_framework.test import APIClient

from accounts.services import api_key_create, api_key_revoke
from audit.chain import content_of, entry_hash, walk
from audit.models import AuditEntry
from audit.selectors import audit_verify
from core.roles import owner_connection
from tests.approvals.support import advance, paused, pay_call, rule, start, vote
from tests.factories import TenantFixture, operator
from tests.support.fake_openai import FakeOpenAI

pytestmark = pytest.mark.django_db(transaction=True)


def actions(tenant: TenantFixture) -> list[str]:
    entries = AuditEntry.objects.filter(organization_id=tenant.organization.id).order_by("seq")
    return list(entries.values_list("action", flat=True))


@contextmanager
def trigger_disabled() -> Iterator[CursorWrapper]:
    """What the table's owner (a superuser too) can do: switch the append-only trigger off around
    a forgery. The platform's own connection cannot (tests/security/test_audit_roles.py)."""
    with owner_connection(connection).cursor() as cursor:
        cursor.execute("ALTER TABLE audit_auditentry DISABLE TRIGGER audit_append_only")
        try:
            yield cursor
        finally:
            cursor.execute("ALTER TABLE audit_auditentry ENABLE TRIGGER audit_append_only")


def approved_payment(tenant: TenantFixture, ledger: Path, model: FakeOpenAI) -> None:
    rule(tenant, conditions={"tools": ["pay"]})
    run = start(tenant, model, [pay_call(ledger, 10), {"content": "paid"}])
    vote(tenant, paused(run), tenant.reviewer)
    advance(run)


def test_policy_runs_approvals_keys_and_high_risk_executions_are_chained(
    acme: TenantFixture, payments: Path, model: FakeOpenAI
) -> None:
    approved_payment(acme, payments, model)
    key = api_key_create(actor=operator(acme.organization), name="ci", created_by=acme.owner)
    api_key_revoke(actor=operator(key.api_key.organization), api_key=key.api_key)

    assert actions(acme)[1:] == [  # [0] is the fixture's own key
        "policy.changed",
        "run.started",
        "approval.requested",
        "approval.voted",
        "approval.approved",
        "run.resumed",
        "tool.executed",
        "api_key.created",
        "api_key.revoked",
    ]
    report = audit_verify(organization_id=acme.organization.id)
    assert report.ok
    assert report.entries == 10
    vote_entry = AuditEntry.objects.get(
        organization_id=acme.organization.id, action="approval.voted"
    )
    assert vote_entry.actor == "acme-reviewer"
    assert vote_entry.data["decision"] == "approve"


@pytest.mark.parametrize(
    "statement",
    [
        "UPDATE audit_auditentry SET actor = 'someone else' WHERE id = %s",
        "UPDATE audit_auditentry SET data = '{}'::jsonb, hash = hash WHERE id = %s",
        "DELETE FROM audit_auditentry WHERE id = %s",
    ],
)
def test_the_database_refuses_to_change_or_remove_an_entry(
    acme: TenantFixture, statement: str
) -> None:
    entry = AuditEntry.objects.filter(organization_id=acme.organization.id).first()
    assert entry is not None

    # The platform's role has no such privilege; the owner's is stopped by the trigger.
    with (
        pytest.raises(DatabaseError, match="permission denied"),
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute(statement, [entry.id])
    with (
        pytest.raises(DatabaseError, match="append-only"),
        owner_connection(connection).cursor() as cursor,
    ):
        cursor.execute(statement, [entry.id])

    assert AuditEntry.objects.get(id=entry.id).actor == entry.actor
    with pytest.raises(DatabaseError, match="permission denied"), transaction.atomic():
        AuditEntry.objects.filter(id=entry.id).delete()


def test_a_forged_entry_is_found_by_verify_audit_and_the_api(
    acme: TenantFixture, payments: Path, model: FakeOpenAI
) -> None:
    approved_payment(acme, payments, model)
    target = AuditEntry.objects.get(organization_id=acme.organization.id, action="approval.voted")

    with trigger_disabled() as cursor:
        cursor.execute(
            "UPDATE audit_auditentry SET actor = 'acme-owner' WHERE id = %s", [target.id]
        )

    with pytest.raises(CommandError) as failed:
        call_command("verify_audit", stdout=StringIO())
    assert f"entry {target.id} (seq {target.seq})" in str(failed.value)
    assert "content was changed" in str(failed.value)
    client = APIClient()
    client.force_login(acme.owner)
    body = client.get("/api/audit/verify").json()
    assert body["ok"] is False
    assert body["broken"]["entry_id"] == target.id


def test_a_forgery_that_recomputes_its_own_hash_breaks_the_next_link(
    acme: TenantFixture, payments: Path, model: FakeOpenAI
) -> None:
    approved_payment(acme, payments, model)
    entries = list(AuditEntry.objects.filter(organization_id=acme.organization.id).order_by("seq"))
    forged, following = entries[3], entries[4]
    forged.data = {**forged.data, "decision": "reject"}

    with trigger_disabled() as cursor:
        cursor.execute(
            "UPDATE audit_auditentry SET data = %s::jsonb, hash = %s WHERE id = %s",
            [json.dumps(forged.data), entry_hash(content_of(forged)), forged.id],
        )

    report = audit_verify(organization_id=acme.organization.id)
    assert report.broken is not None
    assert report.broken.entry_id == following.id
    assert "does not link" in report.broken.reason


def test_a_removed_entry_is_named_by_the_gap_it_leaves(acme: TenantFixture) -> None:
    for name in ("a", "b", "c"):
        api_key_create(actor=operator(acme.organization), name=name)
    second = AuditEntry.objects.get(organization_id=acme.organization.id, seq=2)

    with trigger_disabled() as cursor:
        cursor.execute("DELETE FROM audit_auditentry WHERE id = %s", [second.id])

    report = audit_verify(organization_id=acme.organization.id)
    assert report.broken is not None
    assert report.broken.seq == 3
    assert "seq 2 to 2 are missing" in report.broken.reason


def test_the_export_is_json_lines_a_consumer_can_re_walk(
    acme: TenantFixture, globex: TenantFixture, payments: Path, model: FakeOpenAI
) -> None:
    approved_payment(acme, payments, model)
    client = APIClient()
    client.force_login(acme.owner)

    response = client.get("/api/audit/export")

    assert response["Content-Type"] == "application/x-ndjson"
    body = b"".join(response.streaming_content)  # type: ignore[attr-defined]
    lines = [json.loads(line) for line in body.splitlines()]
    assert {line["organization_id"] for line in lines} == {acme.organization.id}
    assert walk(acme.organization.id, lines).ok
    lines[2]["actor"] = "tampered"
    assert walk(acme.organization.id, lines).broken is not None


def test_only_owners_and_admins_read_the_audit_log(acme: TenantFixture) -> None:
    client = APIClient()
    client.force_login(acme.reviewer)
    for path in ("/api/audit", "/api/audit/verify", "/api/audit/export"):
        response = client.get(path)
        assert response.status_code == 403, path
        assert "owners and admins" in response.json()["detail"]
