"""Runs the platform's processes together with prefixed logs, and stops all of them together.

Each child gets its own process group, so Ctrl-C reaches only the supervisor, which then stops
every group (SIGTERM, then SIGKILL after a grace period) and leaves nothing behind.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import IO

GRACE_SECONDS = 10.0


@dataclass(frozen=True)
class ProcessSpec:
    name: str
    command: list[str]
    env: dict[str, str] = field(default_factory=dict)
    cwd: str | None = None


class Supervisor:
    def __init__(self, specs: list[ProcessSpec], *, out: IO[str] = sys.stdout) -> None:
        self.specs = specs
        self.out = out
        self.children: dict[str, subprocess.Popen[bytes]] = {}
        self._print_lock = threading.Lock()
        self._stopping = threading.Event()
        self._width = max((len(spec.name) for spec in specs), default=4)

    def start(self) -> None:
        for spec in self.specs:
            self.children[spec.name] = self._spawn(spec)

    def wait(self, on_tick: Callable[[], None] | None = None) -> int:
        """Blocks until a child exits or a stop is requested; returns the exit status to use."""
        while not self._stopping.is_set():
            for name, child in self.children.items():
                if child.poll() is not None:
                    self.say(name, f"exited with status {child.returncode}; stopping everything")
                    return child.returncode or 1
            if on_tick:
                on_tick()
            self._stopping.wait(0.5)
        return 0

    def request_stop(self, *_: object) -> None:
        self._stopping.set()

    def stop(self) -> None:
        for child in self.children.values():
            _signal_group(child, signal.SIGTERM)
        deadline = time.monotonic() + GRACE_SECONDS
        for child in self.children.values():
            with contextlib.suppress(subprocess.TimeoutExpired):
                child.wait(timeout=max(0.1, deadline - time.monotonic()))
            _signal_group(child, signal.SIGKILL)  # the whole group: grandchildren too
            child.wait()

    def say(self, name: str, line: str) -> None:
        with self._print_lock:
            self.out.write(f"{name.ljust(self._width)} | {line}\n")
            self.out.flush()

    def _spawn(self, spec: ProcessSpec) -> subprocess.Popen[bytes]:
        child = subprocess.Popen(
            spec.command,
            cwd=spec.cwd,
            env={**os.environ, **spec.env, "PYTHONUNBUFFERED": "1"},
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        threading.Thread(target=self._pump, args=(spec.name, child), daemon=True).start()
        return child

    def _pump(self, name: str, child: subprocess.Popen[bytes]) -> None:
        assert child.stdout is not None
        for raw in iter(child.stdout.readline, b""):
            self.say(name, raw.decode(errors="replace").rstrip())


def _signal_group(child: subprocess.Popen[bytes], signum: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(child.pid, signum)
