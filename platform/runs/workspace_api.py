"""`GET /api/runs/{id}/workspace`: the run's workspace as a .tar.gz (see runs.exports)."""

from __future__ import annotations

from django.http import FileResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework.exceptions import APIException, NotFound
from rest_framework.request import Request
from rest_framework.views import APIView

from agents.sandbox.hostfs import WalkLimit
from runs.api import RUNS_SCOPE, tenant_run
from runs.exports import workspace_export


class WorkspaceTooLarge(APIException):
    status_code = 409
    default_code = "workspace_too_large"


class RunWorkspaceView(APIView):
    """Regular files and directories only; consistent once the run has ended."""

    permission_classes = [RUNS_SCOPE]

    @extend_schema(responses={(200, "application/gzip"): OpenApiTypes.BINARY})
    def get(self, request: Request, run_id: str) -> FileResponse:
        run = tenant_run(request, run_id)
        try:
            archive = workspace_export(run_id=run.id)
        except WalkLimit as error:
            raise WorkspaceTooLarge(f"The workspace cannot be downloaded: {error}.") from None
        if archive is None:
            raise NotFound("This run has no workspace.")
        return FileResponse(
            archive,
            content_type="application/gzip",
            as_attachment=True,
            filename=f"workspace-{run.id}.tar.gz",
        )
