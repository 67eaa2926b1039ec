"""The runs' port to organizations' tools (named by LONGHAUL_EXTERNAL_TOOLS).

A run is offered its external tools' definitions when it starts (kept in its state, so a step
that runs again sees the same ones); each call looks the tool up again, so a risk an admin
raised, a tool disabled or a source removed since then applies to the next call.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError

from agents.tools.external import call_tool
from agents.tools.external.source import described
from agents.tools.spec import Capability, RiskLevel, ToolSpec
from toolsources import config, selectors
from toolsources.models import ExternalTool

UNBOUND = "agents.tools.external.calling:call_tool"  # never imported: the registry holds the call


class DjangoExternalTools:
    def definitions(
        self, *, organization_id: int, workflow: str, names: list[str]
    ) -> list[dict[str, Any]]:
        chosen, unknown = selectors.tools_for_run(
            organization_id=organization_id, workflow=workflow, names=names
        )
        if unknown:
            raise ValidationError({"tools": f"No usable tool named {', '.join(unknown)}."})
        return [spec_of(tool).openai_tool() for tool in chosen]

    def tools(self, *, organization_id: int) -> list[tuple[ToolSpec, Any]]:
        usable = selectors.usable_tools(organization_id=organization_id)
        return [(spec_of(tool), _caller(tool.id)) for tool in usable]


def spec_of(tool: ExternalTool) -> ToolSpec:
    return ToolSpec(
        name=tool.tool_name,
        description=described(tool.source.name, tool.description),
        parameters=tool.parameters,
        risk=RiskLevel(tool.risk),
        function=UNBOUND,
        capabilities=frozenset(Capability(c) for c in tool.capabilities),
    )


def _caller(tool_id: int) -> Any:
    def call(arguments: dict[str, Any], env: Any) -> Any:
        tool = ExternalTool.objects.select_related("source").get(id=tool_id)
        return call_tool(
            config.source_config(tool.source), config.remote_tool(tool), arguments, env
        )

    return call
