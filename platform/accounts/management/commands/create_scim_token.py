from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from accounts.directory_services import directory_token_create
from accounts.selectors import organization_with_slug


class Command(BaseCommand):
    help = (
        "Create the bearer token an organization's identity provider uses for SCIM; printed once."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("organization", help="organization slug")
        parser.add_argument("--name", default="identity provider")

    def handle(self, *args: Any, **options: Any) -> None:
        organization = organization_with_slug(slug=options["organization"])
        if organization is None:
            raise CommandError(f"no organization with slug {options['organization']!r}")
        created = directory_token_create(organization=organization, name=options["name"])
        self.stdout.write(created.plaintext)
