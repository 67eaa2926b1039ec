"""The two database roles: the owner that migrations connect as, and the application's.

The platform's processes connect with DATABASE_URL, as a role that owns nothing: it may read and
write the product's tables but only read and append to the audit log, and cannot change the
schema or truncate anything, so an attacker holding its connection cannot rewrite history.
Migrations connect as the owner: DATABASE_OWNER_URL (same database, another role), or for the
embedded server its superuser. Without an owner, one role does everything and `migrate` says so.
"""

from __future__ import annotations

from typing import Any

from config.env import ConfigurationError, env_str, parse_database_url

# What an owner's URL replaces in the application's connection settings; the database stays.
CREDENTIALS = ("USER", "PASSWORD", "HOST", "PORT", "OPTIONS")


def owner_settings(app: dict[str, Any]) -> dict[str, Any] | None:
    """The owner's connection settings for the application's database, None without one."""
    url = env_str("DATABASE_OWNER_URL", "")
    if not url:
        from config.embedded_db import owner_of

        return owner_of(app)
    owner = parse_database_url(url, name="DATABASE_OWNER_URL")
    if owner["NAME"] != app["NAME"]:
        raise ConfigurationError(
            f"DATABASE_OWNER_URL names database {owner['NAME']!r} and DATABASE_URL "
            f"{app['NAME']!r}: both must name the same database (as two roles)"
        )
    return {**app, **{name: owner[name] for name in CREDENTIALS}}
