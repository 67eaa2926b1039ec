from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser

from accounts.actors import operator_actor
from accounts.models import User
from accounts.selectors import organization_with_slug
from accounts.sso import sso_enforcement_set


class Command(BaseCommand):
    help = (
        "Require an organization's members to sign in through its identity provider (a local "
        "password stays for the break-glass owner only), or with --off stop requiring it."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("organization", help="organization slug")
        parser.add_argument("--break-glass-owner", default="", help="username of an owner")
        parser.add_argument("--off", action="store_true", help="stop requiring single sign-on")

    def handle(self, *args: Any, **options: Any) -> None:
        organization = organization_with_slug(slug=options["organization"])
        if organization is None:
            raise CommandError(f"no organization with slug {options['organization']!r}")
        username = options["break_glass_owner"]
        owner = User.objects.filter(username=username).first() if username else None
        if username and owner is None:
            raise CommandError(f"no person named {username!r}")
        try:
            sso_enforcement_set(
                required=not options["off"],
                break_glass_owner=owner,
                actor=operator_actor(organization_id=organization.id),
            )
        except ValidationError as error:
            raise CommandError("; ".join(error.messages)) from None
        state = "no longer requires" if options["off"] else "requires"
        self.stdout.write(f"{organization.slug} {state} single sign-on.")
