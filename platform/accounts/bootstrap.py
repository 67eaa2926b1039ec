"""The demo organization, users and API key that `make up` creates on first start."""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from django.db import transaction

from accounts.actors import operator_actor
from accounts.models import Organization, Role, User
from accounts.services import api_key_create, membership_create, organization_create

DEMO_SLUG = "demo"
DEMO_ADMIN = "admin"
# A second person: the requester of an approval never decides it, so runs started with the
# admin's demo key need someone else to approve them.
DEMO_REVIEWER = "reviewer"


@dataclass(frozen=True)
class DemoCredentials:
    username: str
    password: str
    api_key: str
    organization: str
    reviewer_username: str
    reviewer_password: str


@transaction.atomic
def demo_bootstrap() -> DemoCredentials | None:
    """Creates the demo tenant once; returns its credentials, or None when it already exists."""
    if Organization.objects.filter(slug=DEMO_SLUG).exists():
        return None
    organization = organization_create(name="Demo", slug=DEMO_SLUG)
    password = secrets.token_urlsafe(12)
    admin = _person(DEMO_ADMIN, password, superuser=True)
    membership_create(organization=organization, user=admin, role=Role.OWNER)
    reviewer_password = secrets.token_urlsafe(12)
    reviewer = _person(DEMO_REVIEWER, reviewer_password, superuser=False)
    membership_create(organization=organization, user=reviewer, role=Role.REVIEWER)
    created = api_key_create(
        actor=operator_actor(organization_id=organization.id), name="demo key", created_by=admin
    )
    return DemoCredentials(
        DEMO_ADMIN,
        password,
        created.plaintext,
        organization.name,
        DEMO_REVIEWER,
        reviewer_password,
    )


def _person(username: str, password: str, *, superuser: bool) -> User:
    """The named user with this password: made now, or an existing one given it."""
    person = User.objects.filter(username=username).first()
    if person is None and superuser:
        return User.objects.create_superuser(username=username, email="", password=password)
    if person is None:
        return User.objects.create_user(username=username, password=password)
    person.set_password(password)
    person.save(update_fields=["password"])
    return person
