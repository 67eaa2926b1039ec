"""Single sign-on: signing a person in from what an organization's identity provider vouched for.

The protocol modules (accounts.oidc, accounts.saml) verify the provider's token or assertion
and call `sign_in_from_identity` with its claims. This module owns everything after that, for
every protocol alike: the organization's allowed email domains, finding or creating the account
(just in time) and its membership, the role from the groups through the organization's mapping
(GroupRoleMapping, as for SCIM), the audit log and the session, which starts as a password
sign-in does but is marked as single sign-on (the provider owns the second factor).

It also owns the organization's rule that members use single sign-on: a local password is then
refused for everyone but the break-glass owner (`password_sign_in_refusal`).
"""

from __future__ import annotations

from django.contrib.auth import login
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.http import HttpRequest
from django.utils import timezone

from accounts.actors import Actor
from accounts.directory_selectors import role_for_groups
from accounts.directory_services import (
    DirectoryConflict,
    directory_account_for,
    membership_role_follow,
)
from accounts.models import (
    DirectoryUser,
    ExternalIdentity,
    IdentityProvider,
    Membership,
    Role,
    SignInPolicy,
    User,
)
from accounts.sessions import LAST_SEEN_AT, SIGNED_IN_AT, email_domain_allowed
from accounts.sso_providers import MANAGE_SSO
from accounts.two_factor import SSO_SESSION_KEY, sign_in_record
from audit.services import actor_fields, audit_append

# Django's own password check is the backend a session records; single sign-on has no backend
# of its own, and ModelBackend.get_user still refuses a deactivated account on every request.
SESSION_BACKEND = "django.contrib.auth.backends.ModelBackend"
SSO_PROVIDER_KEY = "longhaul_sso_provider"  # the IdentityProvider id a session signed in with


class SignInRefused(Exception):
    """The provider vouched for someone this organization does not let in. `reason` is a short
    code (in the audit log); the message is for the person."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


def provider_actor(provider: IdentityProvider) -> str:
    return f"identity provider {provider.slug}"


def sign_in_from_identity(
    *,
    provider: IdentityProvider,
    subject: str,
    email: str,
    groups: list[str] | None,
    request: HttpRequest,
    given_name: str = "",
    family_name: str = "",
) -> User:
    """Signs in the person the provider verified (`subject`: its stable id for them), creating
    their account and membership on first sign-in. `groups` sets their role through the
    organization's mapping; None (the provider sends no groups) keeps an existing member's role.
    Raises SignInRefused (audited as `sign_in.refused`) when the organization does not let them in."""
    try:
        with transaction.atomic():
            user = _account(provider, subject, _checked_email(provider, email))
            _update_profile(user, email.strip(), given_name, family_name)
            _link(provider, subject, user, email.strip())
            _follow_role(provider, user, groups)
    except SignInRefused as refused:
        sign_in_refusal_record(provider=provider, refused=refused, subject=subject, email=email)
        raise
    _start_session(request, user, provider)
    return user


def _checked_email(provider: IdentityProvider, email: str) -> str:
    address = email.strip().lower()
    try:
        validate_email(address)
    except ValidationError:
        raise SignInRefused(
            "no_email", "Your identity provider sent no usable email address."
        ) from None
    if not email_domain_allowed(organization_id=provider.organization_id, address=address):
        raise SignInRefused(
            "email_domain",
            f"{address} is outside the email domains {provider.organization} allows.",
        )
    return address


def _account(provider: IdentityProvider, subject: str, address: str) -> User:
    """The account linked to the subject; else the organization's provisioned person with this
    address; else a new account (or one that belongs to this organization alone and is no owner
    or staff: a provider never takes over someone else's account)."""
    link = ExternalIdentity.objects.filter(provider=provider, subject=subject).first()
    if link is not None:
        return _usable(link.user, provider.organization_id)
    person = (
        DirectoryUser.objects.filter(organization_id=provider.organization_id)
        .filter(user_name__iexact=address)
        .select_related("user")
        .first()
    )
    if person is not None:
        return _usable(person.user, provider.organization_id)
    try:
        user = directory_account_for(organization_id=provider.organization_id, user_name=address)
    except DirectoryConflict:
        raise SignInRefused(
            "account_conflict",
            f"An account named {address} already exists and is not managed by this "
            "organization's provider; sign in with its password.",
        ) from None
    return _usable(user, provider.organization_id)


def _usable(user: User, organization_id: int) -> User:
    """An active account that the organization's directory has not deactivated (a person in
    several organizations keeps an active account when one directory deactivates them)."""
    removed = DirectoryUser.objects.filter(
        organization_id=organization_id, user=user, active=False
    ).exists()
    if not user.is_active or removed:
        raise SignInRefused("deactivated", "Your account in this organization is deactivated.")
    return user


def _update_profile(user: User, email: str, given_name: str, family_name: str) -> None:
    user.email = email[:254]
    user.first_name = (given_name or user.first_name)[:150]
    user.last_name = (family_name or user.last_name)[:150]
    user.save(update_fields=["email", "first_name", "last_name"])


def _link(provider: IdentityProvider, subject: str, user: User, email: str) -> None:
    ExternalIdentity.objects.update_or_create(
        provider=provider,
        subject=subject,
        defaults={"user": user, "email": email[:254], "last_sign_in_at": timezone.now()},
    )


def _follow_role(provider: IdentityProvider, user: User, groups: list[str] | None) -> None:
    organization_id = provider.organization_id
    member = Membership.objects.filter(organization_id=organization_id, user=user).exists()
    if member and groups is None:
        return
    role = role_for_groups(organization_id=organization_id, groups=groups or [])
    membership_role_follow(
        organization_id=organization_id, user=user, role=role, actor=provider_actor(provider)
    )


def _start_session(request: HttpRequest, user: User, provider: IdentityProvider) -> None:
    """Django's login (a new session key), a fresh lifetime and idle clock (accounts.sessions
    starts them after the response), and the mark that exempts it from the second factor."""
    login(request, user, backend=SESSION_BACKEND)
    for key in (SIGNED_IN_AT, LAST_SEEN_AT):
        request.session.pop(key, None)
    request.session[SSO_SESSION_KEY] = provider.kind
    request.session[SSO_PROVIDER_KEY] = provider.id
    sign_in_record(user=user, method=provider.kind, provider=provider.slug)


def sign_in_refusal_record(
    *, provider: IdentityProvider, refused: SignInRefused, **data: str
) -> None:
    """A refused single sign-on, in the provider's organization's audit log."""
    audit_append(
        organization_id=provider.organization_id,
        action="sign_in.refused",
        actor=provider_actor(provider),
        target=f"identity_provider:{provider.slug}",
        data={"reason": refused.reason, "method": provider.kind, **data},
    )


# --- The organization's rule: members sign in through the provider ---------------------------
def password_sign_in_refusal(*, user: User) -> str:
    """Why `user` may not sign in with a local password ("" when they may): one of their
    organizations requires single sign-on and they are not its break-glass owner."""
    requiring = SignInPolicy.objects.filter(
        organization__memberships__user=user, sso_required=True
    ).exclude(break_glass_owner=user)
    policy = requiring.select_related("organization").first()
    if policy is None:
        return ""
    return (
        f"{policy.organization} signs its members in through its identity provider: use "
        "“Sign in with single sign-on”."
    )


def password_sign_in_refused(*, user: User) -> None:
    """A refused password sign-in, in the log of each organization that requires SSO."""
    for organization_id in SignInPolicy.objects.filter(
        organization__memberships__user=user, sso_required=True
    ).values_list("organization_id", flat=True):
        audit_append(
            organization_id=organization_id,
            action="sign_in.refused",
            actor=user.username,
            actor_user_id=user.pk,
            target=f"user:{user.username}",
            data={"reason": "sso_required", "method": "password"},
        )


def sso_enforcement_set(
    *, actor: Actor, required: bool, break_glass_owner: User | None
) -> SignInPolicy:
    """Requires (or stops requiring) single sign-on for the actor's organization's members. The
    break-glass owner must be an owner; requiring needs an enabled provider to sign in with."""
    MANAGE_SSO.check(actor)
    organization_id = actor.organization_id
    if (
        break_glass_owner is not None
        and not Membership.objects.filter(
            organization_id=organization_id, user=break_glass_owner, role=Role.OWNER
        ).exists()
    ):
        raise ValidationError({"break_glass_owner": "The break-glass account must be an owner."})
    enabled = IdentityProvider.objects.filter(organization_id=organization_id, enabled=True)
    if required and not enabled.exists():
        raise ValidationError(
            {"sso_required": "Add and enable an identity provider before requiring it."}
        )
    policy, _ = SignInPolicy.objects.update_or_create(
        organization_id=organization_id,
        defaults={"sso_required": required, "break_glass_owner": break_glass_owner},
    )
    audit_append(
        organization_id=organization_id,
        action="organization.sso_enforcement_changed",
        target="sign_in_policy",
        data={
            "sso_required": required,
            "break_glass_owner": break_glass_owner.username if break_glass_owner else None,
        },
        **actor_fields(actor),
    )
    return policy
