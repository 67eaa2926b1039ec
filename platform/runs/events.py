"""Run events: a dense per-run sequence in PostgreSQL, published to `run-<id>` after commit."""

from __future__ import annotations

import logging
from typing import Any
from uuid import UUID

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.core.serializers.json import DjangoJSONEncoder
from django.db import transaction
from django.db.models import F

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
    Run.objects.filter(id=run_id).update(event_seq=F("event_seq") + 1)
    seq = Run.objects.values_list("event_seq", flat=True).get(id=run_id)
    event = RunEvent.objects.create(run_id=run_id, seq=seq, kind=kind, data=_jsonable(data))
    payload = event_payload(event)
    transaction.on_commit(lambda: _publish(run_id, payload))
    return event


def _jsonable(data: dict[str, Any]) -> dict[str, Any]:
    import json

    return dict(json.loads(json.dumps(data, cls=DjangoJSONEncoder, default=str)))


def _publish(run_id: UUID | str, payload: dict[str, Any]) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(run_group(run_id), {"type": "run.event", "event": payload})
    except Exception:  # a lost live push is recovered by the client's ?after= backfill
        logger.warning("could not publish event %s of run %s", payload["seq"], run_id)
