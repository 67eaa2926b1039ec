"""What the run page can do to a run besides cancel and resume: re-run it as it was, and roll it
back to the start of a step to run again from there (runs.rerun, runs.rollback: the services
behind `POST /api/runs/{id}/rerun` and `/rollback`, with the same role check)."""

from __future__ import annotations

from uuid import UUID

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from accounts.permissions import MEMBERS, require_role
from audit.services import actor_fields
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
        require_role(viewer.actor(), MEMBERS, action="re-run runs")
        run = run_rerun(
            organization=viewer.organization, run_id=original.id, created_by_user=viewer.user
        )
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
        actor = require_role(viewer.actor(), MEMBERS, action="roll back runs")
        run_rollback(
            organization_id=viewer.organization_id, run_id=run.id, step=step, **actor_fields(actor)
        )
    except SERVICE_ERRORS as error:
        messages.error(request, error_message(error))
    else:
        messages.success(
            request, f"Rolled back to the start of step {step}; the run goes on from there."
        )
    return redirect("dashboard:run", run_id=run.id)
