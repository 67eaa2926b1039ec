"""The one networked action: installing packages into the workspace through the configured index.
Only requirement specifiers are accepted, never pip options, URLs or paths, so an approved
install cannot be bent into fetching from elsewhere or running a local setup.py."""

from __future__ import annotations

import ipaddress
import re
from dataclasses import replace
from urllib.parse import urlsplit

from agents.sandbox.contract import PACKAGES_DIR, WORKSPACE_MOUNT, Egress
from agents.sandbox.errors import SandboxError, WorkspaceEscape

# name[extras] followed by optional version clauses, e.g. "requests", "numpy>=1.26,<3",
# "uvicorn[standard]==0.30.1".
_REQUIREMENT = re.compile(
    r"^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?"
    r"(?:\[[A-Za-z0-9._-]+(?:,[A-Za-z0-9._-]+)*\])?"
    r"(?:\s*(?:===|==|!=|~=|<=|>=|<|>)\s*[A-Za-z0-9.*+!_-]+"
    r"(?:\s*,\s*(?:===|==|!=|~=|<=|>=|<|>)\s*[A-Za-z0-9.*+!_-]+)*)?$"
)


def is_requirement(text: str) -> bool:
    """A plain requirement specifier (name, extras, version clauses), nothing pip reads as more."""
    return bool(_REQUIREMENT.match(text.strip()))


def pip_install_command(
    packages: list[str], *, index_url: str, target: str = PACKAGES_DIR
) -> list[str]:
    """The command line that installs `packages` into `<workspace>/<target>`, which the sandbox
    puts on PYTHONPATH. Run it in `pyenv.with_environment(sandbox)` (pip is the platform's, bound
    read-only) with `network=index_egress(index_url, ...)` and `cwd="/tmp"` once the install was
    approved. The interpreter runs isolated (`-I -S`): a workspace `pip.py` or `pip/` package,
    a `.pth` or `sitecustomize.py` in `.packages` never runs with the install's network."""
    from agents.sandbox.pyenv import isolated

    return isolated(
        "pip", pip_install_args(packages, index_url=index_url, target=_target_path(target))
    )


def pip_install_args(packages: list[str], *, index_url: str, target: str) -> list[str]:
    """pip's arguments: plain requirements only, wheels only, no configuration read."""
    if not packages:
        raise SandboxError("no packages to install")
    for requirement in packages:
        if not isinstance(requirement, str) or not _REQUIREMENT.match(requirement.strip()):
            raise SandboxError(f"not a plain requirement specifier: {requirement!r}")
    _check_index(index_url)
    return [
        "install",
        "--no-input", "--disable-pip-version-check", "--no-cache-dir",
        "--only-binary=:all:",  # no sdist builds: building runs arbitrary setup code
        "--isolated",  # ignore pip config files and PIP_* variables
        "--no-warn-script-location",
        "--index-url", index_url,
        "--target", target,
        "--upgrade",
        *[requirement.strip() for requirement in packages],
    ]  # fmt: skip


def index_egress(index_url: str, egress: Egress) -> Egress:
    """`egress` plus the index's own host:port. An index given as an IP address is taken as the
    operator wrote it, private or not (a mirror on this host, say); an index given by name must
    resolve to public addresses unless `egress.private_hosts` names it."""
    _check_index(index_url)
    parts = urlsplit(index_url)
    port = parts.port or (443 if parts.scheme == "https" else 80)
    host = parts.hostname or ""
    entry = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return replace(egress, hosts=(*egress.hosts, entry))
    return replace(egress, private_hosts=(*egress.private_hosts, entry))


def _check_index(index_url: str) -> None:
    parts = urlsplit(index_url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise SandboxError(f"package index must be an http(s) URL, got {index_url!r}")


def _target_path(target: str) -> str:
    segments = target.split("/")
    if target.startswith("/") or not target or any(s in ("", ".", "..") for s in segments):
        raise WorkspaceEscape(
            f"install target {target!r} must be a plain path inside the workspace"
        )
    return f"{WORKSPACE_MOUNT}/{target}"
