"""Runs a workflow pack's Python code in the run's sandbox and checks the shape of its answer.

A pack whose work touches hostile input (uploaded documents, model-written geometry) keeps that
code in a package of its own (`agents/<pack>/inside`) that imports only the standard library and
third-party libraries, never `agents.*` or Django. It runs in the sandbox (no network, bounded
CPU, memory, wall time and output) as `python3 -I -S` running `longhaul_inside PACKAGE ACTION`
(agents/sandbox/python_boot.py puts only the bound packages on sys.path), with a JSON
request on stdin and one JSON object as the last line of stdout; the host only parses that line
and checks it against the action's schema.

The libraries live in the worker's Python environment, which the sandbox does not see: the
bubblewrap backend gets a sibling instance that binds that environment's site-packages, the
pack's package and the shared entry point read-only under /opt/longhaul. Other backends must
provide Python with those libraries themselves. The interpreter is the worker's own Python
version from /usr, so compiled extensions match it.
"""

from __future__ import annotations

import json
import os
import sys
import sysconfig
import threading
import weakref
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import jsonschema

from agents.sandbox.bubblewrap import BubblewrapSandbox
from agents.sandbox.contract import SandboxLimits

ENTRY = "longhaul_inside"
ENTRY_CODE = Path(__file__).with_name("python_inside")
BOOT = Path(__file__).with_name("python_boot.py")
MOUNT = "/opt/longhaul"

_lock = threading.Lock()
_siblings: weakref.WeakKeyDictionary[Any, dict[str, BubblewrapSandbox]] = (
    weakref.WeakKeyDictionary()
)


class PythonCallFailed(RuntimeError):
    """The sandboxed action ran but did not produce a usable answer."""


@dataclass(frozen=True)
class PythonPack:
    """A pack's sandbox-side package: where it lies, its import name, and how each action runs.

    `limits` holds, per action, the per-process bounds that action raises over the run's; it is
    also the list of actions the host may call. `passed_through` names worker environment
    variables copied into the sandbox when set. `failure` is the pack's own error type.
    """

    code: Path
    package: str
    limits: Mapping[str, Mapping[str, Any]]
    environment: Mapping[str, str] = field(default_factory=dict)
    passed_through: tuple[str, ...] = ()
    failure: type[PythonCallFailed] = PythonCallFailed


def call(
    pack: PythonPack, env: Any, action: str, request: dict[str, Any], schema: dict[str, Any]
) -> dict[str, Any]:
    """Runs one action in the run's sandbox; returns its answer (without "ok") once it matches
    `schema`, or raises the pack's failure."""
    result = _sandbox_for(pack, env.sandbox).run(
        # Isolated (-I -S): no workspace file, .pth, sitecustomize or PYTHON* variable joins
        # the pack's process; sys.path is the standard library and the bound packages alone.
        [
            interpreter(pack.failure),
            "-I",
            "-S",
            "-B",
            "-c",
            BOOT.read_text(),
            *_paths(),
            "--",
            "module",
            ENTRY,
            pack.package,
            action,
        ],
        workspace=Path(env.workspace),
        limits=limits_for(pack, action, env.limits),
        env=_environment(pack),
        stdin=json.dumps(request),
    )
    return checked(pack, action, _answer(pack, action, result), schema)


def limits_for(pack: PythonPack, action: str, base: SandboxLimits | None) -> SandboxLimits:
    """The run's limits (or the defaults) with the action's per-process bounds."""
    return replace(base or SandboxLimits(), **pack.limits[action])


def interpreter(failure: type[Exception] = PythonCallFailed) -> str:
    """The worker's Python version, from a path the sandbox sees (it binds /usr only)."""
    version = f"python{sys.version_info.major}.{sys.version_info.minor}"
    own = os.path.realpath(sys.executable)
    candidates = [own] if own.startswith("/usr/") else []
    candidates += [f"/usr/bin/{version}", f"/usr/local/bin/{version}"]
    for candidate in candidates:
        if os.access(candidate, os.X_OK):
            return candidate
    raise failure(f"no {version} under /usr for the sandbox: install {version}")


def _answer(pack: PythonPack, action: str, result: Any) -> dict[str, Any]:
    lines = result.stdout.strip().splitlines()
    if result.exit_code != 0 or not lines:
        tail = result.stderr.strip().splitlines()[-6:]
        raise pack.failure(f"{action} exited {result.exit_code}: " + " | ".join(tail))
    try:
        answer = json.loads(lines[-1])
    except ValueError:
        raise pack.failure(f"{action} printed no JSON answer") from None
    if not isinstance(answer, dict):
        raise pack.failure(f"{action} answered {type(answer).__name__}, not an object")
    if not answer.get("ok"):
        raise pack.failure(str(answer.get("error") or f"{action} failed"))
    return answer


def checked(
    pack: PythonPack, action: str, answer: dict[str, Any], schema: dict[str, Any]
) -> dict[str, Any]:
    """The answer without "ok" if it matches `schema`; otherwise the pack's failure."""
    answer = {key: value for key, value in answer.items() if key != "ok"}
    try:
        jsonschema.validate(answer, schema)
    except jsonschema.ValidationError as error:
        # The message quotes the offending value, which came from the sandbox: keep it short.
        message = error.message[:300]
        raise pack.failure(f"{action} answered in an unexpected shape: {message}") from None
    return answer


def _paths() -> list[str]:
    return [f"{MOUNT}/pack", *(f"{MOUNT}/site-{i}" for i in range(len(_site_dirs())))]


def _environment(pack: PythonPack) -> dict[str, str]:
    passed = {name: os.environ[name] for name in pack.passed_through if name in os.environ}
    return {**pack.environment, **passed}


def _site_dirs() -> list[str]:
    paths = sysconfig.get_paths()
    return list(dict.fromkeys([paths["purelib"], paths["platlib"]]))


def _binds(pack: PythonPack) -> dict[str, str]:
    binds = {
        str(ENTRY_CODE): f"{MOUNT}/pack/{ENTRY}",
        str(pack.code): f"{MOUNT}/pack/{pack.package}",
    }
    for i, path in enumerate(_site_dirs()):
        binds[path] = f"{MOUNT}/site-{i}"
    return binds


def _sandbox_for(pack: PythonPack, sandbox: Any) -> Any:
    """The configured sandbox, or for bubblewrap a sibling that also sees the pack's libraries."""
    if not isinstance(sandbox, BubblewrapSandbox):
        return sandbox
    with _lock:
        siblings = _siblings.setdefault(sandbox, {})
        sibling = siblings.get(pack.package)
        if sibling is None:
            sibling = BubblewrapSandbox(
                bwrap=sandbox.bwrap,
                host_uid=sandbox.host_uid,
                host_gid=sandbox.host_gid,
                ro_binds={**sandbox.ro_binds, **_binds(pack)},
                tmp_bytes=sandbox.tmp_bytes,
            )
            siblings[pack.package] = sibling
        return sibling
