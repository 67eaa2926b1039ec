"""Approval requests: a human decision bound to the digest of a tool call's exact arguments."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone


class ApprovalStatus(models.TextChoices):
    PENDING = "pending", "Pending"
    APPROVED = "approved", "Approved"
    REJECTED = "rejected", "Rejected"


class ApprovalRequest(models.Model):
    """One gated tool call (run, step, call index) waiting for, or holding, a decision."""

    organization = models.ForeignKey(
        "accounts.Organization", on_delete=models.CASCADE, related_name="approval_requests"
    )
    run = models.ForeignKey("runs.Run", on_delete=models.CASCADE, related_name="approvals")
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
    status = models.CharField(
        max_length=16, choices=ApprovalStatus.choices, default=ApprovalStatus.PENDING
    )
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    # Set when the decision came through an API key; decided_by is then the key's owner.
    decided_by_api_key = models.ForeignKey(
        "accounts.ApiKey", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    edited_arguments = models.JSONField(null=True, blank=True)
    # Digest of what was actually approved: the edited arguments when present.
    approved_digest = models.CharField(max_length=64, blank=True, default="")
    comment = models.TextField(blank=True, default="")
    # The ToolCall key that used this approval: an approval authorizes one execution only.
    consumed_key = models.CharField(max_length=120, blank=True, default="")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["run", "step", "call_index", "digest"], name="unique_approval_per_call"
            ),
            # A decision is all-or-nothing: pending rows carry no decider, decided rows do.
            models.CheckConstraint(
                condition=(Q(status="pending") & Q(decided_at__isnull=True))
                | (~Q(status="pending") & Q(decided_at__isnull=False)),
                name="approval_decision_complete",
            ),
        ]
        indexes = [models.Index(fields=["organization", "status", "-created_at"])]

    def __str__(self) -> str:
        return f"approval {self.id} {self.tool} ({self.status})"


class ApprovalPolicy(models.Model):
    """An organization rule: calls need approval even when the tool's risk level does not ask.

    A rule names a tool or a capability (`agents.tools.spec.Capability`). A rule on a tool also
    covers every tool that can do everything the named one can: a rule on `run_command` covers
    `run_tests` and `install_package`, which execute workspace code too.
    """

    organization = models.ForeignKey(
        "accounts.Organization", on_delete=models.CASCADE, related_name="approval_policies"
    )
    tool = models.CharField(max_length=100, blank=True, default="")
    capability = models.CharField(max_length=32, blank=True, default="")
    reason = models.TextField(blank=True, default="")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["organization", "tool", "capability"]
        constraints = [
            models.UniqueConstraint(
                fields=["organization", "tool"],
                condition=~Q(tool=""),
                name="unique_policy_tool",
            ),
            models.UniqueConstraint(
                fields=["organization", "capability"],
                condition=~Q(capability=""),
                name="unique_policy_capability",
            ),
            # Exactly one of tool and capability: a rule that names neither would match nothing.
            models.CheckConstraint(
                condition=(Q(tool="") & ~Q(capability="")) | (~Q(tool="") & Q(capability="")),
                name="policy_names_tool_or_capability",
            ),
        ]

    def __str__(self) -> str:
        return (
            f"{self.tool or self.capability} needs approval in organization {self.organization_id}"
        )
