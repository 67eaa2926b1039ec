"""Writes for directory provisioning (SCIM): people and groups an identity provider manages.

A provisioned person's membership follows the directory: it exists while the person is active,
and its role is the strongest role the organization maps their groups to (member when none).
A directory never makes or unmakes an owner: owners are managed in the organization itself.
Deactivation removes the membership, revokes the API keys the person made in the organization
and, when the account belongs to no other organization, deactivates the account, which ends its
sessions; their websockets close within API_KEY_CACHE_SECONDS (accounts.sockets).
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field

from django.contrib.auth.validators import UnicodeUsernameValidator
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from accounts.actors import OPERATOR, operator_actor
from accounts.directory_selectors import role_for_groups
from accounts.keys import DIRECTORY_TOKEN_MARKER, generate_key, hash_key
from accounts.models import (
    ApiKey,
    DirectoryGroup,
    DirectoryToken,
    DirectoryUser,
    GroupRoleMapping,
    Membership,
    Organization,
    Role,
    User,
)
from accounts.services import api_key_revoke
from accounts.sessions import email_domain_allowed
from audit.services import audit_append

UNSET = object()  # an attribute a change leaves as it is


class DirectoryConflict(Exception):
    """The change clashes with an existing person or group (SCIM 409 uniqueness)."""


@dataclass(frozen=True)
class PersonChange:
    """Attributes a directory sets on a person; UNSET leaves one as it is."""

    user_name: object = UNSET
    external_id: object = UNSET
    email: object = UNSET
    given_name: object = UNSET
    family_name: object = UNSET
    active: object = UNSET


@dataclass(frozen=True)
class CreatedDirectoryToken:
    token: DirectoryToken
    plaintext: str  # shown once; never stored


@dataclass
class GroupMembersChange:
    add: list[DirectoryUser] = field(default_factory=list)
    remove: list[DirectoryUser] = field(default_factory=list)
    replace: list[DirectoryUser] | None = None


def directory_actor(token: DirectoryToken) -> str:
    return f"directory (SCIM token {token.prefix}…)"


def directory_token_create(
    *, organization: Organization, name: str, actor: str = OPERATOR
) -> CreatedDirectoryToken:
    prefix, plaintext = generate_key(DIRECTORY_TOKEN_MARKER)
    with transaction.atomic():
        token = DirectoryToken.objects.create(
            organization=organization, name=name, prefix=prefix, secret_hash=hash_key(plaintext)
        )
        _audit(organization.id, actor, "directory.token_created", f"scim_token:{prefix}", name=name)
    return CreatedDirectoryToken(token, plaintext)


def directory_token_revoke(*, token: DirectoryToken, actor: str = OPERATOR) -> DirectoryToken:
    if token.revoked_at is None:
        with transaction.atomic():
            token.revoked_at = timezone.now()
            token.save(update_fields=["revoked_at"])
            _audit(
                token.organization_id,
                actor,
                "directory.token_revoked",
                f"scim_token:{token.prefix}",
            )
    return token


def group_role_mapping_set(
    *, organization_id: int, group: str, role: str | None, actor: str
) -> GroupRoleMapping | None:
    """Maps a directory group to a role (None removes the mapping) and brings the roles of the
    group's provisioned members up to date. Owner cannot be granted by a group."""
    if role is not None and role not in (Role.ADMIN, Role.REVIEWER, Role.MEMBER):
        raise ValidationError({"role": "A group maps to admin, reviewer or member; never owner."})
    with transaction.atomic():
        GroupRoleMapping.objects.filter(organization_id=organization_id, group=group).delete()
        mapping = None
        if role is not None:
            mapping = GroupRoleMapping.objects.create(
                organization_id=organization_id, group=group, role=role
            )
        _audit(organization_id, actor, "directory.group_role_mapped", f"group:{group}", role=role)
        for person in DirectoryUser.objects.filter(
            organization_id=organization_id, groups__display_name=group
        ):
            _sync_membership(person, actor)
    return mapping


def directory_user_create(
    *, organization_id: int, change: PersonChange, actor: str
) -> DirectoryUser:
    user_name = _valid_user_name(change.user_name)
    _check_domains(organization_id, change, user_name)
    with transaction.atomic():
        if DirectoryUser.objects.filter(
            organization_id=organization_id, user_name=user_name
        ).exists():
            raise DirectoryConflict(f"A user with userName {user_name!r} already exists.")
        user = directory_account_for(organization_id=organization_id, user_name=user_name)
        person = DirectoryUser.objects.create(
            organization_id=organization_id,
            user=user,
            scim_id=uuid.uuid4(),
            user_name=user_name,
            active=True,
        )
        _apply(person, PersonChange(**{**change.__dict__, "user_name": UNSET}))
        _audit(organization_id, actor, "directory.user_created", _target(person), user=user_name)
        _sync_membership(person, actor)
    return person


def directory_user_update(
    *, person: DirectoryUser, change: PersonChange, actor: str
) -> DirectoryUser:
    with transaction.atomic():
        if change.user_name is not UNSET:
            user_name = _valid_user_name(change.user_name)
            taken = DirectoryUser.objects.filter(
                organization_id=person.organization_id, user_name=user_name
            ).exclude(id=person.id)
            if taken.exists():
                raise DirectoryConflict(f"A user with userName {user_name!r} already exists.")
            person.user_name = user_name
        was_active = person.active
        _apply(person, change)
        _audit(
            person.organization_id,
            actor,
            _activity_action(was_active, person.active),
            _target(person),
            changed=sorted(key for key, value in change.__dict__.items() if value is not UNSET),
        )
        _sync_membership(person, actor)
    return person


def directory_user_delete(*, person: DirectoryUser, actor: str) -> None:
    with transaction.atomic():
        person.active = False
        _sync_membership(person, actor)
        _audit(person.organization_id, actor, "directory.user_deleted", _target(person))
        person.delete()


def directory_group_create(
    *,
    organization_id: int,
    display_name: str,
    external_id: str,
    members: list[DirectoryUser],
    actor: str,
) -> DirectoryGroup:
    with transaction.atomic():
        _check_group_name(organization_id, display_name, exclude_id=None)
        group = DirectoryGroup.objects.create(
            organization_id=organization_id,
            scim_id=uuid.uuid4(),
            display_name=display_name,
            external_id=external_id,
        )
        _audit(organization_id, actor, "directory.group_created", _group_target(group))
        directory_group_change(
            group=group, members=GroupMembersChange(replace=members), actor=actor
        )
    return group


def directory_group_change(
    *,
    group: DirectoryGroup,
    members: GroupMembersChange,
    actor: str,
    display_name: str | None = None,
    external_id: str | None = None,
) -> DirectoryGroup:
    """Renames a group and changes its members; the roles of everyone affected follow."""
    with transaction.atomic():
        before = set(group.members.all())
        affected = set(before)
        if display_name is not None and display_name != group.display_name:
            _check_group_name(group.organization_id, display_name, exclude_id=group.id)
            group.display_name = display_name
        if external_id is not None:
            group.external_id = external_id
        group.updated_at = timezone.now()
        group.save()
        after = _members_after(before, members)
        group.members.set(after)
        affected |= after
        if after != before:
            _audit(
                group.organization_id,
                actor,
                "directory.group_members_changed",
                _group_target(group),
                added=sorted(person.user_name for person in after - before),
                removed=sorted(person.user_name for person in before - after),
            )
        for person in affected:
            _sync_membership(person, actor)
    return group


def directory_group_delete(*, group: DirectoryGroup, actor: str) -> None:
    with transaction.atomic():
        members = list(group.members.all())
        _audit(group.organization_id, actor, "directory.group_deleted", _group_target(group))
        group.delete()
        for person in members:
            _sync_membership(person, actor)


def _members_after(before: set[DirectoryUser], change: GroupMembersChange) -> set[DirectoryUser]:
    after = set(change.replace) if change.replace is not None else set(before)
    return (after | set(change.add)) - set(change.remove)


def _check_group_name(organization_id: int, display_name: str, *, exclude_id: int | None) -> None:
    if not display_name.strip():
        raise ValidationError({"displayName": "A group needs a displayName."})
    clash = DirectoryGroup.objects.filter(
        organization_id=organization_id, display_name=display_name
    )
    if exclude_id is not None:
        clash = clash.exclude(id=exclude_id)
    if clash.exists():
        raise DirectoryConflict(f"A group named {display_name!r} already exists.")


def _check_domains(organization_id: int, change: PersonChange, user_name: str) -> None:
    """The organization's allowed email domains, for the address and an address-like userName."""
    addresses = [user_name] if "@" in user_name else []
    if isinstance(change.email, str) and change.email:
        addresses.append(change.email)
    for address in addresses:
        if not email_domain_allowed(organization_id=organization_id, address=address):
            raise ValidationError({"userName": f"{address} is outside the allowed email domains."})


def _valid_user_name(value: object) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValidationError({"userName": "userName is required."})
    user_name = value.strip()
    if len(user_name) > 150:
        raise ValidationError({"userName": "userName has at most 150 characters."})
    try:
        UnicodeUsernameValidator()(user_name)
    except ValidationError:
        raise ValidationError(
            {"userName": "userName may hold letters, digits and @ . + - _ only."}
        ) from None
    return user_name


def directory_account_for(*, organization_id: int, user_name: str) -> User:
    """A new account without a password, or an existing one that belongs to this organization
    alone: a directory never takes over a person of another organization, an owner or staff."""
    user = User.objects.filter(username=user_name).first()
    if user is None:
        user = User(username=user_name)
        user.set_unusable_password()
        user.save()
        return user
    elsewhere = Membership.objects.filter(user=user).exclude(organization_id=organization_id)
    linked = DirectoryUser.objects.filter(user=user).exclude(organization_id=organization_id)
    owner = Membership.objects.filter(user=user, role=Role.OWNER).exists()
    if elsewhere.exists() or linked.exists() or owner or user.is_staff or user.is_superuser:
        raise DirectoryConflict(f"The userName {user_name!r} is taken by another account.")
    return user


def _apply(person: DirectoryUser, change: PersonChange) -> None:
    user = person.user
    for attribute, value in (
        ("email", change.email),
        ("first_name", change.given_name),
        ("last_name", change.family_name),
    ):
        if value is not UNSET:
            setattr(user, attribute, str(value or "")[:150])
    if change.external_id is not UNSET:
        person.external_id = str(change.external_id or "")[:255]
    if change.active is not UNSET:
        person.active = bool(change.active)
    if user.username != person.user_name and not _shared(user, person.organization_id):
        user.username = person.user_name
    user.save()
    person.updated_at = timezone.now()
    person.save()


def _shared(user: User, organization_id: int) -> bool:
    return Membership.objects.filter(user=user).exclude(organization_id=organization_id).exists()


def _sync_membership(person: DirectoryUser, actor: str) -> None:
    """The membership the directory implies: present while active, with the mapped role."""
    membership = Membership.objects.filter(
        organization_id=person.organization_id, user=person.user
    ).first()
    if membership is not None and membership.role == Role.OWNER:
        return  # owners are managed in the organization, never by its directory
    if not person.active:
        _end_membership(person, membership, actor)
        return
    role = role_for_groups(
        organization_id=person.organization_id,
        groups=person.groups.values_list("display_name", flat=True),
    )
    membership_role_follow(
        organization_id=person.organization_id, user=person.user, role=role, actor=actor
    )
    if not person.user.is_active:
        person.user.is_active = True
        person.user.save(update_fields=["is_active"])


def membership_role_follow(
    *, organization_id: int, user: User, role: str, actor: str
) -> Membership:
    """The membership with the role a directory or a sign-in's groups imply, created when
    missing; a change is audited (`membership.role_changed`). An owner stays an owner."""
    membership = Membership.objects.filter(organization_id=organization_id, user=user).first()
    if membership is not None and (membership.role == role or membership.role == Role.OWNER):
        return membership
    previous = membership.role if membership else None
    if membership is None:
        membership = Membership(organization_id=organization_id, user=user)
    membership.role = role
    membership.save()
    _audit(
        organization_id,
        actor,
        "membership.role_changed",
        f"user:{user.username}",
        previous=previous,
        role=role,
    )
    return membership


def _end_membership(person: DirectoryUser, membership: Membership | None, actor: str) -> None:
    user = person.user
    keys = ApiKey.objects.filter(
        organization_id=person.organization_id, created_by=user, revoked_at__isnull=True
    )
    # The directory, not a member, revokes them: its token is the authority here.
    directory = operator_actor(organization_id=person.organization_id, name=actor)
    for api_key in keys:
        api_key_revoke(actor=directory, api_key=api_key)
    if membership is not None:
        membership.delete()
        _audit(
            person.organization_id,
            actor,
            "membership.removed",
            f"user:{user.username}",
            previous=membership.role,
        )
    if user.is_active and not _shared(user, person.organization_id):
        # An inactive account's sessions no longer authenticate (Django checks is_active).
        user.is_active = False
        user.save(update_fields=["is_active"])


def _activity_action(was_active: bool, active: bool) -> str:
    if was_active and not active:
        return "directory.user_deactivated"
    if active and not was_active:
        return "directory.user_reactivated"
    return "directory.user_updated"


def _target(person: DirectoryUser) -> str:
    return f"scim_user:{person.scim_id}"


def _group_target(group: DirectoryGroup) -> str:
    return f"scim_group:{group.scim_id}"


def _audit(organization_id: int, actor: str, action: str, target: str, **data: object) -> None:
    audit_append(
        organization_id=organization_id, action=action, actor=actor, target=target, data=data
    )
