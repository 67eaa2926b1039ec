from __future__ import annotations

from django.apps import AppConfig


class RunsConfig(AppConfig):
    name = "runs"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # /metrics exports the tool reliability and run failure figures beat keeps in the cache.
        from runs.metrics import register_collector
        from runs.queue_metrics import register_collector as register_queue_collector

        register_collector()
        register_queue_collector()
