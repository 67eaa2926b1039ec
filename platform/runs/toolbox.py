"""The platform's bridge to agents.tools: one registry per process, approval policy, execution.

RunContext.call_tool is the only caller of `execute`; nothing else in the platform runs tools.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError

from agents.engine.types import ToolOutcome
from agents.plugins import import_dotted
from agents.tools import (
    ToolArgumentsInvalid,
    ToolEnvironment,
    ToolExecutor,
    ToolRegistry,
    UnknownTool,
    default_registry,
)
from memory.port import DjangoMemoryPort
from runs import sandboxing, workspaces
from runs.gate import GateAction, RunFacts, approval_gate
from runs.models import Run


@cache
def registry() -> ToolRegistry:
    return default_registry(extra=settings.LONGHAUL_EXTRA_TOOLS)


@cache
def _executor() -> ToolExecutor:
    return ToolExecutor(registry())


def registry_for(organization_id: int) -> ToolRegistry:
    """The built-in tools and the organization's own (LONGHAUL_EXTERNAL_TOOLS), as they are now."""
    external = _external_tools().tools(organization_id=organization_id)
    return registry().extended(external) if external else registry()


def external_definitions(
    *, organization_id: int, workflow: str, names: list[str]
) -> list[dict[str, Any]]:
    """The OpenAI definitions of the organization's tools a new run is offered."""
    return _external_tools().definitions(
        organization_id=organization_id, workflow=workflow, names=names
    )


@cache
def _external_tools() -> Any:
    return import_dotted(settings.LONGHAUL_EXTERNAL_TOOLS)()


@cache
def _sandbox() -> Any:
    from agents.sandbox import get_sandbox

    return get_sandbox(settings.LONGHAUL_SANDBOX)


def approval_reason(name: str, *, organization_id: int) -> str | None:
    """Why a call to `name` (with no arguments, in no particular run) needs approval, or None
    when the organization's policy lets it run without one. Runs ask the gate per call."""
    verdict = approval_gate().evaluate(
        run=RunFacts(run_id="", organization_id=organization_id),
        kind="tool",
        name=name,
        arguments={},
        registry=registry(),
    )
    return verdict.reason if verdict.action is GateAction.REQUIRE_APPROVAL else None


def validate_arguments(name: str, arguments: dict[str, Any]) -> None:
    try:
        registry().validate(name, arguments)
    except (UnknownTool, ToolArgumentsInvalid) as error:
        raise ValidationError({"arguments": str(error)}) from None


def environment(run: Run, *, idempotency_key: str) -> ToolEnvironment:
    return ToolEnvironment(
        workspace=Path(run.workspace) if run.workspace else _scratch(run),
        sandbox=_sandbox(),
        limits=sandboxing.limits_of(run),
        package_index_url=settings.LONGHAUL_PACKAGE_INDEX_URL,
        egress=sandboxing.egress_from_settings(),
        memory=DjangoMemoryPort(
            organization_id=run.organization_id, run_id=str(run.id), workflow=run.workflow
        ),
        run_id=str(run.id),
        # Tools with effects outside the workspace pass this key on so the receiver dedupes;
        # push_branch finds the run's Git remote (with the operator's credentials) here.
        extra={
            "idempotency_key": idempotency_key,
            "organization_id": run.organization_id,
            "git_origin": workspaces.origin_of(run.source or {}),
        },
    )


def _scratch(run: Run) -> Path:
    path = Path(settings.LONGHAUL_WORKSPACES_DIR) / str(run.id)
    path.mkdir(parents=True, exist_ok=True)
    return path


def execute(name: str, arguments: dict[str, Any], *, run: Run, idempotency_key: str) -> ToolOutcome:
    tools = registry_for(run.organization_id)
    executor = _executor() if tools is registry() else ToolExecutor(tools)
    return executor.execute(name, arguments, environment(run, idempotency_key=idempotency_key))
