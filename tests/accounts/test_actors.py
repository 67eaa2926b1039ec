"""Write services check who acts themselves: called directly, with no view in front of them, a
too-low role is refused and nothing changes; the platform acting as an operator passes and is
named in the audit log."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from accounts.actors import Actor, actor_for
from accounts.models import ApiKey, Membership, User
from accounts.roles import Role
from accounts.services import (
    api_key_create,
    api_key_revoke,
    membership_invite,
    membership_role_set,
)
from audit.models import AuditEntry
from core.errors import Forbidden, NotFound
from memory.services import memory_purge_organization
from tests.factories import TenantFixture, operator

pytestmark = pytest.mark.django_db


def as_person(tenant: TenantFixture, role: str) -> Actor:
    person: dict[str, User] = {
        Role.OWNER: tenant.owner,
        Role.REVIEWER: tenant.reviewer,
        Role.MEMBER: tenant.member,
    }
    return actor_for(organization_id=tenant.organization.id, user=person[role], api_key_id=None)


def test_a_member_cannot_create_or_revoke_keys_whoever_calls_the_service(
    acme: TenantFixture,
) -> None:
    keys_before = ApiKey.objects.count()
    with pytest.raises(Forbidden, match="Only owners and admins may create API keys"):
        api_key_create(actor=as_person(acme, Role.MEMBER), name="sneaky")
    assert ApiKey.objects.count() == keys_before

    key = ApiKey.objects.get(organization=acme.organization)
    with pytest.raises(Forbidden, match="Only owners and admins may revoke API keys"):
        api_key_revoke(actor=as_person(acme, Role.REVIEWER), api_key=key)
    key.refresh_from_db()
    assert key.revoked_at is None


def test_a_reviewer_cannot_change_roles_and_an_admin_cannot_make_owners(
    acme: TenantFixture,
) -> None:
    membership = Membership.objects.get(organization=acme.organization, user=acme.member)
    with pytest.raises(Forbidden, match="may change roles"):
        membership_role_set(
            actor=as_person(acme, Role.REVIEWER), membership=membership, role="admin"
        )
    admin = Actor(acme.organization.id, acme.owner, None, Role.ADMIN)
    with pytest.raises(ValidationError, match="Only owners may make or unmake owners"):
        membership_role_set(actor=admin, membership=membership, role=Role.OWNER)
    membership.refresh_from_db()
    assert membership.role == Role.MEMBER


def test_membership_changes_are_audited_with_who_made_them_and_refusals_leave_no_entry(
    acme: TenantFixture,
) -> None:
    owner = as_person(acme, Role.OWNER)
    invitation = membership_invite(actor=owner, username="newcomer", role=Role.REVIEWER)
    membership_role_set(actor=owner, membership=invitation.membership, role=Role.ADMIN)
    membership_role_set(actor=owner, membership=invitation.membership, role=Role.ADMIN)
    with pytest.raises(Forbidden):
        membership_role_set(
            actor=as_person(acme, Role.MEMBER), membership=invitation.membership, role="member"
        )

    entries = AuditEntry.objects.filter(
        organization_id=acme.organization.id, target="user:newcomer"
    ).order_by("seq")
    assert [(e.action, e.actor, e.data) for e in entries] == [
        (
            "membership.invited",
            acme.owner.username,
            {"role": Role.REVIEWER, "new_account": True},
        ),
        (
            "membership.role_changed",
            acme.owner.username,
            {"previous": Role.REVIEWER, "role": Role.ADMIN},
        ),
    ]


def test_an_owner_of_one_organization_cannot_reach_anothers_key(
    acme: TenantFixture, globex: TenantFixture
) -> None:
    theirs = ApiKey.objects.get(organization=globex.organization)
    with pytest.raises(NotFound):
        api_key_revoke(actor=as_person(acme, Role.OWNER), api_key=theirs)
    theirs.refresh_from_db()
    assert theirs.revoked_at is None


def test_purging_memory_is_for_managers_and_the_operator_is_audited(acme: TenantFixture) -> None:
    with pytest.raises(Forbidden, match="may delete all memory"):
        memory_purge_organization(actor=as_person(acme, Role.REVIEWER))
    # No item: embedding one would load a model, and the refusal is what is tested here.
    assert memory_purge_organization(actor=operator(acme.organization)) == {
        "items": 0,
        "documents": 0,
    }

    created = api_key_create(actor=operator(acme.organization), name="ci")
    entry = AuditEntry.objects.filter(organization_id=acme.organization.id).latest("seq")
    assert (entry.action, entry.actor) == ("api_key.created", "test setup")
    assert entry.target == f"api_key:{created.api_key.prefix}"
