"""Reads for approvals, always scoped by organization (or by the run they belong to)."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.db.models import F, Q, QuerySet

from agents.engine.types import ApprovalDecision
from approvals.models import (
    ApprovalPolicyVersion,
    ApprovalRequest,
    ApprovalRule,
    ApprovalStatus,
    RequestKind,
)
from approvals.policy import evaluate
from runs.toolbox import registry

_DECIDED = (ApprovalStatus.APPROVED, ApprovalStatus.REJECTED, ApprovalStatus.EXPIRED)


def approval_list(
    *, organization_id: int, status: str | None = None, run_id: UUID | str | None = None
) -> QuerySet[ApprovalRequest]:
    requests = (
        ApprovalRequest.objects.filter(organization_id=organization_id)
        .select_related("run", "decided_by", "decided_by_api_key", "requested_by_user")
        .prefetch_related("votes")
    )
    if run_id is not None:
        requests = requests.filter(run_id=run_id)
    return requests.filter(status=status) if status else requests


def approval_queue(*, organization_id: int) -> QuerySet[ApprovalRequest]:
    """The open requests (pending or escalated) a reviewer should take first: those with the
    closest deadline, then the oldest."""
    open_requests = approval_list(organization_id=organization_id).filter(
        status__in=(ApprovalStatus.PENDING, ApprovalStatus.ESCALATED)
    )
    return open_requests.order_by(F("deadline_at").asc(nulls_last=True), "created_at", "id")


def approval_get(*, organization_id: int, approval_id: int) -> ApprovalRequest | None:
    return approval_list(organization_id=organization_id).filter(id=approval_id).first()


def approval_usable_for(*, run_id: UUID | str, step: int, digest: str, key: str) -> bool:
    """True when an approved request of this run and step binds exactly `digest` and has not
    authorized a different tool call already (an approval is single-use)."""
    return (
        ApprovalRequest.objects.filter(
            run_id=run_id,
            step=step,
            kind=RequestKind.TOOL,
            status=ApprovalStatus.APPROVED,
            approved_digest=digest,
        )
        .filter(Q(consumed_key="") | Q(consumed_key=key))
        .exists()
    )


def approval_decision_for(*, run_id: UUID | str, digest: str) -> ApprovalDecision | None:
    """The decision on a request of this run whose original or approved digest is `digest`:
    approved (possibly with edited arguments), rejected, or expired (a rejection by time)."""
    request = (
        ApprovalRequest.objects.filter(run_id=run_id, kind=RequestKind.TOOL, status__in=_DECIDED)
        .filter(Q(digest=digest) | Q(approved_digest=digest))
        .select_related("decided_by")
        .order_by("-decided_at")
        .first()
    )
    if request is None:
        return None
    return ApprovalDecision(
        approved=request.status == ApprovalStatus.APPROVED,
        arguments=request.proposed_arguments,
        digest=request.approved_digest or request.digest,
        reviewer=_decider(request),
        comment=request.comment,
    )


def _decider(request: ApprovalRequest) -> str:
    if request.decided_by is not None:
        return request.decided_by.username
    return "the deadline" if request.resolution == "deadline" else "system"


def approvals_open_count(*, run_id: UUID | str) -> int:
    return ApprovalRequest.objects.filter(
        run_id=run_id, status__in=(ApprovalStatus.PENDING, ApprovalStatus.ESCALATED)
    ).count()


# --- policy -------------------------------------------------------------------------------------
def rule_list(*, organization_id: int) -> QuerySet[ApprovalRule]:
    return ApprovalRule.objects.filter(organization_id=organization_id).order_by("position", "id")


def rule_get(*, organization_id: int, rule_id: int) -> ApprovalRule | None:
    return rule_list(organization_id=organization_id).filter(id=rule_id).first()


def policy_versions(*, organization_id: int) -> QuerySet[ApprovalPolicyVersion]:
    return ApprovalPolicyVersion.objects.filter(organization_id=organization_id).order_by(
        "-version"
    )


def policy_version_get(*, organization_id: int, version: int) -> ApprovalPolicyVersion | None:
    return policy_versions(organization_id=organization_id).filter(version=version).first()


def policy_current(*, organization_id: int) -> tuple[int, list[dict[str, Any]]]:
    """The latest version number and its rules (0 and none before the first rule)."""
    latest = (
        policy_versions(organization_id=organization_id).values_list("version", "rules").first()
    )
    return (int(latest[0]), list(latest[1])) if latest else (0, [])


def policy_explain(
    *, organization_id: int, facts: Any, version: int | None = None
) -> tuple[Any, dict[str, Any] | None]:
    """What the policy (the latest, or `version`) decides for these facts, with every rule's
    reason to match or not; None as the verdict when no such version exists."""
    if version is None:
        number, rules = policy_current(organization_id=organization_id)
    else:
        found = policy_version_get(organization_id=organization_id, version=version)
        if found is None:
            return None, None
        number, rules = found.version, list(found.rules)
    verdict = evaluate(rules, facts, registry=registry(), version=number)
    rule = next((r for r in rules if r["id"] == verdict.rule_id), None)
    return verdict, rule
