"""Host-side path handling for workspaces. Tools read and write workspace files from the host, so
every relative path they are given must stay inside the workspace after symlinks are followed."""

from __future__ import annotations

import os
import stat
import threading
from collections import OrderedDict
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


class WorkspaceAdopter:
    """Gives the sandbox identity ownership of a workspace tree, so files the host wrote (as root)
    stay writable inside the sandbox.

    Never follows symlinks, never leaves the workspace's filesystem, and skips hard-linked files:
    a hard link planted by an archive could otherwise hand a host file (say /etc/shadow) to the
    sandbox user. A host process adds an entry only by changing its directory, so directories
    whose mtime is unchanged since the last pass are walked without a stat per file."""

    def __init__(self, uid: int, gid: int, *, remembered_workspaces: int = 64) -> None:
        self.uid, self.gid = uid, gid
        self._limit = remembered_workspaces
        self._seen: OrderedDict[str, dict[tuple[int, int], int]] = OrderedDict()
        self._lock = threading.Lock()

    def adopt(self, workspace: Path) -> None:
        key = str(workspace)
        with self._lock:
            seen = self._seen.pop(key, {})
        root = os.lstat(workspace)
        _adopt_entry(key, root, self.uid, self.gid)
        stack = [(key, root)]
        while stack:
            path, info = stack.pop()
            stack += self._adopt_directory(path, info, root.st_dev, seen)
        with self._lock:
            self._seen[key] = seen
            while len(self._seen) > self._limit:
                self._seen.popitem(last=False)

    def _adopt_directory(
        self, path: str, info: os.stat_result, device: int, seen: dict[tuple[int, int], int]
    ) -> list[tuple[str, os.stat_result]]:
        changed = seen.get((info.st_dev, info.st_ino)) != info.st_mtime_ns
        subdirectories = []
        with os.scandir(path) as entries:
            for entry in entries:
                if not changed and not entry.is_dir(follow_symlinks=False):
                    continue
                child = entry.stat(follow_symlinks=False)
                if child.st_dev != device:
                    continue
                if changed:
                    _adopt_entry(entry.path, child, self.uid, self.gid)
                if stat.S_ISDIR(child.st_mode):
                    subdirectories.append((entry.path, child))
        seen[(info.st_dev, info.st_ino)] = info.st_mtime_ns
        return subdirectories


def adopt_workspace(workspace: Path, uid: int, gid: int) -> None:
    """One full pass of WorkspaceAdopter, remembering nothing."""
    WorkspaceAdopter(uid, gid).adopt(workspace)


def _adopt_entry(path: str, info: os.stat_result, uid: int, gid: int) -> None:
    if info.st_uid == uid and info.st_gid == gid:
        return
    if not stat.S_ISDIR(info.st_mode) and info.st_nlink > 1:
        return
    os.lchown(path, uid, gid)
