from __future__ import annotations

from typing import Any

from django.urls import path

from dashboard.consumers import DocumentProgressConsumer

websocket_urlpatterns: list[Any] = [
    path("ws/documents/<int:document_id>", DocumentProgressConsumer.as_asgi()),
]
