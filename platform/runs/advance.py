"""Advancing a run: take the lease, run one engine step at a time, commit each step fenced.

Each step's checkpoint, ledger row, events and counters commit in ONE statement that first
checks the fencing token (runs.stepcommit), so a step is either wholly recorded or not at all,
and a worker that lost its lease records nothing. A step that ends or pauses the run changes its
status in the same transaction, through the lifecycle (the one writer of status and lease). The
next step starts from what the commit left (the checkpoint it wrote, the run's status under its
lock) instead of reading it again. A step the environment failed (EnvironmentFailure) records
nothing either: the run waits and the step is tried again later (runs.environment).
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import (
    DataError,
    InterfaceError,
    OperationalError,
    close_old_connections,
    connection,
    transaction,
)

from agents.engine.runner import run_one_step
from agents.engine.types import Checkpoint, CheckpointConflict, EnvironmentFailure, StepResult
from agents.sandbox.errors import SandboxUnavailable
from agents.storable import NotStorable
from core.context import run_id as run_id_var
from core.tracing import step_span
from runs import budgets
from runs.checkpointer import DjangoCheckpointer, StagingCheckpointer
from runs.context import RunContext
from runs.environment import run_wait_for_environment, wait_cleared
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
from runs.models import FailureKind, Run, RunStatus
from runs.scheduler import scheduler_kick
from runs.stepcommit import RunAfterStep, StepWrite, step_commit

logger = logging.getLogger(__name__)
CONNECTION_CHECK_SECONDS = 1.0


def advance_under_lease(*, run_id: str, owner: str, admitted_only: bool = False) -> None:
    lease = lease_acquire(run_id=run_id, owner=owner, admitted_only=admitted_only)
    if lease is None:
        return  # finished, paused, cancelled, or another worker holds a live lease
    token = run_id_var.set(str(run_id))
    try:
        position = _first_position(lease)
        with heartbeat(lease):
            while position is not None:
                position = _advance_one(lease, position)
    except (LeaseLost, CheckpointConflict) as error:
        logger.warning("stopped advancing run %s: %s", run_id, error)
    finally:
        lease_release(lease)
        scheduler_kick()  # the slot is free (or the run queued again): the next one's turn
        run_id_var.reset(token)


@dataclass
class Position:
    """Where the next step starts: the run and its latest checkpoint. After the first step
    both come from the step that committed before, so a step reads nothing it just wrote."""

    run: Run
    latest: Checkpoint | None
    checked_at: float  # when the connection was last checked (time.monotonic)


def _first_position(lease: Lease) -> Position | None:
    run = _run_to_advance(lease)
    if run is None or run.status != RunStatus.RUNNING or run.yield_requested:
        return None  # the scheduler gives the slot to a run whose turn it is
    latest = DjangoCheckpointer().get(str(run.id))
    return Position(run=run, latest=latest, checked_at=time.monotonic())


def _run_to_advance(lease: Lease) -> Run | None:
    """The run under this lease, or None once it failed for losing its workers too often."""
    with transaction.atomic():
        run = fenced_run(lease)
        if run.lost_count <= settings.LONGHAUL_RUN_MAX_LOST:
            return run
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
    return None


def _advance_one(lease: Lease, at: Position) -> Position | None:
    """Runs one node and commits it; returns where the next one starts, or None to stop."""
    run, latest = at.run, at.latest
    staging = StagingCheckpointer(DjangoCheckpointer(), thread_id=str(run.id), latest=latest)
    node = latest.node if latest else ""
    ctx = RunContext(run=run, lease=lease, step=latest.step if latest else 0, node=node)
    with step_span(run_id=str(run.id), workflow=run.workflow, step=ctx.step, node=node):
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
            return None
        except UNSAVEABLE as error:
            _fail_unsaveable(lease, ctx.step, error)
            return None
        except Exception as error:
            logger.exception("run %s step %s crashed", run.id, ctx.step)
            _fail(lease, f"Step {ctx.step} failed: {type(error).__name__}: {error}")
            return None
    checked_at = _check_connection(at.checked_at)
    write = _step_write(staging, ctx, result, node=node)
    try:
        after = _commit_step(lease, write, result)
    except UNSAVEABLE as error:
        # Left uncaught, the step would be repeated (a new model call each time) forever.
        _fail_unsaveable(lease, ctx.step, error)
        return None
    if result.outcome != "continue" or after.status != RunStatus.RUNNING or after.yield_requested:
        return None  # finished, paused, cancelled, or the scheduler wants the slot back
    _carry(run, write)
    return Position(run=run, latest=staging.staged or result.checkpoint, checked_at=checked_at)


def _check_connection(checked_at: float) -> float:
    """Before a commit that follows a long wait (a model call, a tool), checks the database
    connection as Django does between requests (a restarted server, an expired connection);
    a loop of quick steps pays for that check at most once a second."""
    now = time.monotonic()
    if now - checked_at < CONNECTION_CHECK_SECONDS or connection.in_atomic_block:
        return checked_at
    close_old_connections()
    return now


def _carry(run: Run, write: StepWrite) -> None:
    """The run row as the committed step left it, without reading it again."""
    run.step_count = write.step_count
    run.prompt_tokens, run.completion_tokens = write.prompt_tokens, write.completion_tokens
    wait_cleared(run)


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


def _step_write(
    staging: StagingCheckpointer, ctx: RunContext, result: StepResult, *, node: str
) -> StepWrite:
    stored = staging.staged or result.checkpoint
    usage = stored.state.get("usage") or {}
    done = {"step": ctx.step, "outcome": result.outcome, "next": result.checkpoint.node}
    return StepWrite(
        number=ctx.step,
        node=node,
        outcome=result.outcome,
        next_node=result.checkpoint.node,
        checkpoint=staging.staged,
        expected_version=staging.expected_version,
        events=[*ctx.pending_events, ("step.completed", done)],
        step_count=stored.step,
        prompt_tokens=int(usage.get("prompt_tokens", 0)),
        completion_tokens=int(usage.get("completion_tokens", 0)),
    )


def _commit_step(lease: Lease, write: StepWrite, result: StepResult) -> RunAfterStep:
    """Commits the step fenced: one statement for a step that continues; one that ends or
    pauses the run changes its status in the same transaction, through the lifecycle."""
    if result.outcome == "continue":
        return step_commit(lease=lease, write=write)
    with transaction.atomic():
        step_commit(lease=lease, write=write)
        run = fenced_run(lease)  # locked already; the row as the step left it
        _apply_outcome(run, result)
    return RunAfterStep(status=run.status, yield_requested=run.yield_requested)


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
