"""The states of runs and tool calls, and their orders: the one definition every app imports
(a plain module, so apps that must not touch `runs.models` can); the models store these values
and `runs.lifecycle` alone moves a run between them."""

from __future__ import annotations

from django.db import models


class RunStatus(models.TextChoices):
    QUEUED = "queued", "Queued"
    RUNNING = "running", "Running"
    AWAITING_APPROVAL = "awaiting_approval", "Awaiting approval"
    # The environment failed (model endpoint, sandbox); a retry is scheduled at next_attempt_at.
    WAITING = "waiting", "Waiting for the environment"
    SUCCEEDED = "succeeded", "Succeeded"
    FAILED = "failed", "Failed"
    CANCELLED = "cancelled", "Cancelled"
    # A budget ran out and no extension was granted (denied, rejected or expired); the partial
    # output is kept.
    BUDGET_EXHAUSTED = "budget_exhausted", "Budget exhausted"


class FailureKind(models.TextChoices):
    """Whose failure a failed run was: evaluations never count an infrastructure one against
    the agent."""

    NONE = "", "Not failed"
    AGENT = "agent", "Agent"
    INFRASTRUCTURE = "infrastructure", "Infrastructure"
    # A step produced a value that cannot be stored (NaN, NUL, a lone surrogate, too deep):
    # the run stops instead of repeating the step (and its model call) forever.
    INVALID_DATA = "invalid_data", "Invalid data"


class RunPriority(models.TextChoices):
    """Order of admission within an organization (docs/scheduling.md); a key caps it."""

    INTERACTIVE = "interactive", "Interactive"
    NORMAL = "normal", "Normal"
    BATCH = "batch", "Batch"


TERMINAL_STATUSES = frozenset(
    {RunStatus.SUCCEEDED, RunStatus.FAILED, RunStatus.CANCELLED, RunStatus.BUDGET_EXHAUSTED}
)


class ToolCallStatus(models.TextChoices):
    STARTED = "started", "Started"
    SUCCEEDED = "succeeded", "Succeeded"
    FAILED = "failed", "Failed"
