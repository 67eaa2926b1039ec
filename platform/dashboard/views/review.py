"""The review queue: open approval requests with their run's context, the argument editor, and
votes (approve, approve with edited arguments, reject) through the one service. A request
closes when its quorum of approvals of the same arguments is reached, or at one rejection."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from agents.engine.types import Budgets
from approvals import selectors as approvals_selectors
from approvals import services as approvals_services
from dashboard.access import Viewer, dashboard_page
from dashboard.forms import DecisionForm
from dashboard.pages import (
    SERVICE_ERRORS,
    error_message,
    error_status,
    page,
    paginate,
    pending_count,
)
from dashboard.text import as_json, clip
from dashboard.timeline import entries_latest
from dashboard.views.runs import budget_use
from gateway.selectors import run_cost
from runs import toolbox
from runs.gate import BUDGET_TOOL
from toolsources.port import spec_of
from toolsources.selectors import tool_named

if TYPE_CHECKING:  # types only: the app's rows come through its selectors
    from approvals.models import ApprovalRequest

CONTEXT_EVENTS = 12
OPEN = "open"
# The closed statuses of approvals.models.ApprovalStatus, each on a tab of its own.
TABS = [
    (OPEN, "Open"),
    ("approved", "Approved"),
    ("rejected", "Rejected"),
    ("expired", "Expired"),
    ("cancelled", "Cancelled"),
]


@dashboard_page
def queue(request: HttpRequest, viewer: Viewer) -> HttpResponse:
    status = request.GET.get("status", OPEN)
    if status not in dict(TABS):
        status = OPEN
    org = viewer.organization_id
    requests = (
        approvals_selectors.approval_queue(organization_id=org)
        if status == OPEN
        else approvals_selectors.approval_list(organization_id=org, status=status)
    )
    context = {"requests": paginate(request, requests), "status": status, "tabs": TABS}
    return page(request, viewer, "dashboard/review/queue.html", context, section="review")


def _request(viewer: Viewer, approval_id: int) -> ApprovalRequest:
    found = approvals_selectors.approval_get(
        organization_id=viewer.organization_id, approval_id=approval_id
    )
    if found is None:
        raise Http404("No such approval request in your organization.")
    return found


@dashboard_page
def review_detail(request: HttpRequest, viewer: Viewer, approval_id: int) -> HttpResponse:
    approval = _request(viewer, approval_id)
    form = DecisionForm(
        initial={
            "arguments": as_json(approval.proposed_arguments),
            "reviewed_digest": approval.proposed_digest or approval.digest,
        }
    )
    return _detail(request, viewer, approval, form)


def _detail(
    request: HttpRequest,
    viewer: Viewer,
    approval: ApprovalRequest,
    form: DecisionForm,
    status: int = 200,
) -> HttpResponse:
    if not approval.allow_edit:
        form.fields["arguments"].widget.attrs["readonly"] = True
    context = {"approval": approval, "form": form, **review_context(viewer, approval)}
    return page(
        request, viewer, "dashboard/review/detail.html", context, section="review", status=status
    )


def review_context(viewer: Viewer, approval: ApprovalRequest) -> dict[str, Any]:
    run = approval.run
    spec = _tool_spec(approval.tool, viewer.organization_id)
    history = approvals_selectors.approval_list(
        organization_id=viewer.organization_id, run_id=run.id
    )
    current = approval.proposed_digest or approval.digest
    votes = list(approval.votes.all())
    approving = {v.voter_id for v in votes if v.decision == "approve" and v.digest == current}
    return {
        "run": run,
        "task": clip(run.input.get("task") or run.input.get("brief") or run.input, 2000),
        "entries": entries_latest(run=run, limit=CONTEXT_EVENTS),
        "tool": spec,
        "budget": _budget(approval, run),
        "schema": spec.parameters if spec else _budget_schema(approval),
        "arguments": clip(approval.arguments, 20_000),
        "edited": clip(approval.edited_arguments, 20_000)
        if approval.edited_arguments is not None
        else None,
        "votes": votes,
        "approvals_so_far": len(approving),
        "can_vote": approval.is_open and viewer.role in approval.approver_roles,
        "history": history.order_by("created_at", "id"),
        "tokens": run.prompt_tokens + run.completion_tokens,
        "cost": run_cost(organization_id=viewer.organization_id, run_id=str(run.id)),
        "currency": settings.LONGHAUL_CURRENCY,
    }


def _budget(approval: ApprovalRequest, run: Any) -> dict[str, Any] | None:
    """What a budget request asks for: the budget, its limit now, the use so far, the extension."""
    if approval.tool != BUDGET_TOOL:
        return None
    name = str(approval.arguments.get("budget", ""))
    label, used = budget_use(run).get(name, (name, 0))
    return {
        "label": label.lower(),
        "limit": (run.budgets or {}).get(name, getattr(Budgets(), name, None)),
        "used": used,
        "extension": approval.arguments.get("extension"),
    }


def _budget_schema(approval: ApprovalRequest) -> dict[str, Any]:
    if approval.tool != BUDGET_TOOL:
        return {"type": "object"}
    return {
        "type": "object",
        "properties": {
            "budget": {"const": approval.arguments.get("budget")},
            "extension": {"type": "number", "exclusiveMinimum": 0},
        },
        "required": ["budget", "extension"],
        "additionalProperties": False,
    }


def _tool_spec(name: str, organization_id: int) -> Any:
    """A built-in tool's spec, or the organization's own tool's (its description labelled as
    the source's words); None for a tool gone since (its request still shows)."""
    try:
        return toolbox.registry().get(name)
    except Exception:  # not built in: one of the organization's tools, or a plug-in removed since
        pass
    external = tool_named(organization_id=organization_id, tool_name=name)
    return spec_of(external) if external is not None else None


@require_POST
@dashboard_page
def review_decide(request: HttpRequest, viewer: Viewer, approval_id: int) -> HttpResponse:
    approval = _request(viewer, approval_id)
    form = DecisionForm(request.POST)
    if not form.is_valid():
        return _detail(request, viewer, approval, form, status=400)
    data = form.cleaned_data
    approve = data["decision"] == "approve"
    edited = data["arguments"] if approve else None
    try:
        approvals_services.approval_decide(
            actor=viewer.actor(),
            approval_id=approval.id,
            approve=approve,
            # Unchanged arguments approve the proposal as it stands, not as an "edit".
            arguments=edited
            if edited is not None and edited != approval.proposed_arguments
            else None,
            comment=data["comment"],
            # The digest of the arguments this reviewer saw: a concurrent edit is refused.
            if_match=data["reviewed_digest"] or None,
        )
    except SERVICE_ERRORS as error:
        form.add_error(None, error_message(error))
        return _detail(request, viewer, approval, form, status=error_status(error))
    return redirect("dashboard:review-detail", approval_id=approval.id)


@dashboard_page
def badge(request: HttpRequest, viewer: Viewer) -> HttpResponse:
    return render(request, "dashboard/_badge.html", {"pending_count": pending_count(viewer)})
