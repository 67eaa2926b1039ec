"""The organization's settings page: owners and admins set how long traces are kept, the
sign-in policy, an OpenID Connect provider and whether single sign-on is required, each through
the audited service REST uses, with mistakes back on their fields; members see none of it."""

from __future__ import annotations

import pytest
from django.test import Client

from accounts.models import IdentityProvider, Organization, SignInPolicy
from audit.models import AuditEntry
from tests.factories import TenantFixture

pytestmark = pytest.mark.django_db


def browser(person: object) -> Client:
    client = Client()
    client.force_login(person)  # type: ignore[arg-type]
    return client


def audited(action: str) -> dict[str, object]:
    return dict(AuditEntry.objects.filter(action=action).latest("seq").data)


def test_an_owner_sets_traces_and_the_sign_in_policy(acme: TenantFixture) -> None:
    owner = browser(acme.owner)
    assert owner.get("/settings/").status_code == 200

    assert owner.post("/settings/traces", {"trace_retention_days": "14"}).status_code == 302
    assert Organization.objects.get(id=acme.organization.id).trace_retention_days == 14
    assert audited("organization.trace_retention_changed") == {"trace_retention_days": 14}
    refused = owner.post("/settings/traces", {"trace_retention_days": "0"})
    assert refused.status_code == 400
    assert "greater than or equal to 1" in refused.content.decode()

    policy = {
        "session_lifetime_minutes": "480",
        "idle_timeout_minutes": "30",
        "allowed_email_domains": "acme.example, Corp.Example",
    }
    assert owner.post("/settings/sign-in", policy).status_code == 302
    saved = SignInPolicy.objects.get(organization=acme.organization)
    assert (saved.session_lifetime_minutes, saved.idle_timeout_minutes) == (480, 30)
    assert saved.allowed_email_domains == ["acme.example", "corp.example"]
    page = owner.get("/settings/").content.decode()
    assert 'value="acme.example corp.example"' in page


def test_an_owner_adds_a_provider_and_then_requires_it(acme: TenantFixture) -> None:
    owner = browser(acme.owner)

    # Requiring single sign-on with no provider would lock everyone out: refused on its field
    early = owner.post("/settings/single-sign-on", {"sso_required": "on"})
    assert early.status_code == 400
    assert "Add and enable an identity provider" in early.content.decode()

    # A provider whose issuer is not a URL is refused on that field; a good one is added
    wrong = {"name": "Acme ID", "issuer": "ftp://id.acme.example", "client_id": "longhaul"}
    assert (
        "The issuer URL is refused" in owner.post("/settings/providers/new", wrong).content.decode()
    )
    good = {**wrong, "issuer": "http://127.0.0.1:9/realms/acme", "client_secret": "hush-123"}
    assert (
        owner.post("/settings/providers/new", {**good, "groups_claim": "groups"}).status_code == 302
    )
    provider = IdentityProvider.objects.get(organization=acme.organization)
    assert provider.settings["issuer"] == "http://127.0.0.1:9/realms/acme"
    assert "hush-123" not in provider.secret_ciphertext
    page = owner.get("/settings/").content.decode()
    assert "Acme ID" in page
    assert "hush-123" not in page
    assert f"/login/sso/acme/{provider.slug}/" in page

    # Now it can be required, with the owner as the break-glass account
    required = {"sso_required": "on", "break_glass_owner": str(acme.owner.id)}
    assert owner.post("/settings/single-sign-on", required).status_code == 302
    policy = SignInPolicy.objects.get(organization=acme.organization)
    assert (policy.sso_required, policy.break_glass_owner_id) == (True, acme.owner.id)
    assert audited("organization.sso_enforcement_changed")["sso_required"] is True


@pytest.mark.parametrize("role", ["reviewer", "member"])
def test_only_owners_and_admins_see_or_change_settings(acme: TenantFixture, role: str) -> None:
    person = browser(getattr(acme, role))

    assert person.get("/settings/").status_code == 403
    assert person.post("/settings/traces", {"trace_retention_days": "1"}).status_code == 403
    assert person.post("/settings/sign-in", {"idle_timeout_minutes": "1"}).status_code == 403
    assert Organization.objects.get(id=acme.organization.id).trace_retention_days is None
    assert not SignInPolicy.objects.filter(organization=acme.organization).exists()
    assert b'href="/settings/"' not in person.get("/runs/").content
