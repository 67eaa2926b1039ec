from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser

from accounts.actors import OPERATOR
from accounts.directory_services import group_role_mapping_set
from accounts.selectors import organization_with_slug


class Command(BaseCommand):
    help = "Map a directory group (SCIM group or sign-in claim) to a role in an organization."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("organization", help="organization slug")
        parser.add_argument("group", help="the group's display name, as the directory sends it")
        parser.add_argument("role", help="admin, reviewer or member; 'none' removes the mapping")

    def handle(self, *args: Any, **options: Any) -> None:
        organization = organization_with_slug(slug=options["organization"])
        if organization is None:
            raise CommandError(f"no organization with slug {options['organization']!r}")
        role = None if options["role"] == "none" else options["role"]
        try:
            group_role_mapping_set(
                organization_id=organization.id, group=options["group"], role=role, actor=OPERATOR
            )
        except ValidationError as error:
            raise CommandError("; ".join(error.messages)) from None
