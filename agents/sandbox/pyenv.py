"""The Python environment the platform runs in the sandbox on the agent's behalf.

Every such process is the host's interpreter (an absolute path under /usr) started as
`-I -S -B -c <python_boot.py>` (-B: no bytecode written into the workspace): nothing the workspace holds (a `pip.py`, a `pytest/` package, a
`sitecustomize.py`, a `.pth` file, PYTHON* variables) is on sys.path before the platform's tool
is imported. The tools are the platform's own pinned pytest, coverage and pip
(deploy/lock/sandbox-tools.txt), installed offline-ready by deploy/install.sh into
`<venv>/sandbox-tools` and bound read-only into the sandbox. A repository's declared dependencies
live in an environment of their own, outside the workspace, named after a digest of what is
declared (so the same dependency files reuse one environment) and bound read-only as well: a
test run can neither install into nor plant code in it.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sys
import tempfile
import threading
import weakref
from dataclasses import replace
from pathlib import Path
from typing import Any

from agents.sandbox.bubblewrap import BubblewrapSandbox
from agents.sandbox.contract import PACKAGES_DIR, WORKSPACE_MOUNT, Egress, SandboxLimits
from agents.sandbox.errors import SandboxError, SandboxUnavailable
from agents.sandbox.packages import index_egress, pip_install_args

TOOLS_MOUNT = "/opt/longhaul/tools"
DEPS_MOUNT = "/opt/longhaul/deps"
TOOLS = ("pytest", "_pytest", "coverage", "pip", "pluggy")
BOOT = Path(__file__).with_name("python_boot.py")
COMPLETE = ".complete"

_lock = threading.Lock()
_siblings: weakref.WeakKeyDictionary[Any, dict[frozenset[tuple[str, str]], Any]] = (
    weakref.WeakKeyDictionary()
)


def tools_dir() -> Path:
    """Where deploy/install.sh put the sandbox's tools (LONGHAUL_SANDBOX_TOOLS overrides)."""
    configured = os.environ.get("LONGHAUL_SANDBOX_TOOLS")
    return Path(configured) if configured else Path(sys.prefix) / "sandbox-tools"


def check_tools() -> None:
    """SandboxUnavailable, saying how to install them, when the pinned tools are missing."""
    root = tools_dir()
    missing = [name for name in TOOLS if not (root / name).is_dir()]
    if missing:
        raise SandboxUnavailable(
            f"the sandbox's Python tools ({', '.join(missing)}) are not in {root}: run "
            "deploy/install.sh (make up does), which installs deploy/lock/sandbox-tools.txt"
        )


def interpreter() -> str:
    from agents.sandbox.python_call import interpreter as worker_python

    return worker_python(SandboxUnavailable)


def isolated(entry: str, args: list[str], *, paths: tuple[str, ...] = ()) -> list[str]:
    """The command line that runs the tool `entry` ("pip" or "pytest") in the sandbox."""
    return [
        interpreter(), "-I", "-S", "-B", "-c", BOOT.read_text(),
        TOOLS_MOUNT, *paths, "--", entry, *args,
    ]  # fmt: skip


def test_paths(deps: Path | None) -> tuple[str, ...]:
    """sys.path after the tools for a test run: the repository's environment, then what the
    agent installed into the workspace (kept for runs that used install_package before)."""
    packages = f"{WORKSPACE_MOUNT}/{PACKAGES_DIR}"
    return (DEPS_MOUNT, packages) if deps is not None else (packages,)


def with_environment(sandbox: Any, deps: Path | None = None) -> Any:
    """The configured sandbox, or for bubblewrap a sibling that also sees the tools (and the
    repository's environment) read-only. Other backends must provide them at the same paths."""
    check_tools()
    binds = {str(tools_dir()): TOOLS_MOUNT}
    if deps is not None:
        binds[str(deps / "site")] = DEPS_MOUNT
    return bound(sandbox, binds)


def bound(sandbox: Any, binds: dict[str, str]) -> Any:
    if not isinstance(sandbox, BubblewrapSandbox):
        return sandbox
    key = frozenset(binds.items())
    with _lock:
        siblings = _siblings.setdefault(sandbox, {})
        sibling = siblings.get(key)
        if sibling is None:
            sibling = BubblewrapSandbox(
                bwrap=sandbox.bwrap,
                host_uid=sandbox.host_uid,
                host_gid=sandbox.host_gid,
                ro_binds={**sandbox.ro_binds, **binds},
                tmp_bytes=sandbox.tmp_bytes,
            )
            siblings[key] = sibling
        return sibling


def environment_key(requirements: list[str]) -> str:
    """Names a repository's environment: its requirements, the tools and the interpreter."""
    digest = hashlib.sha256()
    digest.update(f"{sys.version_info[:2]}\0{_tools_stamp()}\0".encode())
    for requirement in sorted({r.strip().lower() for r in requirements}):
        digest.update(requirement.encode() + b"\0")
    return digest.hexdigest()[:20]


def cached_environment(envs_root: Path, requirements: list[str]) -> Path | None:
    """The ready environment for these requirements, if one was built."""
    if not requirements:
        return None
    path = envs_root / f"deps-{environment_key(requirements)}"
    return path if (path / COMPLETE).is_file() else None


def alias_environment(envs_root: Path, before: list[str], after: list[str]) -> None:
    """Lets the environment built for `before` serve `after` too (a link named after the new
    key), when `after` only adds what was installed into the workspace since."""
    found = cached_environment(envs_root, before)
    if found is None or not after:
        return
    alias = envs_root / f"deps-{environment_key(after)}"
    if alias.exists() or alias.is_symlink():
        return
    os.symlink(found.name, alias)


def _tools_stamp() -> str:
    stamps = sorted(p.name for p in tools_dir().glob(".installed-*"))
    return stamps[-1] if stamps else "unstamped"


def build_environment(
    sandbox: Any,
    envs_root: Path,
    requirements: list[str],
    *,
    index_url: str,
    egress: Egress | None,
    limits: SandboxLimits,
) -> tuple[Path, Any]:
    """Installs `requirements` (wheels only) into a new environment for them; returns its path
    and pip's result. pip runs in a sandbox whose workspace is a fresh, empty directory, never
    the agent's, so nothing the agent wrote is even visible to the install; the environment
    is published under its key only once pip succeeded."""
    envs_root.mkdir(parents=True, exist_ok=True)
    os.chmod(envs_root, 0o755)
    final = envs_root / f"deps-{environment_key(requirements)}"
    staging = Path(tempfile.mkdtemp(prefix="staging-", dir=envs_root))
    try:
        staging.chmod(0o755)
        args = pip_install_args(requirements, index_url=index_url, target=f"{WORKSPACE_MOUNT}/site")
        result = with_environment(sandbox).run(
            isolated("pip", args),
            workspace=staging,
            limits=replace(limits, wall_seconds=max(limits.wall_seconds, 300)),
            network=index_egress(index_url, egress or Egress()),
            cwd="/tmp",
        )
        if result.exit_code != 0:
            raise SandboxError(f"pip exited {result.exit_code}: {result.stderr[-2000:]}")
        (staging / COMPLETE).write_text("\n".join(sorted(requirements)) + "\n")
        shutil.rmtree(final, ignore_errors=True)
        os.rename(staging, final)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return final, result
