"""The platform's source as syntax trees, parsed once per test process for the tests that read
the code itself (import placement, status writers, copied vocabulary)."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

PLATFORM = Path(__file__).resolve().parents[2] / "platform"


@cache
def platform_trees() -> tuple[tuple[Path, ast.Module], ...]:
    """(path, tree) of every Python file under platform/ but migrations, in path order."""
    paths = sorted(p for p in PLATFORM.rglob("*.py") if "migrations" not in p.parts)
    return tuple((path, ast.parse(path.read_text())) for path in paths)
