from __future__ import annotations

from tests.runs.fixtures import model, runtime

__all__ = ["model", "runtime"]
