"""Reads for tool sources, always scoped by organization."""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import QuerySet

from toolsources.models import ExternalTool, ToolSource


def source_list(*, organization_id: int) -> QuerySet[ToolSource]:
    return ToolSource.objects.filter(organization_id=organization_id).prefetch_related("tools")


def source_get(*, organization_id: int, source_id: int) -> ToolSource | None:
    return source_list(organization_id=organization_id).filter(id=source_id).first()


def tool_list(*, organization_id: int) -> QuerySet[ExternalTool]:
    return ExternalTool.objects.filter(source__organization_id=organization_id).select_related(
        "source"
    )


def tool_get(*, organization_id: int, tool_id: int) -> ExternalTool | None:
    return tool_list(organization_id=organization_id).filter(id=tool_id).first()


def tool_named(*, organization_id: int, tool_name: str) -> ExternalTool | None:
    """The organization's tool by its full name (`<source>__<tool>`), enabled or not."""
    source, separator, name = tool_name.partition("__")
    if not separator:
        return None
    found = tool_list(organization_id=organization_id).filter(source__name=source, name=name)
    return found.first()


def usable_tools(*, organization_id: int) -> list[ExternalTool]:
    """The organization's tools that may be called now: enabled, from an enabled source."""
    return list(
        tool_list(organization_id=organization_id).filter(enabled=True, source__enabled=True)
    )


def tools_for_run(
    *, organization_id: int, workflow: str, names: Iterable[str] = ()
) -> tuple[list[ExternalTool], list[str]]:
    """The tools a new run is offered: those enabled for its workflow and those it names; and
    the names it asked for that are not usable tools of the organization."""
    usable = {tool.tool_name: tool for tool in usable_tools(organization_id=organization_id)}
    wanted = set(names)
    chosen = [t for n, t in sorted(usable.items()) if n in wanted or workflow in t.workflows]
    return chosen, sorted(wanted - set(usable))
