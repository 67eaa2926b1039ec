"""REST views for approvals: the list of an organization's requests, and deciding one."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError as DjangoValidationError
from drf_spectacular.utils import extend_schema
from rest_framework.generics import ListAPIView
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.authentication import requires_scope, tenant_of
from approvals import selectors, services
from approvals.serializers import (
    ApprovalListQuerySerializer,
    ApprovalSerializer,
    DecisionSerializer,
)
from runs.api import service_errors

APPROVALS_SCOPE = requires_scope("approvals")


class ApprovalListView(ListAPIView):
    permission_classes = [APPROVALS_SCOPE]
    serializer_class = ApprovalSerializer

    def get_queryset(self) -> Any:
        query = ApprovalListQuerySerializer(data=self.request.query_params)
        query.is_valid(raise_exception=True)
        return selectors.approval_list(
            organization_id=tenant_of(self.request).organization_id,
            status=query.validated_data.get("status"),
        )

    @extend_schema(parameters=[ApprovalListQuerySerializer])
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)


class ApprovalDecideView(APIView):
    permission_classes = [APPROVALS_SCOPE]

    @extend_schema(request=DecisionSerializer, responses=ApprovalSerializer)
    def post(self, request: Request, approval_id: int) -> Response:
        body = DecisionSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        tenant = tenant_of(request)
        try:
            decided = services.approval_decide(
                organization_id=tenant.organization_id,
                approval_id=approval_id,
                user=tenant.user,
                api_key_id=tenant.api_key_id,
                approve=body.validated_data["decision"] == "approve",
                arguments=body.validated_data["arguments"],
                comment=body.validated_data["comment"],
            )
        except DjangoValidationError as error:
            raise service_errors(error) from None
        return Response(ApprovalSerializer(decided).data)
