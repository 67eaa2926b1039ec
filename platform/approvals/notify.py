"""What each step of a request's life tells the world: the run's event stream (live in the
dashboard), the organization's webhooks, and the audit log (appended last)."""

from __future__ import annotations

from typing import Any

from approvals import reviewers
from approvals.models import ApprovalRequest, ApprovalStatus, ApprovalVote, RequestKind
from audit.services import audit_append
from runs.events import event_append
from webhooks.services import webhook_event_emit

SYSTEM = "system"


def summary(request: ApprovalRequest) -> dict[str, Any]:
    """The request as webhooks and events show it."""
    return {
        "approval_id": request.id,
        "run_id": str(request.run_id),
        "kind": request.kind,
        "tool": request.tool,
        "arguments": request.proposed_arguments,
        "digest": request.proposed_digest or request.digest,
        "original_digest": request.digest,
        "reason": request.reason,
        "step": request.step,
        "status": request.status,
        "quorum": request.quorum,
        "approver_roles": request.approver_roles,
        "deadline_at": request.deadline_at,
        "deadline_action": request.deadline_action,
        "policy_version": request.policy_version,
        "rule": request.rule_name,
    }


def requested(request: ApprovalRequest) -> None:
    kind = "budget.requested" if request.kind == RequestKind.BUDGET else "approval.requested"
    data = {**summary(request), **_told(request)}
    webhook_event_emit(organization_id=request.organization_id, type=kind, data=data)
    reviewers.schedule(request)
    requester = request.requested_by_user.username if request.requested_by_user else None
    _audit(
        request,
        "approval.requested",
        actor=f"agent for {requester}" if requester else "agent",
        actor_user_id=request.requested_by_user_id,
        data={
            "tool": request.tool,
            "arguments": request.arguments,
            "digest": request.digest,
            "quorum": request.quorum,
            "approver_roles": request.approver_roles,
            "deadline_at": request.deadline_at,
            "policy_version": request.policy_version,
            "rule": request.rule_name,
        },
    )


def _told(request: ApprovalRequest) -> dict[str, Any]:
    """Who is emailed about the request (approvals.reviewers) and where they decide it."""
    people = [person.username for person in reviewers.reviewers_of(request)]
    return {"notify": people, "review_url": reviewers.review_url(request)}


def voted(request: ApprovalRequest, vote: ApprovalVote) -> None:
    """A vote that did not close the request yet."""
    event_append(
        run_id=request.run_id,
        kind="approval.voted",
        data={
            "approval_id": request.id,
            "voter": vote.voter_name,
            "decision": vote.decision,
            "edited": vote.edited_arguments is not None,
            "digest": vote.digest,
        },
    )
    _audit_vote(request, vote)


def closed(request: ApprovalRequest, vote: ApprovalVote | None) -> None:
    if vote is not None:
        _audit_vote(request, vote)
    data = {
        "approval_id": request.id,
        "tool": request.tool,
        "status": request.status,
        "edited": request.edited_arguments is not None,
        "step": request.step,
        "kind": request.kind,
        "resolution": request.resolution,
    }
    if request.resolution != "run":
        event_append(run_id=request.run_id, kind="approval.decided", data=data)
    webhook_event_emit(
        organization_id=request.organization_id,
        type=_closed_webhook(request),
        data={
            **summary(request),
            "resolution": request.resolution,
            "decided_by": request.decided_by.username if request.decided_by else None,
            "decided_at": request.decided_at,
            "comment": request.comment,
        },
    )
    actor = vote.voter_name if vote is not None else f"{SYSTEM} ({request.resolution})"
    _audit(
        request,
        f"approval.{request.status}",
        actor=actor,
        actor_user_id=vote.voter_id if vote else None,
        data={
            "resolution": request.resolution,
            "approved_digest": request.approved_digest,
            "comment": request.comment,
        },
    )


def _closed_webhook(request: ApprovalRequest) -> str:
    if request.kind == RequestKind.BUDGET:
        return "budget.decided"
    return {
        ApprovalStatus.EXPIRED: "approval.expired",
        ApprovalStatus.CANCELLED: "approval.cancelled",
    }.get(ApprovalStatus(request.status), "approval.decided")


def escalated(request: ApprovalRequest) -> None:
    data = {
        "approval_id": request.id,
        "to_role": request.escalate_to_role,
        "deadline_at": request.deadline_at,
        "escalations": request.escalations,
    }
    event_append(run_id=request.run_id, kind="approval.escalated", data=data)
    webhook_event_emit(
        organization_id=request.organization_id,
        type="approval.escalated",
        data={**summary(request), **_told(request)},
    )
    reviewers.schedule(request)
    _audit(request, "approval.escalated", actor=f"{SYSTEM} (deadline)", data=data)


def reminded(request: ApprovalRequest) -> None:
    data = {
        "approval_id": request.id,
        "deadline_at": request.deadline_at,
        "approver_roles": request.approver_roles,
    }
    event_append(run_id=request.run_id, kind="approval.reminder", data=data)
    webhook_event_emit(
        organization_id=request.organization_id, type="approval.reminder", data=summary(request)
    )


def _audit_vote(request: ApprovalRequest, vote: ApprovalVote) -> None:
    _audit(
        request,
        "approval.voted",
        actor=_voter(vote),
        actor_user_id=vote.voter_id,
        data={
            "decision": vote.decision,
            "digest": vote.digest,
            "role": vote.role,
            "edited_arguments": vote.edited_arguments,
            "diff": vote.edit_diff,
            "comment": vote.comment,
        },
    )


def _voter(vote: ApprovalVote) -> str:
    through = f" through API key #{vote.api_key_id}" if vote.api_key_id else ""
    return vote.voter_name + through


def _audit(
    request: ApprovalRequest,
    action: str,
    *,
    actor: str,
    actor_user_id: int | None = None,
    data: dict[str, Any],
) -> None:
    audit_append(
        organization_id=request.organization_id,
        action=action,
        actor=actor,
        actor_user_id=actor_user_id,
        target=f"approval:{request.id}",
        data={"run": str(request.run_id), "kind": request.kind, **data},
    )
