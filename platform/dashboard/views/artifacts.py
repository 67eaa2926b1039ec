"""Artifact pages: the preview by media type with a download link, and the raw bytes that
images, PDFs and the 3D viewer load."""

from __future__ import annotations

from typing import TYPE_CHECKING
from uuid import UUID

from django.http import FileResponse, Http404, HttpRequest, HttpResponse, StreamingHttpResponse
from django.views.decorators.clickjacking import xframe_options_sameorigin

from dashboard.access import Viewer, dashboard_page
from dashboard.pages import page
from dashboard.previews import INLINE_KINDS, artifact_preview, preview_kind
from dashboard.views.runs import _run
from runs import selectors
from runs.artifacts import artifact_open

if TYPE_CHECKING:  # types only: the app's rows come through its selectors
    from runs.models import Artifact

# Raw artifact bytes are agent output: they may not run script or load anything, even if a
# browser is talked into rendering them as a page.
RAW_POLICY = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox"


def _artifact(viewer: Viewer, run_id: UUID, name: str) -> Artifact:
    artifact = selectors.run_artifact(run=_run(viewer, run_id), name=name)
    if artifact is None:
        raise Http404("No such artifact.")
    return artifact


@dashboard_page
def artifact_detail(request: HttpRequest, viewer: Viewer, run_id: UUID, name: str) -> HttpResponse:
    artifact = _artifact(viewer, run_id, name)
    context = {"run": artifact.run, "artifact": artifact, "preview": artifact_preview(artifact)}
    return page(request, viewer, "dashboard/runs/artifact.html", context, section="runs")


@xframe_options_sameorigin
@dashboard_page
def artifact_raw(
    request: HttpRequest, viewer: Viewer, run_id: UUID, name: str
) -> StreamingHttpResponse:
    artifact = _artifact(viewer, run_id, name)
    kind = preview_kind(artifact)
    if kind not in INLINE_KINDS:
        raise Http404("This artifact is not shown inline; download it instead.")
    try:
        stored = artifact_open(artifact)
    except OSError:
        raise Http404("This artifact's file cannot be read.") from None
    response = FileResponse(stored, content_type=artifact.media_type)
    if kind != "pdf":  # a sandboxed document gets no PDF viewer; PDFs keep the site's policy
        response["Content-Security-Policy"] = RAW_POLICY
    response["X-Content-Type-Options"] = "nosniff"
    return response
