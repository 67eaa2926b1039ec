"""How the pack's sandbox-side code (`agents/finance/inside`) runs in the run's sandbox.

Documents come from uploads and are hostile: a crafted PDF or workbook can crash a parser, hang
it or inflate to gigabytes. So pdfplumber, openpyxl, matplotlib and reportlab only ever see them
in the sandbox, through `agents.sandbox.python_call` (the worker's libraries bound read-only, a
JSON request in and a JSON answer out, its shape checked).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from agents.sandbox.python_call import PythonCallFailed, PythonPack


class FinanceToolFailed(PythonCallFailed):
    """The sandboxed action ran but did not produce a usable answer."""


# Importing pdfplumber or matplotlib reserves far more address space than it uses, so the
# per-process bound is raised; the run's whole-sandbox bounds still cap what is really used.
LIMITS: dict[str, dict[str, Any]] = {
    "read": {
        "cpu_seconds": 120,
        "memory_bytes": 1536 * 1024**2,
        "wall_seconds": 180.0,
        "output_bytes": 32 * 1024**2,
    },
    "charts": {"cpu_seconds": 60, "memory_bytes": 1536 * 1024**2, "wall_seconds": 120.0},
    "pdf": {
        "cpu_seconds": 60,
        "memory_bytes": 1536 * 1024**2,
        "wall_seconds": 120.0,
        "output_bytes": 48 * 1024**2,
    },
}
PACK = PythonPack(
    code=Path(__file__).with_name("inside"),
    package="finance_inside",
    limits=LIMITS,
    environment={"MPLBACKEND": "Agg", "OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1"},
    failure=FinanceToolFailed,
)
