"""Reads for directory provisioning (SCIM): tokens, provisioned people and groups, role mapping."""

from __future__ import annotations

import uuid
from collections.abc import Iterable

from django.db.models import QuerySet

from accounts.keys import DIRECTORY_TOKEN_MARKER, hashes_match, parse_key
from accounts.models import (
    DirectoryGroup,
    DirectoryToken,
    DirectoryUser,
    GroupRoleMapping,
    Role,
)

# Strongest first: a person in several mapped groups gets the strongest of their roles.
ROLE_ORDER = (Role.OWNER, Role.ADMIN, Role.REVIEWER, Role.MEMBER)


def directory_token_authenticate(plaintext: str) -> DirectoryToken | None:
    """The unrevoked token `plaintext` is, or None."""
    parsed = parse_key(plaintext.strip(), marker=DIRECTORY_TOKEN_MARKER)
    if parsed is None:
        return None
    token = DirectoryToken.objects.filter(prefix=parsed.prefix, revoked_at__isnull=True).first()
    if token is None or not hashes_match(token.secret_hash, parsed.secret_hash):
        return None
    return token


def directory_users(*, organization_id: int) -> QuerySet[DirectoryUser]:
    return DirectoryUser.objects.filter(organization_id=organization_id).select_related("user")


def directory_user_get(*, organization_id: int, scim_id: str) -> DirectoryUser | None:
    parsed = _uuid(scim_id)
    if parsed is None:
        return None
    return directory_users(organization_id=organization_id).filter(scim_id=parsed).first()


def directory_groups(*, organization_id: int) -> QuerySet[DirectoryGroup]:
    return DirectoryGroup.objects.filter(organization_id=organization_id).prefetch_related(
        "members"
    )


def directory_group_get(*, organization_id: int, scim_id: str) -> DirectoryGroup | None:
    parsed = _uuid(scim_id)
    if parsed is None:
        return None
    return directory_groups(organization_id=organization_id).filter(scim_id=parsed).first()


def directory_users_with_ids(
    *, organization_id: int, scim_ids: Iterable[str]
) -> list[DirectoryUser]:
    """The organization's provisioned people among `scim_ids`; others' ids are simply absent."""
    parsed = [value for value in (_uuid(item) for item in scim_ids) if value is not None]
    return list(directory_users(organization_id=organization_id).filter(scim_id__in=parsed))


def role_for_groups(*, organization_id: int, groups: Iterable[str]) -> str:
    """The strongest role the organization maps any of `groups` to; member when none is mapped.
    Owner is never granted through a group."""
    names = set(groups)
    mapped = set(
        GroupRoleMapping.objects.filter(organization_id=organization_id, group__in=names)
        .exclude(role=Role.OWNER)
        .values_list("role", flat=True)
    )
    return next((role for role in ROLE_ORDER if role in mapped), Role.MEMBER)


def group_role_mappings(*, organization_id: int) -> QuerySet[GroupRoleMapping]:
    return GroupRoleMapping.objects.filter(organization_id=organization_id)


def _uuid(value: str) -> uuid.UUID | None:
    try:
        return uuid.UUID(str(value))
    except ValueError:
        return None
