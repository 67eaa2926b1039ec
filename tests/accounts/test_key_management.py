from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.test import Client

from accounts.bootstrap import demo_bootstrap
from accounts.keys import hash_key
from accounts.models import ApiKey, Membership, Role
from accounts.selectors import api_key_authenticate
from tests.factories import TenantFixture

pytestmark = pytest.mark.django_db


def test_create_api_key_command_prints_a_working_key_once(acme: TenantFixture) -> None:
    out = StringIO()
    call_command("create_api_key", "acme", "--name", "ci", "--scopes", "inference", stdout=out)
    plaintext = out.getvalue().strip()
    principal = api_key_authenticate(plaintext)
    assert principal.organization_id == acme.organization.id
    assert principal.scopes == ("inference",)
    stored = ApiKey.objects.get(id=principal.api_key_id)
    assert stored.secret_hash == hash_key(plaintext)


def test_create_api_key_command_rejects_unknown_organization_and_scope(acme: TenantFixture) -> None:
    with pytest.raises(CommandError, match="no organization"):
        call_command("create_api_key", "nope", stdout=StringIO())
    with pytest.raises(CommandError, match="unknown scopes"):
        call_command("create_api_key", "acme", "--scopes", "root", stdout=StringIO())


def test_admin_creates_a_key_shows_it_once_and_stores_only_the_hash(
    acme: TenantFixture, admin_client: Client
) -> None:
    response = admin_client.post(
        "/admin/accounts/apikey/add/",
        {
            "organization": acme.organization.id,
            "name": "from admin",
            "scopes": '["runs"]',
            "allowed_tiers": "[]",
            "max_run_priority": "batch",
        },
        follow=True,
    )
    assert response.status_code == 200
    created = ApiKey.objects.get(name="from admin")
    assert created.max_run_priority == "batch"
    shown = [str(m) for m in response.context["messages"]]
    plaintext = next(m.split(": ")[-1] for m in shown if "not shown again" in m)
    assert plaintext.startswith(f"lh_{created.prefix}_")
    assert created.secret_hash == hash_key(plaintext)
    assert api_key_authenticate(plaintext).scopes == ("runs",)


def test_admin_revoke_action_revokes(acme: TenantFixture, admin_client: Client) -> None:
    key = ApiKey.objects.get(organization=acme.organization)
    admin_client.post(
        "/admin/accounts/apikey/",
        {"action": "revoke_selected", "_selected_action": [key.id]},
    )
    key.refresh_from_db()
    assert key.revoked_at is not None


def test_demo_bootstrap_runs_once_and_makes_the_admin_an_owner(db: None) -> None:
    first = demo_bootstrap()
    assert first is not None
    assert demo_bootstrap() is None
    membership = Membership.objects.get(user__username=first.username)
    assert membership.role == Role.OWNER
    assert api_key_authenticate(first.api_key).organization_id == membership.organization_id
