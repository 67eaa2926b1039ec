from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from accounts.actors import operator_actor
from accounts.selectors import organization_with_slug
from accounts.sessions import sign_in_policy_set


class Command(BaseCommand):
    help = "Set an organization's session lifetime, idle timeout and allowed email domains."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("organization", help="organization slug")
        parser.add_argument("--session-lifetime-minutes", type=int, default=None)
        parser.add_argument("--idle-timeout-minutes", type=int, default=None)
        parser.add_argument("--allowed-email-domains", default="", help="comma-separated")

    def handle(self, *args: Any, **options: Any) -> None:
        organization = organization_with_slug(slug=options["organization"])
        if organization is None:
            raise CommandError(f"no organization with slug {options['organization']!r}")
        domains = [item for item in options["allowed_email_domains"].split(",") if item.strip()]
        sign_in_policy_set(
            actor=operator_actor(organization_id=organization.id),
            session_lifetime_minutes=options["session_lifetime_minutes"],
            idle_timeout_minutes=options["idle_timeout_minutes"],
            allowed_email_domains=domains,
        )
