"""Celery tasks: take ids, call one service, safe to run twice."""

from __future__ import annotations

from typing import Any

from celery import shared_task

from core.retry import Backoff, retry_later
from memory.embeddings import EmbeddingDimensionError, EmbeddingError

EMBEDDING_BACKOFF = Backoff(first_seconds=5, cap_seconds=60)


@shared_task(name="memory.tasks.document_ingest_task", bind=True, max_retries=3)
def document_ingest_task(self: Any, document_id: int) -> str | None:
    from memory.documents import document_ingest

    try:
        document = document_ingest(document_id=document_id)
    except EmbeddingDimensionError:
        raise  # a misconfiguration; retrying cannot help
    except EmbeddingError as error:  # the embedding service is down or overloaded
        retry_later(self, error, EMBEDDING_BACKOFF)
    return None if document is None else document.status


@shared_task(name="memory.tasks.memory_expire_task")
def memory_expire_task() -> int:
    from memory.services import memory_expire

    return memory_expire()
