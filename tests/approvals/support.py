"""Helpers for approval tests: runs stopped at a gated call, rules, votes, people."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from accounts.actors import actor_for
from accounts.models import User
from accounts.services import membership_create
from approvals.models import ApprovalRequest, ApprovalRule, ApprovalStatus
from approvals.rules import approval_rule_create
from approvals.services import approval_decide
from runs.models import Run, RunStatus
from runs.services import run_advance, run_start
from tests.factories import TenantFixture, make_user, operator
from tests.support.fake_openai import FakeOpenAI

OPEN = (ApprovalStatus.PENDING, ApprovalStatus.ESCALATED)


def person(tenant: TenantFixture, name: str, role: str) -> User:
    user = make_user(f"{tenant.organization.slug}-{name}")
    membership_create(organization=tenant.organization, user=user, role=role)
    return user


def rule(tenant: TenantFixture, **data: Any) -> ApprovalRule:
    data.setdefault("name", "test rule")
    data.setdefault("action", "require_approval")
    return approval_rule_create(actor=operator(tenant.organization), data=data)


def pay_call(ledger: Path, amount: float, payee: str = "acme-supplies") -> dict[str, Any]:
    arguments = {"ledger": str(ledger), "amount": amount, "payee": payee}
    return {"tool_calls": [{"name": "pay", "arguments": arguments}]}


def pay_arguments(ledger: Path, amount: float, payee: str = "acme-supplies") -> dict[str, Any]:
    return {"ledger": str(ledger), "amount": amount, "payee": payee}


def start(
    tenant: TenantFixture,
    model: FakeOpenAI,
    script: list[dict[str, Any]],
    *,
    by: User | None = None,
    budgets: dict[str, Any] | None = None,
) -> Run:
    model.script = script
    return run_start(
        organization=tenant.organization,
        workflow="effects",
        input={"task": "pay the supplier"},
        created_by_user=by or tenant.member,
        budgets=budgets,
    )


def advance(run: Run) -> Run:
    run_advance(run_id=str(run.id), owner="w")
    run.refresh_from_db()
    return run


def paused(run: Run) -> ApprovalRequest:
    """Advances the run to its gated call; returns the open request it waits on."""
    run = advance(run)
    assert run.status == RunStatus.AWAITING_APPROVAL, (run.status, run.error)
    return ApprovalRequest.objects.get(run=run, status__in=OPEN)


def vote(
    tenant: TenantFixture, request: ApprovalRequest, user: User | None, **kwargs: Any
) -> ApprovalRequest:
    decided = approval_decide(
        actor=actor_for(
            organization_id=tenant.organization.id,
            user=user,
            api_key_id=kwargs.pop("api_key_id", None),
        ),
        approval_id=request.id,
        approve=kwargs.pop("approve", True),
        **kwargs,
    )
    request.refresh_from_db()
    return decided


def paid(ledger: Path) -> list[str]:
    """The payments that ran: "<amount> <payee>" per execution."""
    path = ledger / "payments.log"
    lines = path.read_text().split("\n")[:-1] if path.exists() else []
    return [line.split(" ", 1)[1] for line in lines]
