from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from accounts.lockout import sign_in_unlock


class Command(BaseCommand):
    help = "Lift a sign-in lockout: an account's failed attempts, an address's, or both."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--username", default="", help="the account that is locked")
        parser.add_argument("--address", default="", help="the client address that is locked")

    def handle(self, *args: Any, **options: Any) -> None:
        username, address = options["username"].strip(), options["address"].strip()
        if not username and not address:
            raise CommandError("name the account (--username), the address (--address) or both")
        removed = sign_in_unlock(
            username=username, address=address, actor="manage.py unlock_sign_in"
        )
        self.stdout.write(f"unlocked: {removed} record(s) of failed sign-ins cleared")
