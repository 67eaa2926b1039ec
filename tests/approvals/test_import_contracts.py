"""The import contracts in pyproject.toml hold (make lint checks them too): agents imports no
Django, runs reaches approvals only through the gate port, apps use each other's services and
selectors rather than models."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def test_the_import_contracts_are_kept() -> None:
    lint_imports = Path(sys.executable).parent / "lint-imports"
    result = subprocess.run(
        [str(lint_imports), "--no-cache"],
        cwd=REPO,
        env={**os.environ, "PYTHONPATH": f"{REPO / 'platform'}:{REPO}"},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert "0 broken" in result.stdout
