"""Liveness and readiness: each dependency reports ok or down with a short reason."""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.db import connection

from core.plugins import import_dotted


@dataclass(frozen=True)
class CheckResult:
    ok: bool
    detail: str

    def as_dict(self) -> dict[str, str]:
        return {"status": "ok" if self.ok else "down", "detail": self.detail}


def check_database() -> dict[str, CheckResult]:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT extversion FROM pg_extension WHERE extname = 'vector'")
            row = cursor.fetchone()
    except Exception as error:
        return {"database": CheckResult(False, _first_line(error))}
    if row is None:
        return {"database": CheckResult(False, "pgvector extension is not installed")}
    return {"database": CheckResult(True, f"postgresql with pgvector {row[0]}")}


def check_redis() -> dict[str, CheckResult]:
    import redis

    client = redis.Redis.from_url(settings.REDIS_URL, socket_connect_timeout=1, socket_timeout=1)
    try:
        client.ping()
    except redis.RedisError as error:
        return {"redis": CheckResult(False, _first_line(error))}
    finally:
        client.close()
    return {"redis": CheckResult(True, "ping ok")}


def readiness() -> dict[str, CheckResult]:
    results: dict[str, CheckResult] = {}
    for dotted in settings.LONGHAUL_READINESS_CHECKS:
        try:
            results.update(import_dotted(dotted)())
        except Exception as error:  # a broken check must not hide the others
            results[dotted] = CheckResult(False, _first_line(error))
    return results


def _first_line(error: BaseException) -> str:
    text = str(error).strip() or error.__class__.__name__
    return text.splitlines()[0][:300]
