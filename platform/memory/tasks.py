"""Celery tasks: take ids, call one service, safe to run twice."""

from __future__ import annotations

from celery import shared_task

from memory.embeddings import EmbeddingDimensionError, EmbeddingError


@shared_task(
    name="memory.tasks.document_ingest_task",
    autoretry_for=(EmbeddingError,),
    dont_autoretry_for=(EmbeddingDimensionError,),  # a misconfiguration; retrying cannot help
    retry_backoff=5,
    max_retries=3,
)
def document_ingest_task(document_id: int) -> str | None:
    from memory.documents import document_ingest

    document = document_ingest(document_id=document_id)
    return None if document is None else document.status


@shared_task(name="memory.tasks.memory_expire_task")
def memory_expire_task() -> int:
    from memory.services import memory_expire

    return memory_expire()
