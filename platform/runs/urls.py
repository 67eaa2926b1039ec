from __future__ import annotations

from django.urls import URLPattern, URLResolver, path

from runs import api
from runs.reliability_api import ToolReliabilityView
from runs.trace_api import RunTraceView
from runs.workspace_api import RunWorkspaceView

urlpatterns: list[URLPattern | URLResolver] = [
    path("runs", api.RunListCreateView.as_view(), name="runs"),
    path("runs/<uuid:run_id>", api.RunDetailView.as_view(), name="run-detail"),
    path("runs/<uuid:run_id>/cancel", api.RunCancelView.as_view(), name="run-cancel"),
    path("runs/<uuid:run_id>/rollback", api.RunRollbackView.as_view(), name="run-rollback"),
    path("runs/<uuid:run_id>/rerun", api.RunRerunView.as_view(), name="run-rerun"),
    path("runs/<uuid:run_id>/events", api.RunEventsView.as_view(), name="run-events"),
    path("runs/<uuid:run_id>/trace", RunTraceView.as_view(), name="run-trace"),
    path(
        "runs/<uuid:run_id>/ws-ticket",
        api.RunWebsocketTicketView.as_view(),
        name="run-ws-ticket",
    ),
    path("runs/<uuid:run_id>/artifacts", api.RunArtifactsView.as_view(), name="run-artifacts"),
    path(
        "runs/<uuid:run_id>/artifacts/<str:name>",
        api.RunArtifactDownloadView.as_view(),
        name="run-artifact",
    ),
    path("runs/<uuid:run_id>/workspace", RunWorkspaceView.as_view(), name="run-workspace"),
    path("tools/reliability", ToolReliabilityView.as_view(), name="tool-reliability"),
]
