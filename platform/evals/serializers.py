from __future__ import annotations

from rest_framework import serializers

from evals.models import Eval, Trial


class EvalSerializer(serializers.ModelSerializer):
    class Meta:
        model = Eval
        fields = [
            "id",
            "suite",
            "suite_version",
            "status",
            "error",
            "configurations",
            "repeat",
            "concurrency",
            "max_attempts",
            "weights",
            "budgets",
            "task_ids",
            "run_budgets",
            "started_by",
            "created_at",
            "finished_at",
        ]


class TrialSerializer(serializers.ModelSerializer):
    class Meta:
        model = Trial
        fields = [
            "configuration",
            "tier",
            "task_id",
            "workflow",
            "difficulty",
            "tags",
            "repeat",
            "attempt",
            "run_id",
            "status",
            "invalid_cause",
            "invalid_detail",
            "run_status",
            "failure_kind",
            "passed",
            "scores",
            "composite",
            "steps",
            "tokens",
            "cost",
            "wall_seconds",
            "workspace_changed",
            "details",
            "started_at",
            "finished_at",
        ]


class EvalDetailSerializer(EvalSerializer):
    trials = TrialSerializer(many=True, read_only=True)

    class Meta(EvalSerializer.Meta):
        fields = [*EvalSerializer.Meta.fields, "trials"]


class EvalListQuerySerializer(serializers.Serializer):
    suite = serializers.CharField(required=False, max_length=100)


class ReportQuerySerializer(serializers.Serializer):
    compare = serializers.CharField(
        required=False,
        default="",
        help_text="Two configuration labels to put side by side, `a,b` (default: the first two).",
    )

    def validate_compare(self, value: str) -> tuple[str, str] | None:
        labels = [label.strip() for label in value.split(",") if label.strip()]
        if not labels:
            return None
        if len(labels) != 2:
            raise serializers.ValidationError("Name two configuration labels: a,b.")
        return labels[0], labels[1]
