"""REST for approval requests: the list, one request (with its digest as ETag), and voting.

`POST /api/approvals/{id}/decide` takes `If-Match: "<digest>"`: the digest of the arguments
the reviewer looked at. A decision is never applied to other arguments: a changed proposal
answers 412, and once a reviewer edited the arguments, deciding without If-Match answers 428.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.exceptions import NotFound
from rest_framework.generics import ListAPIView
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.authentication import requires_scope, tenant_of
from accounts.permissions import actor_of
from approvals import selectors, services
from approvals.serializers import (
    ApprovalListQuerySerializer,
    ApprovalSerializer,
    DecisionSerializer,
)
from core.schema import problems

APPROVALS_SCOPE = requires_scope("approvals")
IF_MATCH = OpenApiParameter(
    "If-Match",
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    description="The digest of the arguments you reviewed (the request's ETag).",
)


def with_etag(request: Any) -> Response:
    response = Response(ApprovalSerializer(request).data)
    response["ETag"] = f'"{request.proposed_digest or request.digest}"'
    return response


class ApprovalListView(ListAPIView):
    permission_classes = [APPROVALS_SCOPE]
    serializer_class = ApprovalSerializer

    def get_queryset(self) -> Any:
        query = ApprovalListQuerySerializer(data=self.request.query_params)
        query.is_valid(raise_exception=True)
        return selectors.approval_list(
            organization_id=tenant_of(self.request).organization_id,
            status=query.validated_data.get("status"),
            run_id=query.validated_data.get("run"),
        )

    @extend_schema(parameters=[ApprovalListQuerySerializer])
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)


class ApprovalDetailView(APIView):
    permission_classes = [APPROVALS_SCOPE]

    @extend_schema(responses=ApprovalSerializer)
    def get(self, request: Request, approval_id: int) -> Response:
        found = selectors.approval_get(
            organization_id=tenant_of(request).organization_id, approval_id=approval_id
        )
        if found is None:
            raise NotFound("No such approval request.")
        return with_etag(found)


class ApprovalDecideView(APIView):
    permission_classes = [APPROVALS_SCOPE]

    @extend_schema(
        request=DecisionSerializer,
        responses={200: ApprovalSerializer, **problems(409, 412, 428)},
        parameters=[IF_MATCH],
    )
    def post(self, request: Request, approval_id: int) -> Response:
        body = DecisionSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        actor = actor_of(request)
        decided = services.approval_decide(
            actor=actor,
            approval_id=approval_id,
            approve=body.validated_data["decision"] == "approve",
            arguments=body.validated_data["arguments"],
            patch=body.validated_data["patch"],
            comment=body.validated_data["comment"],
            if_match=request.headers.get("If-Match"),
        )
        found = selectors.approval_get(
            organization_id=actor.organization_id, approval_id=decided.id
        )
        return with_etag(found)
