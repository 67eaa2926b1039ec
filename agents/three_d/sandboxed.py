"""How the pack's sandbox-side code (`agents/three_d/inside`) runs in the run's sandbox.

Geometry comes from a model-written spec, so numpy, trimesh, manifold3d and pyrender only ever
work on it in the sandbox, through `agents.sandbox.python_call` (the worker's libraries bound
read-only, a JSON request in and a JSON answer out, its shape checked); no network, and limits
per action.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from agents.sandbox.python_call import PythonCallFailed, PythonPack


class MeshToolFailed(PythonCallFailed):
    """The sandboxed action ran but did not produce a usable answer."""


# Importing numpy, trimesh and manifold3d (and OSMesa's LLVM) reserves far more address space
# than it uses, so the per-process bound is raised; the run's whole-sandbox bounds (memory, CPU,
# processes, disk: the operator's) stay as they are and cap what is really used.
LIMITS: dict[str, dict[str, Any]] = {
    "build": {"cpu_seconds": 60, "memory_bytes": 1536 * 1024**2, "wall_seconds": 120.0},
    "render": {"cpu_seconds": 60, "memory_bytes": 1536 * 1024**2, "wall_seconds": 120.0},
    "export": {
        "cpu_seconds": 30,
        "memory_bytes": 1024 * 1024**2,
        "wall_seconds": 60.0,
        "output_bytes": 96 * 1024**2,
    },
}
PACK = PythonPack(
    code=Path(__file__).with_name("inside"),
    package="three_d_inside",
    limits=LIMITS,
    # Single-threaded numerics keep the process count under the sandbox's limit and runs
    # repeatable.
    environment={
        "PYOPENGL_PLATFORM": "osmesa",
        "LP_NUM_THREADS": "0",
        "OMP_NUM_THREADS": "1",
        "OPENBLAS_NUM_THREADS": "1",
        "MPLBACKEND": "Agg",
    },
    passed_through=("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE"),
    failure=MeshToolFailed,
)
