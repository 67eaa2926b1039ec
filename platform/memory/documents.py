"""Writes for documents: upload (validated before anything is stored), ingestion, deletion."""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import PurePath

from django.conf import settings
from django.core.files.base import ContentFile
from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts.actors import Actor, Rule
from accounts.roles import MEMBERS
from memory.chunking import Chunk, chunk_sections
from memory.embeddings import EmbeddingError, embed_texts
from memory.events import publish_progress_on_commit
from memory.extraction import DocumentRejected, DocumentTooLarge, detect_media_type, extract
from memory.models import Document, DocumentStatus, Kind, MemoryItem, Scope, documents_storage
from memory.selectors import require_organization

DELETE_DOCUMENTS = Rule(MEMBERS, "delete documents")

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Upload:
    document: Document
    created: bool  # False when the organization already had this exact file


def document_upload(
    *,
    organization_id: int,
    filename: str,
    data: bytes,
    declared_type: str | None = None,
    title: str = "",
    uploaded_by_id: int | None = None,
) -> Upload:
    """Validates and stores a file, then queues its ingestion. Raises DocumentRejected (4xx)."""
    require_organization(organization_id)
    check_upload_size(len(data))
    media_type = detect_media_type(filename, declared_type)
    sha256 = hashlib.sha256(data).hexdigest()
    existing = Document.objects.filter(organization_id=organization_id, sha256=sha256).first()
    if existing is not None:
        return Upload(existing, created=False)
    _chunks_of(data, media_type)  # a file we cannot index is refused now, not in the worker
    document = Document(
        organization_id=organization_id,
        title=(title or PurePath(filename).name)[:300],
        media_type=media_type,
        size_bytes=len(data),
        sha256=sha256,
        uploaded_by_id=uploaded_by_id,
    )
    return _store(document, data, PurePath(filename).suffix.lower())


def check_upload_size(size: int) -> None:
    if size == 0:
        raise DocumentRejected("The file is empty.")
    limit = settings.LONGHAUL_MAX_UPLOAD_BYTES
    if size > limit:
        raise DocumentTooLarge(f"The file is {size} bytes; the limit is {limit}.")


def _chunks_of(data: bytes, media_type: str) -> tuple[list[Chunk], int]:
    extracted = extract(data, media_type)
    chunks = chunk_sections(
        extracted.sections,
        size=settings.LONGHAUL_CHUNK_CHARS,
        overlap=settings.LONGHAUL_CHUNK_OVERLAP_CHARS,
    )
    limit = settings.LONGHAUL_MAX_DOCUMENT_CHUNKS
    if len(chunks) > limit:
        raise DocumentTooLarge(f"The file yields {len(chunks)} chunks; the limit is {limit}.")
    return chunks, extracted.page_count


def _store(document: Document, data: bytes, suffix: str) -> Upload:
    name = f"{document.organization_id}/{document.sha256}{suffix}"
    stored = documents_storage().save(name, ContentFile(data))
    try:
        with transaction.atomic():
            document.file.name = stored
            document.save()
            publish_progress_on_commit(document)
            transaction.on_commit(lambda: _enqueue_ingest(document.id))
    except IntegrityError:
        # Another request stored the same file first: keep theirs, drop our copy.
        documents_storage().delete(stored)
        existing = Document.objects.get(
            organization_id=document.organization_id, sha256=document.sha256
        )
        return Upload(existing, created=False)
    except BaseException:
        documents_storage().delete(stored)
        raise
    return Upload(document, created=True)


def _enqueue_ingest(document_id: int) -> None:
    from memory.tasks import document_ingest_task

    document_ingest_task.delay(document_id)


def document_ingest(*, document_id: int) -> Document | None:
    """Extracts, chunks and embeds a stored document. Safe to run twice: a ready one is left be."""
    document = Document.objects.filter(id=document_id).first()
    if document is None or document.status == DocumentStatus.READY:
        return document
    _set_progress(document, DocumentStatus.PROCESSING, 0)
    try:
        with document.file.open("rb") as handle:
            chunks, pages = _chunks_of(handle.read(), document.media_type)
        vectors = _embed_with_progress(document, chunks)
    except (DocumentRejected, EmbeddingError, OSError) as error:
        _set_progress(document, DocumentStatus.FAILED, document.progress, error=str(error))
        if isinstance(error, EmbeddingError):
            raise  # the task retries transient backend failures
        return document
    return _save_chunks(document, chunks, vectors, pages)


def _embed_with_progress(document: Document, chunks: list[Chunk]) -> list[list[float]]:
    batch = settings.LONGHAUL_EMBEDDING_BATCH_SIZE
    vectors: list[list[float]] = []
    for start in range(0, len(chunks), batch):
        vectors.extend(embed_texts([c.text for c in chunks[start : start + batch]]))
        # Embedding is the slow part; the last 5% is the write.
        _set_progress(document, DocumentStatus.PROCESSING, 95 * len(vectors) // len(chunks))
    return vectors


def _set_progress(document: Document, status: str, percent: int, error: str = "") -> None:
    document.status, document.progress, document.error = status, percent, error
    document.updated_at = timezone.now()
    with transaction.atomic():
        Document.objects.filter(id=document.id).exclude(status=DocumentStatus.READY).update(
            status=status, progress=percent, error=error, updated_at=document.updated_at
        )
        publish_progress_on_commit(document)


def _save_chunks(
    document: Document, chunks: list[Chunk], vectors: list[list[float]], pages: int
) -> Document:
    with transaction.atomic():
        locked = Document.objects.select_for_update().get(id=document.id)
        if locked.status == DocumentStatus.READY:
            return locked  # a redelivered copy of this task finished first
        MemoryItem.objects.filter(document=locked).delete()
        MemoryItem.objects.bulk_create(_chunk_items(locked, chunks, vectors), batch_size=500)
        locked.status, locked.progress, locked.error = DocumentStatus.READY, 100, ""
        locked.chunk_count, locked.page_count = len(chunks), pages
        locked.updated_at = timezone.now()
        locked.save()
        publish_progress_on_commit(locked)
    return locked


def _chunk_items(
    document: Document, chunks: list[Chunk], vectors: list[list[float]]
) -> Iterable[MemoryItem]:
    for chunk, vector in zip(chunks, vectors, strict=True):
        yield MemoryItem(
            organization_id=document.organization_id,
            scope=Scope.ORGANIZATION,
            kind=Kind.CHUNK,
            text=chunk.text,
            content_hash=chunk.content_hash,
            embedding=vector,
            metadata={"document_title": document.title, "media_type": document.media_type},
            document=document,
            page=chunk.page,
            section=chunk.section[:300],
            chunk_index=chunk.index,
        )


def document_delete(*, actor: Actor, document_id: int) -> bool:
    """Deletes a document of the actor's organization, its chunks and embeddings, and (after
    commit) its stored file. False when the organization has no such document."""
    DELETE_DOCUMENTS.check(actor)
    organization_id = actor.organization_id
    require_organization(organization_id)
    with transaction.atomic():
        document = (
            Document.objects.select_for_update()
            .filter(organization_id=organization_id, id=document_id)
            .first()
        )
        if document is None:
            return False
        remove_files_on_commit([document.file.name or ""])
        document.delete()
    return True


def remove_files_on_commit(names: list[str]) -> None:
    def remove() -> None:
        storage = documents_storage()
        for name in names:
            if name:
                storage.delete(name)

    transaction.on_commit(remove)
