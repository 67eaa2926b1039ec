"""The gateway's place in the ASGI stack: /v1 and /metrics are answered here, ahead of
Django's middleware and URL resolver; everything else goes to Django."""

from __future__ import annotations

from typing import Any

from prometheus_client import CONTENT_TYPE_LATEST


def wrap_http_application(django_http: Any) -> Any:
    from gateway.app import v1_application

    async def application(scope: Any, receive: Any, send: Any) -> None:
        path = scope.get("path", "")
        if scope["type"] == "http" and (path == "/v1" or path.startswith("/v1/")):
            await v1_application(scope, receive, send)
        elif scope["type"] == "http" and path in AHEAD_OF_DJANGO:
            await AHEAD_OF_DJANGO[path](scope, receive, send)
        else:
            await django_http(scope, receive, send)

    return application


async def metrics_application(scope: Any, receive: Any, send: Any) -> None:
    from core.metrics import metrics_exposition
    from gateway.metrics import metrics_allowed

    headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
    if metrics_allowed(headers, scope.get("client")):
        status, body, ctype = 200, metrics_exposition(), CONTENT_TYPE_LATEST.encode()
    else:
        status, body, ctype = 403, b"metrics need a token or a loopback client\n", b"text/plain"
    await send(
        {"type": "http.response.start", "status": status, "headers": [(b"content-type", ctype)]}
    )
    await send({"type": "http.response.body", "body": body})


# Paths answered here besides /v1 (gateway.app.ROUTES); the tenant matrix enumerates them.
AHEAD_OF_DJANGO: dict[str, Any] = {"/metrics": metrics_application}
