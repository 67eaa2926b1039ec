"""Document progress events on the channel layer, sent only once the change is committed."""

from __future__ import annotations

import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

from memory.models import Document

log = logging.getLogger(__name__)


def document_group(document_id: int) -> str:
    return f"document-{document_id}"


def progress_event(document: Document) -> dict[str, object]:
    return {
        "type": "document.progress",
        "document_id": document.id,
        "status": document.status,
        "percent": document.progress,
        "chunk_count": document.chunk_count,
        "error": document.error,
    }


def publish_progress_on_commit(document: Document) -> None:
    event = progress_event(document)
    transaction.on_commit(lambda: _send(document_group(document.id), event))


def _send(group: str, event: dict[str, object]) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(group, event)
    except Exception:  # progress is advisory; the Document row stays the source of truth
        log.warning("could not publish %s to %s", event["type"], group, exc_info=True)
