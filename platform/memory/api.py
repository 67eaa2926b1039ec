"""REST for memory and documents: parse, call one service or selector, serialize."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.http import Http404, StreamingHttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import exceptions, status
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.authentication import requires_scope, tenant_of
from accounts.permissions import actor_of
from accounts.selectors import organization_get
from core.pagination import LimitOffsetPagination, page_parameters
from core.schema import problems
from memory import documents, selectors, serializers, services
from memory.models import Document, MemoryItem
from memory.search import Filters, Weights, memory_search


class MemoryAPIView(APIView):
    permission_classes = [IsAuthenticated, requires_scope("memory")]


class MemoryCollectionView(MemoryAPIView):
    @extend_schema(
        request=serializers.MemoryCreateSerializer,
        responses={201: serializers.MemoryItemSerializer},
    )
    def post(self, request: Request) -> Response:
        tenant = tenant_of(request)
        body = _valid(serializers.MemoryCreateSerializer, request.data)
        item = services.memory_create(organization_id=tenant.organization_id, **body)
        return Response(selectors.item_as_dict(item), status=status.HTTP_201_CREATED)


class MemorySearchView(MemoryAPIView):
    @extend_schema(
        request=serializers.SearchSerializer, responses=serializers.SearchResultSerializer
    )
    def post(self, request: Request) -> Response:
        tenant = tenant_of(request)
        body = _valid(serializers.SearchSerializer, request.data)
        filters = body.pop("filters")
        weights = Weights(
            recency=body.pop("recency_weight"),
            importance=body.pop("importance_weight"),
            recency_half_life=timedelta(days=body.pop("recency_half_life_days")),
        )
        filters = Filters(kinds=tuple(filters.pop("kinds", ())), **filters)
        hits = memory_search(
            organization_id=tenant.organization_id, filters=filters, weights=weights, **body
        )
        return Response({"results": hits})


class MemoryItemView(MemoryAPIView):
    @extend_schema(responses=serializers.MemoryItemSerializer)
    def get(self, request: Request, item_id: int) -> Response:
        tenant = tenant_of(request)
        try:
            item = selectors.memory_item_get(
                organization_id=tenant.organization_id, item_id=item_id
            )
        except MemoryItem.DoesNotExist:
            raise Http404("No such memory item.") from None
        return Response(selectors.item_as_dict(item))

    @extend_schema(responses={204: None})
    def delete(self, request: Request, item_id: int) -> Response:
        if not services.memory_delete(actor=actor_of(request), item_id=item_id):
            raise Http404("No such memory item.")
        return Response(status=status.HTTP_204_NO_CONTENT)


class MemoryExportView(MemoryAPIView):
    @extend_schema(
        parameters=[serializers.ExportQuerySerializer],
        responses={(200, "application/x-ndjson"): OpenApiResponse(OpenApiTypes.STR)},
        description="The organization's memory as JSON lines. `?embeddings=1` adds vectors.",
    )
    def get(self, request: Request) -> StreamingHttpResponse:
        tenant = tenant_of(request)
        query = _valid(serializers.ExportQuerySerializer, request.query_params)
        lines = selectors.memory_export_lines(
            organization_id=tenant.organization_id, with_embeddings=query["embeddings"]
        )
        response = StreamingHttpResponse(lines, content_type="application/x-ndjson")
        response["Content-Disposition"] = 'attachment; filename="memory.jsonl"'
        return response


class MemoryPurgeView(MemoryAPIView):
    @extend_schema(request=serializers.PurgeSerializer, responses=serializers.PurgeResultSerializer)
    def post(self, request: Request) -> Response:
        tenant = tenant_of(request)
        # Asked first, so that a refusal comes before the confirmation's problems.
        actor = services.PURGE.check(actor_of(request))
        body = _valid(serializers.PurgeSerializer, request.data)
        slug = organization_get(organization_id=tenant.organization_id).slug
        if body["confirm"] != slug:
            raise exceptions.ValidationError(
                {"confirm": "Type the organization's slug to confirm."}
            )
        counts = services.memory_purge_organization(actor=actor)
        return Response(counts)


class DocumentCollectionView(MemoryAPIView):
    parser_classes = [MultiPartParser, FormParser]

    @extend_schema(
        operation_id="documents_list",
        parameters=page_parameters(),
        responses=serializers.DocumentPageSerializer,
    )
    def get(self, request: Request) -> Response:
        tenant = tenant_of(request)
        queryset = selectors.document_list(organization_id=tenant.organization_id)
        paginator = LimitOffsetPagination()
        page = paginator.paginate_queryset(queryset, request, view=self)
        return paginator.get_paginated_response(
            serializers.DocumentSerializer(page, many=True).data
        )

    @extend_schema(
        request={"multipart/form-data": serializers.DocumentUploadSerializer},
        responses={
            201: serializers.DocumentSerializer,
            200: serializers.DocumentSerializer,
            **problems(413, 422),
        },
        description="Stores the file and queues ingestion (201); the same file again returns "
        "the existing document (200). Bad files get 400, 413, 415 or 422 and nothing is stored.",
    )
    def post(self, request: Request) -> Response:
        tenant = tenant_of(request)
        body = _valid(serializers.DocumentUploadSerializer, request.data)
        upload: Any = body["file"]
        documents.check_upload_size(upload.size)
        result = documents.document_upload(
            organization_id=tenant.organization_id,
            filename=upload.name or "",
            data=upload.read(),
            declared_type=upload.content_type,
            title=body["title"],
            uploaded_by_id=tenant.user.id if tenant.user else None,
        )
        code = status.HTTP_201_CREATED if result.created else status.HTTP_200_OK
        return Response(serializers.DocumentSerializer(result.document).data, status=code)


class DocumentDetailView(MemoryAPIView):
    @extend_schema(responses=serializers.DocumentSerializer)
    def get(self, request: Request, document_id: int) -> Response:
        tenant = tenant_of(request)
        try:
            document = selectors.document_get(
                organization_id=tenant.organization_id, document_id=document_id
            )
        except Document.DoesNotExist:
            raise Http404("No such document.") from None
        return Response(serializers.DocumentSerializer(document).data)

    @extend_schema(responses={204: None})
    def delete(self, request: Request, document_id: int) -> Response:
        if not documents.document_delete(actor=actor_of(request), document_id=document_id):
            raise Http404("No such document.")
        return Response(status=status.HTTP_204_NO_CONTENT)


def _valid(serializer_class: type[Any], data: Any) -> dict[str, Any]:
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)
