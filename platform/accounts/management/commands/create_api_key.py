from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone

from accounts.actors import operator_actor
from accounts.models import Organization, User
from accounts.roles import Scope
from accounts.selectors import user_role_in
from accounts.services import api_key_create


class Command(BaseCommand):
    help = "Create an API key for an organization and print it once."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("organization", help="organization slug")
        parser.add_argument("--name", default="cli key")
        parser.add_argument("--scopes", default=",".join(Scope.values))
        parser.add_argument("--tiers", default="", help="comma-separated; empty allows all")
        parser.add_argument("--expires-in-days", type=int, default=None)
        parser.add_argument(
            "--owner",
            default="",
            help="username of the member the key acts for; role-gated actions (deciding "
            "approvals, purging memory) use this person's role. Without it the key acts as a "
            "member.",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        organization = Organization.objects.filter(slug=options["organization"]).first()
        if organization is None:
            raise CommandError(f"no organization with slug {options['organization']!r}")
        days = options["expires_in_days"]
        owner = _owner(organization, options["owner"])
        try:
            created = api_key_create(
                actor=operator_actor(organization_id=organization.id),
                name=options["name"],
                scopes=_split(options["scopes"]),
                allowed_tiers=_split(options["tiers"]),
                expires_at=timezone.now() + timedelta(days=days) if days else None,
                created_by=owner,
            )
        except ValidationError as error:
            raise CommandError("; ".join(error.messages)) from None
        self.stdout.write(created.plaintext)


def _owner(organization: Organization, username: str) -> User | None:
    if not username:
        return None
    user = User.objects.filter(username=username).first()
    if user is None or user_role_in(user=user, organization_id=organization.id) is None:
        raise CommandError(f"{username!r} is not an active member of {organization.slug!r}")
    return user


def _split(value: str) -> list[str]:
    return [item.strip() for item in value.split(",") if item.strip()]
