"""The contract's Checkpointer on PostgreSQL, plus a staging wrapper the step loop commits."""

from __future__ import annotations

import builtins
import json
from dataclasses import replace
from typing import Any

from django.db import IntegrityError, connection, transaction

from agents import storable
from agents.engine.types import Checkpoint, CheckpointConflict
from runs.models import Checkpoint as CheckpointRow
from runs.models import CheckpointWrite


def _to_checkpoint(row: CheckpointRow) -> Checkpoint:
    return Checkpoint(
        thread_id=row.thread_id,
        step=row.step,
        node=row.node,
        state=row.state,
        version=row.version,
        created_at=row.created_at,
    )


class DjangoCheckpointer:
    """Versions are dense per thread; the unique (thread, version) index settles races."""

    def get(self, thread_id: str) -> Checkpoint | None:
        row = CheckpointRow.objects.filter(thread_id=thread_id).order_by("-version").first()
        return _to_checkpoint(row) if row else None

    def latest_version(self, thread_id: str) -> int:
        row = (
            CheckpointRow.objects.filter(thread_id=thread_id)
            .order_by("-version")
            .values_list("version", flat=True)
            .first()
        )
        return int(row or 0)

    def put(self, checkpoint: Checkpoint, *, expected_version: int | None = None) -> Checkpoint:
        storable.check(checkpoint.state, where="state")  # before PostgreSQL refuses it
        if expected_version is not None:
            return self._put_after(checkpoint, expected_version)
        while True:
            stored = replace(checkpoint, version=self.latest_version(checkpoint.thread_id) + 1)
            try:
                with transaction.atomic():
                    CheckpointRow.objects.create(
                        thread_id=stored.thread_id,
                        version=stored.version,
                        step=stored.step,
                        node=stored.node,
                        state=stored.state,
                        created_at=stored.created_at,
                    )
            except IntegrityError:
                continue  # another writer took this version between our read and insert
            return stored

    def _put_after(self, checkpoint: Checkpoint, expected_version: int) -> Checkpoint:
        """Writes version `expected_version + 1` in one round trip.

        The unique (thread, version) index refuses a version someone else already wrote, and
        the EXISTS refuses one that would skip ahead of the latest: both are conflicts.
        """
        stored = replace(checkpoint, version=expected_version + 1)
        table = CheckpointRow._meta.db_table
        sql = (
            f"INSERT INTO {table} (thread_id, version, step, node, state, created_at) "
            "SELECT %s, %s, %s, %s, %s::jsonb, %s WHERE %s = 0 OR EXISTS "
            f"(SELECT 1 FROM {table} WHERE thread_id = %s AND version = %s)"
        )
        values: list[str | int | float] = [
            *(stored.thread_id, stored.version, stored.step, stored.node),
            *(json.dumps(stored.state), stored.created_at, expected_version),
            *(stored.thread_id, expected_version),
        ]
        try:
            with transaction.atomic(), connection.cursor() as cursor:
                cursor.execute(sql, values)
                inserted = cursor.rowcount
        except IntegrityError:
            inserted = 0
        if inserted != 1:
            raise CheckpointConflict(
                f"thread {checkpoint.thread_id}: version {expected_version} is not the latest"
            )
        return stored

    def list(self, thread_id: str, *, limit: int | None = None) -> builtins.list[Checkpoint]:
        rows = CheckpointRow.objects.filter(thread_id=thread_id).order_by("-version")
        return [_to_checkpoint(row) for row in (rows[:limit] if limit is not None else rows)]

    def put_writes(
        self, thread_id: str, step: int, task_id: str, writes: builtins.list[tuple[str, Any]]
    ) -> None:
        storable.check([value for _, value in writes], where="writes")
        # Re-putting a task's writes replaces them, so a retried task never doubles its writes.
        with transaction.atomic():
            CheckpointWrite.objects.filter(thread_id=thread_id, step=step, task_id=task_id).delete()
            CheckpointWrite.objects.bulk_create(
                CheckpointWrite(
                    thread_id=thread_id,
                    step=step,
                    task_id=task_id,
                    index=index,
                    channel=channel,
                    value=value,
                )
                for index, (channel, value) in enumerate(writes)
            )

    def get_writes(self, thread_id: str, step: int) -> builtins.list[tuple[str, str, Any]]:
        rows = CheckpointWrite.objects.filter(thread_id=thread_id, step=step).order_by(
            "task_id", "index"
        )
        return [(row.task_id, row.channel, row.value) for row in rows]


class StagingCheckpointer:
    """Holds the runner's put in memory so the platform commits it together with the step's
    ledger row, events and run counters in one fenced statement (runs.stepcommit), all or
    nothing. It starts from the thread's latest checkpoint as the step loop knows it (the one
    the previous step committed), so a step does not read back what it just wrote."""

    def __init__(self, store: DjangoCheckpointer, *, thread_id: str, latest: Checkpoint | None):
        self.store = store
        self.staged: Checkpoint | None = None
        self.expected_version = 0
        self._loaded: dict[str, Checkpoint | None] = {thread_id: latest}

    def get(self, thread_id: str) -> Checkpoint | None:
        # It cannot change underneath while the lease is held (the fenced commit re-checks the
        # version), so the database is read only for a thread the loop did not know.
        if self.staged is not None:
            return self.staged
        if thread_id not in self._loaded:
            self._loaded[thread_id] = self.store.get(thread_id)
        return self._loaded[thread_id]

    def put(self, checkpoint: Checkpoint, *, expected_version: int | None = None) -> Checkpoint:
        # Refused now, inside the step, rather than when the step commits.
        storable.check(checkpoint.state, where="state")
        current = self.get(checkpoint.thread_id)
        latest = current.version if current else 0
        if expected_version is not None and expected_version != latest:
            raise CheckpointConflict(
                f"thread {checkpoint.thread_id}: expected {expected_version}, latest {latest}"
            )
        if self.staged is None:
            self.expected_version = latest
        # What the next step goes on from is what a step resumed from the database would read.
        state = storable.as_stored(checkpoint.state)
        self.staged = replace(checkpoint, version=latest + 1, state=state)
        return self.staged

    def list(self, thread_id: str, *, limit: int | None = None) -> builtins.list[Checkpoint]:
        stored = self.store.list(thread_id, limit=limit)
        merged = ([self.staged] if self.staged else []) + stored
        return merged[:limit] if limit is not None else merged

    def put_writes(
        self, thread_id: str, step: int, task_id: str, writes: builtins.list[tuple[str, Any]]
    ) -> None:
        self.store.put_writes(thread_id, step, task_id, writes)

    def get_writes(self, thread_id: str, step: int) -> builtins.list[tuple[str, str, Any]]:
        return self.store.get_writes(thread_id, step)
