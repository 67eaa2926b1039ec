"""How runs reach approvals: the gate named by LONGHAUL_APPROVAL_GATE (a port, like memory's),
never an import of the approvals app."""

from __future__ import annotations

from django.conf import settings

from agents.engine.approvals import ApprovalGate, RunFacts
from agents.plugins import import_dotted
from runs.models import Run


def approval_gate() -> ApprovalGate:
    gate: ApprovalGate = import_dotted(settings.LONGHAUL_APPROVAL_GATE)()
    return gate


def run_facts(run: Run) -> RunFacts:
    return RunFacts(
        run_id=str(run.id),
        organization_id=run.organization_id,
        workflow=run.workflow,
        tier=run.tier,
        tokens_used=run.prompt_tokens + run.completion_tokens,
        steps_used=run.step_count,
        requester_id=run.created_by_user_id,
        api_key_id=run.created_by_api_key_id,
    )
