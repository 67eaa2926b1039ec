"""Workspace paths handed to the sandbox, and the sandbox's ownership of the workspace.

Host code that reads or writes workspace files uses `agents.sandbox.hostfs`, never a path from
here: `resolve_in_workspace` only checks paths that the sandbox itself resolves (a command's
working directory, test targets), inside its own mount namespace."""

from __future__ import annotations

import os
import stat
import threading
from collections import OrderedDict
from contextlib import suppress
from pathlib import Path

from agents.sandbox.errors import SandboxError, SandboxUnavailable, WorkspaceEscape

# Host code writes at most a few levels deep (archives, file tools); the sandbox owns the rest.
MAX_ADOPTED_DEPTH = 256
_DIRECTORY = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC


def resolve_in_workspace(workspace: Path, relative: str) -> Path:
    """The real path of `relative` inside `workspace`, or WorkspaceEscape when `..`, an absolute
    path or a symlink (anywhere along the path) would lead outside it. The path need not exist.
    A check for paths the sandbox resolves: host code must not open what this returns."""
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

    Works on directory handles and never follows a symlink, not even one swapped in for a
    directory while the walk runs; never leaves the workspace's filesystem, and skips hard-linked
    files: a hard link planted by an archive could otherwise hand a host file (say /etc/shadow) to
    the sandbox user. A host process adds an entry only by changing its directory, so directories
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
        fd = os.open(workspace, _DIRECTORY)
        try:
            root = os.fstat(fd)
            if (root.st_uid, root.st_gid) != (self.uid, self.gid):
                os.fchown(fd, self.uid, self.gid)
            self._adopt_directory(fd, root, root.st_dev, seen, 0)
        finally:
            os.close(fd)
        with self._lock:
            self._seen[key] = seen
            while len(self._seen) > self._limit:
                self._seen.popitem(last=False)

    def _adopt_directory(
        self,
        fd: int,
        info: os.stat_result,
        device: int,
        seen: dict[tuple[int, int], int],
        depth: int,
    ) -> None:
        changed = seen.get((info.st_dev, info.st_ino)) != info.st_mtime_ns
        subdirectories = []
        with os.scandir(fd) as entries:
            for entry in entries:
                if not changed and not entry.is_dir(follow_symlinks=False):
                    continue
                try:
                    child = entry.stat(follow_symlinks=False)
                except FileNotFoundError:
                    continue  # removed since it was listed
                if child.st_dev != device:
                    continue
                if changed:
                    self._adopt_entry(fd, entry.name, child)
                if stat.S_ISDIR(child.st_mode):
                    subdirectories.append(entry.name)
        seen[(info.st_dev, info.st_ino)] = info.st_mtime_ns
        if depth >= MAX_ADOPTED_DEPTH:
            return  # deeper entries were made inside the sandbox, so they are its own already
        for name in subdirectories:
            try:
                child_fd = os.open(name, _DIRECTORY, dir_fd=fd)
            except OSError:
                continue  # replaced (by a link, say) since it was listed
            try:
                self._adopt_directory(child_fd, os.fstat(child_fd), device, seen, depth + 1)
            finally:
                os.close(child_fd)

    def _adopt_entry(self, fd: int, name: str, info: os.stat_result) -> None:
        if info.st_uid == self.uid and info.st_gid == self.gid:
            return
        if not stat.S_ISDIR(info.st_mode) and info.st_nlink > 1:
            return
        with suppress(FileNotFoundError):  # removed since it was listed
            os.chown(name, self.uid, self.gid, dir_fd=fd, follow_symlinks=False)
