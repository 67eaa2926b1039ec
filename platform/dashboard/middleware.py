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


# Swagger UI (the API reference) sets style attributes and <style> elements from its scripts;
# its page alone may apply inline styles. Scripts stay limited to this origin there too.
INLINE_STYLE_PATHS = ("/api/docs/",)


def policy_header(*, inline_styles: bool = False) -> str:
    policy = {**DEFAULT_POLICY, **getattr(settings, "LONGHAUL_CSP_OVERRIDES", {})}
    if inline_styles:
        policy["style-src"] = f"{policy['style-src']} 'unsafe-inline'"
    return "; ".join(f"{name} {value}" for name, value in policy.items())


class ContentSecurityPolicyMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.header = policy_header()
        self.inline_styles_header = policy_header(inline_styles=True)

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if "Content-Security-Policy" not in response:
            relaxed = request.path.startswith(INLINE_STYLE_PATHS)
            response["Content-Security-Policy"] = (
                self.inline_styles_header if relaxed else self.header
            )
        return response
