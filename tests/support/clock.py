"""Controlled clocks (core.clock) for this process and for the servers that tests start.

`FrozenClock` stops the wall clock (`LONGHAUL_CLOCK`) at a moment: the server reads the moment
from a file that the test writes; while the file is absent it reads the system clock, so tests
that do not set it see the real time.

`FakeMonotonic` moves the monotonic clock (`LONGHAUL_MONOTONIC`) that in-process caches and
windows expire by: it adds an offset, kept in a file, to the system's monotonic clock, so time
still passes on its own and a test jumps it forward instead of sleeping out a cache."""

from __future__ import annotations

import os
import time
from datetime import datetime
from pathlib import Path

CLOCK = "tests.support.clock.file_clock"
FILE_VARIABLE = "LONGHAUL_TEST_CLOCK_FILE"
MONOTONIC = "tests.support.clock.file_monotonic"
MONOTONIC_FILE_VARIABLE = "LONGHAUL_TEST_MONOTONIC_FILE"


def file_clock() -> float:
    """The server side: the frozen moment, or the system's time when none is set."""
    try:
        return float(Path(os.environ[FILE_VARIABLE]).read_text())
    except (KeyError, FileNotFoundError, ValueError):
        return time.time()


def file_monotonic() -> float:
    """The server side: the system's monotonic clock, moved on by the test's offset."""
    return time.monotonic() + _offset(os.environ.get(MONOTONIC_FILE_VARIABLE))


def _offset(path: str | None) -> float:
    try:
        return float(Path(path).read_text()) if path else 0.0
    except (FileNotFoundError, ValueError):
        return 0.0


def _write(path: Path, value: float) -> None:
    partial = path.with_suffix(".partial")
    partial.write_text(repr(value))
    partial.replace(path)  # a server never reads half a number


class FrozenClock:
    """The test side: stops a server's wall clock at a moment, and moves it."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def env(self) -> dict[str, str]:
        """What a server needs in its environment to read this clock."""
        return {"LONGHAUL_CLOCK": CLOCK, FILE_VARIABLE: str(self.path)}

    def set(self, moment: datetime) -> None:
        if moment.tzinfo is None:
            raise ValueError("give the moment a time zone")
        _write(self.path, moment.timestamp())

    def release(self) -> None:
        """Back to the system clock."""
        self.path.unlink(missing_ok=True)


class FakeMonotonic:
    """The test side: moves the monotonic clock of the servers started with `env()` (and of
    this process, through the `monotonic` fixture) forward, never back."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def env(self) -> dict[str, str]:
        """What a server needs in its environment to read this clock."""
        return {"LONGHAUL_MONOTONIC": MONOTONIC, MONOTONIC_FILE_VARIABLE: str(self.path)}

    def advance(self, seconds: float) -> None:
        """As if `seconds` had passed: every cache and window younger than that has expired."""
        if seconds < 0:
            raise ValueError("a monotonic clock never goes back")
        _write(self.path, _offset(str(self.path)) + seconds)
