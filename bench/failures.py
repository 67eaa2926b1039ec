"""A benchmark finishes on a loaded machine: a table that fails is reported with its error and the
others still run; the run then exits non-zero naming every table that failed."""

from __future__ import annotations

import contextlib
import sys
import traceback
from collections.abc import AsyncIterator, Iterator


class Failures:
    def __init__(self) -> None:
        self.failed: list[str] = []

    @contextlib.contextmanager
    def section(self, name: str) -> Iterator[None]:
        try:
            yield
        except Exception as error:  # reported, then the next table runs
            self._record(name, error)

    @contextlib.asynccontextmanager
    async def async_section(self, name: str) -> AsyncIterator[None]:
        try:
            yield
        except Exception as error:  # reported, then the next table runs
            self._record(name, error)

    def exit_if_any(self) -> None:
        if not self.failed:
            return
        print("\n## Failed\n")
        for line in self.failed:
            print(f"- {line}")
        sys.exit(1)

    def _record(self, name: str, error: Exception) -> None:
        self.failed.append(f"{name}: {type(error).__name__}: {error}")
        print(f"\n**{name}: failed** ({type(error).__name__}: {error})\n", flush=True)
        traceback.print_exc(file=sys.stderr)
