"""Reading the audit log: entries, the chain check, the JSON-lines export."""

from __future__ import annotations

import json
from collections.abc import Iterator

from django.db.models import QuerySet

from audit.chain import CONTENT_FIELDS, ChainReport, timestamp, walk
from audit.models import AuditEntry

EXPORT_FIELDS = ("id", *CONTENT_FIELDS, "hash")


def audit_entries(
    *, organization_id: int, action: str | None = None, after_seq: int = 0
) -> QuerySet[AuditEntry]:
    entries = AuditEntry.objects.filter(organization_id=organization_id, seq__gt=after_seq)
    return entries.filter(action=action) if action else entries


def audit_verify(*, organization_id: int) -> ChainReport:
    """Re-walks the organization's whole chain from its first entry."""
    entries = AuditEntry.objects.filter(organization_id=organization_id).order_by("seq")
    return walk(organization_id, entries.iterator(chunk_size=2000))


def audit_verify_all() -> list[ChainReport]:
    """Every chain in the database (the platform's and each organization's)."""
    chains = AuditEntry.objects.values_list("organization_id", flat=True).distinct()
    return [audit_verify(organization_id=org) for org in sorted(chains)]


def audit_export_lines(*, organization_id: int, after_seq: int = 0) -> Iterator[str]:
    """One JSON object per line, in chain order, with what a consumer needs to re-walk it."""
    entries = audit_entries(organization_id=organization_id, after_seq=after_seq).order_by("seq")
    for entry in entries.iterator(chunk_size=2000):
        line = {name: getattr(entry, name) for name in EXPORT_FIELDS}
        line["created_at"] = timestamp(entry.created_at)
        yield json.dumps(line, ensure_ascii=False, sort_keys=True) + "\n"
