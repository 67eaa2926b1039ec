"""Managing single sign-on over REST and in the admin: owners and admins only, a client secret
written and never read back, and the organization's rule that members use it."""

from __future__ import annotations

import pytest
from django.test import Client

from accounts.models import IdentityProvider, User
from accounts.services import membership_create
from audit.models import AuditEntry
from tests.factories import TenantFixture

pytestmark = pytest.mark.django_db
SECRET = "client-secret-that-never-comes-back"
KEYCLOAK = {
    "kind": "oidc",
    "name": "Acme Keycloak",
    "slug": "keycloak",
    "settings": {"issuer": "https://id.acme.example/realms/acme", "client_id": "longhaul"},
    "client_secret": SECRET,
}


def signed_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_owners_add_a_provider_whose_secret_is_never_shown(acme: TenantFixture) -> None:
    owner = signed_in(acme.owner)
    created = owner.post("/api/identity-providers", KEYCLOAK, content_type="application/json")
    assert created.status_code == 201, created.content
    body = created.json()
    assert body["has_client_secret"] is True
    assert body["sign_in_url"] == "/login/sso/acme/keycloak/"
    assert body["settings"]["scopes"] == ["openid", "email", "profile"]

    path = f"/api/identity-providers/{body['id']}"
    renamed = owner.patch(path, {"name": "Keycloak"}, content_type="application/json")
    answers = [created, renamed, owner.get(path), owner.get("/api/identity-providers")]
    for answer in answers:
        assert SECRET not in answer.content.decode()
        assert "secret_ciphertext" not in answer.content.decode()
    stored = IdentityProvider.objects.get()
    assert SECRET not in stored.secret_ciphertext
    assert renamed.json()["has_client_secret"] is True  # a change without a secret keeps it

    changed = owner.patch(path, {"kind": "saml"}, content_type="application/json")
    assert changed.status_code == 400
    actions = set(AuditEntry.objects.values_list("action", flat=True))
    assert {"identity_provider.created", "identity_provider.changed"} <= actions


def test_bad_settings_and_other_roles_are_refused(acme: TenantFixture) -> None:
    bad = {**KEYCLOAK, "settings": {"issuer": "ftp://id.acme.example", "client_id": "x"}}
    refused = signed_in(acme.owner).post(
        "/api/identity-providers", bad, content_type="application/json"
    )
    assert refused.status_code == 400
    assert "issuer" in refused.json()["errors"] or "issuer" in refused.content.decode()
    reviewer = signed_in(acme.reviewer).post(
        "/api/identity-providers", KEYCLOAK, content_type="application/json"
    )
    assert reviewer.status_code == 403
    assert not IdentityProvider.objects.exists()


def test_requiring_single_sign_on_over_rest(acme: TenantFixture) -> None:
    owner = signed_in(acme.owner)
    rule = {"sso_required": True, "break_glass_owner": acme.owner.username}
    early = owner.put("/api/sso-enforcement", rule, content_type="application/json")
    assert early.status_code == 400  # no provider yet: everyone would be locked out
    owner.post("/api/identity-providers", KEYCLOAK, content_type="application/json")
    done = owner.put("/api/sso-enforcement", rule, content_type="application/json")
    assert done.status_code == 200
    assert done.json() == rule
    assert owner.get("/api/sso-enforcement").json() == rule


def test_operators_add_a_provider_in_the_admin(acme: TenantFixture) -> None:
    operator = User.objects.create_superuser("root", "root@example.com", "pw-long-9876")
    membership_create(organization=acme.organization, user=operator, role="admin")
    admin = signed_in(operator)
    form = {
        "organization": acme.organization.id,
        "kind": "oidc",
        "name": "Acme Okta",
        "slug": "okta",
        "enabled": "on",
        "settings": '{"issuer": "https://acme.okta.com", "client_id": "0oa1"}',
        "client_secret": SECRET,
    }
    added = admin.post("/admin/accounts/identityprovider/add/", form)
    assert added.status_code == 302, added.content.decode()[:2000]
    provider = IdentityProvider.objects.get()
    page = admin.get(f"/admin/accounts/identityprovider/{provider.id}/change/")
    assert SECRET not in page.content.decode()
    assert provider.settings["scopes"] == ["openid", "email", "profile"]
    bad = admin.post(
        "/admin/accounts/identityprovider/add/", {**form, "slug": "x", "settings": "{}"}
    )
    assert bad.status_code == 200  # the form again, with the settings' error
    assert "client ID" in bad.content.decode() or "issuer" in bad.content.decode()
