"""Forms of the dashboard: they parse and check shapes; services decide everything else."""

from __future__ import annotations

import json
from datetime import datetime, time, timedelta
from typing import Any

from django import forms
from django.utils import timezone

from accounts.roles import Role, Scope
from audit.selectors import TARGET_TYPES, AuditFilters
from runs.selectors import RunFilters
from runs.statuses import RunStatus

TIERS = [("standard", "standard"), ("fast", "fast")]


def _day_start(day: Any, *, next_day: bool = False) -> datetime | None:
    if not day:
        return None
    moment = datetime.combine(day + timedelta(days=1) if next_day else day, time.min)
    return timezone.make_aware(moment, timezone.get_current_timezone())


class ServiceErrorsForm(forms.Form):
    """A form whose values a service checks further: the service's errors by field land on
    this form's fields (on the form as a whole for a field it does not have)."""

    def show_problems(self, problems: dict[str, list[str]]) -> None:
        for key, messages in problems.items():
            for message in messages:
                self.add_error(key if key in self.fields else None, message)


class RunFilterForm(forms.Form):
    q = forms.CharField(
        required=False,
        max_length=200,
        label="Search",
        widget=forms.TextInput(attrs={"type": "search", "placeholder": "id, input or error"}),
    )
    status = forms.ChoiceField(choices=[("", "any status"), *RunStatus.choices], required=False)
    workflow = forms.CharField(required=False, max_length=64)
    tier = forms.CharField(required=False, max_length=32)
    requester = forms.CharField(required=False, max_length=150, label="Started by")
    since = forms.DateField(required=False, widget=forms.DateInput(attrs={"type": "date"}))
    until = forms.DateField(required=False, widget=forms.DateInput(attrs={"type": "date"}))

    def filters(self) -> RunFilters:
        data = self.cleaned_data if self.is_valid() else {}
        return RunFilters(
            text=data.get("q", "").strip(),
            status=data.get("status", ""),
            workflow=data.get("workflow", ""),
            tier=data.get("tier", ""),
            requester=data.get("requester", ""),
            created_after=_day_start(data.get("since")),
            created_before=_day_start(data.get("until"), next_day=True),
        )


class JSONObjectField(forms.Field):
    """A JSON object typed into a textarea; blank means "not given" (None)."""

    widget = forms.Textarea

    def to_python(self, value: Any) -> dict[str, Any] | None:
        text = str(value or "").strip()
        if not text:
            return None
        try:
            parsed = json.loads(text)
        except ValueError as error:
            raise forms.ValidationError(f"Not valid JSON: {error}") from None
        if not isinstance(parsed, dict):
            raise forms.ValidationError('Must be a JSON object, like {"task": "..."}.')
        return parsed


class RunStartForm(forms.Form):
    workflow = forms.ChoiceField(choices=[])
    tier = forms.ChoiceField(choices=TIERS, initial="standard")
    input = JSONObjectField(required=False, label="Input (JSON)")
    max_steps = forms.IntegerField(required=False, min_value=1, label="Max steps")
    max_tokens = forms.IntegerField(required=False, min_value=1, label="Max tokens")
    max_wall_seconds = forms.IntegerField(required=False, min_value=1, label="Max seconds")
    workspace = forms.FileField(required=False, label="Workspace (.tar.gz)")
    # Set when the form re-runs a run with edited input: the workflow is then the original's.
    rerun_of = forms.UUIDField(required=False, widget=forms.HiddenInput)

    def __init__(
        self, *args: Any, workflows: list[str], rerun: bool = False, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        field: Any = self.fields["workflow"]
        field.choices = [(name, name) for name in workflows]
        field.disabled = rerun

    def budgets(self) -> dict[str, int]:
        names = ("max_steps", "max_tokens", "max_wall_seconds")
        return {name: self.cleaned_data[name] for name in names if self.cleaned_data.get(name)}


class DecisionForm(forms.Form):
    decision = forms.ChoiceField(choices=[("approve", "Approve"), ("reject", "Reject")])
    arguments = JSONObjectField(required=False, label="Arguments")
    comment = forms.CharField(required=False, max_length=2000, widget=forms.Textarea)
    # The digest of the arguments on the reviewer's screen (sent to the service as If-Match).
    reviewed_digest = forms.CharField(required=False, max_length=64, widget=forms.HiddenInput)


class ApiKeyForm(forms.Form):
    name = forms.CharField(max_length=200)
    scopes = forms.MultipleChoiceField(
        choices=Scope.choices, widget=forms.CheckboxSelectMultiple, required=False
    )
    tiers = forms.MultipleChoiceField(
        choices=TIERS, widget=forms.CheckboxSelectMultiple, required=False
    )
    expires_in_days = forms.IntegerField(required=False, min_value=1, max_value=3650)


class InviteForm(forms.Form):
    username = forms.CharField(max_length=150)
    email = forms.EmailField(required=False)
    role = forms.ChoiceField(choices=Role.choices, initial=Role.MEMBER)


class RoleForm(forms.Form):
    role = forms.ChoiceField(choices=Role.choices)


class UsageForm(forms.Form):
    days = forms.TypedChoiceField(
        choices=[(7, "7 days"), (30, "30 days"), (90, "90 days")], coerce=int, initial=30
    )


TARGET_LABELS = {
    "run": "a run",
    "approval": "a request",
    "approval_rule": "a rule",
    "tool_call": "a tool call",
    "api_key": "a key",
    "webhook": "a webhook",
    "webhook_delivery": "a delivery",
    "account": "an account",
    "address": "an address",
    "scim_user": "a directory user",
    "scim_group": "a directory group",
}


class AuditFilterForm(forms.Form):
    actor = forms.CharField(required=False, max_length=200, label="Who")
    action = forms.ChoiceField(required=False, choices=[])
    target_type = forms.ChoiceField(
        required=False,
        label="About",
        choices=[("", "anything"), *((key, TARGET_LABELS[key]) for key in TARGET_TYPES)],
    )
    since = forms.DateField(required=False, widget=forms.DateInput(attrs={"type": "date"}))
    until = forms.DateField(required=False, widget=forms.DateInput(attrs={"type": "date"}))
    q = forms.CharField(required=False, max_length=200, label="Text")

    def __init__(self, *args: Any, actions: list[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        families = sorted({action.split(".")[0] + "." for action in actions})
        field: Any = self.fields["action"]
        field.choices = [
            ("", "any action"),
            *((family, f"{family}*") for family in families),
            *((action, action) for action in actions),
        ]

    def filters(self) -> AuditFilters:
        data = self.cleaned_data if self.is_valid() else {}
        return AuditFilters(
            actor=data.get("actor", ""),
            action=data.get("action", ""),
            target_type=data.get("target_type", ""),
            since=_day_start(data.get("since")),
            until=_day_start(data.get("until"), next_day=True),
            text=data.get("q", ""),
        )
