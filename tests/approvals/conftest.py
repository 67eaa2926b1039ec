from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from runs import toolbox
from tests.runs.fixtures import EXTRA_TOOLS, model, runtime

__all__ = ["model", "payments", "runtime"]
PAY_TOOLS = "tests.approvals.tools:TOOLS"


@pytest.fixture
def payments(runtime: Path, settings: Any) -> Iterator[Path]:
    """The run test tools plus `pay`; yields the ledger directory (payments.log)."""
    settings.LONGHAUL_EXTRA_TOOLS = [EXTRA_TOOLS, PAY_TOOLS]
    toolbox.registry.cache_clear()
    toolbox._executor.cache_clear()
    yield runtime
    toolbox.registry.cache_clear()
    toolbox._executor.cache_clear()
