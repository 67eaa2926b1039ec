"""REST: `GET /api/tools/reliability`, the caller's organization's tool reliability report."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.utils import timezone
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.authentication import requires_scope, tenant_of
from agents.engine.recovery import FAILURE_CLASSES
from runs.reliability import CallScope, tool_reliability

DEFAULT_WINDOW = timedelta(hours=24)


class ReliabilityQuerySerializer(serializers.Serializer):
    since = serializers.DateTimeField(
        required=False, help_text="Calls completed at or after this time (default: 24 h ago)."
    )
    until = serializers.DateTimeField(
        required=False, help_text="Calls completed before this time (default: now)."
    )
    tool = serializers.CharField(
        required=False, max_length=100, help_text="Only this tool's calls."
    )

    def validate(self, data: dict[str, Any]) -> dict[str, Any]:
        until = data.get("until") or timezone.now()
        since = data.get("since") or until - DEFAULT_WINDOW
        if since >= until:
            raise serializers.ValidationError({"since": "since must be before until."})
        return {**data, "since": since, "until": until}


class RecoveryChainSerializer(serializers.Serializer):
    failure_class = serializers.ChoiceField(choices=FAILURE_CLASSES)
    remedy = serializers.CharField(
        help_text='The tool of the successful call between the failure and its repeat; "" '
        "when the call was repeated directly."
    )
    outcome = serializers.ChoiceField(choices=["ok", "failed"], help_text="How the repeat went.")
    count = serializers.IntegerField()
    chain = serializers.CharField(
        help_text='In words: "missing_dependency → install_package → retried OK".'
    )


class ToolReliabilitySerializer(serializers.Serializer):
    tool = serializers.CharField()
    calls = serializers.IntegerField(help_text="Completed calls in the window.")
    succeeded = serializers.IntegerField(
        help_text="Calls that did what they were asked: no error, exit code 0, tests passing."
    )
    failed = serializers.IntegerField()
    success_rate = serializers.FloatField()
    latency_p50_seconds = serializers.FloatField(allow_null=True)
    latency_p95_seconds = serializers.FloatField(allow_null=True)
    failures = serializers.DictField(
        child=serializers.IntegerField(), help_text="Failed calls by failure class."
    )
    not_repeated = serializers.DictField(
        child=serializers.IntegerField(),
        help_text="Failed calls by class that no later call repeated (yet).",
    )
    recoveries = RecoveryChainSerializer(many=True)


class ReliabilityReportSerializer(serializers.Serializer):
    since = serializers.DateTimeField()
    until = serializers.DateTimeField()
    tools = ToolReliabilitySerializer(many=True)


class ToolReliabilityView(APIView):
    permission_classes = [requires_scope("runs")]

    @extend_schema(parameters=[ReliabilityQuerySerializer], responses=ReliabilityReportSerializer)
    def get(self, request: Request) -> Response:
        query = ReliabilityQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        window = query.validated_data
        scope = CallScope(
            organization_id=tenant_of(request).organization_id,
            since=window["since"],
            until=window["until"],
            tool=window.get("tool"),
        )
        report = {
            "since": scope.since,
            "until": scope.until,
            "tools": tool_reliability(scope=scope),
        }
        return Response(ReliabilityReportSerializer(report).data)
