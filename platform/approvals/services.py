"""Writes for approval requests: raising one, voting on it, closing it, consuming it (once).

Lock order, everywhere: the run's row first (`runs.services.run_lock`), then the request's,
then the audit chain (appended last). A run's cancel takes the run row and then closes its
requests, so deciding in the same order can never deadlock with it.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any
from uuid import UUID

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Count, Q
from django.utils import timezone

from accounts.permissions import Actor, require_role
from agents.engine.types import arguments_digest
from approvals import edits, notify
from approvals.lifecycle import approval_transition
from approvals.models import (
    OPEN_STATUSES,
    ApprovalPolicyVersion,
    ApprovalRequest,
    ApprovalStatus,
    ApprovalVote,
    RequestKind,
    VoteDecision,
)
from approvals.policy import Requirement, extension_ceiling, requirement_of
from core.errors import (
    Conflict,
    Forbidden,
    NotFound,
    PreconditionFailed,
    PreconditionRequired,
)
from runs import services as runs
from runs.gate import BUDGET_TOOL, RunFacts
from runs.services import run_lock


# --- raising ------------------------------------------------------------------------------------
def approval_request_raise(*, run: RunFacts, payload: dict[str, Any]) -> ApprovalRequest:
    """Records the call (or budget extension) a paused run waits on, with what its rule asks
    for; the same call raised again while its request is open reuses that request."""
    tool, arguments = payload["tool"], payload["arguments"]
    if payload["digest"] != arguments_digest(tool, arguments):
        raise ValueError(f"approval payload for {tool!r} carries a digest of other arguments")
    key = {
        "run_id": run.run_id,
        "step": int(payload["step"]),
        "call_index": int(payload.get("call_index", 0)),
        "digest": payload["digest"],
    }
    existing = ApprovalRequest.objects.filter(status__in=OPEN_STATUSES, **key).first()
    if existing is not None:
        return existing
    requirement, rule_name = _requirement(run.organization_id, payload)
    request = ApprovalRequest(
        organization_id=run.organization_id,
        kind=RequestKind.BUDGET if tool == BUDGET_TOOL else RequestKind.TOOL,
        tool=tool,
        arguments=arguments,
        proposed_digest=payload["digest"],
        reason=payload.get("reason", ""),
        requested_by_user_id=run.requester_id,
        requested_by_api_key_id=run.api_key_id,
        policy_version=int(payload.get("policy_version") or 0),
        rule_id=payload.get("rule_id"),
        rule_name=rule_name,
        **key,
        **_terms(requirement),
    )
    try:
        with transaction.atomic():
            request.save()
    except IntegrityError:  # raised twice at once: the other one won
        return ApprovalRequest.objects.get(status__in=OPEN_STATUSES, **key)
    notify.requested(request)
    return request


def _requirement(organization_id: int, payload: dict[str, Any]) -> tuple[Requirement, str]:
    """The requirement of the rule that asked, read from the policy version it was part of
    (never from the payload, which only names them)."""
    version = ApprovalPolicyVersion.objects.filter(
        organization_id=organization_id, version=int(payload.get("policy_version") or 0)
    ).first()
    rules = version.rules if version is not None else []
    rule = next((r for r in rules if r["id"] == payload.get("rule_id")), None)
    return (requirement_of(rule), rule["name"]) if rule else (Requirement(), "")


def _terms(requirement: Requirement) -> dict[str, Any]:
    now = timezone.now()
    deadline = (
        now + timedelta(seconds=requirement.deadline_seconds)
        if requirement.deadline_seconds
        else None
    )
    remind = (
        deadline - timedelta(seconds=requirement.remind_before_seconds)
        if deadline is not None and requirement.remind_before_seconds
        else None
    )
    return {
        "quorum": requirement.quorum,
        "approver_roles": list(requirement.approver_roles),
        "allow_edit": requirement.allow_edit,
        "deadline_at": deadline,
        "deadline_action": requirement.deadline_action,
        "escalate_to_role": requirement.escalate_to_role,
        "escalation_deadline_seconds": requirement.escalation_deadline_seconds,
        "remind_at": remind,
        "created_at": now,
    }


# --- voting -------------------------------------------------------------------------------------
def approval_decide(
    *,
    actor: Actor,
    approval_id: int,
    approve: bool,
    arguments: dict[str, Any] | None = None,
    patch: dict[str, Any] | None = None,
    comment: str = "",
    if_match: str | None = None,
) -> ApprovalRequest:
    """One reviewer's vote: approve (optionally with edited arguments, as a whole object or a
    merge patch) or reject (with a comment). A quorum of distinct approvals of the same
    arguments approves the request; one rejection rejects it. The run resumes after commit.

    The voter is a signed-in person, or the owner of an API key with that person's current
    role; see `_check_voter`. `if_match` is the digest the voter reviewed.
    """
    with transaction.atomic():
        found = _find(actor.organization_id, approval_id)
        run_lock(run_id=found.run_id)
        request = (
            ApprovalRequest.objects.select_for_update(of=("self",))
            .select_related("requested_by_api_key", "run")
            .get(id=found.id)
        )
        _check_voter(request, actor)
        _check_open(request)
        _check_if_match(request, if_match)
        vote = _vote(request, actor, approve, arguments, patch, comment)
        outcome = _outcome(request, vote)
        if outcome is None:
            notify.voted(request, vote)
        else:
            approval_close(request, outcome, resolution="votes", vote=vote)
    return request


def _find(organization_id: int, approval_id: int) -> ApprovalRequest:
    request = ApprovalRequest.objects.filter(
        id=approval_id, organization_id=organization_id
    ).first()
    if request is None:
        raise NotFound("No such approval request.")
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


def _check_voter(request: ApprovalRequest, actor: Actor) -> None:
    """A person who holds one of the request's approver roles now and is not a requester.

    Through an API key the person is the key's owner, so a reviewer who starts a run with a key
    they own still cannot approve it, by session or by key. A key never decides a request raised
    by its own run. A request with no person behind it (a run started by an ownerless key, or by
    the platform) has nobody to compare against, so a signed-in reviewer must decide it: a
    system holding both a `runs` and an `approvals` key must not approve itself.
    """
    if actor.operator:
        # The platform holds every role, but a decision must be a member's, by name.
        raise Forbidden("Approval decisions are made by a member, not by the platform.")
    if actor.person is None and actor.api_key_id is None:
        raise Forbidden("Approval decisions are made by a person, not anonymously.")
    require_role(actor, frozenset(request.approver_roles), action=_decide_action(request))
    if actor.person is None:  # an ownerless key acts as a member; kept explicit for safety
        raise Forbidden("An API key without an owner may not decide approvals.")
    requesters = requester_ids(request)
    if actor.person.id in requesters:
        raise Forbidden(
            f"The requester of an approval may not decide it: {actor.person.username} started "
            "this run"
            + (" (through an API key they own)." if request.run.created_by_api_key_id else ".")
        )
    if actor.api_key_id is not None and actor.api_key_id == request.requested_by_api_key_id:
        raise Forbidden("An API key may not decide a request raised by its own run.")
    if actor.api_key_id is not None and not requesters:
        raise Forbidden(
            "This request has no accountable requester (the run was started by a key without "
            "an owner); a signed-in reviewer must decide it, not an API key."
        )


def _decide_action(request: ApprovalRequest) -> str:
    if request.status == ApprovalStatus.ESCALATED:
        return f"decide this request now (it was escalated to {request.escalate_to_role})"
    return "decide approvals"


def _check_open(request: ApprovalRequest) -> None:
    if not request.is_open:
        why = " with its run" if request.resolution == "run" else ""
        raise Conflict(f"This request was already {request.status}{why}.")
    if request.run.is_terminal:
        raise Conflict(
            f"The run already {request.run.status}; this request can no longer be decided."
        )
    if request.deadline_at is not None and request.deadline_at <= timezone.now():
        raise Conflict(
            f"The deadline passed at {request.deadline_at.isoformat()}; the request is closing "
            f"with its deadline action ({request.deadline_action})."
        )


def _check_if_match(request: ApprovalRequest, if_match: str | None) -> None:
    current = request.proposed_digest or request.digest
    if if_match is None:
        if request.edited_arguments is not None:
            raise PreconditionRequired(
                "A reviewer edited this request's arguments; send If-Match with the digest "
                f"of the arguments you reviewed (now {current})."
            )
        return
    given = if_match.strip().removeprefix("W/").strip('"')
    if given != current:
        raise PreconditionFailed(
            f"The arguments changed since you reviewed them: If-Match {given} is not the "
            f"current digest {current}. Review them again."
        )


def _vote(
    request: ApprovalRequest,
    actor: Actor,
    approve: bool,
    arguments: dict[str, Any] | None,
    patch: dict[str, Any] | None,
    comment: str,
) -> ApprovalVote:
    assert actor.person is not None  # _check_voter refused everyone else
    edited = arguments is not None or patch is not None
    if not approve and not comment.strip():
        raise ValidationError({"comment": "Say why you reject it: a comment is required."})
    if edited and not approve:
        raise ValidationError({"arguments": "Edit the arguments only when approving them."})
    if edited and not request.allow_edit:
        raise ValidationError(
            {"arguments": "This request's rule does not let reviewers edit the arguments."}
        )
    vote = ApprovalVote(
        request=request,
        voter=actor.person,
        voter_name=actor.person.username,
        api_key_id=actor.api_key_id,
        role=str(actor.role),
        decision=VoteDecision.APPROVE if approve else VoteDecision.REJECT,
        digest=request.proposed_digest or request.digest,
        comment=comment,
    )
    if edited:
        _apply_edit(request, vote, arguments, patch)
    if approve and request.kind == RequestKind.BUDGET:
        _check_extension(request)
    if ApprovalVote.objects.filter(
        request=request, voter=actor.person, digest=vote.digest
    ).exists():
        raise Conflict("You already voted on these arguments; a repeated vote does not count.")
    vote.save()
    return vote


def _apply_edit(
    request: ApprovalRequest,
    vote: ApprovalVote,
    arguments: dict[str, Any] | None,
    patch: dict[str, Any] | None,
) -> None:
    """The edit becomes the request's proposal: earlier approvals were of other arguments and
    stop counting, and later voters must name the new digest."""
    current = request.proposed_arguments
    edited, changes, digest = edits.edited_arguments(
        tool=request.tool,
        original=current,
        arguments=arguments,
        patch=patch,
        organization_id=request.organization_id,
    )
    vote.edited_arguments, vote.edit_diff, vote.digest = edited, changes, digest
    request.edited_arguments = edited
    request.edit_diff = edits.diff(request.arguments, edited)
    request.proposed_digest = digest
    request.save(update_fields=["edited_arguments", "edit_diff", "proposed_digest"])


def _check_extension(request: ApprovalRequest) -> None:
    """A budget extension within the policy's maximum (see policy.extension_ceiling)."""
    asked = float(request.arguments["extension"])
    granted = float(request.proposed_arguments["extension"])
    requirement, _ = _requirement(
        request.organization_id,
        {"policy_version": request.policy_version, "rule_id": request.rule_id},
    )
    factor = float(settings.LONGHAUL_BUDGET_EXTENSION_MAX_FACTOR)
    ceiling = extension_ceiling(requirement, asked, factor)
    if granted > ceiling:
        raise ValidationError(
            {
                "arguments": f"An extension of {granted:g} is more than the policy allows "
                f"(at most {ceiling:g}: {factor:g} times the {asked:g} asked for"
                + (
                    f", and the rule's max_extension {requirement.max_extension:g})."
                    if requirement.max_extension is not None
                    else ")."
                )
                + " Approve with a smaller extension."
            }
        )


def _outcome(request: ApprovalRequest, vote: ApprovalVote) -> str | None:
    if vote.decision == VoteDecision.REJECT:
        return ApprovalStatus.REJECTED
    approvals = (
        ApprovalVote.objects.filter(
            request=request, decision=VoteDecision.APPROVE, digest=request.proposed_digest
        )
        .exclude(voter__isnull=True)
        .aggregate(people=Count("voter", distinct=True))["people"]
    )
    return ApprovalStatus.APPROVED if approvals >= request.quorum else None


# --- closing ------------------------------------------------------------------------------------
def approval_close(
    request: ApprovalRequest,
    status: str,
    *,
    resolution: str,
    vote: ApprovalVote | None = None,
    comment: str = "",
) -> None:
    """Closes an open request (the caller holds its run's and its own row locks) and carries
    the outcome to the run: a tool call's run resumes; a budget extension is granted or ends
    the run as budget_exhausted."""
    closing: dict[str, Any] = {"resolution": resolution, "decided_at": timezone.now()}
    if vote is not None:
        closing.update(
            decided_by_id=vote.voter_id, decided_by_api_key_id=vote.api_key_id, comment=vote.comment
        )
    else:
        closing["comment"] = comment
    if status == ApprovalStatus.APPROVED:
        closing["approved_digest"] = request.proposed_digest or request.digest
    approval_transition(request, status, **closing)
    # The run's row is already locked by every caller, so announcing first takes no new lock.
    notify.closed(request, vote)
    if resolution != "run":
        _carry_to_run(request)


def _carry_to_run(request: ApprovalRequest) -> None:
    if request.kind == RequestKind.BUDGET and request.status == ApprovalStatus.APPROVED:
        grant = request.proposed_arguments
        runs.run_budget_extend(
            run_id=request.run_id, budget=grant["budget"], extension=grant["extension"]
        )
    elif request.kind == RequestKind.BUDGET:
        runs.run_end_budget_exhausted(run_id=request.run_id, reason=_budget_refusal(request))
    else:
        runs.run_resume(run_id=request.run_id)


def _budget_refusal(request: ApprovalRequest) -> str:
    how = "expired at its deadline" if request.status == ApprovalStatus.EXPIRED else "was rejected"
    why = f": {request.comment}" if request.comment else ""
    return f"{request.reason}. The request to extend it {how}{why}."


def approvals_close_for_run(*, run_id: UUID | str, reason: str) -> list[int]:
    """Cancels a finished or cancelled run's open requests (the caller holds the run's row)."""
    return _cancel_open(ApprovalRequest.objects.filter(run_id=run_id), reason=reason)


def approvals_withdraw_from_step(*, run_id: UUID | str, step: int, suffix: str) -> list[int]:
    """A rollback to `step`: approvals of later steps can authorize nothing again, and their
    open requests are cancelled (the steps will ask anew)."""
    later = ApprovalRequest.objects.filter(run_id=run_id, step__gte=step)
    for request in later.select_for_update().filter(status=ApprovalStatus.APPROVED):
        request.consumed_key = (request.consumed_key or "unused") + suffix
        request.save(update_fields=["consumed_key"])
    return _cancel_open(later, reason="The run was rolled back to before this step.")


def _cancel_open(requests: Any, *, reason: str) -> list[int]:
    closed = []
    for request in requests.select_for_update().filter(status__in=OPEN_STATUSES):
        approval_close(request, ApprovalStatus.CANCELLED, resolution="run", comment=reason)
        closed.append(request.id)
    return closed


# --- using an approval --------------------------------------------------------------------------
def approval_consume(*, run_id: UUID | str, step: int, digest: str, key: str) -> bool:
    """Marks the matching approval as used by `key`; False when none is usable."""
    request = (
        ApprovalRequest.objects.select_for_update()
        .filter(
            run_id=run_id,
            step=step,
            kind=RequestKind.TOOL,
            status=ApprovalStatus.APPROVED,
            approved_digest=digest,
        )
        .filter(Q(consumed_key="") | Q(consumed_key=key))
        .first()
    )
    if request is None:
        return False
    if request.consumed_key != key:
        request.consumed_key = key
        request.save(update_fields=["consumed_key"])
    return True
