"""Writes for memory: items, expiry and deletion. Documents live in memory.documents."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from accounts.actors import Actor, Rule
from accounts.roles import MANAGERS, MEMBERS
from memory.chunking import text_hash
from memory.embeddings import embed_texts
from memory.models import Document, Kind, MemoryItem, Scope
from memory.selectors import require_organization

MAX_ITEM_CHARS = 20_000
DELETE_ITEMS = Rule(MEMBERS, "delete memory items")
PURGE = Rule(MANAGERS, "delete all memory")


def memory_create(
    *,
    organization_id: int,
    text: str,
    scope: str = Scope.ORGANIZATION,
    scope_ref: str = "",
    kind: str = Kind.FACT,
    metadata: dict[str, Any] | None = None,
    importance: float = 0.5,
    ttl_seconds: int | None = None,
    source_run: str = "",
    source_step: str = "",
    now: datetime | None = None,
) -> MemoryItem:
    """Stores a fact or episode. The same text in the same scope is stored once (retries are safe)."""
    require_organization(organization_id)
    text = _validate_item(text=text, scope=scope, kind=kind, importance=importance, ttl=ttl_seconds)
    digest = text_hash(text)
    moment = now or timezone.now()
    existing = _live_duplicate(organization_id, scope, scope_ref, digest, moment)
    if existing is not None:
        return existing
    [vector] = embed_texts([text])
    return MemoryItem.objects.create(
        organization_id=organization_id,
        scope=scope,
        scope_ref=scope_ref,
        kind=kind,
        text=text,
        content_hash=digest,
        embedding=vector,
        metadata=metadata or {},
        importance=importance,
        source_run=source_run,
        source_step=source_step,
        created_at=moment,
        expires_at=moment + timedelta(seconds=ttl_seconds) if ttl_seconds else None,
    )


# Beyond it the expiry date would pass the calendar's end (year 9999).
MAX_TTL_SECONDS = 100 * 365 * 24 * 3600


def _validate_item(*, text: str, scope: str, kind: str, importance: float, ttl: int | None) -> str:
    errors: dict[str, str] = {}
    text = (text or "").strip()
    if not text:
        errors["text"] = "Text must not be empty."
    elif len(text) > MAX_ITEM_CHARS:
        errors["text"] = f"Text is longer than {MAX_ITEM_CHARS} characters."
    if scope not in Scope.values:
        errors["scope"] = f"Unknown scope {scope!r}; use one of {Scope.values}."
    if kind not in (Kind.FACT, Kind.EPISODE):
        errors["kind"] = "Kind must be 'fact' or 'episode'; chunks come from documents."
    if not 0.0 <= importance <= 1.0:
        errors["importance"] = "Importance must be between 0 and 1."
    if ttl is not None and not 0 < ttl <= MAX_TTL_SECONDS:
        errors["ttl_seconds"] = f"A time to live is 1 to {MAX_TTL_SECONDS} seconds (100 years)."
    if errors:
        raise ValidationError(errors)
    return text


def _live_duplicate(
    organization_id: int, scope: str, scope_ref: str, digest: str, now: datetime
) -> MemoryItem | None:
    return (
        MemoryItem.objects.filter(
            organization_id=organization_id,
            scope=scope,
            scope_ref=scope_ref,
            content_hash=digest,
            document__isnull=True,
        )
        .exclude(expires_at__lte=now)
        .first()
    )


def memory_delete(*, actor: Actor, item_id: int) -> bool:
    """Deletes one item of the actor's organization (its embedding is in the same row). False
    when the organization has no such item."""
    DELETE_ITEMS.check(actor)
    organization_id = actor.organization_id
    require_organization(organization_id)
    deleted, _ = MemoryItem.objects.filter(organization_id=organization_id, id=item_id).delete()
    return deleted > 0


def memory_expire(*, now: datetime | None = None) -> int:
    """Deletes every item whose time to live has passed; the beat task calls this."""
    moment = now or timezone.now()
    deleted, _ = MemoryItem.objects.filter(expires_at__lte=moment).delete()
    return deleted


def memory_purge_organization(*, actor: Actor) -> dict[str, int]:
    """Deletes all of the actor's organization's memory: items, chunks, documents and their
    files."""
    from memory.documents import remove_files_on_commit

    PURGE.check(actor)
    organization_id = actor.organization_id
    require_organization(organization_id)
    with transaction.atomic():
        documents = Document.objects.filter(organization_id=organization_id)
        remove_files_on_commit([d.file.name or "" for d in documents.only("file")])
        items, _ = MemoryItem.objects.filter(organization_id=organization_id).delete()
        count, _ = documents.delete()
    return {"items": items, "documents": count}
