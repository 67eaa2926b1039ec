from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from django.views.decorators.http import require_GET

from core.health import readiness


@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    return JsonResponse({"status": "ok"})


@require_GET
def readyz(request: HttpRequest) -> JsonResponse:
    checks = readiness()
    ready = all(result.ok for result in checks.values())
    body = {
        "status": "ok" if ready else "down",
        "checks": {name: result.as_dict() for name, result in checks.items()},
    }
    return JsonResponse(body, status=200 if ready else 503)
