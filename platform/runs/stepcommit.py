"""A step's results in one SQL statement: checkpoint, run counters, events and ledger row.

The statement is one round trip and, outside a transaction, its own transaction: all of it is
written or none. Its parts run in this order, each reading the rows of the one before, so a
part that finds nothing stops the rest:

1. `locked`   the run row, locked, only while the lease's fencing token is current;
2. `written`  the checkpoint, only when the version it follows is the latest (ON CONFLICT and
              the EXISTS refuse a version written by someone else, or one that skips ahead);
3. `advanced` the run's counters, its wait forgotten, and as many event numbers as the step
              has events taken from its counter (so the sequence stays dense);
4. `events`   the step's events, numbered from those, in one multi-row insert;
5. `recorded` the ledger row (a step interrupted and run again updates its row).

Nothing returned means nothing was written; `step_commit` then says whether the fence or the
checkpoint's version refused it. It does not change the run's status: a step whose outcome
does (a finish, an interrupt) goes on, in the same transaction, to `run_transition`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import connection
from django.utils import timezone

from agents import storable
from agents.engine.types import Checkpoint, CheckpointConflict
from core.events import publish_on_commit
from runs.events import run_group
from runs.leases import Lease, LeaseLost
from runs.models import Checkpoint as CheckpointRow
from runs.models import Run, RunEvent, Step

RUN, CHECKPOINT, EVENT, STEP = (m._meta.db_table for m in (Run, CheckpointRow, RunEvent, Step))


@dataclass(frozen=True)
class StepWrite:
    """What one step leaves behind; `checkpoint` is None for a step that staged none."""

    number: int
    node: str
    outcome: str
    next_node: str
    checkpoint: Checkpoint | None
    expected_version: int
    events: list[tuple[str, dict[str, Any]]]
    step_count: int
    prompt_tokens: int
    completion_tokens: int


@dataclass(frozen=True)
class RunAfterStep:
    """The run row as the step's commit left it (read under its lock)."""

    status: str
    yield_requested: bool


def step_commit(*, lease: Lease, write: StepWrite) -> RunAfterStep:
    """Writes the step in one statement; raises LeaseLost (stale fence) or CheckpointConflict
    (its checkpoint does not follow the latest), having written nothing. Inside a transaction
    its events are published when that commits; otherwise at once."""
    now = timezone.now()
    events = [(kind, storable.jsonable(data)) for kind, data in write.events]
    params = _params(lease, write, events, now)
    with connection.cursor() as cursor:
        cursor.execute(_statement(write.checkpoint is not None, len(events)), params)
        row = cursor.fetchone()
    if row is None:
        raise _refusal(lease, write)
    last_seq, status, yield_requested = row
    _publish(lease.run_id, events, first_seq=int(last_seq) - len(events) + 1, at=now)
    return RunAfterStep(status=status, yield_requested=bool(yield_requested))


def _statement(with_checkpoint: bool, events: int) -> str:
    parts = [
        f"locked AS (SELECT id FROM {RUN} WHERE id = %(run)s AND fencing_token = %(token)s "
        "FOR UPDATE)"
    ]
    if with_checkpoint:
        parts.append(
            f"written AS (INSERT INTO {CHECKPOINT} (thread_id, version, step, node, state, "
            "created_at) SELECT %(run)s, %(version)s, %(ck_step)s, %(ck_node)s, %(state)s::jsonb, "
            "%(ck_at)s FROM locked WHERE %(expected)s = 0 OR EXISTS (SELECT 1 FROM "
            f"{CHECKPOINT} WHERE thread_id = %(run)s AND version = %(expected)s) "
            "ON CONFLICT DO NOTHING RETURNING 1)"
        )
    parts.append(
        f"advanced AS (UPDATE {RUN} AS r SET step_count = %(step_count)s, "
        "prompt_tokens = %(prompt)s, completion_tokens = %(completion)s, updated_at = %(at)s, "
        "waiting_since = NULL, next_attempt_at = NULL, waiting_reason = '', waiting_retries = 0, "
        f"event_seq = r.event_seq + {events} "
        f"FROM {'written' if with_checkpoint else 'locked'} WHERE r.id = %(run)s "
        "RETURNING r.id, r.event_seq, r.status, r.yield_requested)"
    )
    rows = ", ".join(f"({i + 1}, %(kind{i})s, %(data{i})s::jsonb)" for i in range(events))
    parts.append(
        f"events AS (INSERT INTO {EVENT} (run_id, seq, kind, data, created_at) "
        f"SELECT a.id, a.event_seq - {events} + v.ord, v.kind, v.data, %(at)s "
        f"FROM advanced AS a, (VALUES {rows}) AS v(ord, kind, data))"
    )
    parts.append(
        f"recorded AS (INSERT INTO {STEP} (run_id, number, node, outcome, next_node, "
        "prompt_tokens, completion_tokens, fencing_token, created_at) "
        "SELECT a.id, %(number)s, %(node)s, %(outcome)s, %(next)s, 0, 0, %(token)s, %(at)s "
        "FROM advanced AS a ON CONFLICT (run_id, number) DO UPDATE SET node = EXCLUDED.node, "
        "outcome = EXCLUDED.outcome, next_node = EXCLUDED.next_node, "
        "fencing_token = EXCLUDED.fencing_token)"
    )
    return "WITH " + ", ".join(parts) + " SELECT event_seq, status, yield_requested FROM advanced"


def _params(
    lease: Lease, write: StepWrite, events: list[tuple[str, Any]], now: datetime
) -> dict[str, Any]:
    checkpoint = write.checkpoint
    params: dict[str, Any] = {
        "run": lease.run_id,
        "token": lease.token,
        "step_count": write.step_count,
        "prompt": write.prompt_tokens,
        "completion": write.completion_tokens,
        "at": now,
        "number": write.number,
        "node": write.node,
        "outcome": write.outcome,
        "next": write.next_node,
    }
    if checkpoint is not None:
        params |= {
            "version": checkpoint.version,
            "ck_step": checkpoint.step,
            "ck_node": checkpoint.node,
            "state": json.dumps(checkpoint.state),
            "ck_at": checkpoint.created_at,
            "expected": write.expected_version,
        }
    for i, (kind, data) in enumerate(events):
        params[f"kind{i}"], params[f"data{i}"] = kind, json.dumps(data)
    return params


def _refusal(lease: Lease, write: StepWrite) -> Exception:
    """Why the statement wrote nothing (a second query, on this rare path only)."""
    if not Run.objects.filter(id=lease.run_id, fencing_token=lease.token).exists():
        return LeaseLost(f"run {lease.run_id}: fencing token {lease.token} is stale")
    return CheckpointConflict(
        f"thread {lease.run_id}: version {write.expected_version} is not the latest"
    )


def _publish(run_id: str, events: list[tuple[str, Any]], *, first_seq: int, at: datetime) -> None:
    created = at.isoformat()
    for offset, (kind, data) in enumerate(events):
        event = {"seq": first_seq + offset, "kind": kind, "data": data, "created_at": created}
        publish_on_commit(run_group(run_id), {"type": "run.event", "event": event})
