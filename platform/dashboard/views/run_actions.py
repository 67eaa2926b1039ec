"""What the run page can do to a run besides cancel and resume: re-run it as it was, and roll it
back to the start of a step to run again from there (runs.rerun, runs.rollback: the services
behind `POST /api/runs/{id}/rerun` and `/rollback`, which check the role themselves)."""

from __future__ import annotations

from uuid import UUID

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from dashboard.access import Viewer, dashboard_page
from dashboard.pages import SERVICE_ERRORS, error_message
from dashboard.views.runs import _run
from runs.rerun import run_rerun
from runs.rollback import run_rollback


@require_POST
@dashboard_page
def run_rerun_same(request: HttpRequest, viewer: Viewer, run_id: UUID) -> HttpResponse:
    """A new run with the original's workflow, tier, budgets, input and starting workspace."""
    original = _run(viewer, run_id)
    try:
        run = run_rerun(actor=viewer.actor(), run_id=original.id)
    except SERVICE_ERRORS as error:
        messages.error(request, error_message(error))
        return redirect("dashboard:run", run_id=original.id)
    return redirect("dashboard:run", run_id=run.id)


@require_POST
@dashboard_page
def run_roll_back(request: HttpRequest, viewer: Viewer, run_id: UUID) -> HttpResponse:
    """Rolls the run's state and workspace back to the start of the chosen step and runs on."""
    run = _run(viewer, run_id)
    try:
        step = int(request.POST.get("step", ""))
    except ValueError:
        messages.error(request, "Choose the step to roll back to.")
        return redirect("dashboard:run", run_id=run.id)
    try:
        run_rollback(actor=viewer.actor(), run_id=run.id, step=step)
    except SERVICE_ERRORS as error:
        messages.error(request, error_message(error))
    else:
        messages.success(
            request, f"Rolled back to the start of step {step}; the run goes on from there."
        )
    return redirect("dashboard:run", run_id=run.id)
