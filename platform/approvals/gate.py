"""The platform's approval gate (`runs.gate.ApprovalGate`): runs reach the approvals app only
through this class, which `approvals.apps` installs when Django starts."""

from __future__ import annotations

from typing import Any

from accounts.selectors import user_id_role_in
from agents.engine.types import ApprovalDecision
from approvals import selectors, services
from approvals.policy import Facts, evaluate
from gateway.selectors import run_cost
from runs.gate import GateAction, GateVerdict, RunFacts
from runs.selectors import run_earlier_tool_calls


class DjangoApprovalGate:
    def evaluate(
        self, *, run: RunFacts, kind: str, name: str, arguments: dict[str, Any], registry: Any
    ) -> GateVerdict:
        version, rules = selectors.policy_current(organization_id=run.organization_id)
        facts = facts_for(run, kind=kind, name=name, arguments=arguments, rules=rules)
        verdict = evaluate(rules, facts, registry=registry, version=version)
        return GateVerdict(
            GateAction(verdict.action),
            verdict.reason,
            verdict.policy_version,
            verdict.rule_id,
            verdict.rule_name,
            verdict.trace,
        )

    def authorized(self, *, run_id: str, step: int, digest: str, key: str) -> bool:
        return selectors.approval_usable_for(run_id=run_id, step=step, digest=digest, key=key)

    def consume(self, *, run_id: str, step: int, digest: str, key: str) -> bool:
        return services.approval_consume(run_id=run_id, step=step, digest=digest, key=key)

    def decision(self, *, run_id: str, digest: str) -> ApprovalDecision | None:
        return selectors.approval_decision_for(run_id=run_id, digest=digest)

    def raise_request(self, *, run: RunFacts, payload: dict[str, Any]) -> dict[str, Any]:
        request = services.approval_request_raise(run=run, payload=payload)
        return {
            "approval_id": request.id,
            "kind": request.kind,
            "tool": request.tool,
            "reason": request.reason,
            "arguments": request.arguments,
            "digest": request.digest,
            "step": request.step,
            "quorum": request.quorum,
            "approver_roles": request.approver_roles,
            "deadline_at": request.deadline_at,
            "policy_version": request.policy_version,
        }

    def open_requests(self, *, run_id: str) -> int:
        return selectors.approvals_open_count(run_id=run_id)

    def close_for_run(self, *, run_id: str, reason: str) -> list[int]:
        return services.approvals_close_for_run(run_id=run_id, reason=reason)

    def withdraw_from_step(self, *, run_id: str, step: int, suffix: str) -> list[int]:
        return services.approvals_withdraw_from_step(run_id=run_id, step=step, suffix=suffix)


def facts_for(
    run: RunFacts, *, kind: str, name: str, arguments: dict[str, Any], rules: list[dict[str, Any]]
) -> Facts:
    """What the rules may look at for this call of the run (the costly facts only when a rule
    looks at them). The gate and the policy's dry runs build facts the same way."""
    return Facts(
        kind=kind,
        name=name,
        arguments=arguments,
        workflow=run.workflow,
        tier=run.tier,
        tokens_used=run.tokens_used,
        steps_used=run.steps_used,
        cost=_cost(run) if _uses(rules, "min_cost") else 0.0,
        requester_role=_role(run) if _uses(rules, "requester_roles") else None,
        earlier_calls=_earlier_calls(run) if _uses(rules, "run_total") else (),
    )


def _uses(rules: list[dict[str, Any]], condition: str) -> bool:
    """Whether any rule looks at `condition` (the facts that cost a query are fetched then)."""
    return any(condition in (rule.get("conditions") or {}) for rule in rules)


def _earlier_calls(run: RunFacts) -> tuple[tuple[str, dict[str, Any]], ...]:
    if not run.run_id:
        return ()
    calls = run_earlier_tool_calls(
        organization_id=run.organization_id, run_id=run.run_id, before_step=run.steps_used
    )
    return tuple(calls)


def _cost(run: RunFacts) -> float:
    if not run.run_id:
        return 0.0
    return float(run_cost(organization_id=run.organization_id, run_id=run.run_id))


def _role(run: RunFacts) -> str | None:
    if run.requester_id is None:
        return None
    return user_id_role_in(user_id=run.requester_id, organization_id=run.organization_id)
