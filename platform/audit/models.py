"""The audit log: an append-only, hash-chained record of security-relevant events.

Each organization has its own chain (`seq` 1, 2, 3, ...; organization 0 is the platform), so an
organization's export can be verified without anyone else's entries. A database trigger refuses
UPDATE and DELETE (migration 0001); the chain makes any change made around the trigger visible
(`audit.chain`, `manage.py verify_audit`). The application's database role may only read and
append (core.roles): it can neither truncate the table nor remove or change an entry.

Removing the newest entries leaves an intact, shorter chain; each organization's head (`AuditHead`)
records the last seq and hash ever appended, moved by a trigger that runs as the table's owner
(migration 0002) and only forwards, so that the application's role cannot rewind it.

Organizations are referenced by id, not by foreign key: deleting an organization must not
(and, with the trigger, could not) delete its history.
"""

from __future__ import annotations

from django.db import models
from django.utils import timezone


class AuditEntry(models.Model):
    organization_id = models.BigIntegerField(default=0, db_index=True)
    seq = models.BigIntegerField()
    created_at = models.DateTimeField(default=timezone.now)
    action = models.CharField(max_length=64)
    # Who did it, in words ("acme-reviewer", "acme-reviewer through key lh_ab12", "system").
    actor = models.CharField(max_length=200)
    actor_user_id = models.BigIntegerField(null=True, blank=True)
    # What it was done to: "<kind>:<id>", e.g. "approval:12", "run:<uuid>", "api_key:lh_ab12".
    target = models.CharField(max_length=200, blank=True, default="")
    data = models.JSONField(default=dict)
    prev_hash = models.CharField(max_length=64)
    hash = models.CharField(max_length=64)

    class Meta:
        ordering = ["organization_id", "seq"]
        verbose_name_plural = "audit entries"
        constraints = [
            models.UniqueConstraint(fields=["organization_id", "seq"], name="unique_audit_seq")
        ]
        indexes = [models.Index(fields=["organization_id", "action", "-created_at"])]

    def __str__(self) -> str:
        return f"audit {self.organization_id}#{self.seq} {self.action}"


class AuditHead(models.Model):
    """An organization's newest entry, as the database saw it appended (read-only to the app)."""

    organization_id = models.BigIntegerField(primary_key=True)
    seq = models.BigIntegerField()
    hash = models.CharField(max_length=64)
    updated_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"audit head {self.organization_id}#{self.seq}"
