"""A strict Content-Security-Policy on every HTML response.

Pages load scripts and styles only from this origin (the vendored libraries under /static/), never
inline: agent output that slipped past escaping still could not run. Websockets go to the same
host ('self' covers ws: and wss: there). Responses that set their own policy (artifact bytes served
inline, which get a sandboxing one) keep it.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse

DEFAULT_POLICY = {
    "default-src": "'self'",
    "script-src": "'self'",
    "style-src": "'self'",
    "img-src": "'self' data: blob:",
    "font-src": "'self'",
    "connect-src": "'self'",
    "media-src": "'self' blob:",
    "worker-src": "'self' blob:",
    "object-src": "'none'",
    "frame-src": "'self'",
    "frame-ancestors": "'self'",
    "base-uri": "'self'",
    "form-action": "'self'",
}


def policy_header() -> str:
    policy = {**DEFAULT_POLICY, **getattr(settings, "LONGHAUL_CSP_OVERRIDES", {})}
    return "; ".join(f"{name} {value}" for name, value in policy.items())


class ContentSecurityPolicyMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.header = policy_header()

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if "Content-Security-Policy" not in response:
            response["Content-Security-Policy"] = self.header
        return response
