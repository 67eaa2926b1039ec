"""Writes for accounts: organizations, memberships and API keys."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify

from accounts.keys import generate_key, hash_key
from accounts.models import ApiKey, Membership, Organization, Role, Scope, User
from accounts.selectors import invalidate_cached_key, user_role_in


@dataclass(frozen=True)
class CreatedApiKey:
    api_key: ApiKey
    plaintext: str  # shown once; never stored


def organization_create(*, name: str, slug: str | None = None) -> Organization:
    organization = Organization(name=name, slug=slug or slugify(name))
    organization.full_clean()
    organization.save()
    return organization


def membership_create(*, organization: Organization, user: User, role: str) -> Membership:
    if role not in Role.values:
        raise ValidationError({"role": f"unknown role {role!r}; use one of {Role.values}"})
    membership = Membership(organization=organization, user=user, role=role)
    membership.full_clean()
    membership.save()
    return membership


def api_key_create(
    *,
    organization: Organization,
    name: str,
    scopes: Iterable[str] | None = None,
    allowed_tiers: Iterable[str] = (),
    expires_at: datetime | None = None,
    created_by: User | None = None,
) -> CreatedApiKey:
    scope_list = list(scopes) if scopes is not None else list(Scope.values)
    unknown = sorted(set(scope_list) - set(Scope.values))
    if unknown:
        raise ValidationError({"scopes": f"unknown scopes {unknown}; use {Scope.values}"})
    # The owner's role is what the key may do in role-gated actions, so it must have one.
    if (
        created_by is not None
        and user_role_in(user=created_by, organization_id=organization.id) is None
    ):
        raise ValidationError(
            {"created_by": f"{created_by.username} is not an active member of {organization.slug}."}
        )
    prefix, plaintext = generate_key()
    api_key = ApiKey.objects.create(
        organization=organization,
        name=name,
        prefix=prefix,
        secret_hash=hash_key(plaintext),
        scopes=scope_list,
        allowed_tiers=list(allowed_tiers),
        expires_at=expires_at,
        created_by=created_by,
    )
    return CreatedApiKey(api_key=api_key, plaintext=plaintext)


def api_key_revoke(*, api_key: ApiKey) -> ApiKey:
    if api_key.revoked_at is None:
        api_key.revoked_at = timezone.now()
        api_key.save(update_fields=["revoked_at"])
    # Other processes drop their cached copy within API_KEY_CACHE_SECONDS.
    transaction.on_commit(lambda: invalidate_cached_key(api_key.prefix))
    return api_key


def api_key_touch(*, api_key_id: int) -> None:
    ApiKey.objects.filter(id=api_key_id).update(last_used_at=timezone.now())
