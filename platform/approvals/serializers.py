from __future__ import annotations

from typing import Any

from rest_framework import serializers

from approvals.models import ApprovalRequest, ApprovalStatus


class ApprovalSerializer(serializers.ModelSerializer):
    run = serializers.UUIDField(source="run_id", read_only=True)
    decided_by = serializers.SerializerMethodField()
    decided_by_api_key = serializers.SerializerMethodField()
    requested_by = serializers.SerializerMethodField()

    class Meta:
        model = ApprovalRequest
        fields = [
            "id",
            "run",
            "step",
            "call_index",
            "tool",
            "arguments",
            "digest",
            "reason",
            "requested_by",
            "status",
            "decided_by",
            "decided_by_api_key",
            "decided_at",
            "edited_arguments",
            "approved_digest",
            "comment",
            "created_at",
        ]

    def get_decided_by(self, request: ApprovalRequest) -> str | None:
        return request.decided_by.username if request.decided_by else None

    def get_decided_by_api_key(self, request: ApprovalRequest) -> str | None:
        """The prefix of the key a decision came through (its owner is `decided_by`)."""
        key = request.decided_by_api_key
        return key.prefix if key else None

    def get_requested_by(self, request: ApprovalRequest) -> str:
        if request.requested_by_user:
            return f"{request.requested_by_kind} for {request.requested_by_user.username}"
        return request.requested_by_kind


class ApprovalListQuerySerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=ApprovalStatus.choices, required=False)


class DecisionSerializer(serializers.Serializer):
    decision = serializers.ChoiceField(choices=["approve", "reject"])
    arguments = serializers.JSONField(
        required=False,
        allow_null=True,
        default=None,
        help_text="Approve these edited arguments instead of the requested ones.",
    )
    comment = serializers.CharField(required=False, allow_blank=True, default="", max_length=2000)

    def validate_arguments(self, value: Any) -> dict[str, Any] | None:
        if value is not None and not isinstance(value, dict):
            raise serializers.ValidationError("arguments must be a JSON object.")
        return value
