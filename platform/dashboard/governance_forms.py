"""Forms for the approval policy and webhooks. Their choices and limits come from the REST
serializers (the policy's and the webhooks' schema); what the values mean together is checked by
the same services REST calls, whose field errors land on these forms' fields."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.core.exceptions import ValidationError

from accounts.roles import APPROVER_ROLES, Role
from agents.tools import RiskLevel
from agents.tools.spec import Capability
from approvals.conditions import NUMERIC, OPERATORS
from approvals.policy import BUDGET_NAMES, NO_PERSON
from approvals.serializers import DryRunSerializer, RuleCreateSerializer
from dashboard.forms import ServiceErrorsForm
from webhooks.serializers import EVENT_CHOICES, EndpointCreateSerializer

TIERS = [("standard", "standard"), ("fast", "fast")]
ROLES: list[tuple[str, str]] = [(role, role) for role in Role.values]
CHECKS = forms.CheckboxSelectMultiple
LIST_CONDITIONS = ("workflows", "tools", "capabilities", "risk", "tiers", "requester_roles")
NUMBER_CONDITIONS = ("min_tokens_used", "min_steps_used", "min_cost", "max_extension")
REQUIREMENT = (
    "quorum",
    "approver_roles",
    "deadline_seconds",
    "deadline_action",
    "escalate_to_role",
    "escalation_deadline_seconds",
    "remind_before_seconds",
    "allow_edit",
)


def _choices(serializer: type, name: str) -> list[tuple[str, str]]:
    field: Any = serializer().fields[name]
    return [(str(key), str(label)) for key, label in field.choices.items()]


def _names(values: Any) -> list[tuple[str, str]]:
    return [(str(value), str(value)) for value in values]


def _multi(choices: list[tuple[str, str]], label: str, **kwargs: Any) -> forms.Field:
    return forms.MultipleChoiceField(
        choices=choices, widget=CHECKS, required=False, label=label, **kwargs
    )


class ArgumentConditionForm(forms.Form):
    path = forms.CharField(required=False, max_length=200, label="Argument path")
    op = forms.ChoiceField(choices=[("", "—"), *_names(sorted(OPERATORS))], required=False)
    value = forms.CharField(required=False, max_length=2000, label="Value")

    def condition(self) -> dict[str, Any] | None:
        data = self.cleaned_data
        if not data.get("path") and not data.get("op"):
            return None
        return {"path": data.get("path", ""), "op": data.get("op", ""), "value": value_of(data)}


def value_of(data: dict[str, Any]) -> Any:
    """A typed value: JSON when it reads as JSON (numbers, true, lists), else the text; a list
    operator also takes names separated by commas."""
    text = str(data.get("value") or "").strip()
    try:
        value = json.loads(text)
    except ValueError:
        value = text
    if data.get("op", "").endswith("in") and isinstance(value, str):
        return [item.strip() for item in value.split(",") if item.strip()]
    return value


ArgumentConditionFormSet = forms.formset_factory(
    ArgumentConditionForm, extra=2, max_num=20, validate_max=True
)


class RuleForm(forms.Form):
    name = forms.CharField(max_length=100)
    position = forms.IntegerField(
        required=False, help_text="Rules are tried in increasing position; empty: last."
    )
    enabled = forms.BooleanField(required=False, initial=True)
    applies_to = forms.ChoiceField(
        choices=_choices(RuleCreateSerializer, "applies_to"), label="Applies to"
    )
    action = forms.ChoiceField(choices=_choices(RuleCreateSerializer, "action"))
    reason = forms.CharField(
        required=False,
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text="Told to the agent when the rule denies, and to reviewers when it asks.",
    )
    workflows = _multi([], "Workflows")
    tools = _multi([], "Tools", help_text="A tool, or one that can do everything it can.")
    capabilities = _multi(_names(item.value for item in Capability), "Capabilities")
    risk = _multi(_names(item.value for item in RiskLevel), "Risk")
    tiers = _multi(TIERS, "Tiers")
    requester_roles = _multi([*ROLES, (NO_PERSON, "nobody (a key)")], "Requester's role")
    budgets = _multi(_names(BUDGET_NAMES), "Budgets (budget rules)")
    min_tokens_used = forms.IntegerField(required=False, min_value=0, label="At least tokens used")
    min_steps_used = forms.IntegerField(required=False, min_value=0, label="At least steps used")
    min_cost = forms.FloatField(required=False, min_value=0, label="At least cost")
    max_extension = forms.FloatField(
        required=False, label="Most one extension grants (budget rules)"
    )
    run_total_path = forms.CharField(required=False, max_length=200, label="Run total of path")
    run_total_op = forms.ChoiceField(
        choices=[("", "—"), *_names(sorted(NUMERIC))], required=False, label="compared by"
    )
    run_total_value = forms.FloatField(required=False, label="with")
    quorum = forms.IntegerField(min_value=1, max_value=20, initial=1)
    approver_roles = _multi(ROLES, "Who may decide", initial=list(APPROVER_ROLES))
    deadline_seconds = forms.IntegerField(required=False, min_value=1, label="Deadline (seconds)")
    deadline_action = forms.ChoiceField(
        choices=_choices(RuleCreateSerializer, "deadline_action"), label="At the deadline"
    )
    escalate_to_role = forms.ChoiceField(
        choices=[("", "—"), *ROLES], required=False, label="Escalate to"
    )
    escalation_deadline_seconds = forms.IntegerField(
        required=False, min_value=1, label="Escalated deadline (seconds)"
    )
    remind_before_seconds = forms.IntegerField(
        required=False, min_value=1, label="Remind before the deadline (seconds)"
    )
    allow_edit = forms.BooleanField(
        required=False, initial=True, label="Reviewers may edit the arguments"
    )

    def __init__(self, *args: Any, workflows: list[str], tools: list[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        workflow_field: Any = self.fields["workflows"]
        workflow_field.choices = _names(workflows)
        tool_field: Any = self.fields["tools"]
        tool_field.choices = _names(tools)

    def rule_data(self, arguments: list[dict[str, Any]]) -> dict[str, Any]:
        """The rule as REST takes it, checked by the same serializer (shapes only)."""
        data = self.cleaned_data
        fields = {name: data[name] for name in ("name", "enabled", "applies_to", "action")}
        fields["reason"] = data.get("reason") or ""
        if data.get("position") is not None:
            fields["position"] = data["position"]
        fields["conditions"] = self._conditions(arguments)
        fields.update({name: data.get(name) for name in REQUIREMENT})
        fields["escalate_to_role"] = data.get("escalate_to_role") or ""
        body = RuleCreateSerializer(data=fields)
        if not body.is_valid():
            raise ValidationError({k: [str(m) for m in v] for k, v in body.errors.items()})
        return dict(body.validated_data)

    def _conditions(self, arguments: list[dict[str, Any]]) -> dict[str, Any]:
        data = self.cleaned_data
        conditions: dict[str, Any] = {}
        for name in (*LIST_CONDITIONS, "budgets"):
            if data.get(name):
                conditions[name] = list(data[name])
        for name in NUMBER_CONDITIONS:
            if data.get(name) is not None:
                conditions[name] = data[name]
        if data.get("run_total_path") or data.get("run_total_op"):
            conditions["run_total"] = {
                "path": data.get("run_total_path") or "",
                "op": data.get("run_total_op") or "",
                "value": data.get("run_total_value"),
            }
        if arguments:
            conditions["arguments"] = arguments
        return conditions

    def show_problems(self, problems: dict[str, list[str]]) -> None:
        """A service's or the serializer's errors by field, on this form's fields."""
        for key, messages in problems.items():
            for message in messages:
                self._show(key, message)

    def _show(self, key: str, message: str) -> None:
        if key == "conditions":
            named, _, problem = message.partition(": ")
            field = "run_total_path" if named == "run_total" else named
            if field in self.fields and problem:
                self.add_error(field, problem)
                return
            self.add_error(None, f"Conditions: {message}")
        elif key in self.fields:
            self.add_error(key, message)
        else:
            self.add_error(None, message)


def rule_initial(rule: dict[str, Any]) -> dict[str, Any]:
    """A stored rule (its snapshot) as the form's initial values."""
    conditions = dict(rule.get("conditions") or {})
    initial = {name: rule.get(name) for name in ("name", "position", "enabled", "applies_to")}
    initial.update({name: rule.get(name) for name in ("action", "reason", *REQUIREMENT)})
    initial.update({name: conditions.get(name) for name in (*LIST_CONDITIONS, "budgets")})
    initial.update({name: conditions.get(name) for name in NUMBER_CONDITIONS})
    total = conditions.get("run_total") or {}
    initial.update(
        run_total_path=total.get("path"),
        run_total_op=total.get("op"),
        run_total_value=total.get("value"),
    )
    return initial


def argument_initial(rule: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        {
            "path": item.get("path"),
            "op": item.get("op"),
            "value": item["value"]
            if isinstance(item.get("value"), str)
            else json.dumps(item.get("value")),
        }
        for item in (rule.get("conditions") or {}).get("arguments") or []
    ]


class DryRunForm(forms.Form):
    """A described tool call, tried against the policy."""

    name = forms.ChoiceField(choices=[], label="Tool")
    arguments = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        label="Arguments (JSON object)",
        help_text='For example {"amount": 900, "payee": "acme-supplies"}.',
    )
    workflow = forms.ChoiceField(choices=[], required=False)
    tier = forms.ChoiceField(choices=TIERS, initial="standard")
    requester_role = forms.ChoiceField(
        choices=[("", "nobody (a key)"), *ROLES], required=False, label="Started by a"
    )

    def __init__(self, *args: Any, workflows: list[str], tools: list[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        name: Any = self.fields["name"]
        name.choices = _names(tools)
        workflow: Any = self.fields["workflow"]
        workflow.choices = [("", "any"), *_names(workflows)]

    def clean_arguments(self) -> dict[str, Any]:
        text = (self.cleaned_data.get("arguments") or "").strip() or "{}"
        try:
            value = json.loads(text)
        except ValueError as error:
            raise ValidationError(f"Not valid JSON: {error}") from None
        if not isinstance(value, dict):
            raise ValidationError('Give a JSON object, like {"amount": 900}.')
        return value

    def facts_data(self) -> dict[str, Any]:
        """The call as REST's dry run takes it, through the same serializer."""
        data = dict(self.cleaned_data)
        data["requester_role"] = data.get("requester_role") or None
        body = DryRunSerializer(data=data)
        body.is_valid(raise_exception=False)
        if body.errors:
            raise ValidationError({k: [str(m) for m in v] for k, v in body.errors.items()})
        facts = dict(body.validated_data)
        facts.pop("version", None)
        return facts


class WebhookForm(ServiceErrorsForm):
    url = forms.URLField(max_length=500, label="URL", assume_scheme="https")
    event_types = forms.MultipleChoiceField(
        choices=_names(EVENT_CHOICES), widget=CHECKS, label="Events", help_text="* is every event."
    )
    description = forms.CharField(required=False, max_length=200)
    enabled = forms.BooleanField(required=False, initial=True)

    def endpoint_data(self, *, creating: bool) -> dict[str, Any]:
        """The endpoint as REST takes it, checked by the same serializer."""
        data = dict(self.cleaned_data)
        if creating:
            data.pop("enabled", None)
        body = EndpointCreateSerializer(data=data)
        if not body.is_valid():
            raise ValidationError({k: [str(m) for m in v] for k, v in body.errors.items()})
        validated = dict(body.validated_data)
        if not creating:
            validated["enabled"] = data.get("enabled", False)
        return validated
