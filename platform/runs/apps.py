from __future__ import annotations

from django.apps import AppConfig


class RunsConfig(AppConfig):
    name = "runs"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Imported here, not above: an app's modules load only once every app's models have.
        from gateway.runs_port import runs_port_install
        from runs import credentials, selectors
        from runs.metrics import register_collector
        from runs.queue_metrics import register_collector as register_queue_collector

        # /metrics exports the tool reliability and run failure figures beat keeps in the cache.
        register_collector()
        register_queue_collector()
        # /v1 accepts a run's own token and the usage ledger is read by workflow; the gateway
        # sits below runs and never imports them.
        runs_port_install(tokens=credentials, directory=selectors)
