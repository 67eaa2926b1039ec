"""The states of approval requests and the other choices of the approvals app: the one
definition every app imports (a plain module, so apps that must not touch `approvals.models`
can); the models store these values and `approvals.lifecycle` alone moves a request between
states."""

from __future__ import annotations

from django.db import models


class ApprovalStatus(models.TextChoices):
    PENDING = "pending", "Pending"
    ESCALATED = "escalated", "Escalated"
    APPROVED = "approved", "Approved"
    REJECTED = "rejected", "Rejected"
    EXPIRED = "expired", "Expired"
    CANCELLED = "cancelled", "Cancelled"


OPEN_STATUSES = (ApprovalStatus.PENDING, ApprovalStatus.ESCALATED)


class RequestKind(models.TextChoices):
    TOOL = "tool", "Tool call"
    BUDGET = "budget", "Budget extension"


class RuleAction(models.TextChoices):
    ALLOW = "allow", "Allow"
    DENY = "deny", "Deny"
    REQUIRE_APPROVAL = "require_approval", "Require approval"


class DeadlineAction(models.TextChoices):
    REJECT = "reject", "Reject"
    APPROVE = "approve", "Approve"
    ESCALATE = "escalate", "Escalate"


class VoteDecision(models.TextChoices):
    APPROVE = "approve", "Approve"
    REJECT = "reject", "Reject"
