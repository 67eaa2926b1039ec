"""Production settings pass Django's deploy checks; start-up mistakes print one line."""

from __future__ import annotations

import os
import subprocess
import sys

from tests.support.processes import REPO

PRODUCTION_ENV = {
    "DJANGO_SETTINGS_MODULE": "config.settings.production",
    "SECRET_KEY": "k3y-" + "x7Qp9vL2mZ" * 6,
    "DATABASE_URL": "postgresql://longhaul:pw@db.example.com:5432/longhaul",
    "REDIS_URL": "redis://redis.example.com:6379/0",
    "ALLOWED_HOSTS": "longhaul.example.com",
}


def manage(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=REPO,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_deploy_check_is_clean_with_production_settings() -> None:
    result = manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION_ENV)
    assert result.returncode == 0, result.stderr
    assert "no issues" in result.stdout


def test_production_refuses_a_weak_secret_key_in_one_line() -> None:
    result = manage("check", **{**PRODUCTION_ENV, "SECRET_KEY": "short"})
    assert result.returncode != 0
    assert (
        result.stderr.strip()
        == "error: SECRET_KEY must be at least 50 random characters in production"
    )


def test_malformed_database_url_is_one_line_not_a_traceback() -> None:
    result = manage("check", DATABASE_URL="mysql://nope")
    assert result.returncode != 0
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("error: DATABASE_URL must look like postgresql://")


def test_unreachable_database_is_one_line_not_a_traceback() -> None:
    result = manage("migrate", "--check", DATABASE_URL="postgresql://nobody@127.0.0.1:1/none")
    assert result.returncode != 0
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("error: cannot reach the database")
