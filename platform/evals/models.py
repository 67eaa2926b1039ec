"""Evaluations: an eval runs a suite's tasks under one or more configurations (tier, model,
workflow version), each task `repeat` times; every attempt at a (configuration, task, repeat)
slot is a Trial, recorded as it goes so that an interrupted eval resumes where it stopped."""

from __future__ import annotations

import uuid
from typing import Any

from django.db import models
from django.utils import timezone


class EvalStatus(models.TextChoices):
    RUNNING = "running", "Running"
    FINISHED = "finished", "Finished"
    # The runner itself could not go on (an unreadable suite, the platform refusing its keys).
    FAILED = "failed", "Failed"


class Eval(models.Model):
    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    organization = models.ForeignKey(
        "accounts.Organization", on_delete=models.CASCADE, related_name="evals"
    )
    suite = models.CharField(max_length=100)
    suite_version = models.CharField(max_length=50)
    # The suite as the command named it (a builtin's name or a directory): what --resume loads.
    suite_source = models.CharField(max_length=500, blank=True, default="")
    # What the suite said when the eval started, so that a report reads the same later.
    weights = models.JSONField(default=dict)
    budgets = models.JSONField(default=dict)
    task_ids = models.JSONField(default=list)
    # [{"label", "tier", "model", "workflow_version"}], in the order given; the label is what
    # reports show (a list: a JSON object's keys would not keep their order in PostgreSQL).
    configurations = models.JSONField(default=list)
    repeat = models.PositiveIntegerField(default=1)
    concurrency = models.PositiveIntegerField(default=1)
    max_attempts = models.PositiveIntegerField(default=3)
    # Run options the runner applies to every trial (budgets passed to POST /api/runs).
    run_budgets = models.JSONField(default=dict, blank=True)
    status = models.CharField(
        max_length=16, choices=EvalStatus.choices, default=EvalStatus.RUNNING, db_index=True
    )
    error = models.TextField(blank=True, default="")
    started_by = models.CharField(max_length=200, blank=True, default="")
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(default=timezone.now)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["organization", "suite", "-created_at"])]

    def __str__(self) -> str:
        return f"eval {self.id} ({self.suite} {self.suite_version}, {self.status})"

    @property
    def labelled(self) -> dict[str, dict[str, Any]]:
        """{label: configuration}, in the order the eval was given them."""
        return {
            str(entry["label"]): {k: v for k, v in entry.items() if k != "label"}
            for entry in self.configurations
        }


class TrialStatus(models.TextChoices):
    PENDING = "pending", "Pending"
    RUNNING = "running", "Running"
    # Checked and scored: counts for the agent.
    SCORED = "scored", "Scored"
    # The environment failed (outage, sandbox, timeout, a crashed checker): never counted.
    INVALID = "invalid", "Invalid"


class Trial(models.Model):
    eval = models.ForeignKey(Eval, on_delete=models.CASCADE, related_name="trials")
    configuration = models.CharField(max_length=100)
    tier = models.CharField(max_length=32)
    task_id = models.CharField(max_length=100)
    workflow = models.CharField(max_length=64)
    difficulty = models.CharField(max_length=50, blank=True, default="")
    # The task's tags (a generated suite's split, say): reports group pass rates by them.
    tags = models.JSONField(default=list, blank=True)
    repeat = models.PositiveIntegerField()
    attempt = models.PositiveIntegerField(default=1)
    run_id = models.UUIDField(null=True, blank=True)
    status = models.CharField(
        max_length=16, choices=TrialStatus.choices, default=TrialStatus.PENDING, db_index=True
    )
    invalid_cause = models.CharField(max_length=64, blank=True, default="")
    invalid_detail = models.TextField(blank=True, default="")
    run_status = models.CharField(max_length=24, blank=True, default="")
    failure_kind = models.CharField(max_length=16, blank=True, default="")
    passed = models.BooleanField(null=True, blank=True)
    # {"correctness", "safety", "efficiency"}: each 0..1; composite is their weighted sum.
    scores = models.JSONField(default=dict, blank=True)
    composite = models.FloatField(null=True, blank=True)
    steps = models.IntegerField(default=0)
    tokens = models.BigIntegerField(default=0)
    cost = models.DecimalField(max_digits=20, decimal_places=12, default=0)
    wall_seconds = models.FloatField(default=0.0)
    workspace_changed = models.BooleanField(null=True, blank=True)
    # The checker's details, the safety checks and the efficiency ratios behind the scores.
    details = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["eval", "configuration", "task_id", "repeat", "attempt"]
        constraints = [
            models.UniqueConstraint(
                fields=["eval", "configuration", "task_id", "repeat", "attempt"],
                name="unique_trial_attempt",
            )
        ]

    def __str__(self) -> str:
        return (
            f"{self.task_id} on {self.configuration} #{self.repeat} "
            f"attempt {self.attempt} ({self.status})"
        )

    @property
    def is_open(self) -> bool:
        return self.status in (TrialStatus.PENDING, TrialStatus.RUNNING)
