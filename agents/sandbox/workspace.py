"""Host-side path handling for workspaces. Tools read and write workspace files from the host, so
every relative path they are given must stay inside the workspace after symlinks are followed."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from agents.sandbox.errors import SandboxError, SandboxUnavailable, WorkspaceEscape


def resolve_in_workspace(workspace: Path, relative: str) -> Path:
    """The real path of `relative` inside `workspace`, or WorkspaceEscape when `..`, an absolute
    path or a symlink (anywhere along the path) would lead outside it. The path need not exist."""
    if not isinstance(relative, str) or "\x00" in relative:
        raise WorkspaceEscape(f"invalid path {relative!r}")
    if os.path.isabs(relative):
        raise WorkspaceEscape(f"{relative!r} is absolute; give a path relative to the workspace")
    root = Path(os.path.realpath(workspace))
    if not root.is_dir():
        raise SandboxError(f"workspace {workspace} is not a directory")
    candidate = Path(os.path.realpath(root / relative))
    if candidate != root and not candidate.is_relative_to(root):
        raise WorkspaceEscape(f"{relative!r} resolves outside the workspace")
    return candidate


def check_reachable(workspace: Path, uid: int) -> None:
    """bwrap runs as the unprivileged sandbox uid and resolves the workspace path itself, so every
    directory above the workspace must be searchable by that uid (a 0700 home or pytest temp
    directory is not)."""
    for directory in [workspace, *workspace.parents]:
        info = os.stat(directory)
        if info.st_mode & stat.S_IXOTH or (info.st_uid == uid and info.st_mode & stat.S_IXUSR):
            continue
        raise SandboxUnavailable(
            f"the sandbox user (uid {uid}) cannot reach the workspace {workspace}: {directory} is "
            "not searchable by others; keep workspaces under directories with mode 0711 or 0755"
        )


def adopt_workspace(workspace: Path, uid: int, gid: int) -> None:
    """Give the sandbox identity ownership of the workspace tree, so files the host wrote (as root)
    stay writable inside the sandbox. Never follows symlinks, never leaves the workspace's
    filesystem, and skips hard-linked files: a hard link planted by an archive could otherwise
    hand a host file (say /etc/shadow) to the sandbox user."""
    root_dev = os.lstat(workspace).st_dev
    _adopt_entry(str(workspace), os.lstat(workspace), uid, gid)
    stack = [str(workspace)]
    while stack:
        with os.scandir(stack.pop()) as entries:
            for entry in entries:
                info = entry.stat(follow_symlinks=False)
                if info.st_dev != root_dev:
                    continue
                _adopt_entry(entry.path, info, uid, gid)
                if stat.S_ISDIR(info.st_mode):
                    stack.append(entry.path)


def _adopt_entry(path: str, info: os.stat_result, uid: int, gid: int) -> None:
    if info.st_uid == uid and info.st_gid == gid:
        return
    if not stat.S_ISDIR(info.st_mode) and info.st_nlink > 1:
        return
    os.lchown(path, uid, gid)
