"""Websocket routes and the HTTP application, gathered from the apps."""

from __future__ import annotations

from typing import Any

from dashboard.routing import websocket_urlpatterns as dashboard_websockets
from runs.routing import websocket_urlpatterns as runs_websockets

websocket_urlpatterns: list[Any] = [*runs_websockets, *dashboard_websockets]


def http_application(django_http: Any) -> Any:
    """The HTTP side of the ASGI app; the gateway may serve /v1 ahead of Django's stack. In
    front of Django: request rates (gateway.rest_limits), then body limits (core.guards), so
    that a refused request is answered before a byte of its body is read."""
    from core.guards import limit_request_bodies
    from gateway.asgi import wrap_http_application
    from gateway.rest_limits import rate_limit_requests
    from mcpserver.asgi import wrap_mcp

    edge = rate_limit_requests(limit_request_bodies(wrap_mcp(django_http)))
    return wrap_http_application(edge)
