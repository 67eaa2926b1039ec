from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import Resolver404
from django.views import defaults
from django.views.decorators.http import require_GET

from core.health import readiness
from core.problems import PROBLEM_CONTENT_TYPE

API_PREFIX = "/api/"


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


def not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """URLs that match no route: problem details under /api/, the page elsewhere."""
    if request.path.startswith(API_PREFIX):
        return _problem(404, "Not found", "No such API endpoint or object.")
    # A view's own message ("No such run.") is shown; the resolver's (the URL patterns it
    # tried) and bare class names never are.
    message = exception.args[0] if exception.args else ""
    shown = message if isinstance(message, str) and not isinstance(exception, Resolver404) else ""
    return render(request, "404.html", {"exception": shown}, status=404)


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    """Requests Django refuses before a view (a Host it does not serve, too many fields)."""
    if request.path.startswith(API_PREFIX):
        return _problem(400, "Bad request", "The request was refused before reaching the API.")
    return defaults.bad_request(request, exception)


def server_error(request: HttpRequest) -> HttpResponse:
    if request.path.startswith(API_PREFIX):
        return _problem(500, "Server error", "Internal server error.")
    return defaults.server_error(request)


def _problem(status: int, title: str, detail: str) -> JsonResponse:
    # Outside DRF (its exception handler renders the rest): the same problem details shape.
    body = {"type": "about:blank", "title": title, "status": status, "detail": detail}
    return JsonResponse(body, status=status, content_type=PROBLEM_CONTENT_TYPE)
