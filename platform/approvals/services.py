"""Writes for approvals: raising a request, deciding it (once), consuming it (once)."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from rest_framework.exceptions import NotFound, PermissionDenied

from accounts.models import User
from accounts.permissions import REVIEWERS, Actor, actor_for, require_role
from agents.engine.types import arguments_digest
from agents.tools.spec import Capability
from approvals.models import ApprovalPolicy, ApprovalRequest, ApprovalStatus
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
    api_key_id: int | None = None,
) -> ApprovalRequest:
    """Approve, reject, or approve with edited arguments; the run resumes after commit.

    The decider is a signed-in `user`, or the owner of the API key `api_key_id` (a key decides
    with its owner's current role); see `_check_decider` for who may decide what.
    """
    with transaction.atomic():
        request = (
            ApprovalRequest.objects.select_for_update(of=("self",))
            .filter(id=approval_id, organization_id=organization_id)
            .select_related("requested_by_api_key", "run")
            .first()
        )
        if request is None:
            raise NotFound("No such approval request.")
        actor = actor_for(organization_id=organization_id, user=user, api_key_id=api_key_id)
        _check_decider(request, actor)
        if request.status != ApprovalStatus.PENDING:
            raise Conflict(f"This request was already {request.status}.")
        _apply_decision(request, actor, approve, arguments, comment)
        _announce(request)
        from runs.services import run_resume

        run_resume(run_id=request.run_id)
    return request


def requester_ids(request: ApprovalRequest) -> set[int]:
    """Every person on whose behalf the request was raised: the run's starter, the requester
    of record, and the owner of the key that started the run."""
    key = request.requested_by_api_key
    candidates = (
        request.requested_by_user_id,
        request.run.created_by_user_id,
        key.created_by_id if key is not None else None,
    )
    return {person for person in candidates if person is not None}


def _check_decider(request: ApprovalRequest, actor: Actor) -> None:
    """The rule: a person with role owner, admin or reviewer now, who is not a requester.

    Through an API key the person is the key's owner, so a reviewer who starts a run with a key
    they own still cannot approve it, by session or by key. A key never decides a request raised
    by its own run. A request with no person behind it (a run started by an ownerless key, or by
    the platform) has nobody to compare against, so a signed-in reviewer must decide it: a
    system holding both a `runs` and an `approvals` key must not approve itself.
    """
    if actor.person is None and actor.api_key_id is None:
        raise PermissionDenied("Approval decisions are made by a person, not anonymously.")
    require_role(actor, REVIEWERS, action="decide approvals")
    if actor.person is None:  # an ownerless key acts as a member; kept explicit for safety
        raise PermissionDenied("An API key without an owner may not decide approvals.")
    requesters = requester_ids(request)
    if actor.person.id in requesters:
        raise PermissionDenied(
            f"The requester of an approval may not decide it: {actor.person.username} started "
            "this run"
            + (" (through an API key they own)." if request.run.created_by_api_key_id else ".")
        )
    if actor.api_key_id is not None and actor.api_key_id == request.requested_by_api_key_id:
        raise PermissionDenied("An API key may not decide a request raised by its own run.")
    if actor.api_key_id is not None and not requesters:
        raise PermissionDenied(
            "This request has no accountable requester (the run was started by a key without "
            "an owner); a signed-in reviewer must decide it, not an API key."
        )


def _apply_decision(
    request: ApprovalRequest,
    actor: Actor,
    approve: bool,
    arguments: dict[str, Any] | None,
    comment: str,
) -> None:
    edited = arguments if approve and arguments is not None else None
    if edited is not None:
        _validate_arguments(request.tool, edited)
    request.status = ApprovalStatus.APPROVED if approve else ApprovalStatus.REJECTED
    request.decided_by, request.decided_at = actor.person, timezone.now()
    request.decided_by_api_key_id = actor.api_key_id
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


def approval_policy_set(
    *, organization_id: int, tool: str = "", capability: str = "", reason: str = ""
) -> ApprovalPolicy:
    """Creates (or updates the reason of) the organization's rule on a tool or a capability."""
    if bool(tool) == bool(capability):
        raise ValidationError("Name either a tool or a capability.")
    known = sorted(item.value for item in Capability)
    if capability and capability not in known:
        raise ValidationError({"capability": f"Unknown capability {capability!r}; use {known}."})
    if tool:
        from runs import toolbox

        if tool not in toolbox.registry().names():
            raise ValidationError({"tool": f"Unknown tool {tool!r}."})
    policy, _ = ApprovalPolicy.objects.update_or_create(
        organization_id=organization_id,
        tool=tool,
        capability=capability,
        defaults={"reason": reason},
    )
    return policy
