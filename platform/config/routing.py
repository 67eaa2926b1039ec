"""Websocket routes and the HTTP application, gathered from the apps."""

from __future__ import annotations

from typing import Any

from dashboard.routing import websocket_urlpatterns as dashboard_websockets
from runs.routing import websocket_urlpatterns as runs_websockets

websocket_urlpatterns: list[Any] = [*runs_websockets, *dashboard_websockets]


def http_application(django_http: Any) -> Any:
    """The HTTP side of the ASGI app; the gateway may serve /v1 ahead of Django's stack."""
    from gateway.asgi import wrap_http_application

    return wrap_http_application(django_http)
