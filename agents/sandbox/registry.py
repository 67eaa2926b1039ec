"""Sandbox backends are plug-ins (agents.plugins) imported on first use, so a deployment can
swap in Docker, gVisor or a remote executor through settings alone."""

from __future__ import annotations

import threading
from typing import cast

from agents.plugins import import_dotted
from agents.sandbox.contract import Sandbox
from agents.sandbox.errors import SandboxUnavailable

DEFAULT_SANDBOX = "agents.sandbox.bubblewrap.BubblewrapSandbox"

_instances: dict[str, Sandbox] = {}
_lock = threading.Lock()


def get_sandbox(dotted_path: str | None = None) -> Sandbox:
    """The sandbox named by `dotted_path` ("package.module.Name" or "package.module:Name"): a class
    or factory called with no arguments, or an object that already has `run`. One instance per
    path is kept for the life of the process."""
    path = dotted_path or DEFAULT_SANDBOX
    with _lock:
        if path not in _instances:
            _instances[path] = _load(path)
        return _instances[path]


def _load(path: str) -> Sandbox:
    try:
        target = import_dotted(path)
    except ImportError as exc:
        raise SandboxUnavailable(f"cannot import sandbox plug-in {path!r}: {exc}") from exc
    sandbox = target if hasattr(target, "run") and not isinstance(target, type) else target()
    if not callable(getattr(sandbox, "run", None)):
        raise SandboxUnavailable(f"sandbox plug-in {path!r} has no run() method")
    return cast(Sandbox, sandbox)
