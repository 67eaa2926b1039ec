"""Forms for the organization's tool sources: registering one, changing how it is reached, and
governing each of its tools. They turn what a person types (a command line, `Name: value`
headers, a document in JSON or YAML) into the values REST takes; `toolsources.services` checks
what the values mean, and its field errors land on these forms' fields."""

from __future__ import annotations

import re
import shlex
from typing import Any

import yaml
from django import forms
from django.core.exceptions import ValidationError

from agents.tools.external import SourceKind
from agents.tools.spec import Capability, RiskLevel
from dashboard.forms import ServiceErrorsForm

KIND_LABELS = {
    SourceKind.MCP_HTTP: "MCP server (streamable HTTP)",
    SourceKind.MCP_STDIO: "MCP server (stdio, started in the sandbox)",
    SourceKind.OPENAPI: "OpenAPI 3 service",
}
CHECKS = forms.CheckboxSelectMultiple
_SEPARATORS = re.compile(r"[\s,]+")


def _hosts(text: str) -> list[str]:
    return [host for host in _SEPARATORS.split(text.strip()) if host]


def _headers(text: str) -> dict[str, str]:
    """`Name: value` lines as a dict; a line without a colon is refused with its number."""
    headers = {}
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        name, colon, value = line.partition(":")
        if not colon or not name.strip():
            raise ValidationError(f"Line {number}: write each header as 'Name: value'.")
        headers[name.strip()] = value.strip()
    return headers


class SourceForm(ServiceErrorsForm):
    name = forms.CharField(
        max_length=24, help_text="Letters, digits or '-': the prefix of its tools' names."
    )
    kind = forms.ChoiceField(choices=[(kind.value, label) for kind, label in KIND_LABELS.items()])
    url = forms.CharField(
        required=False,
        max_length=2000,
        label="URL",
        help_text="The MCP endpoint, or the OpenAPI service's base URL (default: the document's "
        "first server).",
    )
    command = forms.CharField(
        required=False,
        max_length=4000,
        label="Command line (stdio)",
        help_text="Run in the sandbox with no network, e.g. /usr/bin/python3 -I server.py",
    )
    document = forms.CharField(
        required=False,
        max_length=2_000_000,
        widget=forms.Textarea(attrs={"rows": 6, "spellcheck": "false"}),
        label="OpenAPI document",
        help_text="JSON or YAML.",
    )
    headers = forms.CharField(
        required=False,
        max_length=16_000,
        widget=forms.Textarea(attrs={"rows": 2, "spellcheck": "false", "autocomplete": "off"}),
        label="Credentials (request headers)",
        help_text="One 'Name: value' per line; stored encrypted and never shown again.",
    )
    allowed_hosts = forms.CharField(
        required=False,
        max_length=4000,
        label="Allowed hosts",
        help_text="host or host:port, separated by spaces or commas; default: the URL's host.",
    )
    timeout_seconds = forms.FloatField(initial=20.0, min_value=0.1, label="Timeout (seconds)")

    def clean_command(self) -> list[str]:
        try:
            return shlex.split(self.cleaned_data.get("command") or "")
        except ValueError as error:
            raise ValidationError(f"The command line does not parse: {error}.") from None

    def clean_document(self) -> dict[str, Any]:
        text = self.cleaned_data.get("document") or ""
        if not text.strip():
            return {}
        try:
            document = yaml.safe_load(text)  # YAML is a superset of JSON
        except yaml.YAMLError as error:
            raise ValidationError(f"The document is neither JSON nor YAML: {error}") from None
        if not isinstance(document, dict):
            raise ValidationError("The document must be an OpenAPI object.")
        return document

    def clean_headers(self) -> dict[str, str]:
        return _headers(self.cleaned_data.get("headers") or "")

    def clean_allowed_hosts(self) -> list[str] | None:
        return _hosts(self.cleaned_data.get("allowed_hosts") or "") or None

    def source_data(self) -> dict[str, Any]:
        return dict(self.cleaned_data)


class SourceSettingsForm(ServiceErrorsForm):
    allowed_hosts = forms.CharField(max_length=4000, label="Allowed hosts", required=False)
    timeout_seconds = forms.FloatField(min_value=0.1, label="Timeout (seconds)")
    enabled = forms.BooleanField(required=False, label="Offer its tools to runs")
    headers = forms.CharField(
        required=False,
        max_length=16_000,
        widget=forms.Textarea(attrs={"rows": 2, "spellcheck": "false", "autocomplete": "off"}),
        label="New credentials",
        help_text="Leave empty to keep the stored ones; one 'Name: value' per line.",
    )
    remove_credentials = forms.BooleanField(required=False, label="Remove the stored credentials")

    def changes(self) -> dict[str, Any]:
        data = self.cleaned_data
        changes: dict[str, Any] = {
            "timeout_seconds": data["timeout_seconds"],
            "enabled": data["enabled"],
        }
        if data.get("allowed_hosts", "").strip():
            changes["allowed_hosts"] = _hosts(data["allowed_hosts"])
        if data.get("remove_credentials"):
            changes["headers"] = {}
        elif (data.get("headers") or "").strip():
            try:
                changes["headers"] = _headers(data["headers"])
            except ValidationError as error:
                raise ValidationError({"headers": error.messages}) from None
        return changes


class ToolForm(ServiceErrorsForm):
    risk = forms.ChoiceField(choices=[(r.value, r.value) for r in RiskLevel])
    capabilities = forms.MultipleChoiceField(
        choices=[(c.value, c.value) for c in Capability], widget=CHECKS, required=False
    )
    workflows = forms.MultipleChoiceField(
        choices=[],
        widget=CHECKS,
        required=False,
        label="Offered to runs of",
        help_text="A run may also ask for the tool by name when it starts.",
    )
    enabled = forms.BooleanField(required=False, label="Enabled")

    def __init__(self, *args: Any, workflows: list[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field: Any = self.fields["workflows"]
        field.choices = [(name, name) for name in workflows]
