from __future__ import annotations

from django.apps import AppConfig


class ApprovalsConfig(AppConfig):
    name = "approvals"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # /metrics exports the approval SLA figures beat keeps in the cache.
        from approvals.sla import register_collector

        register_collector()
