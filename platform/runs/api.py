"""REST views for runs: thin, one service or selector each."""

from __future__ import annotations

from typing import Any

from django.http import FileResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound, ParseError, ValidationError
from rest_framework.generics import ListAPIView
from rest_framework.parsers import MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.authentication import requires_scope, tenant_of
from accounts.permissions import actor_of
from accounts.selectors import organization_get
from accounts.sockets import credential_of_request
from agents import storable
from core.parsers import JSONParser
from core.websocket import ws_ticket_mint, ws_ticket_seconds
from runs import selectors, services
from runs.artifacts import artifact_open
from runs.consumers import ws_ticket_resource
from runs.models import Run
from runs.rerun import run_rerun
from runs.rollback import run_rollback
from runs.serializers import (
    ArtifactSerializer,
    EventQuerySerializer,
    EventSerializer,
    RerunSerializer,
    RollbackSerializer,
    RunCreateSerializer,
    RunListQuerySerializer,
    RunSerializer,
)

RUNS_SCOPE = requires_scope("runs")


def tenant_run(request: Request, run_id: Any) -> Run:
    """The run if it belongs to the caller's organization; 404 otherwise (never 403)."""
    run = selectors.run_get(organization_id=tenant_of(request).organization_id, run_id=run_id)
    if run is None:
        raise NotFound("No such run.")
    return run


class RunListCreateView(ListAPIView):
    permission_classes = [RUNS_SCOPE]
    serializer_class = RunSerializer
    parser_classes = [JSONParser, MultiPartParser]

    def get_queryset(self) -> Any:
        query = RunListQuerySerializer(data=self.request.query_params)
        query.is_valid(raise_exception=True)
        tenant = tenant_of(self.request)
        return selectors.run_list(
            organization_id=tenant.organization_id, status=query.validated_data.get("status")
        )

    @extend_schema(parameters=[RunListQuerySerializer])
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)

    @extend_schema(request=RunCreateSerializer, responses={201: RunSerializer})
    def post(self, request: Request) -> Response:
        body = RunCreateSerializer(data=_form_json(request))
        body.is_valid(raise_exception=True)
        tenant = tenant_of(request)
        data = body.validated_data
        run = services.run_start(
            organization=organization_get(organization_id=tenant.organization_id),
            workflow=data["workflow"],
            input=data["input"],
            tier=data["tier"],
            priority=data["priority"],
            budgets=data["budgets"],
            workspace_archive=data["workspace"],
            repository=data["repository"] or None,
            tools=data["tools"],
            created_by_user=tenant.user,
            created_by_api_key_id=tenant.api_key_id,
        )
        return Response(RunSerializer(run).data, status=status.HTTP_201_CREATED)


def _form_json(request: Request) -> Any:
    """Multipart forms carry `input` and `budgets` as JSON strings; decode them here."""
    if request.content_type.startswith("application/json"):
        return request.data
    form: Any = request.data
    data = {key: form.get(key) for key in form}
    for key in ("input", "budgets"):
        raw = data.get(key)
        if isinstance(raw, str):
            try:  # strictly: NaN, NUL or a lone surrogate would fail only when saved
                data[key] = storable.loads(raw, where=key)
            except storable.NotStorable as error:
                raise ParseError(f"The form's {key} cannot be stored: {error}.") from None
            except ValueError:
                raise ValidationError({key: "must be JSON"}) from None
    return data


class RunDetailView(APIView):
    permission_classes = [RUNS_SCOPE]

    @extend_schema(responses=RunSerializer)
    def get(self, request: Request, run_id: str) -> Response:
        return Response(RunSerializer(tenant_run(request, run_id)).data)


class RunCancelView(APIView):
    permission_classes = [RUNS_SCOPE]

    @extend_schema(request=None, responses=RunSerializer)
    def post(self, request: Request, run_id: str) -> Response:
        run = tenant_run(request, run_id)
        run = services.run_cancel(actor=actor_of(request), run_id=run.id)
        return Response(RunSerializer(run).data)


class WebsocketTicketSerializer(serializers.Serializer):
    ticket = serializers.CharField()
    expires_in = serializers.IntegerField(help_text="Seconds the ticket stays valid (once).")
    url = serializers.CharField(help_text="The websocket path with the ticket.")


class RunWebsocketTicketView(APIView):
    """A single-use ticket for `/ws/runs/{id}`, so that a page never puts an API key in a URL."""

    permission_classes = [RUNS_SCOPE]

    @extend_schema(request=None, responses={201: WebsocketTicketSerializer})
    def post(self, request: Request, run_id: str) -> Response:
        run = tenant_run(request, run_id)
        holder = credential_of_request(request, organization_id=run.organization_id, scope="runs")
        ticket = ws_ticket_mint(
            organization_id=run.organization_id,
            resource=ws_ticket_resource(str(run.id)),
            holder=holder.as_dict(),
        )
        data = {
            "ticket": ticket,
            "expires_in": ws_ticket_seconds(),
            "url": f"/ws/runs/{run.id}?ticket={ticket}",
        }
        return Response(WebsocketTicketSerializer(data).data, status=status.HTTP_201_CREATED)


class RunRollbackView(APIView):
    """Rolls the run's state and workspace back to the start of an earlier step, then resumes."""

    permission_classes = [RUNS_SCOPE]

    @extend_schema(request=RollbackSerializer, responses=RunSerializer)
    def post(self, request: Request, run_id: str) -> Response:
        run = tenant_run(request, run_id)
        body = RollbackSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        run = run_rollback(actor=actor_of(request), run_id=run.id, step=body.validated_data["step"])
        return Response(RunSerializer(run).data)


class RunRerunView(APIView):
    """Starts a new run of the same workflow, tier and budgets in the workspace the original
    began with, from the same input or the one given."""

    permission_classes = [RUNS_SCOPE]

    @extend_schema(request=RerunSerializer, responses={201: RunSerializer})
    def post(self, request: Request, run_id: str) -> Response:
        original = tenant_run(request, run_id)
        body = RerunSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        run = run_rerun(
            actor=actor_of(request), run_id=original.id, input=body.validated_data.get("input")
        )
        return Response(RunSerializer(run).data, status=status.HTTP_201_CREATED)


class RunEventsView(APIView):
    permission_classes = [RUNS_SCOPE]

    @extend_schema(parameters=[EventQuerySerializer], responses=EventSerializer(many=True))
    def get(self, request: Request, run_id: str) -> Response:
        run = tenant_run(request, run_id)
        query = EventQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        events = selectors.run_events(
            run=run, after=query.validated_data["after"], limit=query.validated_data["limit"]
        )
        return Response(EventSerializer(events, many=True).data)


class RunArtifactsView(APIView):
    permission_classes = [RUNS_SCOPE]

    @extend_schema(responses=ArtifactSerializer(many=True))
    def get(self, request: Request, run_id: str) -> Response:
        artifacts = selectors.run_artifacts(run=tenant_run(request, run_id))
        return Response(ArtifactSerializer(artifacts, many=True).data)


class RunArtifactDownloadView(APIView):
    permission_classes = [RUNS_SCOPE]

    # The artifact's own media type (Artifact.media_type), whatever the workflow stored.
    @extend_schema(responses={(200, "*/*"): OpenApiTypes.BINARY})
    def get(self, request: Request, run_id: str, name: str) -> FileResponse:
        artifact = selectors.run_artifact(run=tenant_run(request, run_id), name=name)
        if artifact is None:
            raise NotFound("No such artifact.")
        try:
            stored = artifact_open(artifact)
        except OSError:
            raise NotFound("This artifact's file cannot be read.") from None
        response = FileResponse(
            stored,
            content_type=artifact.media_type,
            as_attachment=True,
            filename=artifact.name,
        )
        response["X-Content-SHA256"] = artifact.sha256
        return response
