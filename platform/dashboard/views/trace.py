"""The run page's trace: the waterfall of a run's model and tool calls, why the run ended, and
one model call's exact prompt and completion (fragments the run page loads with htmx)."""

from __future__ import annotations

from typing import TYPE_CHECKING
from uuid import UUID

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from dashboard.access import Viewer, dashboard_page
from dashboard.trace import answer_text, run_trace
from gateway.selectors import run_ledger_entries
from runs import selectors

if TYPE_CHECKING:  # types only: the app's rows come through its selectors
    from runs.models import Run


def _run(viewer: Viewer, run_id: UUID) -> Run:
    run = selectors.run_get(organization_id=viewer.organization_id, run_id=run_id)
    if run is None:
        raise Http404("No such run in your organization.")
    return run


@dashboard_page
def trace(request: HttpRequest, viewer: Viewer, run_id: UUID) -> HttpResponse:
    run = _run(viewer, run_id)
    context = {"run": run, "trace": run_trace(run=run)}
    return render(request, "dashboard/runs/_trace.html", context)


@dashboard_page
def trace_call(request: HttpRequest, viewer: Viewer, run_id: UUID, call_id: str) -> HttpResponse:
    run = _run(viewer, run_id)
    call = selectors.run_model_call(run=run, call_id=call_id)
    if call is None:
        raise Http404("No such model call in this run.")
    ledger = run_ledger_entries(
        organization_id=viewer.organization_id, run_id=str(run.id), request_ids=[call.id]
    ).get(call.id)
    context = {
        "run": run,
        "call": call,
        "answer": answer_text(call),
        "ledger": ledger,
        "currency": settings.LONGHAUL_CURRENCY,
    }
    return render(request, "dashboard/runs/_trace_call.html", context)
