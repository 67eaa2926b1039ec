"""Sandboxes started ahead of their command: the namespaces, mounts, seccomp filter and cgroup of
a cold start are made in the background, so a command's start no longer waits for them.

A pooled sandbox is a complete bwrap sandbox for one workspace and one set of limits whose
command is a small waiter (`waiter_script.py`). It says it is ready with one byte on stdout and
waits on a control pipe; `BubblewrapSandbox.run()` takes it, sends the command (argv,
environment, working directory, rlimits) and then reads its output exactly as for a cold start.
The waiter closes the pipe, applies the rlimits and execs the command. One sandbox runs one
command, never more: after a take, the pool's thread starts the next one for that key.

Bounds and cleanup: at most `size` sandboxes wait at any time (the oldest makes room); one idle
for `idle_seconds` is killed and its cgroup removed; so are all of them when the pool is closed
and at interpreter exit. They are started by the pool's own thread, which lives as long as the
pool, because bwrap's --die-with-parent follows the thread that started it: when the process
dies, however it dies, every waiting sandbox dies with it (and its cgroup is swept by the next
worker, as for a cold start). A child process forked from this one drops the pool it inherited
without touching its sandboxes (they belong to the parent) and starts its own."""

from __future__ import annotations

import atexit
import contextlib
import logging
import os
import select
import subprocess
import threading
import time
import weakref
from collections import deque
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field

from agents.sandbox.cgroups import SandboxCgroup
from agents.sandbox.launch import close_all
from agents.sandbox.process import kill_unused

POOL_ENV = "LONGHAUL_SANDBOX_POOL"
DEFAULT_SIZE = 2
DEFAULT_IDLE_SECONDS = 30.0
READY_SECONDS = 5.0  # how long a sandbox may take to start before it is given up
_LENGTH_BYTES = 8

log = logging.getLogger(__name__)
_pools: weakref.WeakSet[SandboxPool] = weakref.WeakSet()


def configured_size(default: int = DEFAULT_SIZE) -> int:
    """LONGHAUL_SANDBOX_POOL: how many sandboxes may wait at once; 0 switches the pool off."""
    value = os.environ.get(POOL_ENV, "").strip()
    if not value:
        return default
    try:
        return max(0, int(value))
    except ValueError:
        raise ValueError(f"{POOL_ENV} must be a whole number, got {value!r}") from None


@dataclass
class Warm:
    """One sandbox waiting for its command. `fds`: our ends of its status and control pipes."""

    key: Hashable
    proc: subprocess.Popen[bytes]
    fds: dict[str, int]
    group: SandboxCgroup | None
    born: float = field(default_factory=time.monotonic)
    ready: bool = False

    @property
    def status_fd(self) -> int:
        return self.fds["status_r"]

    def wait_ready(self, seconds: float = READY_SECONDS) -> bool:
        """Consumes the waiter's ready byte; False when it died or is not ready in time."""
        assert self.proc.stdout is not None
        if not self.ready:
            fd = self.proc.stdout.fileno()
            readable, _, _ = select.select([fd], [], [], seconds)
            self.ready = bool(readable) and os.read(fd, 1) == b"\0"
        return self.ready

    def alive(self) -> bool:
        """After the ready byte the waiter writes nothing: stdout turns readable (EOF) only when
        the sandbox died (killed from outside, or bwrap failed)."""
        assert self.proc.stdout is not None
        if self.proc.poll() is not None:
            return False
        readable, _, _ = select.select([self.proc.stdout.fileno()], [], [], 0)
        return not readable

    def hand_over(self, message: bytes) -> None:
        """Sends the command; the waiter reads it whole before it execs anything."""
        pending = memoryview(len(message).to_bytes(_LENGTH_BYTES, "big") + message)
        fd = self.fds.pop("control_w")
        try:
            while pending:
                pending = pending[os.write(fd, pending) :]
        finally:
            os.close(fd)

    def release(self) -> None:
        """After its command: our descriptors closed, its cgroup removed."""
        self._close_descriptors()
        if self.group is not None:
            self.group.remove()

    def discard(self) -> None:
        """Never used: killed (its pid namespace goes with bwrap) and waited for, then
        released."""
        try:
            kill_unused(self.proc, self.status_fd)
        finally:
            self.release()

    def forget(self) -> None:
        """In a forked child: closes our copies of its descriptors; the parent owns it."""
        self._close_descriptors()

    def _close_descriptors(self) -> None:
        for pipe in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            if pipe is not None:
                pipe.close()
        close_all(self.fds)


class SandboxPool:
    """Sandboxes waiting by key (workspace and limits); `start(key)` makes one (in the pool's
    thread)."""

    def __init__(
        self,
        start: Callable[[Hashable], Warm],
        *,
        size: int = DEFAULT_SIZE,
        idle_seconds: float = DEFAULT_IDLE_SECONDS,
    ) -> None:
        if size < 1:
            raise ValueError("a sandbox pool holds at least one sandbox")
        self.size, self.idle_seconds = size, idle_seconds
        self._start = start
        self._reset()
        _pools.add(self)

    def _reset(self) -> None:
        self._cond = threading.Condition()
        self._ready: dict[Hashable, Warm] = {}  # oldest first
        self._wanted: deque[Hashable] = deque()
        self._busy = False
        self._closed = False
        self._thread: threading.Thread | None = None

    def take(self, key: Hashable) -> Warm | None:
        with self._cond:
            return self._ready.pop(key, None)

    def want(self, key: Hashable) -> None:
        """Asks the pool's thread for a sandbox for `key` (if none is waiting already)."""
        with self._cond:
            if self._closed:
                return
            if key not in self._wanted:
                self._wanted.append(key)
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._serve, name="sandbox-pool", daemon=True
                )
                self._thread.start()
            self._cond.notify_all()

    def discard(self, unwanted: Callable[[Hashable], bool]) -> None:
        """Kills the waiting sandboxes whose key no longer matches (e.g. a replaced workspace)."""
        with self._cond:
            victims = [self._ready.pop(key) for key in list(self._ready) if unwanted(key)]
        for entry in victims:
            entry.discard()

    def settle(self, seconds: float = 10.0) -> None:
        """Waits until the thread has nothing left to start (for benchmarks and tests)."""
        deadline = time.monotonic() + seconds
        with self._cond:
            while (self._wanted or self._busy) and time.monotonic() < deadline:
                self._cond.wait(0.01)

    def ready(self, key: Hashable, seconds: float) -> bool:
        """Waits up to `seconds` for the sandbox for `key` to be started and ready."""
        self.settle(seconds)
        with self._cond:
            return key in self._ready

    def waiting_pids(self) -> list[int]:
        with self._cond:
            return [entry.proc.pid for entry in self._ready.values()]

    def close(self) -> None:
        with self._cond:
            self._closed = True
            self._wanted.clear()
            victims = list(self._ready.values())
            self._ready.clear()
            thread = self._thread
            self._cond.notify_all()
        for entry in victims:
            entry.discard()
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout=10)

    def _serve(self) -> None:
        while True:
            with self._cond:
                if self._closed:
                    return
                expired = self._expired()
                key = self._wanted.popleft() if self._wanted else None
                if key is not None and key in self._ready:
                    key = None
                self._busy = key is not None
                if key is None and not expired:
                    self._cond.wait(self.idle_seconds / 2)
            for entry in expired:
                _discard_quietly(entry)
            if key is not None:
                self._keep(self._started(key))

    def _started(self, key: Hashable) -> Warm | None:
        """A sandbox for `key`, offered only once it is ready: a take never waits for the rest
        of a start, and a sandbox that never becomes ready is never offered."""
        try:
            entry = self._start(key)
        except Exception:  # the command then starts cold, which reports the real error
            log.warning("could not start a sandbox ahead of its command", exc_info=True)
            return None
        if not entry.wait_ready():
            _discard_quietly(entry)
            return None
        entry.born = time.monotonic()  # idle from now on
        return entry

    def _keep(self, entry: Warm | None) -> None:
        victims: list[Warm] = []
        with self._cond:
            self._busy = False
            if entry is not None and (self._closed or entry.key in self._ready):
                victims.append(entry)
            elif entry is not None:
                while len(self._ready) >= self.size:
                    victims.append(self._ready.pop(next(iter(self._ready))))
                self._ready[entry.key] = entry
            self._cond.notify_all()
        for victim in victims:
            _discard_quietly(victim)

    def _expired(self) -> list[Warm]:
        """Called with the lock held."""
        horizon = time.monotonic() - self.idle_seconds
        old = [key for key, entry in self._ready.items() if entry.born <= horizon]
        return [self._ready.pop(key) for key in old]

    def _forget(self) -> None:
        """In a forked child (no thread survives a fork; the lock may have been held)."""
        entries = list(self._ready.values())
        self._reset()
        for entry in entries:
            with contextlib.suppress(OSError):
                entry.forget()


def _discard_quietly(entry: Warm) -> None:
    """In the pool's thread, which must outlive every sandbox it started."""
    try:
        entry.discard()
    except Exception:
        log.warning("could not discard a waiting sandbox", exc_info=True)


def waiting_pids() -> list[int]:
    """bwrap pids of every sandbox waiting in this process, once their pools have settled."""
    pids: list[int] = []
    for pool in list(_pools):
        pool.settle()
        pids += pool.waiting_pids()
    return pids


def _close_all() -> None:
    for pool in list(_pools):
        pool.close()


def _forget_all() -> None:
    for pool in list(_pools):
        pool._forget()


atexit.register(_close_all)
os.register_at_fork(after_in_child=_forget_all)
