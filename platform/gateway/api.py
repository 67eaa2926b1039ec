"""REST: an organization's own usage ledger (never another's)."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.authentication import requires_scope, tenant_of
from gateway.models import UsageRecord
from gateway.selectors import usage_for_organization, usage_totals


class UsageRecordSerializer(serializers.ModelSerializer):
    class Meta:
        model = UsageRecord
        fields = [
            "request_id", "endpoint", "requested_model", "tier", "backend", "model", "stream",
            "prompt_tokens", "completion_tokens", "total_tokens", "ttft_ms", "latency_ms",
            "overhead_ms", "status", "error_code", "run_id", "created_at",
        ]  # fmt: skip


class UsageListView(generics.ListAPIView):
    """The calling organization's /v1 requests, newest first; `?run=<id>` narrows to one run."""

    serializer_class = UsageRecordSerializer
    permission_classes = [requires_scope("inference")]

    @extend_schema(parameters=[OpenApiParameter("run", str, required=False)])
    def get(self, request: Request, *args: object, **kwargs: object) -> Response:
        return super().get(request, *args, **kwargs)

    def get_queryset(self):  # type: ignore[no-untyped-def]
        tenant = tenant_of(self.request)
        run = self.request.query_params.get("run")
        return usage_for_organization(organization_id=tenant.organization_id, run_id=run)


class UsageTotalsSerializer(serializers.Serializer):
    tier = serializers.CharField()
    requests = serializers.IntegerField()
    prompt_tokens = serializers.IntegerField()
    completion_tokens = serializers.IntegerField()


class UsageTotalsView(APIView):
    """Requests and tokens per tier for the calling organization."""

    permission_classes = [requires_scope("inference")]

    @extend_schema(responses=UsageTotalsSerializer(many=True))
    def get(self, request: Request) -> Response:
        tenant = tenant_of(request)
        rows = usage_totals(organization_id=tenant.organization_id)
        return Response(UsageTotalsSerializer(rows, many=True).data)
