"""`flush` for the test database: what pytest-django runs after every transactional test.

Django's flush TRUNCATEs every table (on PostgreSQL each truncation creates new files for the
table and its indexes) and then runs post_migrate, which writes the content types and
permissions again: about 0.13 s a test, most of a transactional test's cost here. Tables that
hold a test's few rows empty faster with DELETE, and post_migrate's tables can simply be kept,
since nothing a test does changes them. Foreign keys are deferred (Django creates them
DEFERRABLE), so the order of the deletes does not matter. A table whose triggers refuse
DELETE (the append-only audit log) is still truncated. A flush that resets sequences is left to
Django's own command.

The suite connects as the application's role, which may neither truncate nor delete audit
entries; the flush works as the owner role (core.roles), through a second connection that is
kept open from one test to the next.
"""

from __future__ import annotations

from typing import Any

from django.core.management.commands import flush
from django.db import connections

from core.roles import as_owner, owner_connection

# Written by post_migrate from the models alone.
KEPT = {"django_content_type", "auth_permission"}
# Tables with a row trigger on DELETE (pg_trigger.tgtype bit 3).
REFUSING_DELETE = """
    SELECT DISTINCT c.relname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
    WHERE NOT t.tgisinternal AND (t.tgtype & 8) <> 0
"""


class Command(flush.Command):
    def handle(self, **options: Any) -> None:
        connection = connections[options["database"]]
        if options.get("reset_sequences", True) or options.get("interactive", True):
            with as_owner(connection):
                super().handle(**options)
            return
        tables = connection.introspection.django_table_names(
            only_existing=True, include_views=False
        )
        owner = owner_connection(connection)
        quote = connection.ops.quote_name
        with owner.cursor() as cursor, owner.connection.transaction():
            cursor.execute(REFUSING_DELETE)
            truncated = {table for (table,) in cursor.fetchall()} & set(tables)
            cursor.execute("SET CONSTRAINTS ALL DEFERRED")
            for table in sorted(set(tables) - KEPT - truncated):
                cursor.execute(f"DELETE FROM {quote(table)}")
            for table in sorted(truncated):
                cursor.execute(f"SELECT EXISTS (SELECT FROM {quote(table)})")
                if cursor.fetchone()[0]:  # a truncation writes new files: only when needed
                    cursor.execute(f"TRUNCATE {quote(table)}")
