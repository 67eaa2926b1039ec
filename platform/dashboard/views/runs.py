"""Runs: the filterable list, the start form, the live detail page and its fragments."""

from __future__ import annotations

import io
import json
from typing import TYPE_CHECKING, Any
from uuid import UUID

from django.conf import settings
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from approvals import selectors as approvals_selectors
from dashboard.access import Viewer, dashboard_page
from dashboard.forms import RunFilterForm, RunStartForm
from dashboard.pages import SERVICE_ERRORS, error_message, page, paginate
from dashboard.previews import preview_kind
from dashboard.timeline import entries_after, entries_latest
from dashboard.workflows import start_catalog
from gateway.selectors import RunSpend, runs_spend
from runs import selectors, services
from runs.rerun import rerun_input, run_rerun
from runs.rollback import run_rollback
from runs.statuses import RunStatus

if TYPE_CHECKING:  # types only: the app's rows come through its selectors
    from runs.models import Run

# The statuses of the runs the page offers to resume.
RESUMABLE = {RunStatus.CANCELLED, RunStatus.FAILED}


@dashboard_page
def run_list(request: HttpRequest, viewer: Viewer) -> HttpResponse:
    filters = RunFilterForm(request.GET)
    runs = paginate(
        request,
        selectors.run_search(organization_id=viewer.organization_id, filters=filters.filters()),
    )
    context = {
        "filters": filters,
        "runs": runs,
        "rows": _rows(viewer, list(runs)),
        "currency": settings.LONGHAUL_CURRENCY,
        "query": _query(request),
    }
    template = "dashboard/runs/_rows.html" if request.headers.get("HX-Request") else None
    return page(request, viewer, template or "dashboard/runs/list.html", context, section="runs")


def _rows(viewer: Viewer, runs: list[Run]) -> list[dict[str, Any]]:
    """Each run of the page with what its model calls cost and how long it ran."""
    spends = runs_spend(organization_id=viewer.organization_id, run_ids=[str(r.id) for r in runs])
    return [
        {"run": run, "spend": spends.get(str(run.id), RunSpend()), "seconds": run_seconds(run)}
        for run in runs
    ]


def run_seconds(run: Run) -> float | None:
    """How long the run has run: from its start to its end, or to now while it is unfinished."""
    if run.started_at is None:
        return None
    return ((run.finished_at or timezone.now()) - run.started_at).total_seconds()


def _query(request: HttpRequest) -> str:
    """The filters as a query string without the page number, for pagination links."""
    query = request.GET.copy()
    query.pop("page", None)
    return query.urlencode()


@dashboard_page
def run_new(request: HttpRequest, viewer: Viewer) -> HttpResponse:
    catalog = start_catalog()
    original = _rerun_source(request, viewer)
    form = RunStartForm(
        request.POST or None,
        request.FILES or None,
        workflows=[w["name"] for w in catalog],
        rerun=original is not None,
        initial=_initial(request, original, catalog),
    )
    if request.method == "POST" and form.is_valid():
        try:
            run = _start(viewer, form, original)
        except SERVICE_ERRORS as error:
            form.add_error(None, error_message(error))
        else:
            return redirect("dashboard:run", run_id=run.id)
    chosen = form["workflow"].value()
    context = {"form": form, "catalog": catalog, "chosen": chosen, "original": original}
    status = 400 if form.errors else 200
    return page(request, viewer, "dashboard/runs/new.html", context, section="runs", status=status)


def _rerun_source(request: HttpRequest, viewer: Viewer) -> Run | None:
    """The run a "re-run with edited input" form starts from (`?rerun=` or the posted field)."""
    raw = request.POST.get("rerun_of") or request.GET.get("rerun") or ""
    try:
        return _run(viewer, UUID(raw)) if raw else None
    except ValueError:
        raise Http404("No such run in your organization.") from None


def _initial(
    request: HttpRequest, original: Run | None, catalog: list[dict[str, Any]]
) -> dict[str, Any]:
    """The form's starting values: the original's for a re-run, else the chosen (or first)
    workflow's template."""
    if original is not None:
        return {
            "workflow": original.workflow,
            "tier": original.tier,
            "input": json.dumps(rerun_input(original), indent=2, ensure_ascii=False),
            "rerun_of": original.id,
            **(original.budgets or {}),
        }
    names = [entry["name"] for entry in catalog]
    chosen = request.GET.get("workflow") if request.GET.get("workflow") in names else None
    entry = next((e for e in catalog if e["name"] == chosen), catalog[0] if catalog else None)
    return {"workflow": entry["name"], "input": entry["template"]} if entry else {}


def _start(viewer: Viewer, form: RunStartForm, original: Run | None) -> Run:
    upload = form.cleaned_data.get("workspace")
    if original is not None:
        return run_rerun(
            actor=viewer.actor(),
            run_id=original.id,
            input=form.cleaned_data["input"] or {},
            tier=form.cleaned_data["tier"],
            budgets=form.budgets(),
            workspace_archive=io.BytesIO(upload.read()) if upload else None,
        )
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
    spend = runs_spend(organization_id=viewer.organization_id, run_ids=[str(run.id)])
    pending = approvals_selectors.approval_queue(organization_id=viewer.organization_id).filter(
        run_id=run.id
    )
    return {
        "run": run,
        "spend": spend.get(str(run.id), RunSpend()),
        "currency": settings.LONGHAUL_CURRENCY,
        "budgets": budget_bars(run),
        "artifacts": artifacts,
        "pending": list(pending),
        "queue": selectors.run_queue_place(run=run),
        "can_cancel": not run.is_terminal,
        "can_resume": run.status in RESUMABLE,
        "can_price": viewer.user.is_staff,
        "can_roll_back": run.status != "running" and run.step_count > 0,
        "steps": range(run.step_count - 1, -1, -1),
        "finished": run.is_terminal,
    }


def budget_bars(run: Run) -> list[dict[str, Any]]:
    """Use against each budget, as whole percents for the bars (a run may overshoot a little)."""
    budgets = run.budgets or {}
    bars = []
    for key, (label, value) in budget_use(run).items():
        limit = budgets.get(key)
        if isinstance(limit, float) and limit.is_integer():
            limit = int(limit)
        if limit:
            percent = min(100, round(100 * value / float(limit)))
            bars.append({"label": label, "used": value, "limit": limit, "percent": percent})
    return bars


def budget_use(run: Run) -> dict[str, tuple[str, int]]:
    """Each budget's name as people read it and what the run has used of it."""
    return {
        "max_steps": ("Steps", run.step_count),
        "max_tokens": ("Tokens", run.prompt_tokens + run.completion_tokens),
        "max_wall_seconds": ("Seconds", round(run_seconds(run) or 0.0)),
    }


@require_POST
@dashboard_page
def run_cancel(request: HttpRequest, viewer: Viewer, run_id: UUID) -> HttpResponse:
    run = _run(viewer, run_id)
    try:
        services.run_cancel(actor=viewer.actor(), run_id=run.id)
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
        run_rollback(actor=viewer.actor(), run_id=run.id, step=step)
    except SERVICE_ERRORS as error:
        messages.error(request, error_message(error))
    return redirect("dashboard:run", run_id=run.id)


def _step_from(request: HttpRequest, *, default: int) -> int:
    try:
        return int(request.POST.get("step", default))
    except ValueError:
        return default
