"""Live events on the channel layer, sent only once the transaction (or savepoint) that made them
commits.

Every app publishes through `publish_on_commit`. Each message is handed to Django's
`transaction.on_commit`, so a rollback drops it, and so does the rollback of the savepoint it was
published in, while the rest of the transaction still commits. Committed messages leave from one
sender thread per process, in the order they were committed, on one event loop that keeps its
channel-layer connections: the committing thread (a run's step, a request) never waits for Redis,
and what queued up while the sender was busy leaves together.

Live events are advisory: the database stays the source of truth, and clients catch up from it
(runs' `?after=` backfill, a document's row). Messages still queued when a process exits get a
short grace period to leave (`atexit`); a process killed outright loses them, and clients catch up.
"""

from __future__ import annotations

import asyncio
import atexit
import functools
import logging
import os
import queue
import threading
from typing import Any

from channels.layers import get_channel_layer
from django.db import transaction

logger = logging.getLogger(__name__)

Message = tuple[str, dict[str, Any]]  # (group, message with its consumer handler's "type")
# At exit, how long queued messages may take to leave before the process goes.
EXIT_GRACE_SECONDS = 2.0


def publish_on_commit(group: str, message: dict[str, Any]) -> None:
    """Sends `message` to `group` once the current transaction commits, after the messages
    committed before it; without a transaction, at once. A rollback, or the rollback of the
    savepoint it was published in, drops it."""
    transaction.on_commit(functools.partial(_sender().send, (group, message)))


class _Sender:
    """One thread that sends committed messages in order, batching what queued up meanwhile."""

    def __init__(self) -> None:
        self.pending: queue.SimpleQueue[Message | None] = queue.SimpleQueue()
        self.thread = threading.Thread(target=self._run, name="longhaul-events", daemon=True)
        self.thread.start()

    def send(self, item: Message) -> None:
        self.pending.put(item)

    def close(self, timeout: float) -> None:
        self.pending.put(None)
        self.thread.join(timeout)

    def _run(self) -> None:
        # One loop, so the layer's connections are reused; the runner closes them at the end.
        with asyncio.Runner() as runner:
            while (batch := self._next_batch()) is not None:
                runner.run(_send_all(batch))

    def _next_batch(self) -> list[Message] | None:
        """Waits for a message and takes every one queued behind it; None once closed."""
        first = self.pending.get()
        if first is None:
            return None
        batch = [first]
        while True:
            try:
                item = self.pending.get_nowait()
            except queue.Empty:
                return batch
            if item is None:
                self.pending.put(None)  # close after this batch
                return batch
            batch.append(item)


async def _send_all(items: list[Message]) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        for group, message in items:  # in order: run consumers rely on ascending seq
            await layer.group_send(group, message)
    except Exception:  # advisory: see the module's docstring
        logger.warning("could not publish %d live events", len(items), exc_info=True)


_lock = threading.Lock()
_current: _Sender | None = None


def _sender() -> _Sender:
    global _current
    with _lock:
        if _current is None:
            _current = _Sender()
        return _current


def _forget_after_fork() -> None:
    """A forked child (a Celery pool process) has no sender thread: it starts its own."""
    global _current, _lock
    _current, _lock = None, threading.Lock()


def _drain_at_exit() -> None:
    if _current is not None:
        _current.close(EXIT_GRACE_SECONDS)


os.register_at_fork(after_in_child=_forget_after_fork)
atexit.register(_drain_at_exit)
