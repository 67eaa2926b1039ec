"""Writes for accounts: organizations, memberships and API keys. Those done on someone's behalf
take the `Actor` and check its role here (`accounts.actors`); the audit log names it."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify
from redis import RedisError

from accounts.actors import Actor, Rule
from accounts.keys import generate_key, hash_key
from accounts.models import ApiKey, Membership, Organization, User
from accounts.roles import MANAGERS, Role, Scope
from accounts.selectors import (
    KeyPrincipal,
    api_key_authenticate,
    invalidate_cached_key,
    user_role_in,
)
from audit.services import actor_fields, audit_append
from core import clock
from core.errors import NotFound

CREATE_KEYS = Rule(MANAGERS, "create API keys")
REVOKE_KEYS = Rule(MANAGERS, "revoke API keys")
INVITE = Rule(MANAGERS, "invite members")
CHANGE_ROLES = Rule(MANAGERS, "change roles")
CHANGE_SETTINGS = Rule(MANAGERS, "change the organization's settings")
# A key's last use is recorded at most this often (api_key_touch).
TOUCH_INTERVAL_SECONDS = 60
_TOUCH_PREFIX = "apikey-touched:"
_MAX_TOUCHED = 50_000
_touched: dict[int, float] = {}  # this process: key id -> clock.monotonic() of its last record


@dataclass(frozen=True)
class CreatedApiKey:
    api_key: ApiKey
    plaintext: str  # shown once; never stored


def organization_create(*, name: str, slug: str | None = None) -> Organization:
    organization = Organization(name=name, slug=slug or slugify(name))
    organization.full_clean()
    organization.save()
    return organization


def organization_trace_retention_set(*, actor: Actor, days: int | None) -> Organization:
    """How many days the actor's organization keeps model-call traces (prompts and completions);
    None: the platform's default (LONGHAUL_TRACE_RETENTION_DAYS)."""
    CHANGE_SETTINGS.check(actor)
    organization_id = actor.organization_id
    if days is not None and not 1 <= days <= 3650:
        raise ValidationError({"trace_retention_days": "Keep traces 1 to 3650 days, or blank."})
    with transaction.atomic():
        updated = Organization.objects.filter(id=organization_id)
        updated.update(trace_retention_days=days)
        audit_append(
            organization_id=organization_id,
            action="organization.trace_retention_changed",
            target="organization",
            data={"trace_retention_days": days},
            **actor_fields(actor),
        )
    return Organization.objects.get(id=organization_id)


def membership_create(*, organization: Organization, user: User, role: str) -> Membership:
    if role not in Role.values:
        raise ValidationError({"role": f"unknown role {role!r}; use one of {Role.values}"})
    membership = Membership(organization=organization, user=user, role=role)
    membership.full_clean()
    membership.save()
    return membership


def api_key_create(
    *,
    actor: Actor,
    name: str,
    scopes: Iterable[str] | None = None,
    allowed_tiers: Iterable[str] = (),
    expires_at: datetime | None = None,
    created_by: User | None = None,
    max_run_priority: str = "normal",
) -> CreatedApiKey:
    """A key of the actor's organization; `created_by` is the member whose role it acts with."""
    CREATE_KEYS.check(actor)
    organization_id = actor.organization_id
    if max_run_priority not in ("interactive", "normal", "batch"):
        raise ValidationError({"max_run_priority": "one of interactive, normal, batch"})
    scope_list = list(scopes) if scopes is not None else list(Scope.values)
    unknown = sorted(set(scope_list) - set(Scope.values))
    if unknown:
        raise ValidationError({"scopes": f"unknown scopes {unknown}; use {Scope.values}"})
    # The owner's role is what the key may do in role-gated actions, so it must have one.
    if (
        created_by is not None
        and user_role_in(user=created_by, organization_id=organization_id) is None
    ):
        raise ValidationError(
            {"created_by": f"{created_by.username} is not an active member of the organization."}
        )
    prefix, plaintext = generate_key()
    with transaction.atomic():
        api_key = ApiKey.objects.create(
            organization_id=organization_id,
            name=name,
            prefix=prefix,
            secret_hash=hash_key(plaintext),
            scopes=scope_list,
            allowed_tiers=list(allowed_tiers),
            expires_at=expires_at,
            created_by=created_by,
            max_run_priority=max_run_priority,
        )
        _audit_key(api_key, "api_key.created", actor)
    return CreatedApiKey(api_key=api_key, plaintext=plaintext)


def _audit_key(api_key: ApiKey, action: str, actor: Actor) -> None:
    audit_append(
        organization_id=api_key.organization_id,
        action=action,
        target=f"api_key:{api_key.prefix}",
        data={
            "name": api_key.name,
            "owner": api_key.created_by.username if api_key.created_by else None,
            "scopes": api_key.scopes,
            "allowed_tiers": api_key.allowed_tiers,
            "expires_at": api_key.expires_at,
        },
        **actor_fields(actor),
    )


def api_key_revoke(*, actor: Actor, api_key: ApiKey) -> ApiKey:
    REVOKE_KEYS.check(actor)
    if api_key.organization_id != actor.organization_id:
        raise NotFound("No such API key.")
    if api_key.revoked_at is None:
        with transaction.atomic():
            api_key.revoked_at = timezone.now()
            api_key.save(update_fields=["revoked_at"])
            _audit_key(api_key, "api_key.revoked", actor)
    # Every process stops trusting its cached copy once this commits (accounts.key_generations).
    transaction.on_commit(lambda: invalidate_cached_key(api_key.prefix))
    return api_key


def api_key_use(plaintext: str) -> KeyPrincipal:
    """Authenticates a presented key (ApiKeyError if it cannot be used) and records the use."""
    principal = api_key_authenticate(plaintext)
    api_key_touch(api_key_id=principal.api_key_id)
    return principal


def api_key_touch(*, api_key_id: int) -> None:
    """Sets the key's last_used_at, at most once a minute: however busy the key, one UPDATE a
    minute. A process skips a key it recorded within the minute without any I/O; the processes
    share a Redis marker so that only the first of them writes."""
    now = clock.monotonic()
    if now - _touched.get(api_key_id, -TOUCH_INTERVAL_SECONDS) < TOUCH_INTERVAL_SECONDS:
        return
    if len(_touched) >= _MAX_TOUCHED:
        _touched.clear()
    _touched[api_key_id] = now
    if _first_touch_this_minute(api_key_id):
        ApiKey.objects.filter(id=api_key_id).update(last_used_at=timezone.now())


def _first_touch_this_minute(api_key_id: int) -> bool:
    try:
        return bool(cache.add(f"{_TOUCH_PREFIX}{api_key_id}", 1, TOUCH_INTERVAL_SECONDS))
    except RedisError:  # without Redis each process still records at most once a minute
        return True


@dataclass(frozen=True)
class Invitation:
    membership: Membership
    new_account: bool  # True: the person must set a password through the invitation link


def membership_invite(
    *, actor: Actor, username: str, email: str = "", role: str = Role.MEMBER
) -> Invitation:
    """Adds a person to the actor's organization, creating an account without a usable password
    when the username is new (the inviter hands over a set-password link)."""
    INVITE.check(actor)
    organization = Organization.objects.get(id=actor.organization_id)
    user = User.objects.filter(username=username).first()
    new_account = user is None
    with transaction.atomic():
        if user is None:
            user = User(username=username, email=email)
            user.set_unusable_password()
            user.full_clean()
            user.save()
        if Membership.objects.filter(organization=organization, user=user).exists():
            raise ValidationError({"username": f"{username} is already a member."})
        membership = membership_create(organization=organization, user=user, role=role)
        _audit_membership(
            membership, "membership.invited", actor, role=role, new_account=new_account
        )
    return Invitation(membership, new_account)


def membership_role_set(*, actor: Actor, membership: Membership, role: str) -> Membership:
    """Changes a member's role. Only owners make or unmake owners, and an organization always
    keeps at least one owner."""
    CHANGE_ROLES.check(actor)
    if membership.organization_id != actor.organization_id:
        raise NotFound("No such member.")
    if role not in Role.values:
        raise ValidationError({"role": f"unknown role {role!r}; use one of {Role.values}"})
    touches_owner = Role.OWNER in (role, membership.role)
    if touches_owner and actor.role != Role.OWNER:
        raise ValidationError({"role": "Only owners may make or unmake owners."})
    with transaction.atomic():
        owners = Membership.objects.select_for_update().filter(
            organization_id=membership.organization_id, role=Role.OWNER
        )
        if membership.role == Role.OWNER and role != Role.OWNER and owners.count() <= 1:
            raise ValidationError({"role": "The organization must keep at least one owner."})
        previous, membership.role = membership.role, role
        membership.save(update_fields=["role"])
        if previous != role:
            _audit_membership(
                membership, "membership.role_changed", actor, previous=previous, role=role
            )
    return membership


def _audit_membership(membership: Membership, action: str, actor: Actor, **data: object) -> None:
    # The same target and data as the directory's entries, so one search finds both.
    audit_append(
        organization_id=membership.organization_id,
        action=action,
        target=f"user:{membership.user.username}",
        data=data,
        **actor_fields(actor),
    )
