"""Reads for runs, always scoped by organization."""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any
from uuid import UUID

from django.db.models import Avg, CharField, F, Q, QuerySet, TextField
from django.db.models.functions import Cast
from django.utils import timezone

from agents.engine.loop_config import EXTERNAL_TOOLS_KEY
from runs.models import (
    Artifact,
    Checkpoint,
    ModelCall,
    Run,
    RunEvent,
    RunStatus,
    ToolCall,
    ToolCallStatus,
)


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


@dataclass(frozen=True)
class RunFilters:
    """The run list's filters; empty fields do not filter."""

    text: str = ""  # the start of the run's id, or words of its workflow, input or error
    status: str = ""
    workflow: str = ""
    tier: str = ""
    requester: str = ""  # username of the person who started the run
    created_after: datetime | None = None
    created_before: datetime | None = None


def run_workflows(*, organization_id: int, run_ids: list[str]) -> dict[str, str]:
    """The workflow of each of these runs of the organization, by id; ids that name none of its
    runs (or no run at all) are left out."""
    uuids = []
    for run_id in run_ids:
        with contextlib.suppress(ValueError):
            uuids.append(UUID(run_id))
    runs = run_list(organization_id=organization_id).filter(id__in=uuids)
    return {str(run_id): workflow for run_id, workflow in runs.values_list("id", "workflow")}


def run_text_ids_of_workflow(*, organization_id: int, workflow: str) -> QuerySet[Any, Any]:
    """The ids, as text, of the organization's runs of `workflow`: a subquery for records that
    name a run by its id as text (the usage ledger)."""
    runs = run_list(organization_id=organization_id).filter(workflow=workflow)
    return runs.annotate(text_id=Cast("id", CharField())).values("text_id")


def run_search(*, organization_id: int, filters: RunFilters) -> QuerySet[Run]:
    runs = run_list(organization_id=organization_id, status=filters.status or None)
    exact = {"workflow": filters.workflow, "tier": filters.tier}
    runs = runs.filter(**{field: value for field, value in exact.items() if value})
    if filters.requester:
        runs = runs.filter(created_by_user__username=filters.requester)
    if filters.created_after:
        runs = runs.filter(created_at__gte=filters.created_after)
    if filters.created_before:
        runs = runs.filter(created_at__lt=filters.created_before)
    if filters.text:
        runs = _matching(runs, filters.text)
    return runs.select_related("created_by_user", "created_by_api_key")


def _matching(runs: QuerySet[Run], text: str) -> QuerySet[Run]:
    annotated = runs.annotate(
        id_text=Cast("id", CharField()), input_text=Cast("input", TextField())
    )
    return annotated.filter(
        Q(id_text__startswith=text.lower())
        | Q(workflow__icontains=text)
        | Q(input_text__icontains=text)
        | Q(error__icontains=text)
    )


def run_events_before(*, run: Run, before: int | None, limit: int) -> list[RunEvent]:
    """The `limit` events before `before` (the newest when None), oldest first."""
    events = RunEvent.objects.filter(run=run)
    if before is not None:
        events = events.filter(seq__lt=before)
    return list(reversed(events.order_by("-seq")[:limit]))


def run_tool_calls_for_steps(*, run: Run, steps: set[int]) -> dict[tuple[int, int], ToolCall]:
    """The run's current tool calls of the given steps by (step, call index)."""
    calls = ToolCall.objects.filter(run=run, step__in=steps).exclude(idempotency_key__contains="@")
    return {(call.step, call.call_index): call for call in calls}


def run_earlier_tool_calls(
    *, organization_id: int, run_id: UUID | str, before_step: int
) -> list[tuple[str, dict[str, Any]]]:
    """(tool, arguments) of the run's calls before `before_step` that did or may have had their
    effect: succeeded or never completed (a crash mid-call). Failed calls and calls a rollback
    retired are left out."""
    rows = (
        ToolCall.objects.filter(run__organization_id=organization_id, run_id=run_id)
        .filter(step__lt=before_step)
        .exclude(idempotency_key__contains="@")
        .exclude(status=ToolCallStatus.FAILED)
        .order_by("step", "call_index")
        .values_list("tool", "arguments")
    )
    return [(tool, arguments) for tool, arguments in rows]


def workflow_catalog() -> list[dict[str, Any]]:
    """Each workflow a run may name, with its description and input schema (when declared)."""
    from runs.workflows import load_workflow, workflow_names

    catalog = []
    for name in workflow_names():
        flow = load_workflow(name)
        schema = flow.input_schema or {"type": "object"}
        catalog.append({"name": name, "description": flow.description, "input_schema": schema})
    return catalog


def internal_billing_key_ids(*, organization_id: int) -> set[int]:
    """Keys the platform holds for runs started in a browser; people never use or revoke them."""
    from runs.models import AgentCredential

    credentials = AgentCredential.objects.filter(organization_id=organization_id)
    return set(credentials.values_list("api_key_id", flat=True))


def organization_recent_tool_calls(
    *, organization_id: int, limit: int = 50
) -> list[dict[str, Any]]:
    """The organization's latest tool calls with what a policy looks at (the run's workflow,
    tier, requester and usage when the call was made), newest first; for the policy's dry run."""
    calls = (
        ToolCall.objects.filter(run__organization_id=organization_id)
        .exclude(idempotency_key__contains="@")
        .select_related("run")
        .order_by("-created_at", "-id")[:limit]
    )
    return [
        {
            "run_id": str(call.run_id),
            "workflow": call.run.workflow,
            "tier": call.run.tier,
            "requester_id": call.run.created_by_user_id,
            "api_key_id": call.run.created_by_api_key_id,
            "tokens_used": call.run.prompt_tokens + call.run.completion_tokens,
            "step": call.step,
            "tool": call.tool,
            "arguments": call.arguments,
            "created_at": call.created_at,
        }
        for call in calls
    ]


def run_model_calls(*, run: Run) -> QuerySet[ModelCall]:
    """The run's trace, oldest first; the run was already found in its organization."""
    return ModelCall.objects.filter(run=run, organization_id=run.organization_id).order_by(
        "created_at", "id"
    )


def run_model_call(*, run: Run, call_id: str) -> ModelCall | None:
    return run_model_calls(run=run).filter(id=call_id).first()


def run_tool_calls(*, run: Run) -> QuerySet[ToolCall]:
    return ToolCall.objects.filter(run=run).order_by("step", "call_index")


def mean_run_seconds(*, window: timedelta = timedelta(hours=1)) -> float | None:
    """How long runs that finished lately took from their start, on average (the scheduler's
    estimates); None before any did."""
    since = timezone.now() - window
    finished = Run.objects.filter(finished_at__gte=since, started_at__isnull=False)
    mean = finished.aggregate(mean=Avg(F("finished_at") - F("started_at")))["mean"]
    return None if mean is None else max(0.0, mean.total_seconds())


def run_queue_place(*, run: Run) -> dict[str, Any] | None:
    """A queued run's position, the reason it waits and an estimate (docs/scheduling.md), as the
    scheduler's last pass left them; None for a run that holds a slot or is not queued."""
    from runs.scheduler import queue_snapshot

    if run.admitted_at is not None or run.status not in (RunStatus.QUEUED, RunStatus.WAITING):
        return None
    place = queue_snapshot().get("runs", {}).get(str(run.id))
    return dict(place) if place else None


def run_offered_external_tools(*, run: Run) -> list[str]:
    """The names of the organization's own tools the run was offered when it started."""
    first = Checkpoint.objects.filter(thread_id=str(run.id)).order_by("version").first()
    offered = (first.state or {}).get(EXTERNAL_TOOLS_KEY) or [] if first else []
    return [
        tool["function"]["name"]
        for tool in offered
        if isinstance(tool, dict) and "function" in tool
    ]
