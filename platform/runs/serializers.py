from __future__ import annotations

from typing import Any

from django.conf import settings
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from gateway.selectors import run_cost
from runs.models import Artifact, Run, RunEvent, RunPriority, RunStatus
from runs.selectors import run_queue_place


class RunCreateSerializer(serializers.Serializer):
    workflow = serializers.CharField(max_length=64)
    input = serializers.JSONField(required=False, default=dict)
    tier = serializers.CharField(max_length=32, required=False, default="standard")
    priority = serializers.ChoiceField(
        choices=RunPriority.choices,
        required=False,
        default=RunPriority.NORMAL,
        help_text="Order of admission among the organization's runs; at most the key's "
        "`max_run_priority`.",
    )
    budgets = serializers.JSONField(required=False, default=dict)
    repository = serializers.CharField(required=False, allow_blank=True, default="")
    workspace = serializers.FileField(
        required=False, allow_null=True, default=None, help_text="A .tar.gz of the workspace."
    )
    tools = serializers.ListField(
        child=serializers.CharField(max_length=64),
        required=False,
        default=list,
        max_length=64,
        help_text="The organization's own tools (`<source>__<tool>`) to offer this run, besides "
        "those enabled for its workflow.",
    )

    def validate_input(self, value: Any) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise serializers.ValidationError("input must be a JSON object.")
        return value

    def validate_budgets(self, value: Any) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise serializers.ValidationError("budgets must be a JSON object.")
        return value


class WaitingSerializer(serializers.Serializer):
    reason = serializers.CharField()
    since = serializers.DateTimeField()
    retries = serializers.IntegerField()
    next_attempt_at = serializers.DateTimeField(allow_null=True)


class QueuePlaceSerializer(serializers.Serializer):
    position = serializers.IntegerField(help_text="1 is next.")
    reason = serializers.ChoiceField(choices=["no_free_worker", "organization_limit", "priority"])
    message = serializers.CharField()
    priority = serializers.CharField()
    estimate_s = serializers.FloatField(
        allow_null=True, help_text="Seconds until it starts, were runs to take as long as lately."
    )


class RunSerializer(serializers.ModelSerializer):
    usage = serializers.SerializerMethodField()
    cost = serializers.SerializerMethodField(
        help_text="What the run's model calls have cost so far, from the usage ledger, in "
        "`currency`: a decimal string."
    )
    currency = serializers.SerializerMethodField()
    environment_failures_by_backend = serializers.JSONField(
        source="environment_failure_counts",
        read_only=True,
        help_text="Environment failures per backend and kind: {backend: {kind: count}}.",
    )
    waiting = serializers.SerializerMethodField(
        help_text="While the run waits for the environment: why, since when, the next attempt."
    )
    queue = serializers.SerializerMethodField(
        help_text="While the run waits for a slot: its position, why it waits, an estimate."
    )
    sandbox_limits = serializers.JSONField(
        read_only=True,
        help_text="The sandbox limits of this run's commands, recorded when it started: per "
        "process, for all processes of a command together, and the workspace's disk quota.",
    )

    class Meta:
        model = Run
        fields = [
            "id",
            "workflow",
            "status",
            "tier",
            "priority",
            "queue",
            "input",
            "budgets",
            "source",
            "sandbox_limits",
            "usage",
            "cost",
            "currency",
            "step_count",
            "output",
            "error",
            "lost_count",
            "failure_kind",
            "environment_failures",
            "environment_failures_by_backend",
            "waiting",
            "created_at",
            "started_at",
            "finished_at",
        ]

    def get_usage(self, run: Run) -> dict[str, int]:
        return {"prompt_tokens": run.prompt_tokens, "completion_tokens": run.completion_tokens}

    @extend_schema_field(serializers.DecimalField(max_digits=24, decimal_places=12))  # a string
    def get_cost(self, run: Run) -> str:
        return f"{run_cost(organization_id=run.organization_id, run_id=str(run.id)):.12f}"

    def get_currency(self, run: Run) -> str:
        return str(settings.LONGHAUL_CURRENCY)

    @extend_schema_field(QueuePlaceSerializer(allow_null=True))
    def get_queue(self, run: Run) -> dict[str, Any] | None:
        return run_queue_place(run=run)

    @extend_schema_field(WaitingSerializer(allow_null=True))
    def get_waiting(self, run: Run) -> dict[str, Any] | None:
        if run.status != RunStatus.WAITING or run.waiting_since is None:
            return None
        waiting = {
            "reason": run.waiting_reason,
            "since": run.waiting_since,
            "retries": run.waiting_retries,
            "next_attempt_at": run.next_attempt_at,
        }
        return dict(WaitingSerializer(waiting).data)


class RollbackSerializer(serializers.Serializer):
    step = serializers.IntegerField(
        min_value=0, help_text="The step to go back to: the run resumes at its start."
    )


class RerunSerializer(serializers.Serializer):
    input = serializers.JSONField(
        required=False,
        help_text="The new run's input; leave it out to re-use the original's.",
    )

    def validate_input(self, value: Any) -> Any:
        if not isinstance(value, dict):
            raise serializers.ValidationError("Must be a JSON object.")
        return value


class RunListQuerySerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=RunStatus.choices, required=False)


class EventSerializer(serializers.ModelSerializer):
    class Meta:
        model = RunEvent
        fields = ["seq", "kind", "data", "created_at"]


class EventQuerySerializer(serializers.Serializer):
    after = serializers.IntegerField(min_value=0, required=False, default=0)
    limit = serializers.IntegerField(min_value=1, max_value=1000, required=False, default=500)


class ArtifactSerializer(serializers.ModelSerializer):
    class Meta:
        model = Artifact
        fields = ["name", "media_type", "size", "sha256", "created_at"]
