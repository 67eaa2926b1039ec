"""PostgreSQL whose test database is created, cloned and dropped as the owner role.

The suite connects as the application's role, as the platform does, so what the tests exercise
is what that role may do; creating and dropping databases (and `migrate`, core.roles) is the
owner's job, as it is in a deployment.
"""

from __future__ import annotations

from typing import Any

from django.db.backends.postgresql import base, creation

from core.roles import as_owner, close_owner_connections


class DatabaseCreation(creation.DatabaseCreation):
    def _create_test_db(self, verbosity: int, autoclobber: bool, keepdb: bool = False) -> Any:
        with as_owner(self.connection):
            return super()._create_test_db(verbosity, autoclobber, keepdb)  # type: ignore[misc]

    def _clone_test_db(self, suffix: Any, verbosity: int, keepdb: bool = False) -> None:
        with as_owner(self.connection):
            super()._clone_test_db(suffix, verbosity, keepdb)  # type: ignore[misc]

    def _destroy_test_db(self, test_database_name: str, verbosity: int) -> None:
        close_owner_connections()
        with as_owner(self.connection):
            super()._destroy_test_db(test_database_name, verbosity)  # type: ignore[misc]


class DatabaseWrapper(base.DatabaseWrapper):
    creation_class = DatabaseCreation
