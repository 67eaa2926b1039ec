"""Per-run workspaces (from an uploaded archive or an allowed git repository), their baseline
snapshot and the diff of what a run changed.

No host process ever interprets workspace content as configuration: archives go through the strict
extractor in `runs.archives`, snapshots and diffs are plain Python (`agents.tools.builtin.snapshots`,
the same mechanism the coding workflow's tools use), and git runs on the host only to clone an
operator-allowed repository, with system and global config, hooks and templates switched off.
See docs/adr/0002-workspace-snapshots-without-host-git.md.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import IO
from uuid import UUID

from django.conf import settings
from django.core.exceptions import ValidationError

from agents.sandbox.hostfs import HostDirectory, WalkLimit
from agents.tools.builtin import snapshots
from runs import archives

_CLONE_SECONDS = 300


def workspace_path(run_id: UUID | str) -> Path:
    return Path(settings.LONGHAUL_WORKSPACES_DIR) / str(run_id)


def workspace_from_tarball(*, run_id: UUID | str, archive: IO[bytes]) -> Path:
    """Unpacks the archive with the strict extractor and records the baseline; a refusal is a
    ValidationError on `workspace` and leaves nothing on disk."""
    target = _new_workspace(run_id)
    try:
        with HostDirectory(target) as root:
            archives.unpack(
                archive,
                root,
                max_bytes=settings.LONGHAUL_MAX_WORKSPACE_BYTES,
                max_files=settings.LONGHAUL_MAX_WORKSPACE_FILES,
            )
        _snapshot(target, "workspace")
    except archives.ArchiveRefused as refused:
        _discard(target)
        raise ValidationError({"workspace": f"The archive was refused: {refused}"}) from None
    except archives.DAMAGED as error:
        _discard(target)
        raise ValidationError(
            {"workspace": f"The archive could not be unpacked: {error}"}
        ) from None
    except BaseException:
        _discard(target)
        raise
    return target


def allowed_repository(path: str) -> Path:
    """Resolves `path` and checks it is a git repository under LONGHAUL_ALLOWED_REPO_ROOTS."""
    candidate = Path(path).resolve()
    roots = [Path(root).resolve() for root in settings.LONGHAUL_ALLOWED_REPO_ROOTS]
    if not any(candidate.is_relative_to(root) for root in roots):
        raise ValidationError({"repository": f"{path} is not under an allowed repository root."})
    if not (candidate / ".git").exists():
        raise ValidationError({"repository": f"{path} is not a git repository."})
    return candidate


def workspace_from_repository(*, run_id: UUID | str, repository: Path) -> Path:
    """Clones an operator-allowed repository. The clone's `.git` stays in the workspace as data
    for the agent's own use inside the sandbox; the host never runs git in it again."""
    target = workspace_path(run_id)
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        result = _clone(repository, target)
        if result.returncode != 0:
            raise ValidationError({"repository": f"git clone failed: {result.stderr.strip()}"})
        _snapshot(target, "repository")
    except subprocess.TimeoutExpired:
        _discard(target)
        raise ValidationError(
            {"repository": f"git clone took longer than {_CLONE_SECONDS} seconds."}
        ) from None
    except BaseException:
        _discard(target)
        raise
    return target


def workspace_diff(workspace: Path) -> str:
    """The unified diff of everything the run changed since its baseline, new files included;
    empty when the workspace has no baseline."""
    baseline = snapshots.baseline_path(workspace)
    if not snapshots.has_snapshot(baseline):
        return ""
    return snapshots.compare(workspace, baseline, max_bytes=_diff_bytes()).diff


def _new_workspace(run_id: UUID | str) -> Path:
    target = workspace_path(run_id)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.mkdir(mode=0o755)
    return target


def _snapshot(target: Path, field: str) -> None:
    try:
        snapshots.take_snapshot(
            target, snapshots.baseline_path(target), max_bytes=settings.LONGHAUL_MAX_WORKSPACE_BYTES
        )
    except WalkLimit as error:
        raise ValidationError({field: f"The workspace is over its bounds: {error}"}) from None


def _diff_bytes() -> int:
    return 2 * int(settings.LONGHAUL_MAX_WORKSPACE_BYTES)


def _discard(target: Path) -> None:
    shutil.rmtree(target, ignore_errors=True)  # fd-based: never follows a link inside
    shutil.rmtree(snapshots.baseline_path(target), ignore_errors=True)


def _clone(repository: Path, target: Path) -> subprocess.CompletedProcess[str]:
    """git with no system or global config, no hooks and no templates (which carry hooks), so
    only the operator-allowed source repository's objects reach the workspace."""
    command = [
        "git",
        *("-c", "core.hooksPath=/dev/null", "-c", "core.fsmonitor=false"),
        *("-c", f"safe.directory={repository}", "-c", f"safe.directory={repository}/.git"),
        *("clone", "--quiet", "--no-hardlinks", "--template=", "--"),
        *(str(repository), str(target)),
    ]
    environment = {
        "PATH": "/usr/local/bin:/usr/bin:/bin",
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_CONFIG_GLOBAL": "/dev/null",
        "GIT_TERMINAL_PROMPT": "0",
        "HOME": "/nonexistent",
        "LC_ALL": "C",
    }
    return subprocess.run(
        command,
        env=environment,
        capture_output=True,
        text=True,
        timeout=_CLONE_SECONDS,
        check=False,
    )
