"""REST for tool sources: members read them; owners and admins register, refresh, govern and
remove them (`/api/tool-sources`, `/api/tools/{id}`)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.authentication import requires_scope, tenant_of
from accounts.permissions import actor_of
from toolsources import selectors, services
from toolsources.models import ExternalTool, ToolSource
from toolsources.serializers import (
    ExternalToolSerializer,
    SourceCreateSerializer,
    SourceSerializer,
    SourceUpdateSerializer,
    ToolUpdateSerializer,
)

SCOPE = requires_scope("runs")


def _source(request: Request, source_id: int) -> ToolSource:
    found = selectors.source_get(
        organization_id=tenant_of(request).organization_id, source_id=source_id
    )
    if found is None:
        raise NotFound("No such tool source.")
    return found


def _tool(request: Request, tool_id: int) -> ExternalTool:
    found = selectors.tool_get(organization_id=tenant_of(request).organization_id, tool_id=tool_id)
    if found is None:
        raise NotFound("No such tool.")
    return found


class SourceListView(APIView):
    permission_classes = [SCOPE]

    @extend_schema(responses=SourceSerializer(many=True))
    def get(self, request: Request) -> Response:
        sources = selectors.source_list(organization_id=tenant_of(request).organization_id)
        return Response(SourceSerializer(sources, many=True).data)

    @extend_schema(request=SourceCreateSerializer, responses={201: SourceSerializer})
    def post(self, request: Request) -> Response:
        body = SourceCreateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        source = services.tool_source_create(actor=actor_of(request), **body.validated_data)
        return Response(SourceSerializer(source).data, status=status.HTTP_201_CREATED)


class SourceView(APIView):
    permission_classes = [SCOPE]

    @extend_schema(responses=SourceSerializer)
    def get(self, request: Request, source_id: int) -> Response:
        return Response(SourceSerializer(_source(request, source_id)).data)

    @extend_schema(request=SourceUpdateSerializer, responses=SourceSerializer)
    def patch(self, request: Request, source_id: int) -> Response:
        body = SourceUpdateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        source = services.tool_source_update(
            actor=actor_of(request), source=_source(request, source_id), **body.validated_data
        )
        return Response(SourceSerializer(source).data)

    @extend_schema(responses={204: None})
    def delete(self, request: Request, source_id: int) -> Response:
        services.tool_source_delete(actor=actor_of(request), source=_source(request, source_id))
        return Response(status=status.HTTP_204_NO_CONTENT)


class SourceRefreshView(APIView):
    permission_classes = [SCOPE]

    @extend_schema(request=None, responses=SourceSerializer)
    def post(self, request: Request, source_id: int) -> Response:
        source = services.tool_source_refresh(
            actor=actor_of(request), source=_source(request, source_id)
        )
        return Response(SourceSerializer(source).data)


class ToolView(APIView):
    permission_classes = [SCOPE]

    @extend_schema(responses=ExternalToolSerializer)
    def get(self, request: Request, tool_id: int) -> Response:
        return Response(ExternalToolSerializer(_tool(request, tool_id)).data)

    @extend_schema(request=ToolUpdateSerializer, responses=ExternalToolSerializer)
    def patch(self, request: Request, tool_id: int) -> Response:
        body = ToolUpdateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        tool = services.external_tool_update(
            actor=actor_of(request), tool=_tool(request, tool_id), **body.validated_data
        )
        return Response(ExternalToolSerializer(tool).data)
