"""An organization's own tools: sources (MCP servers, OpenAPI services) and the tools they
expose, each governed like a built-in tool (capabilities, risk) and enabled per workflow."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone

from agents.tools.external.source import SourceKind
from agents.tools.spec import Capability, RiskLevel

SOURCE_KINDS = [(kind.value, kind.value) for kind in SourceKind]


class ToolSource(models.Model):
    organization = models.ForeignKey(
        "accounts.Organization", on_delete=models.CASCADE, related_name="tool_sources"
    )
    # The prefix of its tools' names (`<name>__<tool>`): letters, digits, `_` and `-`.
    name = models.CharField(max_length=24)
    kind = models.CharField(max_length=16, choices=SOURCE_KINDS)
    url = models.CharField(max_length=2000, blank=True, default="")
    command = models.JSONField(default=list, blank=True)
    document = models.JSONField(default=dict, blank=True)
    # Request headers (credentials) as encrypted JSON (core.secrets); never shown again.
    headers_ciphertext = models.TextField(blank=True, default="")
    allowed_hosts = models.JSONField(default=list, blank=True)
    timeout_seconds = models.FloatField(default=20.0)
    enabled = models.BooleanField(default=True)
    discovered_at = models.DateTimeField(null=True, blank=True)
    discovery_error = models.TextField(blank=True, default="")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["organization", "name"]
        constraints = [
            models.UniqueConstraint(fields=["organization", "name"], name="tool_source_name")
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.kind})"


class ExternalTool(models.Model):
    source = models.ForeignKey(ToolSource, on_delete=models.CASCADE, related_name="tools")
    name = models.CharField(max_length=38)  # the tool's name after the source's prefix
    remote_name = models.CharField(max_length=200)  # the source's own name for it
    description = models.TextField(blank=True, default="")  # the source's words, clipped
    parameters = models.JSONField(default=dict)
    operation = models.JSONField(default=dict, blank=True)  # an OpenAPI operation's location
    risk = models.CharField(
        max_length=8, choices=[(r.value, r.value) for r in RiskLevel], default=RiskLevel.HIGH
    )
    capabilities = models.JSONField(default=list)  # Capability values; network by default
    enabled = models.BooleanField(default=True)
    # Workflows whose runs are offered this tool; a run may ask for it by name as well.
    workflows = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["source", "name"]
        constraints = [
            models.UniqueConstraint(fields=["source", "name"], name="external_tool_name")
        ]

    def __str__(self) -> str:
        return self.tool_name

    @property
    def tool_name(self) -> str:
        return f"{self.source.name}__{self.name}"


DEFAULT_CAPABILITIES = [Capability.NETWORK.value]
