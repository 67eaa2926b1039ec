from __future__ import annotations

from django.apps import AppConfig


class GatewayConfig(AppConfig):
    name = "gateway"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from gateway.request_schema import compiled

        # The /v1 request schemas are compiled from the description at start-up: a description
        # that does not compile stops the process here, not on the first request.
        compiled()
