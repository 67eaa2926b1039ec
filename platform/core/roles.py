"""Connecting as the database's owner role, and what the application's role may do.

Settings hold both (`DATABASES["default"]`, the application's; `DATABASE_OWNER`, see
config.database_roles). `migrate` runs as the owner and then grants the application's role the
rows of every table, less where `DATABASE_APP_TABLE_PRIVILEGES` says: the audit log is
append-only for it, so a stolen application connection cannot truncate, delete or change it.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, transaction
from django.db.backends.base.base import BaseDatabaseWrapper

from config.database_roles import CREDENTIALS

SINGLE_ROLE_WARNING = (
    "WARNING: migrations ran as the application's own database role ({role}), which therefore "
    "owns every table: whoever holds DATABASE_URL can truncate or rewrite the audit log. Set "
    "DATABASE_OWNER_URL to an owner role for migrations and give DATABASE_URL a role that owns "
    "nothing (docs/deployment.md, 'Database roles')."
)
_owner_copies: dict[tuple[str, str], BaseDatabaseWrapper] = {}


def separate_owner(connection: BaseDatabaseWrapper) -> dict[str, Any] | None:
    """The owner's connection settings when they name another role than `connection`'s."""
    owner = getattr(settings, "DATABASE_OWNER", None)
    if connection.alias != DEFAULT_DB_ALIAS or not owner:
        return None
    if owner["USER"] == connection.settings_dict["USER"]:
        return None
    return dict(owner)


@contextmanager
def as_owner(connection: BaseDatabaseWrapper) -> Iterator[None]:
    """Runs the block with `connection` logged in as the owner role, on the same database."""
    owner = separate_owner(connection)
    if owner is None:
        yield
        return
    if connection.in_atomic_block:
        raise RuntimeError("a connection cannot change roles inside a transaction")
    saved = {name: connection.settings_dict[name] for name in CREDENTIALS}
    connection.close()
    connection.settings_dict.update({name: owner[name] for name in CREDENTIALS})
    try:
        yield
    finally:
        connection.close()
        connection.settings_dict.update(saved)


@contextmanager
def migrating(connection: BaseDatabaseWrapper) -> Iterator[None]:
    """Runs the block as the owner, then grants the application's role what it may do on
    whatever the block created (what `migrate` does around its work)."""
    role = str(connection.settings_dict["USER"])
    if separate_owner(connection) is None:
        yield
        return
    with as_owner(connection):
        try:
            yield
        finally:
            grant_application_privileges(connection, role)


def owner_connection(connection: BaseDatabaseWrapper) -> BaseDatabaseWrapper:
    """A second connection to `connection`'s database as the owner, kept for reuse (the test
    suite's flush runs after every transactional test); `connection` itself without one."""
    owner = separate_owner(connection)
    if owner is None:
        return connection
    key = (connection.alias, str(connection.settings_dict["NAME"]))
    if key not in _owner_copies:
        copy = connection.copy()
        copy.settings_dict.update({name: owner[name] for name in CREDENTIALS})
        _owner_copies[key] = copy
    kept = _owner_copies[key]
    if kept.connection is not None and not kept.is_usable():  # the server restarted meanwhile
        kept.close()
    return kept


def close_owner_connections() -> None:
    """Closes the kept owner connections (a database cannot be dropped while they are open)."""
    for copy in _owner_copies.values():
        copy.close()
    _owner_copies.clear()


def grant_application_privileges(connection: BaseDatabaseWrapper, role: str) -> None:
    """Run as the owner: `role` may read and write every table's rows (never truncate, alter or
    own one), and only what DATABASE_APP_TABLE_PRIVILEGES lists where it lists a table."""
    quote = connection.ops.quote_name
    who = quote(role)
    with transaction.atomic(using=connection.alias), connection.cursor() as cursor:
        cursor.execute("SELECT current_schema()")
        schema = quote(cursor.fetchone()[0])
        cursor.execute(f"GRANT USAGE ON SCHEMA {schema} TO {who}")
        cursor.execute(
            f"GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA {schema} TO {who}"
        )
        cursor.execute(f"GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA {schema} TO {who}")
        tables = set(connection.introspection.table_names(cursor))
        for table, privileges in settings.DATABASE_APP_TABLE_PRIVILEGES.items():
            if table in tables:
                cursor.execute(f"REVOKE ALL ON {quote(table)} FROM {who}")
                cursor.execute(f"GRANT {', '.join(privileges)} ON {quote(table)} TO {who}")
