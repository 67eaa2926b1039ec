"""Turns the start-up failures a user can cause into one line instead of a traceback."""

from __future__ import annotations


def one_line_startup_error(error: BaseException) -> str | None:
    from django.core.exceptions import ImproperlyConfigured
    from django.db import OperationalError as DjangoOperationalError

    if isinstance(error, ImproperlyConfigured):
        return str(error)
    if isinstance(error, DjangoOperationalError):
        first_line = str(error).strip().splitlines()[0] if str(error).strip() else repr(error)
        return f"cannot reach the database: {first_line}"
    try:
        import redis
    except ImportError:  # pragma: no cover
        return None
    if isinstance(error, redis.exceptions.ConnectionError):
        return f"cannot reach Redis: {error}"
    return None
