"""Runs the pack's sandbox-side code (`agents/finance/inside`) in the run's sandbox.

Documents come from uploads and are hostile: a crafted PDF or workbook can crash a parser, hang
it or inflate to gigabytes. So pdfplumber, openpyxl, matplotlib and reportlab only ever see them
in the sandbox (no network, bounded CPU, memory, wall time and output). The libraries live in the
worker's Python environment, which the sandbox does not see: the bubblewrap backend gets a
sibling instance that binds that environment's site-packages and the `inside` package read-only
under /opt/longhaul. Other backends must provide Python with those libraries themselves. The
interpreter is the worker's own Python version from /usr, so compiled extensions match it.
"""

from __future__ import annotations

import json
import os
import sys
import sysconfig
import threading
import weakref
from dataclasses import replace
from pathlib import Path
from typing import Any

from agents.sandbox import BubblewrapSandbox, SandboxLimits

INSIDE = Path(__file__).with_name("inside")
MOUNT = "/opt/longhaul"
PACKAGE = "finance_inside"
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
ENVIRONMENT = {"MPLBACKEND": "Agg", "OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1"}

_lock = threading.Lock()
_siblings: weakref.WeakKeyDictionary[Any, BubblewrapSandbox] = weakref.WeakKeyDictionary()


class FinanceToolFailed(RuntimeError):
    """The sandboxed action ran but did not produce a usable answer."""


def run_inside(env: Any, action: str, request: dict[str, Any]) -> dict[str, Any]:
    """Runs one action in the sandbox; returns its JSON answer or raises FinanceToolFailed."""
    sandbox = _sandbox_for(env.sandbox)
    result = sandbox.run(
        [interpreter(), "-m", PACKAGE, action],
        workspace=Path(env.workspace),
        limits=limits_for(action, env.limits),
        env=_environment(),
        stdin=json.dumps(request),
    )
    return _answer(action, result)


def limits_for(action: str, base: SandboxLimits | None) -> SandboxLimits:
    """The run's limits (or the defaults) with the action's per-process bounds."""
    return replace(base or SandboxLimits(), **LIMITS[action])


def _answer(action: str, result: Any) -> dict[str, Any]:
    lines = result.stdout.strip().splitlines()
    if result.exit_code != 0 or not lines:
        tail = result.stderr.strip().splitlines()[-6:]
        raise FinanceToolFailed(f"{action} exited {result.exit_code}: " + " | ".join(tail))
    try:
        answer = json.loads(lines[-1])
    except ValueError:
        raise FinanceToolFailed(f"{action} printed no JSON answer") from None
    if not isinstance(answer, dict):
        raise FinanceToolFailed(f"{action} answered {type(answer).__name__}, not an object")
    if not answer.get("ok"):
        raise FinanceToolFailed(str(answer.get("error") or f"{action} failed"))
    return answer


def interpreter() -> str:
    """The worker's Python version, from a path the sandbox sees (it binds /usr only)."""
    version = f"python{sys.version_info.major}.{sys.version_info.minor}"
    own = os.path.realpath(sys.executable)
    candidates = [own] if own.startswith("/usr/") else []
    candidates += [f"/usr/bin/{version}", f"/usr/local/bin/{version}"]
    for candidate in candidates:
        if os.access(candidate, os.X_OK):
            return candidate
    raise FinanceToolFailed(f"no {version} under /usr for the sandbox: install {version}")


def _environment() -> dict[str, str]:
    paths = [f"{MOUNT}/pack", *(f"{MOUNT}/site-{i}" for i in range(len(_site_dirs())))]
    return {**ENVIRONMENT, "PYTHONPATH": ":".join(paths)}


def _site_dirs() -> list[str]:
    paths = sysconfig.get_paths()
    return list(dict.fromkeys([paths["purelib"], paths["platlib"]]))


def _binds() -> dict[str, str]:
    binds = {str(INSIDE): f"{MOUNT}/pack/{PACKAGE}"}
    for i, path in enumerate(_site_dirs()):
        binds[path] = f"{MOUNT}/site-{i}"
    return binds


def _sandbox_for(sandbox: Any) -> Any:
    """The configured sandbox, or for bubblewrap a sibling that also sees the libraries."""
    if not isinstance(sandbox, BubblewrapSandbox):
        return sandbox
    with _lock:
        sibling = _siblings.get(sandbox)
        if sibling is None:
            sibling = BubblewrapSandbox(
                bwrap=sandbox.bwrap,
                host_uid=sandbox.host_uid,
                host_gid=sandbox.host_gid,
                ro_binds={**sandbox.ro_binds, **_binds()},
                tmp_bytes=sandbox.tmp_bytes,
            )
            _siblings[sandbox] = sibling
        return sibling
