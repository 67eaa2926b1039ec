"""Durable agent runs: the run, its step ledger, tool calls, events, artifacts and checkpoints."""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.utils import timezone

from runs.statuses import (
    TERMINAL_STATUSES,
    FailureKind,
    RunPriority,
    RunStatus,
    ToolCallStatus,
)

# Highest first: an organization's queued runs are admitted in this order, oldest first within.
PRIORITY_RANK = {RunPriority.INTERACTIVE: 0, RunPriority.NORMAL: 1, RunPriority.BATCH: 2}
# A worker may hold the lease (and so advance the run) only in these states.
ADVANCEABLE_STATUSES = frozenset({RunStatus.QUEUED, RunStatus.RUNNING})


class Run(models.Model):
    """One execution of a workflow for an organization; the unit of leasing and fencing."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    organization = models.ForeignKey(
        "accounts.Organization", on_delete=models.CASCADE, related_name="runs"
    )
    workflow = models.CharField(max_length=64)
    input = models.JSONField(default=dict)
    tier = models.CharField(max_length=32, default="standard")
    status = models.CharField(
        max_length=24, choices=RunStatus.choices, default=RunStatus.QUEUED, db_index=True
    )
    budgets = models.JSONField(default=dict)
    prompt_tokens = models.BigIntegerField(default=0)
    completion_tokens = models.BigIntegerField(default=0)
    step_count = models.IntegerField(default=0)
    output = models.JSONField(default=dict, blank=True)
    error = models.TextField(blank=True, default="")
    workspace = models.CharField(max_length=500, blank=True, default="")
    # A fix is pushed back to where a cloned workspace came from; empty for uploads.
    source = models.JSONField(
        default=dict,
        blank=True,
        help_text="Where a cloned workspace came from: `repository` (a path, or a URL without "
        "credentials), `remote`, and the `commit` and default `branch` it was cloned at.",
    )
    # The whole-sandbox limits in force for this run, recorded at start so the record says what
    # bounded it even after the settings change.
    sandbox_limits = models.JSONField(default=dict, blank=True)
    # Lease: only the holder of the current fencing token may write step results.
    lease_owner = models.CharField(max_length=200, blank=True, default="")
    lease_expires_at = models.DateTimeField(null=True, blank=True, db_index=True)
    fencing_token = models.BigIntegerField(default=0)
    lost_count = models.IntegerField(default=0)
    event_seq = models.BigIntegerField(default=0)
    failure_kind = models.CharField(
        max_length=16, choices=FailureKind.choices, blank=True, default=FailureKind.NONE
    )
    # Environment failures over the run's life, and per backend and kind: {backend: {kind: n}}.
    environment_failures = models.IntegerField(default=0)
    environment_failure_counts = models.JSONField(default=dict, blank=True)
    # The current wait for the environment: since when, why, how many retries, the next one.
    waiting_since = models.DateTimeField(null=True, blank=True)
    waiting_reason = models.TextField(blank=True, default="")
    waiting_retries = models.IntegerField(default=0)
    next_attempt_at = models.DateTimeField(null=True, blank=True)
    # Scheduling (runs.scheduler): the priority chosen at creation; when the scheduler gave the
    # run a slot (held while queued, waiting or running, given back on every other change); a
    # request to give the slot back after the current step; when it last joined the queue and
    # why it waits there.
    priority = models.CharField(
        max_length=16, choices=RunPriority.choices, default=RunPriority.NORMAL
    )
    admitted_at = models.DateTimeField(null=True, blank=True)
    yield_requested = models.BooleanField(default=False)
    queued_at = models.DateTimeField(default=timezone.now)
    queue_reason = models.CharField(max_length=32, blank=True, default="")
    created_by_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    created_by_api_key = models.ForeignKey(
        "accounts.ApiKey", null=True, blank=True, on_delete=models.SET_NULL
    )
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(default=timezone.now)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["organization", "-created_at"])]

    def __str__(self) -> str:
        return f"run {self.id} ({self.workflow}, {self.status})"

    @property
    def is_terminal(self) -> bool:
        return self.status in TERMINAL_STATUSES


class Step(models.Model):
    """The ledger: one row per node the engine ran, written under the run's fence."""

    run = models.ForeignKey(Run, on_delete=models.CASCADE, related_name="steps")
    number = models.IntegerField()
    node = models.CharField(max_length=100)
    outcome = models.CharField(max_length=24)
    next_node = models.CharField(max_length=100, blank=True, default="")
    prompt_tokens = models.BigIntegerField(default=0)
    completion_tokens = models.BigIntegerField(default=0)
    fencing_token = models.BigIntegerField()
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["run", "number"]
        constraints = [
            models.UniqueConstraint(fields=["run", "number"], name="unique_step_per_run")
        ]

    def __str__(self) -> str:
        return f"step {self.number} of run {self.run_id}"


class ToolCall(models.Model):
    """A tool invocation keyed `run:step:n`; a completed key is never executed again."""

    run = models.ForeignKey(Run, on_delete=models.CASCADE, related_name="tool_calls")
    step = models.IntegerField()
    call_index = models.IntegerField(default=0)
    idempotency_key = models.CharField(max_length=120, unique=True)
    tool = models.CharField(max_length=100)
    arguments = models.JSONField(default=dict)
    digest = models.CharField(max_length=64)
    status = models.CharField(
        max_length=16, choices=ToolCallStatus.choices, default=ToolCallStatus.STARTED
    )
    output = models.JSONField(null=True, blank=True)
    error_class = models.CharField(max_length=100, blank=True, default="")
    error = models.TextField(blank=True, default="")
    duration_s = models.FloatField(default=0.0)
    attempts = models.IntegerField(default=1)
    # Tool reliability (runs.reliability): the completed call's failure class ("" when it did
    # what it was asked), and when it repeats an earlier failed call of the run with the same
    # arguments, that call and the tool of the successful call in between (the remedy).
    failure_class = models.CharField(max_length=32, blank=True, default="")
    retry_of = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="retries"
    )
    remedy = models.CharField(max_length=100, blank=True, default="")
    created_at = models.DateTimeField(default=timezone.now)
    completed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["run", "step", "call_index"]
        indexes = [models.Index(fields=["completed_at"], name="toolcall_completed_at")]

    def __str__(self) -> str:
        return f"{self.tool} {self.idempotency_key} ({self.status})"


class RunEvent(models.Model):
    """A sequenced event; `seq` is dense and unique per run so clients can resume from it."""

    run = models.ForeignKey(Run, on_delete=models.CASCADE, related_name="events")
    seq = models.BigIntegerField()
    kind = models.CharField(max_length=64)
    data = models.JSONField(default=dict)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["run", "seq"]
        constraints = [models.UniqueConstraint(fields=["run", "seq"], name="unique_event_seq")]

    def __str__(self) -> str:
        return f"event {self.seq} {self.kind} of run {self.run_id}"


class ModelCall(models.Model):
    """One request a run sent to its model, as asked and answered: the run's trace (runs.traces).

    `id` is the gateway's request id, so the ledger row (gateway.UsageRecord.request_id) with its
    tier, backend and cost is found by it; a call no gateway answered gets an id of its own.
    Fields are redacted and clipped when recorded; `clipped` names what was cut.
    """

    id = models.CharField(primary_key=True, max_length=128)
    run = models.ForeignKey(Run, on_delete=models.CASCADE, related_name="model_calls")
    # Denormalised from the run for retention (an organization setting) and tenant filters.
    organization = models.ForeignKey(
        "accounts.Organization", on_delete=models.CASCADE, related_name="+"
    )
    step = models.IntegerField()
    node = models.CharField(max_length=100, blank=True, default="")
    tier = models.CharField(max_length=64, blank=True, default="")
    model = models.CharField(max_length=200, blank=True, default="", help_text="as served")
    request = models.JSONField(default=dict, help_text="messages, tools, response_format, ...")
    response = models.JSONField(null=True, blank=True, help_text="the raw completion")
    status = models.PositiveSmallIntegerField(null=True, blank=True, help_text="HTTP status")
    error = models.TextField(blank=True, default="", help_text="the endpoint's error")
    problem = models.TextField(
        blank=True, default="", help_text="why the answer could not be used (parse, validation)"
    )
    prompt_tokens = models.IntegerField(default=0)
    completion_tokens = models.IntegerField(default=0)
    latency_ms = models.FloatField(default=0.0)
    clipped = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["run", "created_at", "id"]
        indexes = [
            models.Index(fields=["run", "created_at"], name="modelcall_run_time"),
            models.Index(fields=["organization", "created_at"], name="modelcall_org_time"),
        ]

    def __str__(self) -> str:
        return f"model call {self.id} of run {self.run_id} (step {self.step})"


class Artifact(models.Model):
    """A file a run produced, stored under LONGHAUL_ARTIFACTS_DIR/<run id>/."""

    run = models.ForeignKey(Run, on_delete=models.CASCADE, related_name="artifacts")
    name = models.CharField(max_length=200)
    media_type = models.CharField(max_length=100, default="application/octet-stream")
    size = models.BigIntegerField()
    sha256 = models.CharField(max_length=64)
    path = models.CharField(max_length=500)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["run", "name"]
        constraints = [models.UniqueConstraint(fields=["run", "name"], name="unique_artifact_name")]

    def __str__(self) -> str:
        return f"{self.name} of run {self.run_id}"


class Checkpoint(models.Model):
    """DjangoCheckpointer storage: one row per version of a thread's state."""

    thread_id = models.CharField(max_length=100)
    version = models.IntegerField()
    step = models.IntegerField()
    node = models.CharField(max_length=100)
    state = models.JSONField()
    created_at = models.FloatField()

    class Meta:
        ordering = ["thread_id", "-version"]
        constraints = [
            models.UniqueConstraint(fields=["thread_id", "version"], name="unique_ckpt_version")
        ]

    def __str__(self) -> str:
        return f"checkpoint {self.thread_id} v{self.version}"


class CheckpointWrite(models.Model):
    """Pending writes of one task within a step (the contract's put_writes)."""

    thread_id = models.CharField(max_length=100)
    step = models.IntegerField()
    task_id = models.CharField(max_length=200)
    index = models.IntegerField()
    channel = models.CharField(max_length=200)
    value = models.JSONField(null=True)

    class Meta:
        ordering = ["thread_id", "step", "task_id", "index"]
        constraints = [
            models.UniqueConstraint(
                fields=["thread_id", "step", "task_id", "index"], name="unique_ckpt_write"
            )
        ]

    def __str__(self) -> str:
        return f"write {self.thread_id}/{self.step}/{self.task_id}/{self.index}"


class AgentCredential(models.Model):
    """The internal API key runs of an organization use to call the gateway (encrypted)."""

    organization = models.OneToOneField(
        "accounts.Organization", on_delete=models.CASCADE, related_name="agent_credential"
    )
    api_key = models.ForeignKey("accounts.ApiKey", on_delete=models.CASCADE)
    ciphertext = models.TextField()
    created_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"agent key of organization {self.organization_id}"


# Run.event_seq is only ever advanced by an UPDATE in runs.events; saves of a loaded Run must
# leave it alone or they would roll the counter back.
RUN_STATE_FIELDS = [
    "status",
    "prompt_tokens",
    "completion_tokens",
    "step_count",
    "output",
    "error",
    "lease_owner",
    "lease_expires_at",
    "fencing_token",
    "lost_count",
    "failure_kind",
    "environment_failures",
    "environment_failure_counts",
    "waiting_since",
    "waiting_reason",
    "waiting_retries",
    "next_attempt_at",
    "admitted_at",
    "yield_requested",
    "queued_at",
    "queue_reason",
    "updated_at",
    "started_at",
    "finished_at",
]
