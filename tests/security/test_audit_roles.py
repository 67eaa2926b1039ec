"""The audit log against a stolen application connection, on the real PostgreSQL.

The suite connects as the platform does, as the application's role (core.roles): whatever these
tests send through `connection` is what an attacker holding DATABASE_URL could send. The owner
role (`owner_connection`) stands for what is out of that attacker's reach: a superuser or the
tables' owner, who could switch the triggers off.
"""

from __future__ import annotations

import json
from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import DatabaseError, connection, transaction
from django.test.utils import CaptureQueriesContext

from accounts.services import api_key_create
from audit.chain import GENESIS, content_of, entry_hash
from audit.models import AuditEntry, AuditHead
from audit.selectors import audit_rewritable_by, audit_verify, audit_verify_all
from audit.services import audit_append
from core.roles import as_owner, owner_connection
from tests.factories import TenantFixture, make_tenant, operator

pytestmark = pytest.mark.django_db(transaction=True)

APP_ROLE_STATEMENTS = [
    "TRUNCATE audit_auditentry",
    "TRUNCATE audit_auditentry, audit_audithead",
    "DELETE FROM audit_auditentry WHERE seq > 1",  # cutting the newest entries
    "UPDATE audit_auditentry SET actor = 'nobody'",
    "UPDATE audit_audithead SET seq = 1, hash = 'x'",  # rewinding the anchor with the log
    "DELETE FROM audit_audithead",
    "INSERT INTO audit_audithead VALUES (999, 1, 'x', now())",
    "ALTER TABLE audit_auditentry DISABLE TRIGGER audit_append_only",
    "DROP TRIGGER audit_head_moves ON audit_auditentry",
    "ALTER TABLE audit_audithead OWNER TO CURRENT_USER",
    "CREATE TABLE audit_shadow (id int)",
    "SET ROLE postgres",
]


def keys(tenant: TenantFixture, count: int) -> None:
    for number in range(count):
        api_key_create(actor=operator(tenant.organization), name=f"key {number}")


def head_of(tenant: TenantFixture) -> tuple[int, str]:
    head = AuditHead.objects.get(organization_id=tenant.organization.id)
    return head.seq, head.hash


def test_the_application_role_can_only_read_and_append_to_the_audit_log(
    acme: TenantFixture,
) -> None:
    keys(acme, 3)
    before = list(AuditEntry.objects.order_by("id").values_list("id", "actor", "hash"))
    anchored = head_of(acme)

    refused = []
    for statement in APP_ROLE_STATEMENTS:
        with (
            pytest.raises(DatabaseError) as error,
            transaction.atomic(),
            connection.cursor() as cursor,
        ):
            cursor.execute(statement)
        refused.append(str(error.value).splitlines()[0])

    assert all(
        "permission denied" in message or "must be owner" in message for message in refused
    ), refused
    assert list(AuditEntry.objects.order_by("id").values_list("id", "actor", "hash")) == before
    assert head_of(acme) == anchored
    assert audit_rewritable_by() is None
    # Reading and appending, what the platform does, still work through the same connection
    api_key_create(actor=operator(acme.organization), name="after")
    assert head_of(acme)[0] == anchored[0] + 1
    assert audit_verify(organization_id=acme.organization.id).ok


def test_the_newest_entries_cut_by_the_owner_are_found_by_the_head_anchor(
    acme: TenantFixture,
) -> None:
    keys(acme, 4)  # seq 1 (the fixture's key) to 5
    with owner_connection(connection).cursor() as cursor:
        cursor.execute("ALTER TABLE audit_auditentry DISABLE TRIGGER audit_append_only")
        cursor.execute(
            "DELETE FROM audit_auditentry WHERE organization_id = %s AND seq > 3",
            [acme.organization.id],
        )
        cursor.execute("ALTER TABLE audit_auditentry ENABLE TRIGGER audit_append_only")

    report = audit_verify(organization_id=acme.organization.id)

    assert report.entries == 3
    assert report.broken is not None
    assert report.broken.seq == 4
    assert "seq 4 to 5 were removed" in report.broken.reason
    with pytest.raises(
        CommandError, match=f"organization {acme.organization.id}: seq 4 is missing"
    ):
        call_command("verify_audit", stdout=StringIO(), stderr=StringIO())


def test_a_truncated_log_is_found_by_every_organizations_head(
    acme: TenantFixture, globex: TenantFixture
) -> None:
    assert all(report.ok for report in audit_verify_all())

    with owner_connection(connection).cursor() as cursor:
        cursor.execute("TRUNCATE audit_auditentry")

    reports = {report.organization_id: report for report in audit_verify_all()}
    assert set(reports) >= {acme.organization.id, globex.organization.id}
    for tenant in (acme, globex):
        broken = reports[tenant.organization.id].broken
        assert broken is not None
        assert "seq 1 to 1 were removed" in broken.reason


def test_an_owner_who_rewrites_entries_and_heads_together_is_caught_by_a_kept_head(
    acme: TenantFixture,
) -> None:
    keys(acme, 3)  # seq 1 to 4
    out = StringIO()
    call_command("verify_audit", stdout=out, stderr=StringIO())
    kept = f"{acme.organization.id}:4:{head_of(acme)[1]}"  # printed, and kept in a SIEM
    assert f"head seq 4 {head_of(acme)[1]}" in out.getvalue()
    second = AuditEntry.objects.get(organization_id=acme.organization.id, seq=2)

    with owner_connection(connection).cursor() as cursor:  # the owner covers every trace
        cursor.execute("ALTER TABLE audit_auditentry DISABLE TRIGGER audit_append_only")
        cursor.execute("ALTER TABLE audit_audithead DISABLE TRIGGER audit_head_forward_only")
        cursor.execute(
            "DELETE FROM audit_auditentry WHERE organization_id = %s AND seq > 2",
            [acme.organization.id],
        )
        cursor.execute(
            "UPDATE audit_audithead SET seq = 2, hash = %s WHERE organization_id = %s",
            [second.hash, acme.organization.id],
        )
        cursor.execute("ALTER TABLE audit_auditentry ENABLE TRIGGER audit_append_only")
        cursor.execute("ALTER TABLE audit_audithead ENABLE TRIGGER audit_head_forward_only")

    assert audit_verify(organization_id=acme.organization.id).ok  # consistent with itself
    with pytest.raises(CommandError, match="seq 4, a head kept earlier, is gone"):
        call_command("verify_audit", "--expect", kept, stdout=StringIO(), stderr=StringIO())
    with pytest.raises(CommandError, match="ORG:SEQ:HASH"):
        call_command("verify_audit", "--expect", "4:x", stdout=StringIO(), stderr=StringIO())


def test_the_newest_entry_replaced_in_place_is_found_by_the_head_anchor(
    acme: TenantFixture,
) -> None:
    keys(acme, 1)
    last = AuditEntry.objects.get(organization_id=acme.organization.id, seq=2)
    last.data = {**last.data, "scopes": ["runs"]}
    # The forger recomputes the hash, so that the walk alone is satisfied
    with owner_connection(connection).cursor() as cursor:
        cursor.execute("ALTER TABLE audit_auditentry DISABLE TRIGGER audit_append_only")
        cursor.execute(
            "UPDATE audit_auditentry SET data = %s::jsonb, hash = %s WHERE id = %s",
            [json.dumps(last.data), entry_hash(content_of(last)), last.id],
        )
        cursor.execute("ALTER TABLE audit_auditentry ENABLE TRIGGER audit_append_only")

    report = audit_verify(organization_id=acme.organization.id)

    assert report.broken is not None
    assert report.broken.seq == 2
    assert "not the entry the head anchor recorded" in report.broken.reason


def test_an_append_that_skips_ahead_moves_the_head_and_shows_as_a_gap(
    acme: TenantFixture,
) -> None:
    # A stolen connection may append; an entry written past the chain's end is still seen.
    forged: dict[str, Any] = {
        "organization_id": acme.organization.id,
        "seq": 9,
        "created_at": "2026-01-01T00:00:00.000000+00:00",
        "action": "api_key.revoked",
        "actor": "acme-owner",
        "actor_user_id": None,
        "target": "",
        "data": {},
        "prev_hash": GENESIS,
    }
    with connection.cursor() as cursor:
        cursor.execute(
            "INSERT INTO audit_auditentry (organization_id, seq, created_at, action, actor, "
            "target, data, prev_hash, hash) VALUES (%s, 9, %s, %s, %s, '', '{}', %s, %s)",
            [
                acme.organization.id,
                forged["created_at"],
                forged["action"],
                forged["actor"],
                GENESIS,
                entry_hash(forged),
            ],
        )

    assert head_of(acme)[0] == 9
    broken = audit_verify(organization_id=acme.organization.id).broken
    assert broken is not None
    assert "seq 2 to 8 are missing" in broken.reason


def test_verify_audit_reads_each_entry_once_and_counts_one_chain_per_organization() -> None:
    tenants = [make_tenant(slug) for slug in ("acme", "globex", "initech")]
    for tenant in tenants:
        keys(tenant, 12)
    audit_append(organization_id=None, action="platform.started", actor="system")
    output = StringIO()

    with CaptureQueriesContext(connection) as queries:
        call_command("verify_audit", stdout=output, stderr=StringIO())

    assert "audit log intact (4 chains)" in output.getvalue()  # three organizations + platform
    for tenant in tenants:
        assert f"organization {tenant.organization.id}: 13 entries" in output.getvalue()
    # One pass: the heads, the entries (a server-side cursor), the role's privileges
    entry_reads = [q for q in queries.captured_queries if "audit_auditentry" in q["sql"]]
    assert len(entry_reads) <= 4, [q["sql"] for q in queries.captured_queries]


def test_verify_audit_warns_when_its_role_could_rewrite_the_log(acme: TenantFixture) -> None:
    quiet, loud = StringIO(), StringIO()
    call_command("verify_audit", stdout=StringIO(), stderr=quiet)
    with as_owner(connection):
        call_command("verify_audit", stdout=StringIO(), stderr=loud)

    assert quiet.getvalue() == ""
    assert "WARNING: the database role postgres is a superuser" in loud.getvalue()
    assert "may truncate" in loud.getvalue()


def test_migrate_without_an_owner_role_says_what_that_leaves_open(settings: Any) -> None:
    errors = StringIO()
    settings.DATABASE_OWNER = None

    call_command("migrate", "--plan", stdout=StringIO(), stderr=errors)

    assert "migrations ran as the application's own database role" in errors.getvalue()
    assert "DATABASE_OWNER_URL" in errors.getvalue()
