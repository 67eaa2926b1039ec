"""Writes for tool sources: register (its tools discovered at once), refresh, govern, remove.

A source's tools start at high risk with the `network` capability, so the organization's
approval policy gates them until an owner or admin says otherwise. Each write takes the `Actor`
and checks it is an owner or admin of the source's organization; every change is audited.
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path
from typing import Any

import jsonschema
from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from accounts.actors import Actor, Rule
from accounts.roles import MANAGERS
from agents.outbound import UnsafeURL, validate_url
from agents.tools.external import RemoteTool, SourceError, SourceKind, discover
from agents.tools.spec import Capability, RiskLevel
from audit.services import actor_fields, audit_append
from core.errors import NotFound
from runs.workflows import workflow_names
from toolsources import config
from toolsources.models import DEFAULT_CAPABILITIES, ExternalTool, ToolSource

_SOURCE_NAME = re.compile(r"[A-Za-z][A-Za-z0-9-]{0,23}")
_TOOL_NAME = re.compile(r"[^A-Za-z0-9_-]+")
DESCRIPTION_CHARS = 1000
MANAGE_SOURCES = Rule(MANAGERS, "manage tool sources")


def tool_source_create(
    *,
    actor: Actor,
    name: str,
    kind: str,
    url: str = "",
    command: list[str] | None = None,
    document: dict[str, Any] | None = None,
    headers: dict[str, str] | None = None,
    allowed_hosts: list[str] | None = None,
    timeout_seconds: float = 20.0,
) -> ToolSource:
    """Registers a source of the actor's organization and lists its tools now (a source that
    cannot be reached, or that answers out of protocol, is refused with the reason)."""
    MANAGE_SOURCES.check(actor)
    organization_id = actor.organization_id
    source = ToolSource(
        organization_id=organization_id,
        name=_checked_name(organization_id, name),
        kind=_checked_kind(kind),
        command=_checked_command(kind, command or []),
        document=document or {},
        headers_ciphertext=config.sealed_headers(_checked_headers(headers or {})),
        timeout_seconds=_checked_timeout(timeout_seconds),
        created_by_id=actor_fields(actor)["actor_user_id"],
    )
    source.url = _checked_url(source, url)
    source.allowed_hosts = _checked_hosts(source, allowed_hosts)
    found = _discovered(source)
    with transaction.atomic():
        source.discovered_at = timezone.now()
        source.save()
        _store_tools(source, found)
        _audit(source, "tool_source.created", actor, {"kind": source.kind})
    return source


def tool_source_refresh(*, actor: Actor, source: ToolSource) -> ToolSource:
    """Lists the source's tools again: new ones arrive at the defaults, known ones keep how the
    organization governs them, vanished ones are removed."""
    _check_owned(actor, source)
    found = _discovered(source)
    with transaction.atomic():
        source.discovered_at = timezone.now()
        source.save(update_fields=["discovered_at"])
        _store_tools(source, found)
        _audit(source, "tool_source.refreshed", actor, {"tools": len(found)})
    return source


def tool_source_update(
    *,
    actor: Actor,
    source: ToolSource,
    allowed_hosts: list[str] | None = None,
    timeout_seconds: float | None = None,
    enabled: bool | None = None,
    headers: dict[str, str] | None = None,
) -> ToolSource:
    """Changes how the platform reaches a source: the hosts it may call, its timeout, whether
    its tools are offered, and new credentials (replacing the old ones; an empty dict removes
    them). Its location and kind are fixed: a different server is a new source."""
    _check_owned(actor, source)
    changes: dict[str, Any] = {}
    if allowed_hosts is not None:
        changes["allowed_hosts"] = _checked_hosts(source, allowed_hosts)
    if timeout_seconds is not None:
        changes["timeout_seconds"] = _checked_timeout(timeout_seconds)
    if enabled is not None:
        changes["enabled"] = bool(enabled)
    if headers is not None:
        changes["headers_ciphertext"] = config.sealed_headers(_checked_headers(headers))
    with transaction.atomic():
        for field, value in changes.items():
            setattr(source, field, value)
        source.save(update_fields=list(changes) or None)
        # The credentials themselves never reach the audit log, only that they changed.
        shown = {k: v for k, v in changes.items() if k != "headers_ciphertext"}
        if headers is not None:
            shown["credentials"] = "replaced" if headers else "removed"
        _audit(source, "tool_source.updated", actor, shown)
    return source


def tool_source_delete(*, actor: Actor, source: ToolSource) -> None:
    _check_owned(actor, source)
    with transaction.atomic():
        _audit(source, "tool_source.deleted", actor, {})
        source.delete()


def external_tool_update(
    *,
    actor: Actor,
    tool: ExternalTool,
    risk: str | None = None,
    capabilities: list[str] | None = None,
    enabled: bool | None = None,
    workflows: list[str] | None = None,
) -> ExternalTool:
    """How the organization governs one tool: its risk, capabilities, and where it is offered."""
    _check_owned(actor, tool.source)
    changes: dict[str, Any] = {}
    if risk is not None:
        changes["risk"] = _one_of(risk, [r.value for r in RiskLevel], "risk")
    if capabilities is not None:
        valid = [c.value for c in Capability]
        changes["capabilities"] = sorted({_one_of(c, valid, "capabilities") for c in capabilities})
    if enabled is not None:
        changes["enabled"] = bool(enabled)
    if workflows is not None:
        changes["workflows"] = _checked_workflows(workflows)
    with transaction.atomic():
        for field, value in changes.items():
            setattr(tool, field, value)
        tool.save(update_fields=list(changes) or None)
        _audit(
            tool.source,
            "external_tool.updated",
            actor,
            {"tool": tool.tool_name, **changes},
        )
    return tool


# --- checks ------------------------------------------------------------------------------------
def _checked_name(organization_id: int, name: str) -> str:
    if not isinstance(name, str) or not _SOURCE_NAME.fullmatch(name):
        raise ValidationError({"name": "Use 1-24 letters, digits or '-', starting with a letter."})
    if ToolSource.objects.filter(organization_id=organization_id, name=name).exists():
        raise ValidationError({"name": f"This organization already has a source named {name!r}."})
    return name


def _checked_kind(kind: str) -> str:
    return _one_of(kind, [k.value for k in SourceKind], "kind")


def _checked_command(kind: str, command: list[str]) -> list[str]:
    if kind != SourceKind.MCP_STDIO:
        return []
    if (
        not command
        or len(command) > 64
        or not all(isinstance(p, str) and "\x00" not in p for p in command)
    ):
        raise ValidationError({"command": "Give the server's command line as a list of strings."})
    return command


def _checked_headers(headers: dict[str, str]) -> dict[str, str]:
    for key, value in headers.items():
        if not isinstance(value, str) or any(c in f"{key}{value}" for c in "\r\n\x00"):
            raise ValidationError({"headers": f"Header {key!r} must be one line of text."})
    return headers


def _checked_timeout(seconds: float) -> float:
    ceiling = float(settings.LONGHAUL_TOOL_MAX_TIMEOUT_SECONDS)
    if not 0 < float(seconds) <= ceiling:
        raise ValidationError(
            {"timeout_seconds": f"Give a timeout above 0 and at most {ceiling:g} s."}
        )
    return float(seconds)


def _checked_url(source: ToolSource, url: str) -> str:
    if source.kind == SourceKind.MCP_STDIO:
        return ""
    if not url and source.kind == SourceKind.OPENAPI:
        url = str(((source.document.get("servers") or [{}])[0]).get("url", ""))
    try:
        return validate_url(url, config.policy()).url if url else _missing_url()
    except UnsafeURL as error:
        raise ValidationError({"url": str(error)}) from None


def _missing_url() -> str:
    raise ValidationError({"url": "Give the source's URL."})


def _checked_hosts(source: ToolSource, hosts: list[str] | None) -> list[str]:
    if source.kind == SourceKind.MCP_STDIO:
        return []
    target = validate_url(source.url, config.policy(), resolve=False)
    listed = [str(h).strip().lower() for h in (hosts or [target.host_header]) if str(h).strip()]
    shown = target.host_header
    if not {target.host, shown, f"{shown}:{target.port}"} & set(listed):
        raise ValidationError({"allowed_hosts": f"The URL's host {shown} is not on the list."})
    return listed


def _checked_workflows(workflows: list[str]) -> list[str]:
    known = set(workflow_names())
    for name in workflows:
        if name not in known:
            raise ValidationError({"workflows": f"No workflow named {name!r}."})
    return sorted(set(workflows))


def _one_of(value: Any, allowed: list[str], field: str) -> str:
    if value not in allowed:
        raise ValidationError({field: f"Choose one of: {', '.join(allowed)}."})
    return str(value)


# --- discovery ---------------------------------------------------------------------------------
def _discovered(source: ToolSource) -> list[RemoteTool]:
    try:
        if source.kind == SourceKind.MCP_STDIO:
            return _discovered_in_sandbox(source)
        return discover(config.source_config(source))
    except SourceError as error:
        raise ValidationError({"source": str(error)}) from None


def _discovered_in_sandbox(source: ToolSource) -> list[RemoteTool]:
    from agents.sandbox import get_sandbox

    root = Path(settings.LONGHAUL_WORKSPACES_DIR)
    root.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=root, prefix="tool-source-") as scratch:
        Path(scratch).chmod(0o755)
        return discover(
            config.source_config(source),
            sandbox=get_sandbox(settings.LONGHAUL_SANDBOX),
            workspace=Path(scratch),
        )


def _store_tools(source: ToolSource, found: list[RemoteTool]) -> None:
    kept = {tool.remote_name: tool for tool in source.tools.all()}
    seen: set[str] = set()
    for remote in found:
        name = _TOOL_NAME.sub("_", remote.name)[:38] or "tool"
        if name in seen or not _usable_schema(remote.parameters):
            continue
        seen.add(name)
        tool = kept.pop(remote.name, None) or ExternalTool(
            source=source, remote_name=remote.name, capabilities=list(DEFAULT_CAPABILITIES)
        )
        tool.name = name
        tool.description = " ".join(remote.description.split())[:DESCRIPTION_CHARS]
        tool.parameters, tool.operation = remote.parameters, remote.operation
        tool.save()
    for vanished in kept.values():
        vanished.delete()


def _usable_schema(schema: Any) -> bool:
    if not isinstance(schema, dict) or schema.get("type", "object") != "object":
        return False
    try:
        jsonschema.Draft202012Validator.check_schema(schema)
    except jsonschema.SchemaError:
        return False
    return True


def _check_owned(actor: Actor, source: ToolSource) -> None:
    """The role first; another organization's source is as absent as none."""
    MANAGE_SOURCES.check(actor)
    if source.organization_id != actor.organization_id:
        raise NotFound("No such tool source.")


def _audit(source: ToolSource, action: str, actor: Actor, data: dict[str, Any]) -> None:
    audit_append(
        organization_id=source.organization_id,
        action=action,
        target=f"tool_source:{source.name}",
        data={"source": source.name, **data},
        **actor_fields(actor),
    )
