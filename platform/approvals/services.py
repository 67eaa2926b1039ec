"""Writes for approvals: raising a request, deciding it (once), consuming it (once)."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from rest_framework.exceptions import NotFound, PermissionDenied

from accounts.models import User
from accounts.selectors import user_may_review
from agents.engine.types import arguments_digest
from approvals.models import ApprovalRequest, ApprovalStatus
from runs.errors import Conflict
from runs.events import event_append
from runs.models import Run


def approval_request_create(*, run: Run, payload: dict[str, Any]) -> ApprovalRequest:
    """Records the gated call a run stopped at; re-raising the same call reuses the request."""
    request, _ = ApprovalRequest.objects.get_or_create(
        run=run,
        step=int(payload["step"]),
        call_index=int(payload.get("call_index", 0)),
        digest=payload["digest"],
        defaults={
            "organization_id": run.organization_id,
            "tool": payload["tool"],
            "arguments": payload["arguments"],
            "reason": payload.get("reason", ""),
            "requested_by_kind": "agent",
            "requested_by_user": run.created_by_user,
            "requested_by_api_key": run.created_by_api_key,
        },
    )
    return request


def approval_decide(
    *,
    organization_id: int,
    approval_id: int,
    user: User | None,
    approve: bool,
    arguments: dict[str, Any] | None = None,
    comment: str = "",
) -> ApprovalRequest:
    """Approve, reject, or approve with edited arguments; the run resumes after commit."""
    with transaction.atomic():
        request = (
            ApprovalRequest.objects.select_for_update()
            .filter(id=approval_id, organization_id=organization_id)
            .first()
        )
        if request is None:
            raise NotFound("No such approval request.")
        decider = _check_decider(request, user)
        if request.status != ApprovalStatus.PENDING:
            raise Conflict(f"This request was already {request.status}.")
        _apply_decision(request, decider, approve, arguments, comment)
        _announce(request)
        from runs.services import run_resume

        run_resume(run_id=request.run_id)
    return request


def _check_decider(request: ApprovalRequest, user: User | None) -> User:
    if user is None:
        raise PermissionDenied("Approval decisions are made by a signed-in person, not an API key.")
    if not user_may_review(user=user, organization_id=request.organization_id):
        raise PermissionDenied("Only owners, admins and reviewers may decide approvals.")
    if request.requested_by_user_id == user.id:
        raise PermissionDenied("The requester of an approval may not decide it.")
    return user


def _apply_decision(
    request: ApprovalRequest,
    user: User,
    approve: bool,
    arguments: dict[str, Any] | None,
    comment: str,
) -> None:
    edited = arguments if approve and arguments is not None else None
    if edited is not None:
        _validate_arguments(request.tool, edited)
    request.status = ApprovalStatus.APPROVED if approve else ApprovalStatus.REJECTED
    request.decided_by, request.decided_at = user, timezone.now()
    request.edited_arguments = edited
    approved = edited if edited is not None else request.arguments
    request.approved_digest = arguments_digest(request.tool, approved) if approve else ""
    request.comment = comment
    request.save()


def _validate_arguments(tool: str, arguments: dict[str, Any]) -> None:
    from runs import toolbox

    toolbox.validate_arguments(tool, arguments)


def _announce(request: ApprovalRequest) -> None:
    event_append(
        run_id=request.run_id,
        kind="approval.decided",
        data={
            "approval_id": request.id,
            "tool": request.tool,
            "status": request.status,
            "edited": request.edited_arguments is not None,
            "step": request.step,
        },
    )


def approval_consume(*, run_id: UUID | str, step: int, digest: str, key: str) -> bool:
    """Marks the matching approval as used by `key`; False when none is usable."""
    request = (
        ApprovalRequest.objects.select_for_update()
        .filter(run_id=run_id, step=step, status=ApprovalStatus.APPROVED, approved_digest=digest)
        .filter(Q(consumed_key="") | Q(consumed_key=key))
        .first()
    )
    if request is None:
        return False
    if request.consumed_key != key:
        request.consumed_key = key
        request.save(update_fields=["consumed_key"])
    return True


def approvals_expire_for_run(*, run_id: UUID | str, reason: str) -> int:
    """Closes a cancelled run's pending requests so reviewers are not asked in vain."""
    return ApprovalRequest.objects.filter(run_id=run_id, status=ApprovalStatus.PENDING).update(
        status=ApprovalStatus.REJECTED, decided_at=timezone.now(), comment=reason
    )
