"""Documents and memory: upload with live ingestion progress, the document list, search with
citations, and memory items with delete and export."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from dashboard.access import Viewer, dashboard_page
from dashboard.pages import SERVICE_ERRORS, error_message, error_status, page, paginate
from dashboard.text import clip
from memory import documents as documents_service
from memory import selectors as memory_selectors
from memory import services as memory_services
from memory.extraction import DocumentRejected
from memory.search import memory_search

SEARCH_HITS = 10
ACCEPTED_LABEL = "PDF, XLSX, CSV, HTML, Markdown or plain text"


@dashboard_page
def documents(request: HttpRequest, viewer: Viewer) -> HttpResponse:
    query = request.GET.get("q", "").strip()
    hits, problem = _search(viewer, query) if query else ([], "")
    context = {
        "documents": paginate(
            request, memory_selectors.document_list(organization_id=viewer.organization_id)
        ),
        "query": query,
        "hits": hits,
        "problem": problem,
        "accepted": ACCEPTED_LABEL,
    }
    return page(request, viewer, "dashboard/documents.html", context, section="documents")


def _search(viewer: Viewer, query: str) -> tuple[list[dict[str, object]], str]:
    try:
        results = memory_search(
            organization_id=viewer.organization_id, query=query[:4000], k=SEARCH_HITS
        )
    except SERVICE_ERRORS as error:
        return [], error_message(error)
    return [{**hit, "excerpt": clip(hit["text"], 600)} for hit in results], ""


@require_POST
@dashboard_page
def document_upload(request: HttpRequest, viewer: Viewer) -> HttpResponse:
    """A form post (redirects back) or, from the page's script, a request that wants JSON
    (answers the document and where to follow its progress)."""
    wants_json = "application/json" in request.headers.get("Accept", "")
    upload = request.FILES.get("file")
    try:
        if upload is None:
            raise DocumentRejected("Choose a file to upload.")
        documents_service.check_upload_size(upload.size or 0)
        result = documents_service.document_upload(
            organization_id=viewer.organization_id,
            filename=upload.name or "",
            data=upload.read(),
            declared_type=upload.content_type,
            title=request.POST.get("title", "")[:300],
            uploaded_by_id=viewer.user.id,
        )
    except SERVICE_ERRORS as error:
        if wants_json:
            return JsonResponse({"error": error_message(error)}, status=error_status(error))
        messages.error(request, error_message(error))
        return redirect("dashboard:documents")
    document = result.document
    if wants_json:
        body = {"id": document.id, "title": document.title, "status": document.status,
                "percent": document.progress, "created": result.created,
                "progress_url": f"/ws/documents/{document.id}"}  # fmt: skip
        return JsonResponse(body, status=201 if result.created else 200)
    messages.success(request, f"Uploaded {document.title}; ingestion has started.")
    return redirect("dashboard:documents")


@dashboard_page
def memory(request: HttpRequest, viewer: Viewer) -> HttpResponse:
    items = memory_selectors.memory_item_list(organization_id=viewer.organization_id)
    context = {"items": paginate(request, items)}
    return page(request, viewer, "dashboard/memory.html", context, section="documents")


@require_POST
@dashboard_page
def memory_delete(request: HttpRequest, viewer: Viewer, item_id: int) -> HttpResponse:
    try:
        deleted = memory_services.memory_delete(actor=viewer.actor(), item_id=item_id)
    except SERVICE_ERRORS as error:
        messages.error(request, error_message(error))
        return redirect("dashboard:memory")
    # Another organization's item answers as one that does not exist: 404, like every page.
    if not deleted:
        raise Http404("No such memory item in your organization.")
    messages.success(request, "The memory item was deleted.")
    return redirect("dashboard:memory")
