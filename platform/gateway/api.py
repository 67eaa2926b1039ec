"""REST: an organization's own usage ledger and spend (never another's)."""

from __future__ import annotations

import dataclasses

from django.conf import settings
from drf_spectacular.utils import extend_schema
from rest_framework import generics, serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.authentication import requires_scope, tenant_of
from gateway.models import UsageRecord
from gateway.selectors import USAGE_GROUPS, UsageFilters, usage_for_organization, usage_totals

_COST_HELP = "In the currency setting (`currency`); null: no price was in force for the request."


class UsageRecordSerializer(serializers.ModelSerializer):
    cost = serializers.DecimalField(
        max_digits=24, decimal_places=12, read_only=True, allow_null=True, help_text=_COST_HELP
    )

    class Meta:
        model = UsageRecord
        fields = [
            "request_id", "client_request_id", "endpoint", "requested_model", "tier", "backend",
            "model", "stream",
            "prompt_tokens", "completion_tokens", "total_tokens", "cost", "ttft_ms", "latency_ms",
            "overhead_ms", "status", "error_code", "run_id", "created_at",
        ]  # fmt: skip


class UsageQuerySerializer(serializers.Serializer):
    """Filters shared by the ledger and its totals; each narrows, none widens."""

    run = serializers.CharField(required=False, help_text="A run id (or X-Longhaul-Run label).")
    key = serializers.CharField(required=False, help_text="An API key's prefix.")
    workflow = serializers.CharField(
        required=False, help_text="Model calls of this workflow's runs."
    )
    tier = serializers.CharField(required=False)
    since = serializers.DateTimeField(required=False, help_text="From this moment (inclusive).")
    until = serializers.DateTimeField(required=False, help_text="Before this moment.")

    def filters(self) -> UsageFilters:
        self.is_valid(raise_exception=True)
        names = {field.name for field in dataclasses.fields(UsageFilters)}
        return UsageFilters(**{k: v for k, v in self.validated_data.items() if k in names})


class UsageTotalsQuerySerializer(UsageQuerySerializer):
    group_by = serializers.ChoiceField(choices=USAGE_GROUPS, required=False, default="tier")


class UsageListView(generics.ListAPIView):
    """The calling organization's /v1 requests, newest first, with their cost."""

    serializer_class = UsageRecordSerializer
    permission_classes = [requires_scope("inference")]

    @extend_schema(parameters=[UsageQuerySerializer])
    def get(self, request: Request, *args: object, **kwargs: object) -> Response:
        return super().get(request, *args, **kwargs)

    def get_queryset(self):  # type: ignore[no-untyped-def]
        tenant = tenant_of(self.request)
        filters = UsageQuerySerializer(data=self.request.query_params).filters()
        return usage_for_organization(organization_id=tenant.organization_id, filters=filters)


class UsageTotalsSerializer(serializers.Serializer):
    """One group's totals; the group's own field (`tier`, `key`, ...) names it."""

    tier = serializers.CharField(required=False)
    backend = serializers.CharField(required=False)
    key = serializers.CharField(required=False, allow_null=True, help_text="API key prefix.")
    run = serializers.CharField(required=False)
    workflow = serializers.CharField(required=False, allow_null=True)
    organization = serializers.CharField(required=False, help_text="The organization's slug.")
    requests = serializers.IntegerField()
    prompt_tokens = serializers.IntegerField()
    completion_tokens = serializers.IntegerField()
    total_tokens = serializers.IntegerField()
    cost = serializers.DecimalField(max_digits=24, decimal_places=12, help_text=_COST_HELP)
    unpriced_requests = serializers.IntegerField(
        help_text="Billable requests without a price in force (not in `cost`)."
    )
    currency = serializers.CharField()


class UsageTotalsView(APIView):
    """Requests, tokens and spend for the calling organization, per `group_by` (default tier)."""

    permission_classes = [requires_scope("inference")]

    @extend_schema(
        parameters=[UsageTotalsQuerySerializer], responses=UsageTotalsSerializer(many=True)
    )
    def get(self, request: Request) -> Response:
        tenant = tenant_of(request)
        query = UsageTotalsQuerySerializer(data=request.query_params)
        filters = query.filters()
        group_by = query.validated_data["group_by"]
        rows = usage_totals(
            organization_id=tenant.organization_id, group_by=group_by, filters=filters
        )
        rows = [{**row, "currency": settings.LONGHAUL_CURRENCY} for row in rows]
        return Response(UsageTotalsSerializer(rows, many=True).data)
