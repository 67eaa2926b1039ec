"""Advancing a run: take the lease, run one engine step at a time, commit each step fenced.

Each step's checkpoint, ledger row, events and status change commit in ONE transaction that
first checks the fencing token, so a step is either wholly recorded or not at all, and a worker
that lost its lease records nothing. A step the environment failed (EnvironmentFailure) records
nothing either: the run waits and the step is tried again later (runs.environment).
"""

from __future__ import annotations

import logging
from typing import Any

from django.conf import settings
from django.db import DataError, InterfaceError, OperationalError, transaction
from django.utils import timezone

from agents.engine.runner import run_one_step
from agents.engine.types import CheckpointConflict, EnvironmentFailure, StepResult
from agents.sandbox.errors import SandboxUnavailable
from agents.storable import NotStorable
from core.context import run_id as run_id_var
from core.tracing import step_span
from runs import budgets
from runs.checkpointer import DjangoCheckpointer, StagingCheckpointer
from runs.context import RunContext
from runs.environment import run_wait_for_environment, wait_cleared
from runs.events import event_append
from runs.gate import approval_gate, run_facts
from runs.leases import (
    Lease,
    LeaseLost,
    fenced_run,
    heartbeat,
    lease_acquire,
    lease_release,
    lost_too_often,
)
from runs.lifecycle import run_complete, run_transition
from runs.models import RUN_STATE_FIELDS, FailureKind, Run, RunStatus, Step
from runs.scheduler import scheduler_kick

logger = logging.getLogger(__name__)


def advance_under_lease(*, run_id: str, owner: str, admitted_only: bool = False) -> None:
    lease = lease_acquire(run_id=run_id, owner=owner, admitted_only=admitted_only)
    if lease is None:
        return  # finished, paused, cancelled, or another worker holds a live lease
    token = run_id_var.set(str(run_id))
    try:
        if not _fail_if_lost_too_often(lease):
            while _advance_one(lease):
                pass
    except (LeaseLost, CheckpointConflict) as error:
        logger.warning("stopped advancing run %s: %s", run_id, error)
    finally:
        lease_release(lease)
        scheduler_kick()  # the slot is free (or the run queued again): the next one's turn
        run_id_var.reset(token)


def _fail_if_lost_too_often(lease: Lease) -> bool:
    with transaction.atomic():
        run = fenced_run(lease)
        if run.lost_count <= settings.LONGHAUL_RUN_MAX_LOST:
            return False
        # Workers that keep vanishing are the platform's failure, not the agent's.
        error = lost_too_often(run.lost_count)
        run_transition(
            run,
            RunStatus.FAILED,
            event="run.failed",
            data={"error": error, "failure_kind": FailureKind.INFRASTRUCTURE},
            failure_kind=FailureKind.INFRASTRUCTURE,
            error=error,
        )
    return True


def _advance_one(lease: Lease) -> bool:
    """Runs one node; returns True when the run should continue with the next one."""
    run = Run.objects.get(id=lease.run_id)
    if run.status != RunStatus.RUNNING or run.fencing_token != lease.token:
        return False
    if run.yield_requested:
        return False  # the scheduler gives the slot to a run whose turn it is

    staging = StagingCheckpointer(DjangoCheckpointer())
    latest = staging.get(str(run.id))
    node = latest.node if latest else ""
    ctx = RunContext(run=run, lease=lease, step=latest.step if latest else 0, node=node)
    with (
        step_span(run_id=str(run.id), workflow=run.workflow, step=ctx.step, node=node),
        heartbeat(lease),
    ):
        try:
            result = run_one_step(_workflow(run), staging, str(run.id), ctx)
        except (LeaseLost, CheckpointConflict):
            raise
        except (OperationalError, InterfaceError):
            # The database went away mid-step (a restart, a failover): nothing of the step was
            # recorded, and it is no fault of the agent's. The lease expires and recovery hands
            # the run to a worker again, which repeats the step.
            raise
        except (EnvironmentFailure, SandboxUnavailable) as error:
            logger.warning("run %s step %s: environment failure: %s", run.id, ctx.step, error)
            run_wait_for_environment(lease=lease, failure=_environment_failure(error))
            return False
        except UNSAVEABLE as error:
            _fail_unsaveable(lease, ctx.step, error)
            return False
        except Exception as error:
            logger.exception("run %s step %s crashed", run.id, ctx.step)
            _fail(lease, f"Step {ctx.step} failed: {type(error).__name__}: {error}")
            return False
    try:
        _commit_step(lease, staging, ctx, result, node=latest.node if latest else "")
    except UNSAVEABLE as error:
        # Left uncaught, the step would be repeated (a new model call each time) forever.
        _fail_unsaveable(lease, ctx.step, error)
        return False
    return result.outcome == "continue"


# What a step's values can make PostgreSQL refuse (DataError), psycopg refuse to encode, or the
# boundary checks refuse first (agents.storable). Repeating the step would fail the same way.
UNSAVEABLE = (NotStorable, DataError, UnicodeEncodeError)


def _fail_unsaveable(lease: Lease, step: int, error: Exception) -> None:
    logger.warning("run %s step %s cannot be saved: %s", lease.run_id, step, error)
    reason = str(error).splitlines()[0][:1000] if str(error) else type(error).__name__
    message = f"Step {step} could not be saved, so the run stopped: {reason}"
    with transaction.atomic():
        run = fenced_run(lease)
        kind = FailureKind.INVALID_DATA
        data = {"error": message, "failure_kind": kind, "step": step}
        run_transition(
            run, RunStatus.FAILED, event="run.failed", data=data, failure_kind=kind, error=message
        )


def _environment_failure(error: Exception) -> EnvironmentFailure:
    # A sandbox that failed outside a tool call (while being set up) is the environment too.
    if isinstance(error, EnvironmentFailure):
        return error
    return EnvironmentFailure(
        str(error), kind=EnvironmentFailure.SANDBOX_UNAVAILABLE, backend="sandbox"
    )


def _workflow(run: Run) -> Any:
    from runs.workflows import load_workflow

    return load_workflow(run.workflow)


def _fail(lease: Lease, error: str) -> None:
    with transaction.atomic():
        run = fenced_run(lease)
        data = {"error": error, "failure_kind": FailureKind.AGENT}
        run_transition(run, RunStatus.FAILED, event="run.failed", data=data, error=error)


def _commit_step(
    lease: Lease, staging: StagingCheckpointer, ctx: RunContext, result: StepResult, *, node: str
) -> None:
    with transaction.atomic():
        run = fenced_run(lease)
        stored = staging.commit() or result.checkpoint
        for kind, data in ctx.pending_events:
            event_append(run_id=run.id, kind=kind, data=data)
        _record_step(run, ctx, result, node)
        usage = stored.state.get("usage") or {}
        run.prompt_tokens = int(usage.get("prompt_tokens", 0))
        run.completion_tokens = int(usage.get("completion_tokens", 0))
        run.step_count, run.updated_at = stored.step, timezone.now()
        wait_cleared(run)
        _apply_outcome(run, result)
        run.save(update_fields=RUN_STATE_FIELDS)


def _record_step(run: Run, ctx: RunContext, result: StepResult, node: str) -> None:
    Step.objects.update_or_create(
        run=run,
        number=ctx.step,
        defaults={
            "node": node,
            "outcome": result.outcome,
            "next_node": result.checkpoint.node,
            "fencing_token": run.fencing_token,
        },
    )
    event_append(
        run_id=run.id,
        kind="step.completed",
        data={"step": ctx.step, "outcome": result.outcome, "next": result.checkpoint.node},
    )


def _apply_outcome(run: Run, result: StepResult) -> None:
    if result.outcome == "interrupted" and result.interrupt is not None:
        _pause(run, result.interrupt.kind, result.interrupt.payload)
    elif result.outcome in ("finished", "budget_exceeded") and result.finish is not None:
        _complete(run, result.finish.status, result.finish.output)


def _pause(run: Run, kind: str, payload: dict[str, Any]) -> None:
    if kind == "budget":
        budgets.budget_reached(run, payload)
    elif kind == "approval":
        data = approval_gate().raise_request(run=run_facts(run), payload=payload)
        run_transition(run, RunStatus.AWAITING_APPROVAL, event="approval.requested", data=data)
    else:
        data = {"kind": kind, **payload}
        run_transition(run, RunStatus.AWAITING_APPROVAL, event="run.interrupted", data=data)


def _complete(run: Run, status: str, output: dict[str, Any]) -> None:
    error = "" if status == "succeeded" else str(output.get("reason") or output.get("error") or "")
    final = RunStatus.SUCCEEDED if status == "succeeded" else RunStatus.FAILED
    run_complete(run, final, output, error=error)
