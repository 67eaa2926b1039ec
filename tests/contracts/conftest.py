"""Checkpointer implementations under the shared conformance suite.

To add an implementation, add one entry to CHECKPOINTERS: a name and a factory that receives
the pytest `request` (so it can ask for fixtures such as `db`) and returns a fresh, empty
checkpointer. Every test in test_checkpointer.py then runs against it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from agents.engine.memory import InMemoryCheckpointer


def _memory(request: pytest.FixtureRequest) -> Any:
    return InMemoryCheckpointer()


CHECKPOINTERS: dict[str, Callable[[pytest.FixtureRequest], Any]] = {
    "memory": _memory,
}


@pytest.fixture(params=sorted(CHECKPOINTERS))
def checkpointer(request: pytest.FixtureRequest) -> Any:
    return CHECKPOINTERS[request.param](request)
