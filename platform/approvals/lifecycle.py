"""The approval request lifecycle: the one place that changes a request's status.

`approval_transition` checks each change against TRANSITIONS, sets the status together with the
fields that belong to the change, and saves the request. Callers hold the request's row lock
(and its run's, taken first), so a read-modify-write here cannot interleave with another.
"""

from __future__ import annotations

from typing import Any

from approvals.models import ApprovalRequest, ApprovalStatus

S = ApprovalStatus
CLOSED: frozenset[str] = frozenset()  # a decided, expired or cancelled request stays so
TRANSITIONS: dict[str, frozenset[str]] = {
    # pending: decided by votes or its deadline action, escalated, or cancelled with its run
    S.PENDING: frozenset({S.APPROVED, S.REJECTED, S.EXPIRED, S.CANCELLED, S.ESCALATED}),
    # escalated: decided by the role it went to, expired at its new deadline, or cancelled
    S.ESCALATED: frozenset({S.APPROVED, S.REJECTED, S.EXPIRED, S.CANCELLED}),
    S.APPROVED: CLOSED,
    S.REJECTED: CLOSED,
    S.EXPIRED: CLOSED,
    S.CANCELLED: CLOSED,
}


class InvalidApprovalTransition(Exception):
    """A status change the lifecycle does not allow: a bug in the caller, never user input."""


def approval_transition(request: ApprovalRequest, status: str, **fields: Any) -> None:
    """Moves the locked `request` to `status` with `fields` (the closing or escalation details)
    and saves it."""
    if status not in TRANSITIONS[request.status]:
        raise InvalidApprovalTransition(
            f"approval request {request.id}: {request.status} -> {status} is not allowed"
        )
    if "status" in fields:
        raise TypeError("pass the status as `status`, not among the fields")
    request.status = status
    for name, value in fields.items():
        setattr(request, name, value)
    request.save()
