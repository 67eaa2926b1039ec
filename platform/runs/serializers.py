from __future__ import annotations

from typing import Any

from rest_framework import serializers

from runs.models import Artifact, Run, RunEvent, RunStatus


class RunCreateSerializer(serializers.Serializer):
    workflow = serializers.CharField(max_length=64)
    input = serializers.JSONField(required=False, default=dict)
    tier = serializers.CharField(max_length=32, required=False, default="standard")
    budgets = serializers.JSONField(required=False, default=dict)
    repository = serializers.CharField(required=False, allow_blank=True, default="")
    workspace = serializers.FileField(
        required=False, allow_null=True, default=None, help_text="A .tar.gz of the workspace."
    )

    def validate_input(self, value: Any) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise serializers.ValidationError("input must be a JSON object.")
        return value

    def validate_budgets(self, value: Any) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise serializers.ValidationError("budgets must be a JSON object.")
        return value


class RunSerializer(serializers.ModelSerializer):
    usage = serializers.SerializerMethodField()

    class Meta:
        model = Run
        fields = [
            "id",
            "workflow",
            "status",
            "tier",
            "input",
            "budgets",
            "usage",
            "step_count",
            "output",
            "error",
            "lost_count",
            "created_at",
            "started_at",
            "finished_at",
        ]

    def get_usage(self, run: Run) -> dict[str, int]:
        return {"prompt_tokens": run.prompt_tokens, "completion_tokens": run.completion_tokens}


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
