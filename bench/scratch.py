"""A throwaway database on the embedded PostgreSQL for one benchmark run."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def scratch_database(name: str) -> Iterator[str]:
    """Creates `name` afresh, yields its URL, and drops it afterwards (Django's connections too)."""
    import psycopg

    from config import embedded_db

    root = embedded_db.data_dir()
    embedded_db.ensure_running(root)
    admin = embedded_db.database_url(root, "postgres")
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield embedded_db.database_url(root, name)
    finally:
        from django.db import connections

        connections.close_all()
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
