"""Evals: the organization's evals and one eval's report (the same report as
`GET /api/evals/{id}/report` and `manage.py eval --html`)."""

from __future__ import annotations

from uuid import UUID

from django.http import Http404, HttpRequest, HttpResponse

from dashboard.access import Viewer, dashboard_page
from dashboard.pages import page, paginate
from evals import selectors
from evals.reports import eval_report


@dashboard_page
def eval_list(request: HttpRequest, viewer: Viewer) -> HttpResponse:
    evals = selectors.eval_list(organization_id=viewer.organization_id)
    context = {"evals": paginate(request, evals), "query": ""}
    return page(request, viewer, "dashboard/evals/list.html", context, section="evals")


@dashboard_page
def eval_detail(request: HttpRequest, viewer: Viewer, eval_id: UUID) -> HttpResponse:
    found = selectors.eval_get(organization_id=viewer.organization_id, eval_id=eval_id)
    if found is None:
        raise Http404("No such eval.")
    context = {"evaluation": found, "report": eval_report(eval=found), "link_runs": True}
    return page(request, viewer, "dashboard/evals/detail.html", context, section="evals")
