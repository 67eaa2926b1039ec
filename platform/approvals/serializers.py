from __future__ import annotations

from typing import Any

from rest_framework import serializers

from approvals.models import (
    ApprovalPolicyVersion,
    ApprovalRequest,
    ApprovalRule,
    ApprovalStatus,
    ApprovalVote,
    DeadlineAction,
    RequestKind,
    RuleAction,
)
from approvals.rules import EDITABLE


class VoteSerializer(serializers.ModelSerializer):
    api_key = serializers.IntegerField(source="api_key_id", read_only=True, allow_null=True)

    class Meta:
        model = ApprovalVote
        fields = [
            "voter_name",
            "api_key",
            "role",
            "decision",
            "digest",
            "edited_arguments",
            "edit_diff",
            "comment",
            "created_at",
        ]


class ApprovalSerializer(serializers.ModelSerializer):
    run = serializers.UUIDField(source="run_id", read_only=True)
    decided_by = serializers.SerializerMethodField()
    decided_by_api_key = serializers.SerializerMethodField()
    requested_by = serializers.SerializerMethodField()
    approvals = serializers.SerializerMethodField(
        help_text="Distinct approvals of the arguments now proposed (the quorum counts these)."
    )
    votes = VoteSerializer(many=True, read_only=True)
    rule = serializers.CharField(source="rule_name", read_only=True)

    class Meta:
        model = ApprovalRequest
        fields = [
            "id",
            "run",
            "kind",
            "step",
            "call_index",
            "tool",
            "arguments",
            "digest",
            "reason",
            "requested_by",
            "status",
            "policy_version",
            "rule",
            "quorum",
            "approvals",
            "approver_roles",
            "allow_edit",
            "deadline_at",
            "deadline_action",
            "escalate_to_role",
            "escalations",
            "proposed_digest",
            "edited_arguments",
            "edit_diff",
            "votes",
            "decided_by",
            "decided_by_api_key",
            "decided_at",
            "resolution",
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

    def get_approvals(self, request: ApprovalRequest) -> int:
        current = request.proposed_digest or request.digest
        return len(
            {
                vote.voter_id
                for vote in request.votes.all()
                if vote.decision == "approve" and vote.digest == current and vote.voter_id
            }
        )


class ApprovalListQuerySerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=ApprovalStatus.choices, required=False)
    run = serializers.UUIDField(required=False)


class DecisionSerializer(serializers.Serializer):
    decision = serializers.ChoiceField(choices=["approve", "reject"])
    arguments = serializers.JSONField(
        required=False,
        allow_null=True,
        default=None,
        help_text="Approve these edited arguments instead of the proposed ones.",
    )
    patch = serializers.JSONField(
        required=False,
        allow_null=True,
        default=None,
        help_text="Approve the proposed arguments changed by this JSON merge patch (RFC 7386).",
    )
    comment = serializers.CharField(required=False, allow_blank=True, default="", max_length=2000)

    def validate_arguments(self, value: Any) -> dict[str, Any] | None:
        if value is not None and not isinstance(value, dict):
            raise serializers.ValidationError("arguments must be a JSON object.")
        return value

    def validate_patch(self, value: Any) -> dict[str, Any] | None:
        if value is not None and not isinstance(value, dict):
            raise serializers.ValidationError("patch must be a JSON object (a merge patch).")
        return value


class RuleSerializer(serializers.ModelSerializer):
    class Meta:
        model = ApprovalRule
        fields = ["id", *EDITABLE, "created_at", "updated_at"]
        read_only_fields = ["id", "created_at", "updated_at"]
        extra_kwargs = {"name": {"required": True}, "action": {"required": True}}


INT_MAX = 2**31 - 1  # the rule's integer columns


class RuleWriteSerializer(serializers.Serializer):
    """Shapes only; what the fields mean together is checked by approvals.policy (400s)."""

    position = serializers.IntegerField(required=False, min_value=-INT_MAX, max_value=INT_MAX)
    name = serializers.CharField(max_length=100, required=False)
    enabled = serializers.BooleanField(required=False)
    applies_to = serializers.ChoiceField(choices=RequestKind.choices, required=False)
    conditions = serializers.JSONField(required=False)
    action = serializers.ChoiceField(choices=RuleAction.choices, required=False)
    reason = serializers.CharField(required=False, allow_blank=True, max_length=2000)
    quorum = serializers.IntegerField(required=False, min_value=1, max_value=20)
    approver_roles = serializers.ListField(child=serializers.CharField(), required=False)
    deadline_seconds = serializers.IntegerField(
        required=False, allow_null=True, min_value=1, max_value=INT_MAX
    )
    deadline_action = serializers.ChoiceField(choices=DeadlineAction.choices, required=False)
    escalate_to_role = serializers.CharField(required=False, allow_blank=True, max_length=16)
    escalation_deadline_seconds = serializers.IntegerField(
        required=False, allow_null=True, min_value=1, max_value=INT_MAX
    )
    remind_before_seconds = serializers.IntegerField(
        required=False, allow_null=True, min_value=1, max_value=INT_MAX
    )
    allow_edit = serializers.BooleanField(required=False)


class RuleCreateSerializer(RuleWriteSerializer):
    """A new rule names itself and says what it does; the rest has defaults."""

    name = serializers.CharField(max_length=100)
    action = serializers.ChoiceField(choices=RuleAction.choices)


class DryRunSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=RequestKind.choices, default=RequestKind.TOOL)
    name = serializers.CharField(
        max_length=100, help_text="The tool, or for a budget request the budget (max_steps, ...)."
    )
    arguments = serializers.JSONField(default=dict)
    workflow = serializers.CharField(required=False, allow_blank=True, default="")
    tier = serializers.CharField(required=False, allow_blank=True, default="standard")
    tokens_used = serializers.IntegerField(required=False, min_value=0, default=0)
    steps_used = serializers.IntegerField(required=False, min_value=0, default=0)
    cost = serializers.FloatField(required=False, min_value=0, default=0.0)
    requester_role = serializers.CharField(required=False, allow_null=True, default=None)
    version = serializers.IntegerField(
        required=False, min_value=1, help_text="Evaluate this policy version (default: latest)."
    )

    def validate_arguments(self, value: Any) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise serializers.ValidationError("arguments must be a JSON object.")
        return value


class DryRunResultSerializer(serializers.Serializer):
    action = serializers.CharField()
    reason = serializers.CharField()
    policy_version = serializers.IntegerField()
    rule = serializers.DictField(allow_null=True)
    requirement = serializers.DictField(allow_null=True)
    explanation = serializers.ListField(child=serializers.CharField())


class PolicyVersionSerializer(serializers.ModelSerializer):
    class Meta:
        model = ApprovalPolicyVersion
        fields = ["version", "change", "changed_by", "created_at", "rules"]


class SlaSerializer(serializers.Serializer):
    organization_id = serializers.IntegerField()
    window_days = serializers.IntegerField()
    pending = serializers.IntegerField()
    oldest_pending_seconds = serializers.FloatField(allow_null=True)
    decided = serializers.IntegerField()
    time_to_decision_p50_seconds = serializers.FloatField(allow_null=True)
    time_to_decision_p95_seconds = serializers.FloatField(allow_null=True)
    expired = serializers.IntegerField()
    escalated = serializers.IntegerField()


class SlaQuerySerializer(serializers.Serializer):
    days = serializers.IntegerField(required=False, min_value=1, max_value=365)
