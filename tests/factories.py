"""Named test tenants and users, built through the services like real ones."""

from __future__ import annotations

from dataclasses import dataclass

from accounts.models import Organization, Role, User
from accounts.services import api_key_create, membership_create, organization_create


@dataclass
class TenantFixture:
    organization: Organization
    owner: User
    reviewer: User
    member: User
    api_key: str  # plaintext, every scope


def make_user(username: str, password: str = "correct horse battery staple") -> User:
    return User.objects.create_user(username=username, password=password)


def make_tenant(slug: str) -> TenantFixture:
    organization = organization_create(name=slug.title(), slug=slug)
    people = {}
    for role in (Role.OWNER, Role.REVIEWER, Role.MEMBER):
        user = make_user(f"{slug}-{role}")
        membership_create(organization=organization, user=user, role=role)
        people[role] = user
    key = api_key_create(organization=organization, name=f"{slug} key").plaintext
    return TenantFixture(
        organization, people[Role.OWNER], people[Role.REVIEWER], people[Role.MEMBER], key
    )
