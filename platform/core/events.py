"""Live events on the channel layer, sent only once the transaction that made them commits.

Every app publishes through `publish_on_commit`. Live events are advisory: the database stays
the source of truth, and clients catch up from it (runs' `?after=` backfill, a document's row).
"""

from __future__ import annotations

import logging
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

logger = logging.getLogger(__name__)

Message = tuple[str, dict[str, Any]]  # (group, message with its consumer handler's "type")


def publish_on_commit(group: str, message: dict[str, Any]) -> None:
    """Sends `message` to `group` after the current transaction commits, with the others of
    that transaction, in the order they were published; a rollback drops them."""
    _current_batch().append((group, message))


class _PublishBatch:
    """The messages of one transaction, sent together (one event loop hop) after commit."""

    def __init__(self) -> None:
        self.items: list[Message] = []

    def __call__(self) -> None:
        layer = get_channel_layer()
        if layer is None or not self.items:
            return
        try:
            async_to_sync(_send_all)(layer, self.items)
        except Exception:  # advisory: see the module's docstring
            logger.warning("could not publish %d live events", len(self.items), exc_info=True)


def _current_batch() -> list[Message]:
    """The current transaction's batch, registered with on_commit on first use; a rollback
    drops the hook and with it the batch."""
    connection = transaction.get_connection()
    for _savepoints, hook, _robust in connection.run_on_commit:
        if isinstance(hook, _PublishBatch):
            return hook.items
    batch = _PublishBatch()
    transaction.on_commit(batch)
    return batch.items


async def _send_all(layer: Any, items: list[Message]) -> None:
    for group, message in items:  # in order: run consumers rely on ascending seq
        await layer.group_send(group, message)
