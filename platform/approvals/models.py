"""Approvals: the organization's policy (ordered rules, versioned), the requests it raises,
and each reviewer's vote on them.

A request binds the digest of exact arguments: a tool call's, or a budget extension's
(`{"budget", "extension"}`). It stays open (`pending`, or `escalated` to another role) until a
quorum of distinct eligible reviewers approves it, one rejects it, its deadline acts, or its run
ends; see docs/approvals.md for the state diagram.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone

from accounts.roles import APPROVER_ROLES
from approvals.statuses import (
    OPEN_STATUSES,
    ApprovalStatus,
    DeadlineAction,
    RequestKind,
    RuleAction,
    VoteDecision,
)


def default_approver_roles() -> list[str]:
    return list(APPROVER_ROLES)


class ApprovalRule(models.Model):
    """One rule of an organization's policy. Rules are tried in `position` order; the first
    whose conditions all hold decides. `conditions` is validated by `approvals.policy`."""

    organization = models.ForeignKey(
        "accounts.Organization", on_delete=models.CASCADE, related_name="approval_rules"
    )
    position = models.IntegerField(default=0)
    name = models.CharField(max_length=100)
    enabled = models.BooleanField(default=True)
    applies_to = models.CharField(
        max_length=16, choices=RequestKind.choices, default=RequestKind.TOOL
    )
    conditions = models.JSONField(default=dict, blank=True)
    action = models.CharField(max_length=20, choices=RuleAction.choices)
    # Shown to reviewers; for `deny`, it is what the agent is told.
    reason = models.TextField(blank=True, default="")
    quorum = models.PositiveSmallIntegerField(default=1)
    approver_roles = models.JSONField(default=default_approver_roles)
    deadline_seconds = models.PositiveIntegerField(null=True, blank=True)
    deadline_action = models.CharField(
        max_length=16, choices=DeadlineAction.choices, default=DeadlineAction.REJECT
    )
    escalate_to_role = models.CharField(max_length=16, blank=True, default="")
    escalation_deadline_seconds = models.PositiveIntegerField(null=True, blank=True)
    remind_before_seconds = models.PositiveIntegerField(null=True, blank=True)
    allow_edit = models.BooleanField(default=True)
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["organization", "position", "id"]

    def __str__(self) -> str:
        return f"rule {self.name!r} ({self.action}) of organization {self.organization_id}"


class ApprovalPolicyVersion(models.Model):
    """The whole rule list as it stood after each change: requests record the version that
    created them, and the gate evaluates exactly the latest snapshot."""

    organization = models.ForeignKey(
        "accounts.Organization", on_delete=models.CASCADE, related_name="approval_policy_versions"
    )
    version = models.PositiveIntegerField()
    rules = models.JSONField(default=list)
    change = models.CharField(max_length=200)
    changed_by = models.CharField(max_length=200, blank=True, default="")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["organization", "-version"]
        constraints = [
            models.UniqueConstraint(
                fields=["organization", "version"], name="unique_policy_version"
            )
        ]

    def __str__(self) -> str:
        return f"policy v{self.version} of organization {self.organization_id}"


class ApprovalRequest(models.Model):
    """One gated tool call (run, step, call index) or budget extension, open or decided."""

    organization = models.ForeignKey(
        "accounts.Organization", on_delete=models.CASCADE, related_name="approval_requests"
    )
    run = models.ForeignKey("runs.Run", on_delete=models.CASCADE, related_name="approvals")
    kind = models.CharField(max_length=16, choices=RequestKind.choices, default=RequestKind.TOOL)
    step = models.IntegerField()
    call_index = models.IntegerField(default=0)
    tool = models.CharField(max_length=100)
    arguments = models.JSONField()
    digest = models.CharField(max_length=64)
    reason = models.TextField(blank=True, default="")
    # "agent" when a run raised it; the run's creator is then the requester of record.
    requested_by_kind = models.CharField(max_length=16, default="agent")
    requested_by_user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    requested_by_api_key = models.ForeignKey(
        "accounts.ApiKey", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # What the policy asked for when the request was raised (copied: later edits to the rule do
    # not change an open request).
    policy_version = models.PositiveIntegerField(default=0)
    rule = models.ForeignKey(
        ApprovalRule, null=True, blank=True, on_delete=models.SET_NULL, related_name="requests"
    )
    rule_name = models.CharField(max_length=100, blank=True, default="")
    quorum = models.PositiveSmallIntegerField(default=1)
    approver_roles = models.JSONField(default=default_approver_roles)
    allow_edit = models.BooleanField(default=True)
    deadline_at = models.DateTimeField(null=True, blank=True, db_index=True)
    deadline_action = models.CharField(
        max_length=16, choices=DeadlineAction.choices, default=DeadlineAction.REJECT
    )
    escalate_to_role = models.CharField(max_length=16, blank=True, default="")
    escalation_deadline_seconds = models.PositiveIntegerField(null=True, blank=True)
    escalations = models.PositiveSmallIntegerField(default=0)
    remind_at = models.DateTimeField(null=True, blank=True)
    reminded_at = models.DateTimeField(null=True, blank=True)
    # When the reviewers were emailed (approvals.reviewers): once per request, and once more
    # when it is escalated.
    notified_at = models.DateTimeField(null=True, blank=True)
    escalation_notified_at = models.DateTimeField(null=True, blank=True)
    status = models.CharField(
        max_length=16, choices=ApprovalStatus.choices, default=ApprovalStatus.PENDING
    )
    # The arguments now proposed: the original ones, or the latest reviewer edit of them.
    # `If-Match` on a decision must name proposed_digest.
    proposed_digest = models.CharField(max_length=64, blank=True, default="")
    edited_arguments = models.JSONField(null=True, blank=True)
    edit_diff = models.JSONField(null=True, blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    # Set when the deciding vote came through an API key; decided_by is then the key's owner.
    decided_by_api_key = models.ForeignKey(
        "accounts.ApiKey", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    # How it closed: "votes", "deadline", "run" (cancelled, rolled back or finished).
    resolution = models.CharField(max_length=16, blank=True, default="")
    # Digest of what was actually approved: the edited arguments when present.
    approved_digest = models.CharField(max_length=64, blank=True, default="")
    comment = models.TextField(blank=True, default="")
    # The ToolCall key that used this approval: an approval authorizes one execution only.
    consumed_key = models.CharField(max_length=120, blank=True, default="")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            # One open request per call: a call raised again after its request closed (a
            # rollback retired the approval) gets a new request.
            models.UniqueConstraint(
                fields=["run", "step", "call_index", "digest"],
                condition=Q(status__in=OPEN_STATUSES),
                name="unique_open_approval_per_call",
            ),
            # A decision is all-or-nothing: open rows carry no decision time, closed rows do.
            models.CheckConstraint(
                condition=(Q(status__in=OPEN_STATUSES) & Q(decided_at__isnull=True))
                | (~Q(status__in=OPEN_STATUSES) & Q(decided_at__isnull=False)),
                name="approval_decision_complete",
            ),
        ]
        indexes = [models.Index(fields=["organization", "status", "-created_at"])]

    def __str__(self) -> str:
        return f"approval {self.id} {self.tool} ({self.status})"

    @property
    def is_open(self) -> bool:
        return self.status in OPEN_STATUSES

    @property
    def proposed_arguments(self) -> dict:  # type: ignore[type-arg]
        return self.edited_arguments if self.edited_arguments is not None else self.arguments


class ApprovalVote(models.Model):
    """One reviewer's decision on one version of a request's arguments (its digest)."""

    request = models.ForeignKey(ApprovalRequest, on_delete=models.CASCADE, related_name="votes")
    voter = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    voter_name = models.CharField(max_length=150)
    api_key = models.ForeignKey(
        "accounts.ApiKey", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    role = models.CharField(max_length=16)
    decision = models.CharField(max_length=16, choices=VoteDecision.choices)
    digest = models.CharField(max_length=64)
    edited_arguments = models.JSONField(null=True, blank=True)
    edit_diff = models.JSONField(null=True, blank=True)
    comment = models.TextField(blank=True, default="")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["request", "created_at", "id"]
        constraints = [
            # A reviewer votes once on each version of the arguments.
            models.UniqueConstraint(
                fields=["request", "voter", "digest"], name="unique_vote_per_version"
            )
        ]

    def __str__(self) -> str:
        return f"{self.voter_name} {self.decision}s approval {self.request_id}"
