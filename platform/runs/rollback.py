"""Rolling a run back to an earlier step: its state and its workspace together, then resuming.

A run that a worker is advancing (`running`) is refused with a 409: cancel it first. Any other
run (queued, waiting, awaiting approval, succeeded, failed, cancelled) can be rolled back to a
step it has reached. The rollback writes the checkpoint the run had when that step began as the
new latest one, restores the workspace from the snapshot taken before the step's first writing
tool call (runs.snapshots), and queues the run, which resumes at that step.

The later history is kept, not erased: events stay in the log (a `run.rolled_back` event marks
the point), tool calls of the abandoned steps keep their rows under a retired idempotency key so
that re-running a step executes its calls again, and approvals given for those steps can no
longer authorize anything (a gated call asks again). Open approval requests of those steps are
cancelled. Effects outside the workspace (memory, external systems) are not undone; a call run
again carries the same idempotency key as before, so a receiver that honours keys still applies
its effect once.
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any
from uuid import UUID

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F, Value
from django.db.models.functions import Concat

from accounts.actors import Actor, Rule
from accounts.roles import MEMBERS
from agents.engine.types import END, Checkpoint
from audit.services import actor_fields, audit_append
from core.errors import Conflict, NotFound
from runs import snapshots
from runs.checkpointer import DjangoCheckpointer
from runs.environment import wait_cleared
from runs.gate import approval_gate
from runs.lifecycle import run_transition
from runs.models import (
    CheckpointWrite,
    Run,
    RunStatus,
    Step,
    ToolCall,
)

ROLL_BACK = Rule(MEMBERS, "roll back runs")


def run_rollback(*, actor: Actor, run_id: UUID | str, step: int) -> Run:
    """Rolls a run of the actor's organization back to the start of `step` and queues it; see
    the module docstring."""
    ROLL_BACK.check(actor)
    organization_id = actor.organization_id
    store = DjangoCheckpointer()
    with transaction.atomic():
        run = _locked_run(organization_id, run_id)
        _check_not_running(run)
        latest = store.get(str(run.id))
        source = _checkpoint_at(store, str(run.id), step, latest)
        snapshot = _snapshot_for(run.id, step)
        previous = {"status": run.status, "step": run.step_count}
        stored = store.put(
            replace(source, created_at=time.time()),
            expected_version=latest.version if latest else 0,
        )
        withdrawn = _retire_history(run, step, suffix=f"@rolled-back-v{stored.version}")
        _reopen(run, source, {"step": step, "from": previous, "withdrawn_approvals": withdrawn})
        # Last, so that a failed restore rolls the database back with it.
        snapshots.restore_for_rollback(run, snapshot)
        transaction.on_commit(lambda: snapshots.discard_from(run.id, step))
        _enqueue(run.id)
        audit_append(
            organization_id=run.organization_id,
            action="run.rolled_back",
            target=f"run:{run.id}",
            data={"step": step, "from": previous, "withdrawn_approvals": withdrawn},
            **actor_fields(actor),
        )
    return run


def _locked_run(organization_id: int, run_id: UUID | str) -> Run:
    run = Run.objects.select_for_update().filter(id=run_id, organization_id=organization_id).first()
    if run is None:
        raise NotFound("No such run.")
    return run


def _check_not_running(run: Run) -> None:
    if run.status == RunStatus.RUNNING:
        raise Conflict(
            "The run is running: a worker is advancing it right now. Cancel it first "
            f"(POST /api/runs/{run.id}/cancel), then roll it back; the rollback resumes it."
        )


def _checkpoint_at(
    store: DjangoCheckpointer, thread_id: str, step: int, latest: Checkpoint | None
) -> Checkpoint:
    """The checkpoint the run had when `step` began, on its current history: walking back from
    the latest, a step larger than one already passed belongs to a history a rollback left."""
    found: Checkpoint | None = None
    lowest = latest.step if latest else -1
    for checkpoint in store.list(thread_id):
        if checkpoint.step > lowest:
            continue
        lowest = checkpoint.step
        if checkpoint.step == step and checkpoint.node != END:
            found = checkpoint  # keep walking: the earliest one is the step's start
        elif checkpoint.step < step:
            break
    if found is None:
        last = (latest.step - 1 if latest.node == END else latest.step) if latest else 0
        raise ValidationError(
            {"step": f"This run can be rolled back to steps 0 to {max(last, 0)}, not {step}."}
        )
    return found


def _snapshot_for(run_id: UUID, step: int) -> Any:
    try:
        return snapshots.snapshot_for_step(run_id, step)
    except snapshots.SnapshotUnavailable as unavailable:
        raise Conflict(
            f"The workspace cannot be rolled back to step {step}: {unavailable}"
        ) from None


def _retire_history(run: Run, step: int, *, suffix: str) -> list[int]:
    """Steps from `step` on leave the ledger; their tool calls and approvals stay as records
    but can no longer stand in for a new execution or authorize one."""
    Step.objects.filter(run=run, number__gte=step).delete()
    CheckpointWrite.objects.filter(thread_id=str(run.id), step__gte=step).delete()
    ToolCall.objects.filter(run=run, step__gte=step).update(
        idempotency_key=Concat(F("idempotency_key"), Value(suffix))
    )
    return approval_gate().withdraw_from_step(run_id=str(run.id), step=step, suffix=suffix)


def _reopen(run: Run, source: Checkpoint, data: dict[str, Any]) -> None:
    """Queued again at the start of the step, state fields as they were then; the fence bump
    means whatever still holds an old token can write nothing."""
    usage = source.state.get("usage") or {}
    wait_cleared(run)
    run_transition(
        run,
        RunStatus.QUEUED,
        event="run.rolled_back",
        data=data,
        fence=True,
        error="",
        output={},
        step_count=source.step,
        prompt_tokens=int(usage.get("prompt_tokens", 0)),
        completion_tokens=int(usage.get("completion_tokens", 0)),
    )


def _enqueue(run_id: UUID) -> None:
    from runs.services import enqueue_advance

    enqueue_advance(run_id=run_id)
