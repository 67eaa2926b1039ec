from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone

from accounts.models import Organization, Scope
from accounts.services import api_key_create


class Command(BaseCommand):
    help = "Create an API key for an organization and print it once."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("organization", help="organization slug")
        parser.add_argument("--name", default="cli key")
        parser.add_argument("--scopes", default=",".join(Scope.values))
        parser.add_argument("--tiers", default="", help="comma-separated; empty allows all")
        parser.add_argument("--expires-in-days", type=int, default=None)

    def handle(self, *args: Any, **options: Any) -> None:
        organization = Organization.objects.filter(slug=options["organization"]).first()
        if organization is None:
            raise CommandError(f"no organization with slug {options['organization']!r}")
        days = options["expires_in_days"]
        try:
            created = api_key_create(
                organization=organization,
                name=options["name"],
                scopes=_split(options["scopes"]),
                allowed_tiers=_split(options["tiers"]),
                expires_at=timezone.now() + timedelta(days=days) if days else None,
            )
        except ValidationError as error:
            raise CommandError("; ".join(error.messages)) from None
        self.stdout.write(created.plaintext)


def _split(value: str) -> list[str]:
    return [item.strip() for item in value.split(",") if item.strip()]
