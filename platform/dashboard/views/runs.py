"""Runs: the filterable list, the start form, the live detail page and its fragments."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any
from uuid import UUID

from django.conf import settings
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from accounts.permissions import MEMBERS, require_role
from approvals import selectors as approvals_selectors
from dashboard.access import Viewer, dashboard_page
from dashboard.forms import RunFilterForm, RunStartForm
from dashboard.pages import SERVICE_ERRORS, error_message, page, paginate
from dashboard.previews import preview_kind
from dashboard.timeline import entries_after, entries_latest
from gateway.selectors import run_cost
from runs import selectors, services
from runs.rollback import run_rollback

if TYPE_CHECKING:  # types only: the app's rows come through its selectors
    from runs.models import Run

# Statuses of runs.models.RunStatus that the page offers to resume.
RESUMABLE = {"cancelled", "failed"}


@dashboard_page
def run_list(request: HttpRequest, viewer: Viewer) -> HttpResponse:
    filters = RunFilterForm(request.GET)
    runs = selectors.run_search(organization_id=viewer.organization_id, filters=filters.filters())
    context = {"filters": filters, "runs": paginate(request, runs), "query": _query(request)}
    template = "dashboard/runs/_rows.html" if request.headers.get("HX-Request") else None
    return page(request, viewer, template or "dashboard/runs/list.html", context, section="runs")


def _query(request: HttpRequest) -> str:
    """The filters as a query string without the page number, for pagination links."""
    query = request.GET.copy()
    query.pop("page", None)
    return query.urlencode()


@dashboard_page
def run_new(request: HttpRequest, viewer: Viewer) -> HttpResponse:
    catalog = selectors.workflow_catalog()
    form = RunStartForm(
        request.POST or None, request.FILES or None, workflows=[w["name"] for w in catalog]
    )
    if request.method == "POST" and form.is_valid():
        try:
            run = _start(viewer, form)
        except SERVICE_ERRORS as error:
            form.add_error(None, error_message(error))
        else:
            return redirect("dashboard:run", run_id=run.id)
    context = {"form": form, "catalog": catalog}
    status = 400 if form.errors else 200
    return page(request, viewer, "dashboard/runs/new.html", context, section="runs", status=status)


def _start(viewer: Viewer, form: RunStartForm) -> Run:
    upload = form.cleaned_data.get("workspace")
    return services.run_start(
        organization=viewer.organization,
        workflow=form.cleaned_data["workflow"],
        input=form.cleaned_data["input"] or {},
        tier=form.cleaned_data["tier"],
        budgets=form.budgets(),
        workspace_archive=io.BytesIO(upload.read()) if upload else None,
        created_by_user=viewer.user,
    )


def _run(viewer: Viewer, run_id: UUID) -> Run:
    run = selectors.run_get(organization_id=viewer.organization_id, run_id=run_id)
    if run is None:
        raise Http404("No such run in your organization.")
    return run


@dashboard_page
def run_detail(request: HttpRequest, viewer: Viewer, run_id: UUID) -> HttpResponse:
    run = _run(viewer, run_id)
    entries = entries_latest(run=run)
    context = {
        **_summary_context(viewer, run),
        "entries": entries,
        "first_seq": entries[0].seq if entries else 0,
        "last_seq": entries[-1].seq if entries else 0,
    }
    return page(request, viewer, "dashboard/runs/detail.html", context, section="runs")


@dashboard_page
def run_timeline(request: HttpRequest, viewer: Viewer, run_id: UUID) -> HttpResponse:
    run = _run(viewer, run_id)
    try:
        after = max(0, int(request.GET.get("after", "0")))
    except ValueError:
        return HttpResponse("after must be a whole number", status=400)
    entries = entries_after(run=run, after=after)
    return render(request, "dashboard/runs/_entries.html", {"entries": entries, "run": run})


@dashboard_page
def run_summary(request: HttpRequest, viewer: Viewer, run_id: UUID) -> HttpResponse:
    run = _run(viewer, run_id)
    return render(request, "dashboard/runs/_summary.html", _summary_context(viewer, run))


def _summary_context(viewer: Viewer, run: Run) -> dict[str, Any]:
    artifacts = [(a, preview_kind(a)) for a in selectors.run_artifacts(run=run)]
    pending = approvals_selectors.approval_queue(organization_id=viewer.organization_id).filter(
        run_id=run.id
    )
    return {
        "run": run,
        "cost": run_cost(organization_id=viewer.organization_id, run_id=str(run.id)),
        "currency": settings.LONGHAUL_CURRENCY,
        "budgets": budget_bars(run),
        "artifacts": artifacts,
        "pending": list(pending),
        "can_cancel": not run.is_terminal,
        "can_resume": run.status in RESUMABLE,
        "finished": run.is_terminal,
    }


def budget_bars(run: Run) -> list[dict[str, Any]]:
    """Use against each budget, as whole percents for the bars (a run may overshoot a little)."""
    budgets = run.budgets or {}
    end = run.finished_at or timezone.now()
    seconds = (end - run.started_at).total_seconds() if run.started_at else 0.0
    used = {
        "max_steps": ("Steps", run.step_count),
        "max_tokens": ("Tokens", run.prompt_tokens + run.completion_tokens),
        "max_wall_seconds": ("Seconds", round(seconds)),
    }
    bars = []
    for key, (label, value) in used.items():
        limit = budgets.get(key)
        if isinstance(limit, float) and limit.is_integer():
            limit = int(limit)
        if limit:
            percent = min(100, round(100 * value / float(limit)))
            bars.append({"label": label, "used": value, "limit": limit, "percent": percent})
    return bars


@require_POST
@dashboard_page
def run_cancel(request: HttpRequest, viewer: Viewer, run_id: UUID) -> HttpResponse:
    run = _run(viewer, run_id)
    try:
        require_role(viewer.actor(), MEMBERS, action="cancel runs")
        services.run_cancel(organization_id=viewer.organization_id, run_id=run.id)
    except SERVICE_ERRORS as error:
        messages.error(request, error_message(error))
    return redirect("dashboard:run", run_id=run.id)


@require_POST
@dashboard_page
def run_resume(request: HttpRequest, viewer: Viewer, run_id: UUID) -> HttpResponse:
    """Resumes a cancelled or failed run where it stopped: a rollback to its current step."""
    run = _run(viewer, run_id)
    # A cancelled run restarts the step it was stopped in; a failed one runs its last step again.
    where = run.step_count if run.status == "cancelled" else run.step_count - 1
    step = _step_from(request, default=max(where, 0))
    try:
        require_role(viewer.actor(), MEMBERS, action="roll back runs")
        run_rollback(organization_id=viewer.organization_id, run_id=run.id, step=step)
    except SERVICE_ERRORS as error:
        messages.error(request, error_message(error))
    return redirect("dashboard:run", run_id=run.id)


def _step_from(request: HttpRequest, *, default: int) -> int:
    try:
        return int(request.POST.get("step", default))
    except ValueError:
        return default
