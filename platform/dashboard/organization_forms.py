"""Forms for the organization's settings page: how long traces are kept, the sign-in policy,
requiring single sign-on, and adding an OpenID Connect provider. The services that take their
values check what the values mean; their field errors land on these forms."""

from __future__ import annotations

import re
from typing import Any

from django import forms

from dashboard.forms import ServiceErrorsForm

_SEPARATORS = re.compile(r"[\s,]+")


class TraceRetentionForm(ServiceErrorsForm):
    trace_retention_days = forms.IntegerField(
        required=False,
        min_value=1,
        max_value=3650,
        label="Keep model-call traces (days)",
        help_text="Prompts and completions of runs; blank: the platform's default.",
    )


class SignInPolicyForm(ServiceErrorsForm):
    session_lifetime_minutes = forms.IntegerField(
        required=False,
        min_value=1,
        label="Session lifetime (minutes)",
        help_text="A session ends this long after sign-in; blank: never.",
    )
    idle_timeout_minutes = forms.IntegerField(
        required=False,
        min_value=1,
        label="Idle timeout (minutes)",
        help_text="A session ends after this long unused; blank: never.",
    )
    allowed_email_domains = forms.CharField(
        required=False,
        max_length=2000,
        label="Allowed email domains",
        help_text="Separated by spaces or commas; people provisioned or signed in through a "
        "provider must have an address in one. Blank: any.",
    )

    def clean_allowed_email_domains(self) -> list[str]:
        text = self.cleaned_data.get("allowed_email_domains") or ""
        return [domain for domain in _SEPARATORS.split(text.strip()) if domain]


class EnforcementForm(ServiceErrorsForm):
    sso_required = forms.BooleanField(
        required=False, label="Members must sign in through the identity provider"
    )
    break_glass_owner = forms.ChoiceField(
        required=False,
        label="Break-glass owner",
        help_text="The one owner who keeps a password for the day the provider is down.",
    )

    def __init__(self, *args: Any, owners: list[tuple[int, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field: Any = self.fields["break_glass_owner"]
        field.choices = [("", "—"), *((str(user_id), name) for user_id, name in owners)]


class OidcProviderForm(ServiceErrorsForm):
    name = forms.CharField(max_length=200, help_text="What the sign-in page shows.")
    issuer = forms.CharField(
        max_length=2000,
        label="Issuer URL",
        help_text="e.g. https://login.microsoftonline.com/<tenant>/v2.0",
    )
    client_id = forms.CharField(max_length=500, label="Client ID")
    client_secret = forms.CharField(
        required=False,
        max_length=2000,
        label="Client secret",
        widget=forms.PasswordInput(attrs={"autocomplete": "off"}),
        help_text="Stored encrypted and never shown again.",
    )
    groups_claim = forms.CharField(
        required=False,
        max_length=100,
        initial="groups",
        label="Groups claim",
        help_text="The claim whose groups map to roles; blank: the provider sends none.",
    )

    def provider_data(self) -> dict[str, Any]:
        data = self.cleaned_data
        settings = {"issuer": data["issuer"].strip(), "client_id": data["client_id"].strip()}
        settings["groups_claim"] = data.get("groups_claim", "").strip()
        return {"name": data["name"], "settings": settings, "client_secret": data["client_secret"]}
