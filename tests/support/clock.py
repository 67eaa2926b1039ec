"""A controlled wall clock for servers that tests start (`LONGHAUL_CLOCK`, see core.clock).

The server reads the moment from a file that the test writes; while the file is absent it reads
the system clock, so tests that do not set it see the real time."""

from __future__ import annotations

import os
import time
from datetime import datetime
from pathlib import Path

CLOCK = "tests.support.clock.file_clock"
FILE_VARIABLE = "LONGHAUL_TEST_CLOCK_FILE"


def file_clock() -> float:
    """The server side: the frozen moment, or the system's time when none is set."""
    try:
        return float(Path(os.environ[FILE_VARIABLE]).read_text())
    except (KeyError, FileNotFoundError, ValueError):
        return time.time()


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
        partial = self.path.with_suffix(".partial")
        partial.write_text(repr(moment.timestamp()))
        partial.replace(self.path)  # a server never reads half a number

    def release(self) -> None:
        """Back to the system clock."""
        self.path.unlink(missing_ok=True)
