"""Reads for runs, always scoped by organization."""

from __future__ import annotations

from uuid import UUID

from django.db.models import QuerySet

from runs.models import Artifact, Run, RunEvent, ToolCall


def run_list(*, organization_id: int, status: str | None = None) -> QuerySet[Run]:
    runs = Run.objects.filter(organization_id=organization_id)
    return runs.filter(status=status) if status else runs


def run_get(*, organization_id: int, run_id: UUID | str) -> Run | None:
    return run_list(organization_id=organization_id).filter(id=run_id).first()


def run_events(*, run: Run, after: int = 0, limit: int | None = None) -> QuerySet[RunEvent]:
    events = RunEvent.objects.filter(run=run, seq__gt=after).order_by("seq")
    return events[:limit] if limit is not None else events


def run_artifacts(*, run: Run) -> QuerySet[Artifact]:
    return Artifact.objects.filter(run=run).order_by("name")


def run_artifact(*, run: Run, name: str) -> Artifact | None:
    return run_artifacts(run=run).filter(name=name).first()


def run_tool_calls(*, run: Run) -> QuerySet[ToolCall]:
    return ToolCall.objects.filter(run=run).order_by("step", "call_index")
