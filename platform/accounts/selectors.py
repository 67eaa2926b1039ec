"""Reads for accounts, including API key authentication."""

from __future__ import annotations

import contextlib
import logging
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db.models import QuerySet
from django.utils import timezone
from redis import RedisError

from accounts.key_generations import api_key_generation_bump, generation_cache_key
from accounts.keys import hashes_match, parse_key
from accounts.models import ApiKey, Membership, Organization, SignInPolicy, User

logger = logging.getLogger(__name__)
# Entries are (generation, principal) pairs. Processes of an earlier release, during a rolling
# upgrade, kept bare principals under "apikey:": neither reads the other's entries.
_CACHE_PREFIX = "apikey-stamped:"
_EARLIER_PREFIX = "apikey:"


class ApiKeyError(Exception):
    """The presented key cannot be used; the message is safe to show to the caller."""


@dataclass(frozen=True)
class KeyPrincipal:
    """What a valid API key grants, small enough to cache."""

    api_key_id: int
    prefix: str
    organization_id: int
    scopes: tuple[str, ...]
    allowed_tiers: tuple[str, ...]
    expires_at: datetime | None
    secret_hash: str
    # Set when a run's model calls act as the key that started it: the ledger bills that run.
    run_id: str = ""
    # Served first when a backend's slots are contended: the key's highest, or the run's own.
    priority: str = "normal"

    def may_use_tier(self, tier: str) -> bool:
        return not self.allowed_tiers or tier in self.allowed_tiers

    def has_scope(self, scope: str) -> bool:
        return scope in self.scopes


def api_key_authenticate(plaintext: str) -> KeyPrincipal:
    """Returns the key's principal or raises ApiKeyError (wrong, revoked or expired)."""
    parsed = parse_key(plaintext.strip())
    if parsed is None:
        raise ApiKeyError("Invalid API key format; keys look like lh_<prefix>_<secret>.")
    principal = _principal_for_prefix(parsed.prefix)
    if principal is None or not hashes_match(principal.secret_hash, parsed.secret_hash):
        raise ApiKeyError("Invalid API key.")
    if principal.expires_at is not None and principal.expires_at <= timezone.now():
        raise ApiKeyError("This API key has expired.")
    return principal


def _principal_for_prefix(prefix: str) -> KeyPrincipal | None:
    entry, generation = _cached(prefix)
    if isinstance(entry, tuple) and entry[0] == generation:
        return entry[1] or None
    api_key = ApiKey.objects.filter(prefix=prefix).first()
    principal = _to_principal(api_key) if api_key and api_key.revoked_at is None else None
    # Stamped with the generation read before the database, so a revocation committed since
    # makes this entry stale (accounts.key_generations). Negative results are cached too ("" is
    # falsy but not None) to blunt key guessing.
    _cache_set(_CACHE_PREFIX + prefix, (generation, principal or ""))
    return principal


# The cache lives in Redis and only spares the database: while Redis is unreachable, keys are
# checked against the database alone, so they keep working through a Redis outage.
def _cached(prefix: str) -> tuple[Any, int]:
    """The key's cached entry (None when there is none) and its current generation, in one
    round trip."""
    entry_key, generation_key = _CACHE_PREFIX + prefix, generation_cache_key(prefix)
    try:
        found = cache.get_many([entry_key, generation_key])
    except RedisError as error:
        logger.warning("API key cache unavailable, reading the database: %s", error)
        return None, 0
    return found.get(entry_key), int(found.get(generation_key) or 0)


def _cache_set(key: str, value: tuple[int, KeyPrincipal | str]) -> None:
    with contextlib.suppress(RedisError):  # already reported by the read just before
        cache.set(key, value, settings.API_KEY_CACHE_SECONDS)


def _to_principal(api_key: ApiKey) -> KeyPrincipal:
    return KeyPrincipal(
        api_key_id=api_key.id,
        prefix=api_key.prefix,
        organization_id=api_key.organization_id,
        scopes=tuple(api_key.scopes),
        allowed_tiers=tuple(api_key.allowed_tiers),
        expires_at=api_key.expires_at,
        secret_hash=api_key.secret_hash,
        priority=api_key.max_run_priority,
    )


def api_key_active(*, prefix: str) -> KeyPrincipal | None:
    """The principal of the key with this prefix while it may be used (neither revoked nor
    expired), read through the key cache like every authentication: None otherwise."""
    principal = _principal_for_prefix(prefix)
    if principal is None:
        return None
    if principal.expires_at is not None and principal.expires_at <= timezone.now():
        return None
    return principal


def invalidate_cached_key(prefix: str) -> None:
    """Every process's cached copy of the key is stale at once: the entry in Redis goes, and
    the raised generation tells the in-process layers (the gateway's) to load it again."""
    with contextlib.suppress(RedisError):  # the generation's bump reports an outage
        cache.delete_many([_CACHE_PREFIX + prefix, _EARLIER_PREFIX + prefix])
    api_key_generation_bump(prefix=prefix)


def organization_keys(*, organization: Organization) -> QuerySet[ApiKey]:
    return ApiKey.objects.filter(organization=organization)


def memberships_for_user(*, user: User) -> QuerySet[Membership]:
    return Membership.objects.filter(user=user).select_related("organization")


def organization_memberships(*, organization_id: int) -> QuerySet[Membership]:
    return Membership.objects.filter(organization_id=organization_id).select_related("user")


def sign_in_policy_get(*, organization_id: int) -> SignInPolicy | None:
    found = SignInPolicy.objects.filter(organization_id=organization_id)
    return found.select_related("break_glass_owner").first()


def membership_get(*, organization_id: int, membership_id: int) -> Membership | None:
    return (
        organization_memberships(organization_id=organization_id).filter(id=membership_id).first()
    )


def organization_get(*, organization_id: int) -> Organization:
    return Organization.objects.get(id=organization_id)


def trace_retention_overrides() -> dict[int, int]:
    """{organization id: days} for the organizations that set their own trace retention."""
    chosen = Organization.objects.filter(trace_retention_days__isnull=False)
    return {id_: int(days or 0) for id_, days in chosen.values_list("id", "trace_retention_days")}


def organization_ids_existing(*, organization_ids: set[int]) -> set[int]:
    """The ones of these ids whose organization still exists."""
    rows = Organization.objects.filter(id__in=organization_ids).values_list("id", flat=True)
    return set(rows)


def organization_slugs(*, organization_ids: set[int]) -> dict[int, str]:
    rows = Organization.objects.filter(id__in=organization_ids).values_list("id", "slug")
    return dict(rows)


def organization_with_slug(*, slug: str) -> Organization | None:
    return Organization.objects.filter(slug=slug).first()


def primary_membership(*, user: User) -> Membership | None:
    return memberships_for_user(user=user).first()


def user_role_in(*, user: User, organization_id: int) -> str | None:
    """The person's current role; a deactivated account has none anywhere."""
    if not user.is_active:
        return None
    membership = Membership.objects.filter(user=user, organization_id=organization_id).first()
    return membership.role if membership else None


def user_id_role_in(*, user_id: int, organization_id: int) -> str | None:
    """`user_role_in` for a person known by id (None when there is no such active person)."""
    membership = Membership.objects.filter(
        user_id=user_id, user__is_active=True, organization_id=organization_id
    ).first()
    return membership.role if membership else None


def api_key_get(*, organization_id: int, api_key_id: int) -> ApiKey | None:
    return (
        ApiKey.objects.filter(id=api_key_id, organization_id=organization_id)
        .select_related("created_by")
        .first()
    )


def api_key_unusable_reason(api_key: ApiKey) -> str | None:
    """Why a key may not act any more (revoked or expired), or None while it may."""
    if api_key.revoked_at is not None:
        return f"The API key {api_key.prefix}… was revoked."
    if api_key.expires_at is not None and api_key.expires_at <= timezone.now():
        return f"The API key {api_key.prefix}… has expired."
    return None


def key_principal(
    api_key: ApiKey, *, scopes: tuple[str, ...], run_id: str, priority: str
) -> KeyPrincipal:
    """A principal that acts as `api_key` with the given scopes, for one run's model calls at
    the run's priority."""
    return KeyPrincipal(
        api_key_id=api_key.id,
        prefix=api_key.prefix,
        organization_id=api_key.organization_id,
        scopes=scopes,
        allowed_tiers=tuple(api_key.allowed_tiers),
        expires_at=api_key.expires_at,
        secret_hash="",
        run_id=run_id,
        priority=priority,
    )
