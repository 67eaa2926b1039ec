"""Liveness and readiness: each dependency reports ok or down with a short reason."""

from __future__ import annotations

from dataclasses import dataclass

import httpx
from django.conf import settings
from django.db import connection

from agents.plugins import import_dotted


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


# Readiness answers quickly even when the route hangs; a gateway on this host answers in ms.
GATEWAY_TIMEOUT_S = 2.0


def check_gateway() -> dict[str, CheckResult]:
    """The route the agents' model calls take (the gateway, unless runs use another URL).

    No key is sent: the gateway's 401 in OpenAI's error format proves the route as well as a
    200 would, and readiness never needs a credential."""
    variable = (
        "LONGHAUL_AGENT_MODEL_URL" if settings.LONGHAUL_AGENT_MODEL_URL else "LONGHAUL_GATEWAY_URL"
    )
    base_url = getattr(settings, variable)
    try:
        reply = httpx.get(f"{base_url}/models", timeout=GATEWAY_TIMEOUT_S)
    except httpx.HTTPError as error:
        problem = f"{type(error).__name__}: {error}"
    else:
        if _speaks_openai(reply):
            return {"gateway": CheckResult(True, f"{base_url}: answers")}
        problem = f"HTTP {reply.status_code}, not an OpenAI-compatible API"
    return {"gateway": CheckResult(False, f"{base_url}: {problem} (check {variable})"[:300])}


def _speaks_openai(reply: httpx.Response) -> bool:
    """A model list, or an authentication error in OpenAI's format: anything else (a 404, a
    web page) means the URL points at some other server."""
    try:
        body = reply.json()
    except ValueError:
        return False
    if reply.status_code == 200:
        return isinstance(body, dict) and isinstance(body.get("data"), list)
    return reply.status_code in {401, 403} and isinstance(body, dict) and "error" in body


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
