"""Long-term memory: items with embeddings, and the documents whose chunks become items."""

from __future__ import annotations

import os

from django.contrib.postgres.indexes import GinIndex
from django.contrib.postgres.search import SearchVector, SearchVectorField
from django.core.files.storage import FileSystemStorage, Storage
from django.db import models
from django.utils import timezone
from pgvector.django import HnswIndex, VectorField

from accounts.models import Organization

# The column's width is fixed by the migration; providers must produce exactly this many
# dimensions (checked at start-up by memory.checks and again on every batch).
EMBEDDING_DIMENSIONS = 384
TEXT_SEARCH_CONFIG = "english"


class DocumentsStorage(FileSystemStorage):
    """Files under LONGHAUL_DOCUMENTS_DIR, read when a file is touched, not at import time."""

    @property  # type: ignore[override]
    def base_location(self) -> str:
        from django.conf import settings

        return str(settings.LONGHAUL_DOCUMENTS_DIR)

    @property  # type: ignore[override]
    def location(self) -> str:
        return os.path.abspath(self.base_location)


_DOCUMENTS_STORAGE = DocumentsStorage()


def documents_storage() -> Storage:
    return _DOCUMENTS_STORAGE


class Scope(models.TextChoices):
    ORGANIZATION = "organization", "Organization"
    USER = "user", "User"
    WORKFLOW = "workflow", "Workflow"
    RUN = "run", "Run"


class Kind(models.TextChoices):
    FACT = "fact", "Fact"
    EPISODE = "episode", "Episode"
    CHUNK = "chunk", "Document chunk"


# What callers may create directly; chunks only come from documents.
WRITABLE_KINDS = [(Kind.FACT.value, Kind.FACT.label), (Kind.EPISODE.value, Kind.EPISODE.label)]


class DocumentStatus(models.TextChoices):
    PENDING = "pending", "Pending"
    PROCESSING = "processing", "Processing"
    READY = "ready", "Ready"
    FAILED = "failed", "Failed"


class Document(models.Model):
    """An uploaded file; its chunks are MemoryItems of kind `chunk` that cite pages."""

    organization = models.ForeignKey(
        Organization, on_delete=models.CASCADE, related_name="documents"
    )
    title = models.CharField(max_length=300)
    file = models.FileField(storage=documents_storage, upload_to="", max_length=300)
    media_type = models.CharField(max_length=120)
    size_bytes = models.BigIntegerField()
    sha256 = models.CharField(max_length=64)
    page_count = models.PositiveIntegerField(default=0)
    status = models.CharField(
        max_length=16, choices=DocumentStatus.choices, default=DocumentStatus.PENDING
    )
    progress = models.PositiveSmallIntegerField(default=0, help_text="Percent, 0-100.")
    chunk_count = models.PositiveIntegerField(default=0)
    error = models.TextField(blank=True)
    uploaded_by = models.ForeignKey(
        "accounts.User", null=True, blank=True, on_delete=models.SET_NULL
    )
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["organization", "sha256"], name="memory_document_unique_sha256"
            )
        ]

    def __str__(self) -> str:
        return self.title


class MemoryItem(models.Model):
    """One remembered text with its embedding, where it came from, and when it expires."""

    organization = models.ForeignKey(
        Organization, on_delete=models.CASCADE, related_name="memory_items"
    )
    scope = models.CharField(max_length=16, choices=Scope.choices, default=Scope.ORGANIZATION)
    scope_ref = models.CharField(
        max_length=200, blank=True, help_text="The user, workflow or run the scope names."
    )
    kind = models.CharField(max_length=16, choices=Kind.choices, default=Kind.FACT)
    text = models.TextField()
    content_hash = models.CharField(max_length=64)
    embedding = VectorField(dimensions=EMBEDDING_DIMENSIONS)
    search = models.GeneratedField(
        expression=SearchVector("text", config=TEXT_SEARCH_CONFIG),
        output_field=SearchVectorField(),
        db_persist=True,
    )
    metadata = models.JSONField(default=dict, blank=True)
    importance = models.FloatField(default=0.5)
    # Provenance: a document page and section, or a run and step.
    document = models.ForeignKey(
        Document, null=True, blank=True, on_delete=models.CASCADE, related_name="chunks"
    )
    page = models.PositiveIntegerField(null=True, blank=True)
    section = models.CharField(max_length=300, blank=True)
    chunk_index = models.PositiveIntegerField(null=True, blank=True)
    source_run = models.CharField(max_length=64, blank=True)
    source_step = models.CharField(max_length=64, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    expires_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [
            HnswIndex(
                name="memory_item_embedding_hnsw",
                fields=["embedding"],
                m=16,
                ef_construction=64,
                opclasses=["vector_cosine_ops"],
            ),
            GinIndex(fields=["search"], name="memory_item_search_gin"),
            GinIndex(
                fields=["metadata"], name="memory_item_metadata_gin", opclasses=["jsonb_path_ops"]
            ),
            models.Index(fields=["organization", "kind", "scope"], name="memory_item_org_kind"),
            models.Index(fields=["document", "chunk_index"], name="memory_item_document"),
            models.Index(
                fields=["expires_at"],
                name="memory_item_expires",
                condition=models.Q(expires_at__isnull=False),
            ),
        ]

    def __str__(self) -> str:
        return self.text[:80]
