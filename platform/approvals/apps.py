from __future__ import annotations

from django.apps import AppConfig


class ApprovalsConfig(AppConfig):
    name = "approvals"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Imported here, not above: an app's modules load only once every app's models have.
        from approvals.gate import DjangoApprovalGate
        from approvals.sla import register_collector
        from runs.gate import approval_gate_install

        # Runs reach approvals only through the gate port they own; this is where it is wired.
        approval_gate_install(DjangoApprovalGate())
        # /metrics exports the approval SLA figures beat keeps in the cache.
        register_collector()
