"""System (owners and admins): tiers and backends with health, breaker state and load, and the
readiness checks of /readyz as a page."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse

from accounts.actors import Rule
from accounts.roles import MANAGERS
from core.health import readiness
from dashboard.access import Viewer, dashboard_page
from dashboard.pages import page, refused_unless
from inference.breakers import breaker_states, describe_breaker
from inference.selectors import backends_enabled

# A read gate: the platform's backends and readiness are for owners and admins.
SEE_SYSTEM = Rule(MANAGERS, "see the system page")


@dashboard_page
def system(request: HttpRequest, viewer: Viewer) -> HttpResponse:
    refused = refused_unless(request, viewer, SEE_SYSTEM, section="system")
    if refused is not None:
        return refused
    breakers = breaker_states()
    backends = [
        {"backend": backend, "breaker": describe_breaker(breakers.get(backend.name)),
         "breaker_open": (breakers.get(backend.name) or {}).get("state") == "open"}
        for backend in backends_enabled()
    ]  # fmt: skip
    checks = sorted(readiness().items())
    context: dict[str, Any] = {
        "backends": backends,
        "checks": checks,
        "ready": all(result.ok for _, result in checks),
    }
    return page(request, viewer, "dashboard/system.html", context, section="system")
