"""REST for the audit log: the organization's entries, the chain check, the JSON-lines export.

Reading it takes an owner or admin (by session, or through a key with the `approvals` scope
whose owner is one). It lives in accounts, which authenticates every API, so that the log itself
(the audit app) stays a leaf below accounts, which appends to it.
"""

from __future__ import annotations

from typing import Any

from django.http import StreamingHttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.generics import ListAPIView
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.authentication import requires_scope, tenant_of
from accounts.permissions import MANAGERS, request_requires_role
from audit import selectors
from audit.serializers import (
    AuditEntrySerializer,
    AuditExportQuerySerializer,
    AuditQuerySerializer,
    ChainReportSerializer,
)

AUDIT_SCOPE = requires_scope("approvals")
READ = "read the audit log"


class AuditListView(ListAPIView):
    permission_classes = [AUDIT_SCOPE]
    serializer_class = AuditEntrySerializer

    def get_queryset(self) -> Any:
        request_requires_role(self.request, MANAGERS, action=READ)
        query = AuditQuerySerializer(data=self.request.query_params)
        query.is_valid(raise_exception=True)
        entries = selectors.audit_search(
            organization_id=tenant_of(self.request).organization_id, filters=query.filters()
        )
        return entries.filter(seq__gt=query.validated_data["after"]).order_by("seq")

    @extend_schema(parameters=[AuditQuerySerializer])
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)


class AuditVerifyView(APIView):
    permission_classes = [AUDIT_SCOPE]

    @extend_schema(responses=ChainReportSerializer)
    def get(self, request: Request) -> Response:
        request_requires_role(request, MANAGERS, action=READ)
        report = selectors.audit_verify(organization_id=tenant_of(request).organization_id)
        broken = report.broken
        return Response(
            {
                "ok": report.ok,
                "entries": report.entries,
                "head_seq": report.head_seq,
                "head_hash": report.head_hash,
                "broken": None
                if broken is None
                else {"entry_id": broken.entry_id, "seq": broken.seq, "reason": broken.reason},
            }
        )


class AuditExportView(APIView):
    permission_classes = [AUDIT_SCOPE]

    @extend_schema(
        parameters=[AuditExportQuerySerializer],
        responses={(200, "application/x-ndjson"): OpenApiResponse(OpenApiTypes.STR)},
        description="The organization's audit chain as JSON lines, in order, from `after`.",
    )
    def get(self, request: Request) -> StreamingHttpResponse:
        request_requires_role(request, MANAGERS, action=READ)
        query = AuditExportQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        lines = selectors.audit_export_lines(
            organization_id=tenant_of(request).organization_id,
            after_seq=query.validated_data["after"],
        )
        response = StreamingHttpResponse(lines, content_type="application/x-ndjson")
        response["Content-Disposition"] = 'attachment; filename="audit.jsonl"'
        return response
