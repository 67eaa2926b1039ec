"""Appending to the audit log: the only write it allows.

`audit_append` must run inside the transaction of the change it records, so the entry commits
with it or not at all. It takes a transaction-scoped advisory lock per organization to extend
that organization's chain, held until commit: call it LAST in a transaction, after every row
lock the transaction takes, so that two transactions never wait on each other in opposite
orders (each takes row locks first and the chain lock last).
"""

from __future__ import annotations

from typing import Any

from django.db import connection, transaction
from django.utils import timezone

from agents import storable
from audit.chain import GENESIS, content_of, entry_hash
from audit.models import AuditEntry

PLATFORM = 0
_LOCK_SPACE = 0x4C48  # "LH": the first key of the advisory lock; the second is the organization


def audit_append(
    *,
    organization_id: int | None,
    action: str,
    actor: str,
    actor_user_id: int | None = None,
    target: str = "",
    data: dict[str, Any] | None = None,
) -> AuditEntry:
    """Appends one entry to the organization's chain (organization 0 for the platform)."""
    organization = int(organization_id or PLATFORM)
    with transaction.atomic():
        _lock_chain(organization)
        last = (
            AuditEntry.objects.filter(organization_id=organization)
            .order_by("-seq")
            .values_list("seq", "hash")
            .first()
        )
        seq, previous = (last[0] + 1, last[1]) if last else (1, GENESIS)
        entry = AuditEntry(
            organization_id=organization,
            seq=seq,
            created_at=timezone.now(),
            action=action,
            actor=actor[:200],
            actor_user_id=actor_user_id,
            target=target[:200],
            data=storable.jsonable(data or {}),
            prev_hash=previous,
        )
        entry.hash = entry_hash(content_of(entry))
        entry.save(force_insert=True)
    return entry


def actor_fields(actor: Any) -> dict[str, Any]:
    """`actor` and `actor_user_id` for an `accounts.permissions.Actor`: the person, and the key
    they acted through when they used one."""
    if actor.operator:
        person = actor.person.id if actor.person is not None else None
        return {"actor": actor.operator, "actor_user_id": person}
    name = actor.person.username if actor.person is not None else "a key without an owner"
    if actor.api_key_id is not None:
        name += f" through API key #{actor.api_key_id}"
    return {"actor": name, "actor_user_id": actor.person.id if actor.person is not None else None}


def _lock_chain(organization_id: int) -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [_LOCK_SPACE, organization_id])
