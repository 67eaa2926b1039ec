"""Telling reviewers that a request waits for them: one email to each person who may decide it
(the rule's approver roles, the organization's reviewers when no rule named any), sent once per
request after the transaction that raised it commits, and once more, to the role it went to,
when it is escalated.

The email says what waits and where to decide it, never the call's arguments (they may carry
credentials or personal data): the reviewer reads those in the review queue, signed in.
Business systems hear of the same request through the signed `approval.requested` webhook,
whose data names the same reviewers (`notify`) and the page (`review_url`).
"""

from __future__ import annotations

import logging
from typing import Any

from django.conf import settings
from django.core.mail import EmailMessage, get_connection
from django.db import transaction
from django.utils import timezone

from accounts.selectors import organization_memberships
from approvals.models import OPEN_STATUSES, ApprovalRequest, ApprovalStatus, RequestKind

logger = logging.getLogger(__name__)


def reviewers_of(request: ApprovalRequest) -> list[Any]:
    """The active people who may decide the request now: its approver roles, never a requester
    of the run (they could not vote)."""
    from approvals.services import requester_ids

    excluded = requester_ids(request)
    memberships = organization_memberships(organization_id=request.organization_id).filter(
        role__in=list(request.approver_roles), user__is_active=True
    )
    return [m.user for m in memberships.order_by("user__username") if m.user_id not in excluded]


def review_url(request: ApprovalRequest) -> str:
    base = settings.LONGHAUL_PUBLIC_URL or (
        f"http://{settings.LONGHAUL_WEB_HOST}:{settings.LONGHAUL_WEB_PORT}"
    )
    return f"{base.rstrip('/')}/review/{request.id}/"


def schedule(request: ApprovalRequest) -> None:
    """After commit: the notification task, once (a rolled-back request notifies nobody)."""
    if not settings.LONGHAUL_APPROVAL_NOTIFY_EMAIL:
        return
    from approvals.tasks import notify_reviewers

    approval_id = request.id
    transaction.on_commit(lambda: notify_reviewers.delay(approval_id))


def approval_reviewers_notify(*, approval_id: int) -> int:
    """Emails each reviewer of a still open request that they were not told of yet: when it
    started waiting, and again when it was escalated (to the role it went to). Returns how many
    were written to. A failed send clears the mark again, for the task's retry."""
    request = ApprovalRequest.objects.filter(id=approval_id, status__in=OPEN_STATUSES).first()
    if request is None:
        return 0
    escalated = request.status == ApprovalStatus.ESCALATED
    marker = "escalation_notified_at" if escalated else "notified_at"
    unmarked = ApprovalRequest.objects.filter(
        id=approval_id, status=request.status, **{f"{marker}__isnull": True}
    )
    if not unmarked.update(**{marker: timezone.now()}):
        return 0  # told already (a retried or repeated task)
    messages = [
        _message(request, person, escalated) for person in reviewers_of(request) if person.email
    ]
    try:
        with get_connection() as connection:
            connection.send_messages(messages)
    except Exception:
        ApprovalRequest.objects.filter(id=approval_id).update(**{marker: None})
        raise
    logger.info("approval %s: told %s reviewers", approval_id, len(messages))
    return len(messages)


def _message(request: ApprovalRequest, person: Any, escalated: bool) -> EmailMessage:
    what = (
        f"a budget extension ({request.arguments.get('budget')})"
        if request.kind == RequestKind.BUDGET
        else f"a call of {request.tool}"
    )
    needed = "Escalated to you" if escalated else "Approval needed"
    subject = f"{needed}: {what} in a {request.run.workflow} run"
    return EmailMessage(
        subject=subject[:200],
        body=_body(request, person, what, escalated),
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[person.email],
    )


def _body(request: ApprovalRequest, person: Any, what: str, escalated: bool) -> str:
    then = {"approve": "approved", "escalate": "escalated"}.get(request.deadline_action, "expires")
    deadline = (
        f"Decide before {request.deadline_at:%Y-%m-%d %H:%M} UTC; then it is {then}."
        if request.deadline_at
        else "It has no deadline."
    )
    rule = f"the rule {request.rule_name!r}" if request.rule_name else "the platform's default"
    escalation = (
        ["Nobody decided it before its deadline, so it was escalated to your role.", ""]
        if escalated
        else []
    )
    lines = [
        f"Hello {person.get_full_name() or person.username},",
        "",
        *escalation,
        f"A run of your organization waits for approval of {what}, asked for by {rule}",
        f"(policy version {request.policy_version}). {request.quorum} approval(s) needed from: "
        f"{', '.join(request.approver_roles)}.",
        deadline,
        "",
        f"Review it (signed in): {review_url(request)}",
        "",
        "The arguments are shown on that page only, never in email.",
    ]
    return "\n".join(lines) + "\n"
