"""`migrate` as the owner role, then the application's role granted what it may do (core.roles).

Without a separate owner (DATABASE_URL alone) the migrations run as the application's role, as
before, and a warning says what that leaves open.
"""

from __future__ import annotations

from typing import Any

from django.core.management.commands import migrate
from django.db import connections

from core.roles import SINGLE_ROLE_WARNING, as_owner, migrating, separate_owner


class Command(migrate.Command):
    def handle(self, *args: Any, **options: Any) -> None:
        connection = connections[options["database"]]
        role = str(connection.settings_dict["USER"] or "the connecting user")
        if separate_owner(connection) is None:
            super().handle(*args, **options)
            self.stderr.write(self.style.WARNING(SINGLE_ROLE_WARNING.format(role=role)))
            return
        if options.get("plan"):  # changes nothing: nothing to grant
            with as_owner(connection):
                super().handle(*args, **options)
            return
        with migrating(connection):
            super().handle(*args, **options)
