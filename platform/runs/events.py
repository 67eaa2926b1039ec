"""Run events: a dense per-run sequence in PostgreSQL, published to `run-<id>` after commit."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.db import transaction

from agents import storable
from core.events import publish_on_commit
from runs.models import Run, RunEvent


def run_group(run_id: UUID | str) -> str:
    return f"run-{run_id}"


def event_payload(event: RunEvent) -> dict[str, Any]:
    return {
        "seq": event.seq,
        "kind": event.kind,
        "data": event.data,
        "created_at": event.created_at.isoformat(),
    }


def event_append(*, run_id: UUID | str, kind: str, data: dict[str, Any]) -> RunEvent:
    """Appends the next event; must run inside the caller's transaction.

    The counter UPDATE row-locks the run until commit, so sequence numbers commit in order
    and a reader never sees seq N+1 without seq N.
    """
    seq = _next_seq(run_id)
    event = RunEvent.objects.create(run_id=run_id, seq=seq, kind=kind, data=storable.jsonable(data))
    publish_on_commit(run_group(run_id), {"type": "run.event", "event": event_payload(event)})
    return event


def _next_seq(run_id: UUID | str) -> int:
    with transaction.get_connection().cursor() as cursor:
        cursor.execute(
            f"UPDATE {Run._meta.db_table} SET event_seq = event_seq + 1 WHERE id = %s "
            "RETURNING event_seq",
            [str(run_id)],
        )
        row = cursor.fetchone()
    if row is None:
        raise Run.DoesNotExist(f"run {run_id} does not exist")
    return int(row[0])
