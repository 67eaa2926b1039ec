"""Per-run workspaces (from an uploaded archive, an allowed local git repository or an allowed
Git remote), their baseline snapshot and the diff of what a run changed.

No host process ever interprets workspace content as configuration: archives go through the strict
extractor in `runs.archives`, snapshots and diffs are plain Python (the baseline and the diff of
`agents.tools.builtin.snapshots`, the same mechanism the coding workflow's tools use, over the one
snapshot store `agents.sandbox.snapshot_store`), and git runs on the host only to clone an
operator-allowed repository, with system and global config, hooks and templates switched off
(`agents.gitremote`).
See docs/adr/0002-workspace-snapshots-without-host-git.md.
"""

from __future__ import annotations

import logging
import re
import shutil
import subprocess
from pathlib import Path
from typing import IO, Any
from uuid import UUID

from django.conf import settings
from django.core.exceptions import ValidationError

from agents import gitremote
from agents.gitremote import Origin, Remote
from agents.sandbox import snapshot_store
from agents.sandbox.errors import SandboxError
from agents.sandbox.hostfs import HostDirectory, WalkLimit
from agents.tools.builtin import snapshots
from runs import archives

logger = logging.getLogger(__name__)
_COMMIT = re.compile(r"[0-9a-f]{40}|[0-9a-f]{64}")
_BRANCH = re.compile(r"[A-Za-z0-9._/-]{1,200}")


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


def workspace_from_snapshot(*, run_id: UUID | str, snapshot: Path) -> Path:
    """A new workspace restored from a snapshot (runs.snapshots), with its own baseline."""
    target = workspace_path(run_id)
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        snapshot_store.restore(snapshot, target)
        _snapshot(target, "workspace")
    except BaseException:
        _discard(target)
        raise
    return target


def allowed_repository(repository: str) -> Remote:
    """An operator-allowed source: a Git remote under LONGHAUL_ALLOWED_GIT_REMOTES (given as a
    URL) or a local git repository under LONGHAUL_ALLOWED_REPO_ROOTS (given as a path)."""
    if gitremote.looks_remote(repository):
        try:
            return gitremote.allowed_remote(
                repository,
                list(settings.LONGHAUL_ALLOWED_GIT_REMOTES),
                ssh_command=settings.LONGHAUL_GIT_SSH_COMMAND,
            )
        except gitremote.RemoteRefused as refused:
            raise ValidationError({"repository": str(refused)}) from None
    candidate = Path(repository).resolve()
    roots = [Path(root).resolve() for root in settings.LONGHAUL_ALLOWED_REPO_ROOTS]
    if not any(candidate.is_relative_to(root) for root in roots):
        raise ValidationError(
            {"repository": f"{repository} is not under an allowed repository root."}
        )
    if not (candidate / ".git").exists():
        raise ValidationError({"repository": f"{repository} is not a git repository."})
    return gitremote.local_repository(candidate)


def workspace_from_repository(
    *, run_id: UUID | str, repository: Remote
) -> tuple[Path, dict[str, Any]]:
    """Clones an operator-allowed repository; returns the workspace and its source record (the
    repository, whether it is a remote, the commit and default branch it was cloned at). The
    clone's `.git` stays in the workspace as data for the agent's own use inside the sandbox;
    the host never runs git in it again."""
    target = workspace_path(run_id)
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        result = _clone(repository, target)
        if result.returncode != 0:
            message = gitremote.failure(result)
            raise ValidationError({"repository": f"git clone failed: {message}"})
        source = _source(repository, target)
        _snapshot(target, "repository")
    except subprocess.TimeoutExpired:
        _discard(target)
        raise ValidationError(
            {"repository": f"git clone took longer than {gitremote.GIT_SECONDS} seconds."}
        ) from None
    except BaseException:
        _discard(target)
        raise
    return target, source


def origin_of(source: dict[str, Any]) -> Origin | None:
    """Where a run's code came from, with the credentials the operator's list gives it now, or
    None when the run did not start from a remote (or the remote is no longer allowed)."""
    if not source.get("remote") or not source.get("commit"):
        return None
    try:
        remote = allowed_repository(str(source["repository"]))
    except ValidationError:
        return None
    return Origin(remote=remote, commit=source["commit"], branch=source.get("branch", ""))


def workspace_diff(workspace: Path) -> str | None:
    """The unified diff of everything the run changed since its baseline, new files included;
    empty when the workspace has no baseline, None (and a warning that says why) when its
    baseline cannot be compared with, so that no diff claims that nothing changed."""
    baseline = snapshots.baseline_path(workspace)
    if not snapshots.has_snapshot(baseline):
        return ""
    try:
        return snapshots.compare(workspace, baseline, max_bytes=_diff_bytes()).diff
    except snapshots.BaselineUnreadable as unreadable:
        logger.warning("no diff of %s: %s", workspace, unreadable)
        return None


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


def _clone(repository: Remote, target: Path) -> subprocess.CompletedProcess[bytes]:
    """The hardened git (no system or global config, hooks or templates, which carry hooks), so
    only the operator-allowed source repository's objects reach the workspace."""
    arguments = ["clone", "--quiet", "--no-hardlinks", "--template=", "--"]
    return gitremote.run_git([*arguments, repository.url, str(target)], remote=repository)


def _source(repository: Remote, target: Path) -> dict[str, Any]:
    """What the clone checked out, read from `.git` as data the moment git wrote it."""
    commit, branch = "", ""
    with HostDirectory(target) as root:
        head = _small_text(root, ".git/HEAD")
        if head.startswith("ref: refs/heads/"):
            branch = head.removeprefix("ref: refs/heads/")
            if _BRANCH.fullmatch(branch) and ".." not in branch:
                commit = _small_text(root, f".git/refs/heads/{branch}")
        else:
            commit = head
    if not _COMMIT.fullmatch(commit):
        commit, branch = "", ""  # an empty repository has no commit to build on
    return {
        "repository": repository.url,
        "remote": not repository.is_local,
        "commit": commit,
        "branch": branch,
    }


def _small_text(root: HostDirectory, relative: str) -> str:
    try:
        return root.read(relative, limit=4096)[0].decode("ascii", errors="replace").strip()
    except (OSError, SandboxError):
        return ""
