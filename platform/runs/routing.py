from __future__ import annotations

from typing import Any

from django.urls import path

from runs.consumers import RunEventsConsumer

websocket_urlpatterns: list[Any] = [
    path("ws/runs/<uuid:run_id>", RunEventsConsumer.as_asgi()),
]
