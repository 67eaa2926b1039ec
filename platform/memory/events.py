"""Document progress events on the channel layer, sent only once the change is committed."""

from __future__ import annotations

from core.events import publish_on_commit
from memory.models import Document


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
    publish_on_commit(document_group(document.id), progress_event(document))
