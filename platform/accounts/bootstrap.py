"""The demo organization, admin user and API key that `make up` creates on first start."""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from django.db import transaction

from accounts.models import Organization, Role, User
from accounts.services import api_key_create, membership_create, organization_create

DEMO_SLUG = "demo"
DEMO_ADMIN = "admin"


@dataclass(frozen=True)
class DemoCredentials:
    username: str
    password: str
    api_key: str
    organization: str


@transaction.atomic
def demo_bootstrap() -> DemoCredentials | None:
    """Creates the demo tenant once; returns its credentials, or None when it already exists."""
    if Organization.objects.filter(slug=DEMO_SLUG).exists():
        return None
    organization = organization_create(name="Demo", slug=DEMO_SLUG)
    password = secrets.token_urlsafe(12)
    admin = User.objects.filter(username=DEMO_ADMIN).first()
    if admin is None:
        admin = User.objects.create_superuser(username=DEMO_ADMIN, email="", password=password)
    else:
        admin.set_password(password)
        admin.save(update_fields=["password"])
    membership_create(organization=organization, user=admin, role=Role.OWNER)
    created = api_key_create(organization=organization, name="demo key", created_by=admin)
    return DemoCredentials(DEMO_ADMIN, password, created.plaintext, organization.name)
