"""Run events: a dense per-run sequence in PostgreSQL, published to `run-<id>` after commit."""

from __future__ import annotations

import logging
from typing import Any
from uuid import UUID

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.core.serializers.json import DjangoJSONEncoder
from django.db import transaction

from runs.models import Run, RunEvent

logger = logging.getLogger(__name__)


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
    event = RunEvent.objects.create(run_id=run_id, seq=seq, kind=kind, data=_jsonable(data))
    _publish_batch().append((str(run_id), event_payload(event)))
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


def _jsonable(data: dict[str, Any]) -> dict[str, Any]:
    import json

    return dict(json.loads(json.dumps(data, cls=DjangoJSONEncoder, default=str)))


class _PublishBatch:
    """The events of one transaction, published together (one event loop hop) after commit."""

    def __init__(self) -> None:
        self.items: list[tuple[str, dict[str, Any]]] = []

    def __call__(self) -> None:
        layer = get_channel_layer()
        if layer is None or not self.items:
            return
        try:
            async_to_sync(_send_all)(layer, self.items)
        except Exception:  # a lost live push is recovered by the client's ?after= backfill
            logger.warning("could not publish %d run events", len(self.items))


def _publish_batch() -> list[tuple[str, dict[str, Any]]]:
    """The current transaction's batch, registered with on_commit on first use; a rollback
    drops the hook and with it the batch."""
    connection = transaction.get_connection()
    for _savepoints, hook, _robust in connection.run_on_commit:
        if isinstance(hook, _PublishBatch):
            return hook.items
    batch = _PublishBatch()
    transaction.on_commit(batch)
    return batch.items


async def _send_all(layer: Any, items: list[tuple[str, dict[str, Any]]]) -> None:
    for run_id, payload in items:  # in order: consumers rely on ascending seq
        await layer.group_send(run_group(run_id), {"type": "run.event", "event": payload})
