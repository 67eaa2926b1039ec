"""Reads for approvals, always scoped by organization (or by the run they belong to)."""

from __future__ import annotations

from django.db.models import Q, QuerySet

from agents.engine.types import ApprovalDecision
from agents.tools import ToolRegistry
from approvals.models import ApprovalPolicy, ApprovalRequest, ApprovalStatus


def approval_list(*, organization_id: int, status: str | None = None) -> QuerySet[ApprovalRequest]:
    requests = ApprovalRequest.objects.filter(organization_id=organization_id).select_related(
        "run", "decided_by", "decided_by_api_key", "requested_by_user"
    )
    return requests.filter(status=status) if status else requests


def approval_get(*, organization_id: int, approval_id: int) -> ApprovalRequest | None:
    return approval_list(organization_id=organization_id).filter(id=approval_id).first()


def approval_usable_for(*, run_id: str, step: int, digest: str, key: str) -> bool:
    """True when an approved request of this run and step binds exactly `digest` and has not
    authorized a different tool call already (an approval is single-use)."""
    return (
        ApprovalRequest.objects.filter(
            run_id=run_id, step=step, status=ApprovalStatus.APPROVED, approved_digest=digest
        )
        .filter(Q(consumed_key="") | Q(consumed_key=key))
        .exists()
    )


def approval_decision_for(*, run_id: str, digest: str) -> ApprovalDecision | None:
    """The decision on a request of this run whose original or approved digest is `digest`."""
    request = (
        ApprovalRequest.objects.filter(run_id=run_id)
        .exclude(status=ApprovalStatus.PENDING)
        .filter(Q(digest=digest) | Q(approved_digest=digest))
        .select_related("decided_by")
        .order_by("-decided_at")
        .first()
    )
    if request is None:
        return None
    approved = request.status == ApprovalStatus.APPROVED
    return ApprovalDecision(
        approved=approved,
        arguments=request.edited_arguments
        if request.edited_arguments is not None
        else request.arguments,
        digest=request.approved_digest or request.digest,
        reviewer=request.decided_by.username if request.decided_by else "system",
        comment=request.comment,
    )


def policy_for_tool(
    *, organization_id: int, tool: str, registry: ToolRegistry | None = None
) -> ApprovalPolicy | None:
    """The organization's rule that covers calls to `tool`, if any: a rule naming the tool
    first, else one naming a capability of the tool or a tool it can stand in for. Without a
    registry only a rule naming the tool itself is found."""
    policies = list(ApprovalPolicy.objects.filter(organization_id=organization_id))
    exact = next((policy for policy in policies if policy.tool == tool), None)
    if exact is not None or registry is None:
        return exact
    return next(
        (
            policy
            for policy in policies
            if registry.rule_covers(tool, named_tool=policy.tool, capability=policy.capability)
        ),
        None,
    )


def policy_reason(policy: ApprovalPolicy, *, tool: str) -> str:
    if policy.reason:
        return policy.reason
    if policy.tool == tool:
        return f"your organization requires approval for {tool}"
    if policy.capability:
        return f"your organization requires approval for {policy.capability}, which {tool} has"
    return (
        f"your organization requires approval for {policy.tool}, and {tool} can do "
        f"everything {policy.tool} can"
    )
