"""Reads for memory. Every selector needs the organization: there is no cross-tenant read."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import datetime
from typing import Any

from django.db.models import Q, QuerySet
from django.utils import timezone

from memory.models import Document, Kind, MemoryItem


def require_organization(organization_id: object) -> int:
    # bool is an int subclass; True must never pass for organization 1.
    if isinstance(organization_id, bool) or not isinstance(organization_id, int):
        raise TypeError(f"an organization id is required, got {organization_id!r}")
    return organization_id


def live_items(*, organization_id: int, now: datetime | None = None) -> QuerySet[MemoryItem]:
    """The organization's items that have not expired."""
    require_organization(organization_id)
    moment = now or timezone.now()
    return MemoryItem.objects.filter(organization_id=organization_id).filter(
        Q(expires_at__isnull=True) | Q(expires_at__gt=moment)
    )


def memory_item_list(*, organization_id: int) -> QuerySet[MemoryItem]:
    """The organization's live facts and episodes (document chunks are listed by document)."""
    items = live_items(organization_id=organization_id).exclude(kind=Kind.CHUNK)
    return items.defer("embedding").order_by("-created_at", "-id")


def memory_item_get(*, organization_id: int, item_id: int) -> MemoryItem:
    """Raises MemoryItem.DoesNotExist for another organization's item."""
    return live_items(organization_id=organization_id).select_related("document").get(id=item_id)


def document_list(*, organization_id: int) -> QuerySet[Document]:
    require_organization(organization_id)
    return Document.objects.filter(organization_id=organization_id)


def document_get(*, organization_id: int, document_id: int) -> Document:
    """Raises Document.DoesNotExist for another organization's document."""
    return document_list(organization_id=organization_id).get(id=document_id)


def provenance(item: MemoryItem) -> dict[str, Any]:
    if item.document_id is not None:
        return {
            "source": "document",
            "document_id": item.document_id,
            "document_title": item.document.title if item.document else "",
            "page": item.page,
            "section": item.section,
            "chunk_index": item.chunk_index,
        }
    if item.source_run:
        return {"source": "run", "run_id": item.source_run, "step": item.source_step}
    return {"source": "direct"}


def item_as_dict(item: MemoryItem, *, with_embedding: bool = False) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": item.id,
        "kind": item.kind,
        "scope": item.scope,
        "scope_ref": item.scope_ref,
        "text": item.text,
        "metadata": item.metadata,
        "importance": item.importance,
        "provenance": provenance(item),
        "created_at": item.created_at.isoformat(),
        "expires_at": item.expires_at.isoformat() if item.expires_at else None,
    }
    if with_embedding:
        data["embedding"] = [float(x) for x in item.embedding]
    return data


def memory_export_lines(*, organization_id: int, with_embeddings: bool = False) -> Iterator[str]:
    """The organization's live memory as JSON lines, oldest first, streamed from the database."""
    items = (
        live_items(organization_id=organization_id)
        .select_related("document")
        .order_by("created_at", "id")
    )
    if not with_embeddings:
        items = items.defer("embedding")
    for item in items.iterator(chunk_size=500):
        yield json.dumps(item_as_dict(item, with_embedding=with_embeddings)) + "\n"
