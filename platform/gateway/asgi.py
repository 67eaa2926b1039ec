"""The gateway's place in the ASGI stack (the /v1 fast path mounts here)."""

from __future__ import annotations

from typing import Any


def wrap_http_application(django_http: Any) -> Any:
    return django_http
