"""The approval policy in the dashboard: the rules in order with the SLA figures, a rule editor
(owners and admins) with a dry run of the policy as it would be, and a dry run of a described
call (every member). Views parse and render; the approvals services check who may do what."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.views.decorators.http import require_POST

from approvals import dry_run, rules
from approvals import selectors as approvals_selectors
from approvals.policy import Facts
from approvals.sla import sla_for
from dashboard.access import Viewer, dashboard_page
from dashboard.governance_forms import (
    ArgumentConditionFormSet,
    DryRunForm,
    RuleForm,
    argument_initial,
    rule_initial,
)
from dashboard.pages import SERVICE_ERRORS, error_message, error_status, page, refused_unless
from runs.selectors import workflow_catalog
from runs.toolbox import registry

RECENT_VERSIONS = 10
ARGS = "arg"  # the argument conditions' formset prefix


def _choices() -> dict[str, list[str]]:
    return {
        "workflows": [item["name"] for item in workflow_catalog()],
        "tools": sorted(registry().names()),
    }


@dashboard_page
def policy(request: HttpRequest, viewer: Viewer) -> HttpResponse:
    recent = None
    if request.GET.get("recent"):
        recent = dry_run.approval_policy_try_recent(actor=viewer.actor())
    return _policy_page(request, viewer, DryRunForm(**_choices()), recent=recent)


@require_POST
@dashboard_page
def policy_dry_run(request: HttpRequest, viewer: Viewer) -> HttpResponse:
    form = DryRunForm(request.POST, **_choices())
    if not form.is_valid():
        return _policy_page(request, viewer, form, status=400)
    try:
        facts = Facts(**form.facts_data())
        result = dry_run.approval_policy_dry_run(actor=viewer.actor(), facts=facts)
    except SERVICE_ERRORS as error:
        form.add_error(None, error_message(error))
        return _policy_page(request, viewer, form, status=error_status(error))
    return _policy_page(request, viewer, form, result=result)


def _policy_page(
    request: HttpRequest,
    viewer: Viewer,
    form: DryRunForm,
    *,
    result: dict[str, Any] | None = None,
    recent: list[dry_run.CallVerdict] | None = None,
    status: int = 200,
) -> HttpResponse:
    org = viewer.organization_id
    context = {
        "rules": approvals_selectors.rule_list(organization_id=org),
        "versions": approvals_selectors.policy_versions(organization_id=org)[:RECENT_VERSIONS],
        "sla": sla_for(organization_id=org),
        "dry_form": form,
        "result": result,
        "recent": recent,
        "tab": "policy",
    }
    return page(
        request, viewer, "dashboard/review/policy.html", context, section="review", status=status
    )


@dashboard_page
def rule_new(request: HttpRequest, viewer: Viewer) -> HttpResponse:
    # The editor itself is for those who may save what it edits (approvals.rules checks again).
    refused = refused_unless(request, viewer, rules.CHANGE_RULES, section="review")
    if refused is not None:
        return refused
    if request.method == "POST":
        return _rule_post(request, viewer, None)
    form = RuleForm(**_choices())
    return _rule_page(request, viewer, form, ArgumentConditionFormSet(prefix=ARGS), None)


@dashboard_page
def rule_edit(request: HttpRequest, viewer: Viewer, rule_id: int) -> HttpResponse:
    # The editor itself is for those who may save what it edits (approvals.rules checks again).
    refused = refused_unless(request, viewer, rules.CHANGE_RULES, section="review")
    if refused is not None:
        return refused
    rule = approvals_selectors.rule_get(organization_id=viewer.organization_id, rule_id=rule_id)
    if rule is None:
        raise Http404("No such approval rule in your organization.")
    if request.method == "POST":
        return _rule_post(request, viewer, rule_id)
    snapshot = rules.rule_snapshot(rule)
    form = RuleForm(initial=rule_initial(snapshot), **_choices())
    arguments = ArgumentConditionFormSet(prefix=ARGS, initial=argument_initial(snapshot))
    return _rule_page(request, viewer, form, arguments, rule_id)


def _rule_post(request: HttpRequest, viewer: Viewer, rule_id: int | None) -> HttpResponse:
    form = RuleForm(request.POST, **_choices())
    arguments = ArgumentConditionFormSet(request.POST, prefix=ARGS)
    if not (form.is_valid() and arguments.is_valid()):
        return _rule_page(request, viewer, form, arguments, rule_id, status=400)
    try:
        data = form.rule_data([c for f in arguments.forms if (c := f.condition()) is not None])
        if "dry_run" in request.POST:
            draft = rules.approval_rule_draft(actor=viewer.actor(), data=data, rule_id=rule_id)
            recent = dry_run.approval_policy_try_recent(actor=viewer.actor(), draft=draft)
            return _rule_page(request, viewer, form, arguments, rule_id, recent=recent)
        saved = _save(viewer, data, rule_id)
    except ValidationError as error:
        form.show_problems(error.message_dict)
        return _rule_page(request, viewer, form, arguments, rule_id, status=400)
    except SERVICE_ERRORS as error:
        form.add_error(None, error_message(error))
        return _rule_page(request, viewer, form, arguments, rule_id, status=error_status(error))
    messages.success(request, f"Saved the rule {saved.name!r}: a new policy version is in force.")
    return redirect(f"{reverse('dashboard:policy')}#rule-{saved.id}")


def _save(viewer: Viewer, data: dict[str, Any], rule_id: int | None) -> Any:
    if rule_id is None:
        return rules.approval_rule_create(actor=viewer.actor(), data=data)
    return rules.approval_rule_update(actor=viewer.actor(), rule_id=rule_id, changes=data)


def _rule_page(
    request: HttpRequest,
    viewer: Viewer,
    form: RuleForm,
    arguments: Any,
    rule_id: int | None,
    *,
    recent: list[dry_run.CallVerdict] | None = None,
    status: int = 200,
) -> HttpResponse:
    context = {"form": form, "arguments": arguments, "rule_id": rule_id, "recent": recent}
    context["tab"] = "policy"
    template = "dashboard/review/rule.html"
    return page(request, viewer, template, context, section="review", status=status)


@require_POST
@dashboard_page
def rule_delete(request: HttpRequest, viewer: Viewer, rule_id: int) -> HttpResponse:
    try:
        rules.approval_rule_delete(actor=viewer.actor(), rule_id=rule_id)
    except SERVICE_ERRORS as error:
        if error_status(error) == 404:
            raise Http404(error_message(error)) from None
        refusal = {"message": error_message(error)}
        return page(
            request, viewer, "dashboard/forbidden.html", refusal, section="review", status=403
        )
    messages.success(request, "Deleted the rule: a new policy version is in force.")
    return redirect("dashboard:policy")
