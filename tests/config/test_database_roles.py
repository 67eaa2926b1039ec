"""The owner and application roles: how settings find the owner, and the embedded server's
application role, created on every start when missing (a data directory from before it)."""

from __future__ import annotations

import os

import psycopg
import pytest

from config import embedded_db
from config.database_roles import owner_settings
from config.env import ConfigurationError, parse_database_url

APP = parse_database_url("postgresql://app:secret@db.internal:6432/longhaul?sslmode=require")


def test_the_owner_url_replaces_the_role_and_keeps_the_database(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("DATABASE_OWNER_URL", "postgresql://owner:pw@db.internal:5432/longhaul")

    owner = owner_settings(APP)

    assert owner is not None
    assert (owner["USER"], owner["PASSWORD"], owner["PORT"]) == ("owner", "pw", "5432")
    assert owner["NAME"] == "longhaul"
    assert owner["OPTIONS"] == {}


def test_an_owner_url_for_another_database_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_OWNER_URL", "postgresql://owner@db.internal/other")

    with pytest.raises(ConfigurationError, match="same database"):
        owner_settings(APP)


def test_one_url_has_no_owner_and_the_embedded_server_has_its_superuser(
    monkeypatch: pytest.MonkeyPatch, tmp_path: object
) -> None:
    monkeypatch.delenv("DATABASE_OWNER_URL", raising=False)
    embedded = parse_database_url(embedded_db.app_database_url(embedded_db.data_dir()))

    assert owner_settings(APP) is None
    owner = owner_settings(embedded)
    assert owner is not None
    assert (owner["USER"], owner["HOST"]) == ("postgres", embedded["HOST"])


def test_a_running_server_without_the_application_role_gets_it_on_the_next_start(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A role name of this test's own, so that the shared server's real role is never dropped
    role = f"longhaul_app_upgrade_{os.getpid()}"
    monkeypatch.setattr(embedded_db, "APP_ROLE", role)
    root = embedded_db.data_dir()
    query = (
        "SELECT rolcanlogin, rolsuper, rolcreatedb, rolcreaterole FROM pg_roles WHERE rolname = %s"
    )
    try:
        assert embedded_db.ensure_running(root) is False  # running already: an upgrade
        with psycopg.connect(embedded_db.database_url(root, "postgres")) as connection:
            assert connection.execute(query, [role]).fetchone() == (True, False, False, False)
    finally:
        with psycopg.connect(embedded_db.database_url(root, "postgres"), autocommit=True) as c:
            c.execute(f'DROP ROLE IF EXISTS "{role}"')
