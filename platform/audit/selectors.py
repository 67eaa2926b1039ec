"""Reading the audit log: entries, the chain check, the JSON-lines export."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from itertools import groupby
from operator import attrgetter
from typing import Any

from django.db import connection
from django.db.models import Q, QuerySet, TextField
from django.db.models.functions import Cast

from audit.chain import CONTENT_FIELDS, ChainReport, against_head, timestamp, walk
from audit.models import AuditEntry, AuditHead

EXPORT_FIELDS = ("id", *CONTENT_FIELDS, "hash")


def audit_entries(
    *, organization_id: int, action: str | None = None, after_seq: int = 0
) -> QuerySet[AuditEntry]:
    entries = AuditEntry.objects.filter(organization_id=organization_id, seq__gt=after_seq)
    return entries.filter(action=action) if action else entries


# What an entry's `target` names, by its prefix (see AuditEntry.target).
TARGET_TYPES = {
    "run": "run:",
    "approval": "approval:",
    "approval_rule": "approval_rule:",
    "tool_call": "tool_call:",
    "api_key": "api_key:",
    "webhook": "webhook:",
    "webhook_delivery": "webhook_delivery:",
    "account": "account ",
    "address": "address ",
    "scim_user": "scim_user:",
    "scim_group": "scim_group:",
}


@dataclass(frozen=True)
class AuditFilters:
    """Every filter is optional; `text` looks in the actor, the target and the data."""

    actor: str = ""
    action: str = ""  # exact, or a family ending in a dot: "approval."
    target_type: str = ""  # a key of TARGET_TYPES
    target: str = ""  # exact
    since: datetime | None = None
    until: datetime | None = None  # exclusive
    text: str = ""


def audit_search(*, organization_id: int, filters: AuditFilters) -> QuerySet[AuditEntry]:
    entries = audit_entries(organization_id=organization_id)
    if filters.actor:
        entries = entries.filter(actor__icontains=filters.actor)
    if filters.action.endswith("."):
        entries = entries.filter(action__startswith=filters.action)
    elif filters.action:
        entries = entries.filter(action=filters.action)
    if filters.target_type:
        entries = entries.filter(target__startswith=TARGET_TYPES[filters.target_type])
    if filters.target:
        entries = entries.filter(target=filters.target)
    if filters.since is not None:
        entries = entries.filter(created_at__gte=filters.since)
    if filters.until is not None:
        entries = entries.filter(created_at__lt=filters.until)
    return _containing(entries, filters.text) if filters.text else entries


def _containing(entries: QuerySet[AuditEntry], text: str) -> QuerySet[AuditEntry]:
    data = Cast("data", TextField())
    return entries.annotate(data_text=data).filter(
        Q(actor__icontains=text) | Q(target__icontains=text) | Q(data_text__icontains=text)
    )


def audit_actions(*, organization_id: int) -> list[str]:
    """The actions the organization's log holds, for a filter's choices."""
    actions = AuditEntry.objects.filter(organization_id=organization_id).values_list(
        "action", flat=True
    )
    return sorted(set(actions.distinct().order_by()))


def audit_verify(*, organization_id: int) -> ChainReport:
    """Re-walks the organization's whole chain from its first entry, up to its head anchor."""
    entries = AuditEntry.objects.filter(organization_id=organization_id).order_by("seq")
    report = walk(organization_id, entries.iterator(chunk_size=2000))
    return against_head(report, _heads(organization_id=organization_id).get(organization_id))


def audit_verify_all() -> list[ChainReport]:
    """Every chain: the platform's, each organization's, and any whose entries are all gone but
    whose head anchor remains. One pass over the entries in (organization, seq) order."""
    heads = _heads()
    entries = AuditEntry.objects.order_by("organization_id", "seq").iterator(chunk_size=2000)
    reports = {
        organization: against_head(walk(organization, chain), heads.get(organization))
        for organization, chain in groupby(entries, key=attrgetter("organization_id"))
    }
    for organization in heads.keys() - reports.keys():
        reports[organization] = against_head(walk(organization, []), heads[organization])
    return [reports[organization] for organization in sorted(reports)]


def audit_checkpoint_problem(*, organization_id: int, seq: int, hash: str) -> str | None:
    """Why the chain no longer holds the entry a kept head (seq, hash) named, None if it does."""
    stored = (
        AuditEntry.objects.filter(organization_id=organization_id, seq=seq)
        .values_list("hash", flat=True)
        .first()
    )
    if stored is None:
        return f"seq {seq}, a head kept earlier, is gone"
    if stored != hash:
        return f"seq {seq} is not the entry kept earlier as a head (its hash differs)"
    return None


def _heads(**filters: Any) -> dict[int, tuple[int, str]]:
    rows = AuditHead.objects.filter(**filters).values_list("organization_id", "seq", "hash")
    return {organization: (seq, digest) for organization, seq, digest in rows}


def audit_rewritable_by() -> str | None:
    """What the connected role could do to the audit log beyond reading and appending (it owns
    the table, is a superuser, or may update, delete or truncate), None when nothing."""
    table = AuditEntry._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT current_user, r.rolsuper, pg_get_userbyid(c.relowner) = current_user, "
            "has_table_privilege(c.oid, 'UPDATE'), has_table_privilege(c.oid, 'DELETE'), "
            "has_table_privilege(c.oid, 'TRUNCATE') "
            "FROM pg_class c, pg_roles r WHERE c.oid = %s::regclass AND r.rolname = current_user",
            [table],
        )
        role, superuser, owner, *may = cursor.fetchone()
    powers = [
        power
        for power, held in zip(
            ("is a superuser", "owns it", "may update", "may delete", "may truncate"),
            (superuser, owner, *may),
            strict=True,
        )
        if held
    ]
    return f"the database role {role} {', '.join(powers)}" if powers else None


def audit_export_lines(*, organization_id: int, after_seq: int = 0) -> Iterator[str]:
    """One JSON object per line, in chain order, with what a consumer needs to re-walk it."""
    entries = audit_entries(organization_id=organization_id, after_seq=after_seq).order_by("seq")
    for entry in entries.iterator(chunk_size=2000):
        line = {name: getattr(entry, name) for name in EXPORT_FIELDS}
        line["created_at"] = timestamp(entry.created_at)
        yield json.dumps(line, ensure_ascii=False, sort_keys=True) + "\n"
