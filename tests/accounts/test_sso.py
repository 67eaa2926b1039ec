"""Signing a person in from an identity provider's verified claims (accounts.sso), whatever the
protocol: domains, just-in-time accounts and memberships, roles from groups, the audit log, the
session; and the organization's rule that members use single sign-on."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.sessions.middleware import SessionMiddleware
from django.core.exceptions import ValidationError
from django.core.management import CommandError, call_command
from django.http import HttpRequest, HttpResponse
from django.test import Client, RequestFactory

from accounts.directory_services import (
    PersonChange,
    directory_user_create,
    directory_user_update,
    group_role_mapping_set,
)
from accounts.models import ExternalIdentity, IdentityProvider, Membership, SignInPolicy, User
from accounts.services import membership_create, organization_create
from accounts.sessions import sign_in_policy_set
from accounts.sso import SignInRefused, sign_in_from_identity, sso_enforcement_set
from accounts.sso_providers import (
    identity_provider_create,
    identity_provider_secret,
    identity_provider_update,
    sign_in_providers,
)
from accounts.two_factor import SSO_SESSION_KEY
from audit.models import AuditEntry
from tests.factories import TenantFixture, make_user, operator

pytestmark = pytest.mark.django_db
PASSWORD = "correct horse battery staple"  # tests.factories.make_user's


@pytest.fixture
def provider(acme: TenantFixture) -> IdentityProvider:
    return identity_provider_create(
        actor=operator(acme.organization),
        kind="oidc",
        name="Acme Keycloak",
        settings={"issuer": "https://id.acme.example/realms/acme", "client_id": "longhaul"},
        client_secret="s3cret",
    )


def request_with_session() -> HttpRequest:
    request = RequestFactory().get("/login/oidc/callback/")
    SessionMiddleware(lambda _: HttpResponse()).process_request(request)
    return request


def sign_in(provider: IdentityProvider, **claims: Any) -> tuple[User, HttpRequest]:
    request = request_with_session()
    values = {"subject": "sub-ada", "email": "ada@acme.example", "groups": None, **claims}
    return sign_in_from_identity(provider=provider, request=request, **values), request


def actions(organization_id: int) -> list[str]:
    return list(
        AuditEntry.objects.filter(organization_id=organization_id)
        .order_by("id")
        .values_list("action", flat=True)
    )


def test_first_sign_in_creates_the_person_with_the_role_of_their_groups(
    acme: TenantFixture, provider: IdentityProvider
) -> None:
    group_role_mapping_set(
        organization_id=acme.organization.id, group="lh-reviewers", role="reviewer", actor="t"
    )
    user, request = sign_in(provider, groups=["everyone", "lh-reviewers"], given_name="Ada")

    assert (user.username, user.email, user.first_name) == (
        "ada@acme.example",
        "ada@acme.example",
        "Ada",
    )
    assert not user.has_usable_password()
    assert Membership.objects.get(organization=acme.organization, user=user).role == "reviewer"
    assert ExternalIdentity.objects.get(provider=provider, subject="sub-ada").user == user
    assert request.session["_auth_user_id"] == str(user.pk)
    assert request.session[SSO_SESSION_KEY] == "oidc"
    assert actions(acme.organization.id)[-2:] == ["membership.role_changed", "sign_in.succeeded"]
    entry = AuditEntry.objects.filter(action="sign_in.succeeded").last()
    assert entry is not None
    assert entry.data == {"method": "oidc", "provider": "acme-keycloak"}


def test_later_sign_ins_follow_the_groups_and_keep_the_role_without_them(
    acme: TenantFixture, provider: IdentityProvider
) -> None:
    group_role_mapping_set(
        organization_id=acme.organization.id, group="lh-admins", role="admin", actor="t"
    )
    user, _ = sign_in(provider, groups=["lh-admins"])
    assert Membership.objects.get(user=user).role == "admin"

    # The address changed at the provider: the subject still finds the same person
    again, _ = sign_in(provider, email="ada.l@acme.example", groups=None)
    assert again == user
    assert Membership.objects.get(user=user).role == "admin"

    sign_in(provider, groups=[])
    assert Membership.objects.get(user=user).role == "member"
    change = AuditEntry.objects.filter(action="membership.role_changed").last()
    assert change is not None
    assert change.data == {"previous": "admin", "role": "member"}
    assert change.actor == "identity provider acme-keycloak"


def test_refusals_are_explained_and_audited(
    acme: TenantFixture, provider: IdentityProvider
) -> None:
    sign_in_policy_set(actor=operator(acme.organization), allowed_email_domains=["acme.example"])
    with pytest.raises(SignInRefused, match="outside the email domains"):
        sign_in(provider, email="eve@evil.example")
    with pytest.raises(SignInRefused, match="no usable email"):
        sign_in(provider, email="")
    # Someone else's account (a person of another organization here) is never taken over
    taken = make_user("bob@acme.example")
    other = organization_create(name="Other", slug="other")
    membership_create(organization=other, user=taken, role="member")
    with pytest.raises(SignInRefused, match="already exists"):
        sign_in(provider, email="bob@acme.example", subject="sub-bob")

    reasons = [
        entry.data["reason"] for entry in AuditEntry.objects.filter(action="sign_in.refused")
    ]
    assert reasons == ["email_domain", "no_email", "account_conflict"]
    assert not User.objects.filter(username="eve@evil.example").exists()


def test_a_deactivated_person_is_refused(acme: TenantFixture, provider: IdentityProvider) -> None:
    user, _ = sign_in(provider)
    user.is_active = False
    user.save()
    with pytest.raises(SignInRefused, match="deactivated"):
        sign_in(provider)


def test_the_client_secret_is_encrypted_and_never_stored_plain(
    provider: IdentityProvider,
) -> None:
    assert "s3cret" not in provider.secret_ciphertext
    assert identity_provider_secret(provider) == "s3cret"
    identity_provider_update(
        actor=operator(provider.organization), provider=provider, name="Keycloak"
    )
    assert identity_provider_secret(provider) == "s3cret"
    identity_provider_update(
        actor=operator(provider.organization), provider=provider, client_secret=""
    )
    assert identity_provider_secret(provider) == ""


def test_providers_offered_by_organization_or_email_domain(
    acme: TenantFixture, provider: IdentityProvider
) -> None:
    assert sign_in_providers(organization_or_email="ACME") == [provider]
    assert sign_in_providers(organization_or_email="ada@acme.example") == []
    sign_in_policy_set(actor=operator(acme.organization), allowed_email_domains=["acme.example"])
    assert sign_in_providers(organization_or_email="ada@Acme.example") == [provider]
    identity_provider_update(
        actor=operator(provider.organization), provider=provider, enabled=False
    )
    assert sign_in_providers(organization_or_email="acme") == []


@pytest.mark.parametrize(
    "issuer", ["http://169.254.169.254/", "https://10.0.0.8/realms/x", "http://id.acme.example"]
)
def test_a_bad_issuer_is_refused(acme: TenantFixture, settings: Any, issuer: str) -> None:
    settings.LONGHAUL_SSO_REQUIRE_HTTPS = True  # as in production
    with pytest.raises(ValidationError, match="issuer"):
        identity_provider_create(
            actor=operator(acme.organization),
            kind="oidc",
            name="Metadata",
            settings={"issuer": issuer, "client_id": "x"},
        )


def password(client: Client, username: str) -> int:
    response = client.post("/login/", {"username": username, "password": PASSWORD})
    return response.status_code


def test_required_sso_refuses_passwords_except_the_break_glass_owner(
    acme: TenantFixture, provider: IdentityProvider
) -> None:
    with pytest.raises(ValidationError, match="must be an owner"):
        sso_enforcement_set(
            actor=operator(acme.organization), required=True, break_glass_owner=acme.member
        )
    sso_enforcement_set(
        actor=operator(acme.organization), required=True, break_glass_owner=acme.owner
    )
    refused = Client().post("/login/", {"username": acme.member.username, "password": PASSWORD})
    assert refused.status_code == 200
    assert "identity provider" in refused.content.decode()
    assert "_auth_user_id" not in refused.client.session
    assert password(Client(), acme.owner.username) == 302

    assert "organization.sso_enforcement_changed" in actions(acme.organization.id)
    refusal = AuditEntry.objects.filter(action="sign_in.refused").get()
    assert refusal.data == {"reason": "sso_required", "method": "password"}
    # The last enabled provider cannot be switched off while SSO is required
    with pytest.raises(ValidationError, match="keep one provider enabled"):
        identity_provider_update(
            actor=operator(provider.organization), provider=provider, enabled=False
        )


def test_a_person_the_directory_provisioned_signs_in_to_their_account(
    acme: TenantFixture, provider: IdentityProvider
) -> None:
    person = directory_user_create(
        organization_id=acme.organization.id,
        change=PersonChange(user_name="ada@acme.example", email="ada@acme.example"),
        actor="directory",
    )
    user, _ = sign_in(provider, email="Ada@acme.example", groups=None)
    assert user == person.user
    assert Membership.objects.get(user=user).role == "member"
    # Deactivated by this organization's directory while still a member elsewhere: the
    # account stays active, and this organization's provider still refuses them
    other = organization_create(name="Other", slug="other")
    membership_create(organization=other, user=user, role="member")
    directory_user_update(person=person, change=PersonChange(active=False), actor="directory")
    user.refresh_from_db()
    assert user.is_active
    with pytest.raises(SignInRefused, match="deactivated"):
        sign_in(provider)
    assert not Membership.objects.filter(organization=acme.organization, user=user).exists()


def test_operators_require_single_sign_on_on_the_command_line(
    acme: TenantFixture, provider: IdentityProvider
) -> None:
    with pytest.raises(CommandError, match="must be an owner"):
        call_command("require_sso", "acme", "--break-glass-owner", acme.member.username)
    call_command("require_sso", "acme", "--break-glass-owner", acme.owner.username)
    policy = SignInPolicy.objects.get(organization=acme.organization)
    assert (policy.sso_required, policy.break_glass_owner) == (True, acme.owner)
    call_command("require_sso", "acme", "--off")
    policy.refresh_from_db()
    assert not policy.sso_required
