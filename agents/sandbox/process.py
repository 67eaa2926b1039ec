"""Runs one prepared command line and collects its output under the limits: output is capped while
it is read (never buffered unbounded), the wall clock is enforced, a monitor may stop the command
(a quota or a whole-sandbox limit passed), and on any stop the whole process tree is killed
before returning."""

from __future__ import annotations

import contextlib
import os
import re
import select
import selectors
import signal
import subprocess
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from agents.sandbox.errors import SandboxUnavailable

_CHUNK = 65536
_CHILD_PID = re.compile(rb'"child-pid"\s*:\s*(\d+)')
_TEARDOWN_SECONDS = 10.0
_MONITOR_SECONDS = 0.1  # how often the monitor is asked; it paces any costly check itself


@dataclass
class _Stream:
    limit: int
    data: bytearray = field(default_factory=bytearray)
    overflowed: bool = False

    def feed(self, chunk: bytes) -> None:
        room = self.limit - len(self.data)
        if len(chunk) > room:
            self.overflowed = True
        self.data += chunk[: max(room, 0)]


@dataclass
class _Status:
    """bwrap's JSON status stream. As soon as it names the sandbox's init process (pid 1 of its
    pid namespace) we hold a pidfd on it: init exits only after the kernel has killed and reaped
    every other process in the namespace, so its exit proves nothing is left running."""

    data: bytearray = field(default_factory=bytearray)
    init_pidfd: int | None = None

    def feed(self, chunk: bytes) -> None:
        self.data += chunk
        match = _CHILD_PID.search(self.data) if self.init_pidfd is None else None
        if match:
            try:
                self.init_pidfd = os.pidfd_open(int(match[1]))
            except OSError:  # already gone
                self.init_pidfd = -1

    def await_namespace_exit(self, timeout: float) -> None:
        if self.init_pidfd is None or self.init_pidfd < 0:
            return
        try:
            select.select([self.init_pidfd], [], [], timeout)
        finally:
            os.close(self.init_pidfd)
            self.init_pidfd = -1


@dataclass(frozen=True)
class Outcome:
    """What happened to the process, before any interpretation."""

    returncode: int
    stdout: bytes
    stderr: bytes
    duration_s: float
    timed_out: bool
    truncated: bool
    status_json: bytes
    stopped: Exception | None = None  # the monitor's reason, when it stopped the command


Monitor = Callable[[], Exception | None]


@dataclass
class _Watch:
    monitor: Monitor | None
    reason: Exception | None = None
    due: float = 0.0

    def stopped(self) -> bool:
        now = time.monotonic()
        if self.monitor is not None and now >= self.due:
            self.due = now + _MONITOR_SECONDS
            self.reason = self.monitor()
        return self.reason is not None

    def timeout(self, remaining: float) -> float:
        if self.monitor is None:
            return remaining
        return max(0.0, min(remaining, self.due - time.monotonic()))


@dataclass(frozen=True)
class Spawn:
    argv: Sequence[str]
    pass_fds: Sequence[int]
    status_fd: int  # read end of the pipe bwrap writes its JSON status to


def execute(
    spawn: Spawn,
    *,
    stdin: bytes | None,
    output_bytes: int,
    wall_seconds: float,
    after_spawn: Callable[[int], None],
    monitor: Monitor | None = None,
) -> Outcome:
    """`after_spawn(pid)` runs once the child holds its copies of the passed descriptors (the
    caller closes its own copies there, or the status pipe would never report EOF); when it
    raises, the child's process tree is killed. `monitor` is called several times a second while
    the command runs; when it returns an exception, the command is stopped and the exception is
    the outcome's `stopped`."""
    started = time.monotonic()
    proc = popen(spawn, stdin_pipe=stdin is not None)
    return collect(
        proc,
        spawn.status_fd,
        started=started,
        stdin=stdin,
        output_bytes=output_bytes,
        wall_seconds=wall_seconds,
        after_spawn=lambda: after_spawn(proc.pid),
        monitor=monitor,
    )


def collect(
    proc: subprocess.Popen[bytes],
    status_fd: int,
    *,
    started: float,
    stdin: bytes | None,
    output_bytes: int,
    wall_seconds: float,
    after_spawn: Callable[[], None] = lambda: None,
    monitor: Monitor | None = None,
) -> Outcome:
    """The rest of `execute` for a process already running (a sandbox started ahead of its
    command hands it over and comes here): the output, the limits, and the teardown."""
    status = _Status()
    watch = _Watch(monitor)
    try:
        after_spawn()
        streams, timed_out = _pump(
            proc, stdin, output_bytes, started + wall_seconds, status_fd, status, watch
        )
    finally:
        kill_tree(proc)
        returncode = proc.wait()
        status.await_namespace_exit(_TEARDOWN_SECONDS)
    return Outcome(
        returncode=returncode,
        stdout=bytes(streams[0].data),
        stderr=bytes(streams[1].data),
        duration_s=time.monotonic() - started,
        timed_out=timed_out,
        truncated=streams[0].overflowed or streams[1].overflowed,
        status_json=bytes(status.data),
        stopped=watch.reason,
    )


def popen(spawn: Spawn, *, stdin_pipe: bool) -> subprocess.Popen[bytes]:
    try:
        return subprocess.Popen(
            list(spawn.argv),
            stdin=subprocess.PIPE if stdin_pipe else subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env={},  # nothing from the host reaches bwrap, so /proc/1/environ inside is empty
            cwd="/",  # nor the worker's directory (a host path) as bwrap's own
            pass_fds=tuple(spawn.pass_fds),
            start_new_session=True,
        )
    except OSError as exc:
        raise SandboxUnavailable(f"cannot start {spawn.argv[0]}: {exc}") from exc


def _pump(
    proc: subprocess.Popen[bytes],
    stdin: bytes | None,
    output_bytes: int,
    deadline: float,
    status_fd: int,
    status: _Status,
    watch: _Watch,
) -> tuple[tuple[_Stream, _Stream], bool]:
    """Reads stdout, stderr and bwrap's status pipe and feeds stdin until every pipe closes, the
    deadline passes (timed out), an output stream overflows or the monitor stops the command."""
    assert proc.stdout is not None
    assert proc.stderr is not None
    out, err = _Stream(output_bytes), _Stream(output_bytes)
    sinks: dict[int, Callable[[bytes], None]] = {
        proc.stdout.fileno(): out.feed,
        proc.stderr.fileno(): err.feed,
    }
    sinks[status_fd] = status.feed
    pending = memoryview(stdin or b"")
    stdin_fd = proc.stdin.fileno() if proc.stdin is not None else -1
    with selectors.DefaultSelector() as selector:
        for fd in sinks:
            os.set_blocking(fd, False)
            selector.register(fd, selectors.EVENT_READ)
        if proc.stdin is not None:
            os.set_blocking(proc.stdin.fileno(), False)
            selector.register(proc.stdin.fileno(), selectors.EVENT_WRITE)
            if not pending:
                _close_stdin(proc, selector)
        while selector.get_map():
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return (out, err), True
            if watch.stopped():
                break
            for key, _ in selector.select(watch.timeout(remaining)):
                if key.fd == stdin_fd:
                    pending = _write_stdin(proc, selector, pending)
                    continue
                chunk = os.read(key.fd, _CHUNK)
                if not chunk:
                    selector.unregister(key.fd)
                    continue
                sinks[key.fd](chunk)
            if out.overflowed or err.overflowed:
                break
    return (out, err), False


def _write_stdin(
    proc: subprocess.Popen[bytes], selector: selectors.BaseSelector, pending: memoryview
) -> memoryview:
    assert proc.stdin is not None
    try:
        written = os.write(proc.stdin.fileno(), pending[:_CHUNK])
    except (BrokenPipeError, BlockingIOError) as exc:
        # The command stopped reading: the rest of stdin is simply not delivered.
        if isinstance(exc, BrokenPipeError):
            _close_stdin(proc, selector)
        return pending
    pending = pending[written:]
    if not pending:
        _close_stdin(proc, selector)
    return pending


def _close_stdin(proc: subprocess.Popen[bytes], selector: selectors.BaseSelector) -> None:
    assert proc.stdin is not None
    selector.unregister(proc.stdin.fileno())
    proc.stdin.close()


def kill_unused(proc: subprocess.Popen[bytes], status_fd: int) -> None:
    """Kills a sandbox that never ran a command (agents.sandbox.pool) and returns, as `collect`
    does, only once its pid namespace is gone. Its init is found from what bwrap has written to
    the status pipe so far, before bwrap is killed: until we reap bwrap, init's pid is not
    reused."""
    status = _Status()
    os.set_blocking(status_fd, False)
    with contextlib.suppress(BlockingIOError):
        while chunk := os.read(status_fd, _CHUNK):
            status.feed(chunk)
    try:
        kill_tree(proc)
        proc.wait()
    finally:
        status.await_namespace_exit(_TEARDOWN_SECONDS)


def kill_tree(proc: subprocess.Popen[bytes]) -> None:
    """Kills bwrap and its process group (a no-op once it has exited). bwrap's init (pid 1 of the sandbox's pid namespace)
    dies with it (--die-with-parent), and the kernel then kills every process in the namespace,
    including background and double-forked ones."""
    # Not reaped yet (it is reaped afterwards), so the pid cannot have been reused.
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGKILL)
    for pipe in (proc.stdin, proc.stdout, proc.stderr):
        if pipe is not None:
            pipe.close()
