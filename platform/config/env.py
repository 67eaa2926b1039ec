"""Small typed readers for the environment; settings modules use nothing else.

Each reader raises `ConfigurationError` with a one-line message naming the variable, which the
entry points print without a traceback.
"""

from __future__ import annotations

import os
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit


class ConfigurationError(Exception):
    """A setting from the environment is missing or malformed."""


_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_str(name: str, default: str | None = None) -> str:
    value = os.environ.get(name, default)
    if value is None:
        raise ConfigurationError(f"{name} must be set")
    return value


def env_bool(name: str, default: bool = False) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    lowered = raw.strip().lower()
    if lowered in _TRUE:
        return True
    if lowered in _FALSE:
        return False
    raise ConfigurationError(f"{name} must be a boolean (1/0, true/false), got {raw!r}")


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        return int(raw)
    except ValueError:
        raise ConfigurationError(f"{name} must be an integer, got {raw!r}") from None


def env_float(name: str, default: float) -> float:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        return float(raw)
    except ValueError:
        raise ConfigurationError(f"{name} must be a number, got {raw!r}") from None


def env_choice(name: str, choices: tuple[str, ...], default: str = "") -> str:
    """One of `choices`, or `default` (which may be "" for "not set") when unset or empty."""
    value = os.environ.get(name, "").strip() or default
    if value and value not in choices:
        raise ConfigurationError(f"{name} must be one of {', '.join(choices)}, got {value!r}")
    return value


def env_list(name: str, default: list[str] | None = None) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return list(default or [])
    return [item.strip() for item in raw.split(",") if item.strip()]


def env_numbers(name: str) -> dict[str, float]:
    """`key=number,key=number` (e.g. organization slugs and their weights) as a dict."""
    numbers: dict[str, float] = {}
    for item in env_list(name):
        key, _, value = item.partition("=")
        try:
            numbers[key.strip()] = float(value)
        except ValueError:
            raise ConfigurationError(
                f"{name} must be key=number pairs separated by commas, got {item!r}"
            ) from None
    return numbers


def parse_database_url(url: str, *, name: str = "DATABASE_URL") -> dict[str, Any]:
    """Turns `postgresql://user:pass@host:port/db?host=/socket/dir` into Django's DATABASES entry."""
    parts = urlsplit(url)
    if parts.scheme not in {"postgres", "postgresql", "pgsql"}:
        raise ConfigurationError(
            f"{name} must look like postgresql://user:password@host:5432/dbname, got {url!r}"
        )
    database = unquote(parts.path.lstrip("/"))
    if not database or "/" in database:
        raise ConfigurationError(f"{name} must name a database, e.g. postgresql://host/longhaul")
    query = parse_qs(parts.query)
    try:
        port = parts.port
    except ValueError:
        raise ConfigurationError(f"{name} has an invalid port: {url!r}") from None
    host = query.pop("host", [parts.hostname or ""])[0]
    if not host:
        raise ConfigurationError(f"{name} must name a host or a socket directory (?host=/path)")
    return {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": database,
        "USER": unquote(parts.username or ""),
        "PASSWORD": unquote(parts.password or ""),
        "HOST": host,
        "PORT": str(port or ""),
        "OPTIONS": {key: values[0] for key, values in query.items()},
    }


def validate_redis_url(url: str, *, name: str = "REDIS_URL") -> str:
    parts = urlsplit(url)
    if parts.scheme not in {"redis", "rediss", "unix"} or not (parts.hostname or parts.path):
        raise ConfigurationError(f"{name} must look like redis://127.0.0.1:6379/0, got {url!r}")
    return url


# A server bound to every interface is reached from this machine through loopback.
_WILDCARD_HOSTS = {"": "127.0.0.1", "0.0.0.0": "127.0.0.1", "::": "[::1]", "[::]": "[::1]"}


def local_url(host: str, port: int, path: str = "") -> str:
    """The URL a process on this machine uses to reach a server listening on host:port."""
    host = _WILDCARD_HOSTS.get(host, host)
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"
    return f"http://{host}:{port}{path}"
