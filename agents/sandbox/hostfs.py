"""Host-side access to workspace files: the one way host code reads, writes, lists or removes them.

Whatever is inside a workspace was made by an agent or an uploaded archive, so it is hostile.
Paths are opened relative to a handle on the workspace root, one component at a time, never
following a symbolic link (`O_NOFOLLOW`): a link planted anywhere along a path, or swapped in for a
directory between a check and a use, makes the operation fail instead of reaching outside. Only
regular files are read or written: FIFOs, sockets and devices are refused, and a FIFO swapped in
after the check cannot block the open (`O_NONBLOCK`). New content goes to a temporary file with an
unpredictable name, created with `O_EXCL` in the same directory and renamed onto the target, so
nothing is ever written through an existing entry. New entries take the workspace root's owner
(the sandbox's identity once the sandbox has adopted the workspace). Reads are bounded in bytes,
walks in entries, depth and time.
"""

from __future__ import annotations

import errno
import os
import posixpath
import secrets
import stat
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

from agents.sandbox.errors import SandboxError, WorkspaceEscape

MAX_DEPTH = 64
MAX_WALK_ENTRIES = 200_000
WALK_SECONDS = 30.0
_DIRECTORY = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
_READ = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC
_CREATE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
_KINDS = {
    stat.S_IFREG: "file",
    stat.S_IFDIR: "directory",
    stat.S_IFLNK: "symbolic link",
    stat.S_IFIFO: "FIFO",
    stat.S_IFSOCK: "socket",
    stat.S_IFCHR: "character device",
    stat.S_IFBLK: "block device",
}


class LinkRefused(WorkspaceEscape):
    """A path runs through a symbolic link; host code never follows links in a workspace."""


class NotRegularFile(SandboxError):
    """A FIFO, socket or device where a file was expected: host code never opens those."""


class WalkLimit(SandboxError):
    """A walk or a read went over its bound of entries, depth, bytes or time."""


@dataclass(frozen=True)
class Entry:
    """One directory entry found by a walk; `target` is a link's text (never followed), `info`
    the entry's own status (lstat) when it was listed."""

    path: str
    kind: str  # one of _KINDS' values
    size: int
    mode: int
    target: str = ""
    info: os.stat_result | None = field(default=None, compare=False, repr=False)


def kind_of(mode: int) -> str:
    return _KINDS.get(stat.S_IFMT(mode), "special file")


def split(relative: str) -> tuple[str, ...]:
    """The components of a workspace-relative path, or WorkspaceEscape. `..` is resolved by text
    alone, which is exact here because no link is ever followed."""
    if not isinstance(relative, str) or "\x00" in relative:
        raise WorkspaceEscape(f"invalid path {relative!r}")
    if relative.startswith("/"):
        raise WorkspaceEscape(f"{relative!r} is absolute; give a path relative to the workspace")
    normal = posixpath.normpath(relative or ".")
    if normal == ".." or normal.startswith("../"):
        raise WorkspaceEscape(f"{relative!r} leads outside the workspace")
    return () if normal == "." else tuple(normal.split("/"))


class HostDirectory:
    """An open handle on a directory whose content is not trusted (a workspace)."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self.fd = os.open(self.path, _DIRECTORY)
        info = os.fstat(self.fd)
        self.owner = (info.st_uid, info.st_gid)

    def __enter__(self) -> HostDirectory:
        return self

    def __exit__(self, *exc: object) -> None:
        os.close(self.fd)

    def lstat(self, relative: str) -> os.stat_result | None:
        """The entry itself (a link is not followed), or None when it does not exist."""
        parts = split(relative)
        if not parts:
            return os.fstat(self.fd)
        try:
            with self._directory(parts[:-1]) as fd:
                return os.stat(parts[-1], dir_fd=fd, follow_symlinks=False)
        except (FileNotFoundError, NotADirectoryError):
            return None

    @contextmanager
    def open_file(self, relative: str) -> Iterator[BinaryIO]:
        """A regular file, opened for reading; anything else is refused before it is opened."""
        parts = _file_parts(relative)
        with self._directory(parts[:-1]) as fd:
            handle = _open_regular(fd, parts[-1], relative)
        with os.fdopen(handle, "rb") as file:
            yield file

    def read(self, relative: str, *, limit: int) -> tuple[bytes, int]:
        """At most `limit` bytes of a regular file, and the file's size."""
        with self.open_file(relative) as file:
            return file.read(limit), os.fstat(file.fileno()).st_size

    def write(
        self, relative: str, content: bytes | Iterable[bytes], *, mode: int | None = None
    ) -> int:
        """Replaces (or creates) a regular file, making missing directories; returns the bytes
        written. `mode` defaults to the replaced file's permissions, or 0644."""
        parts = _file_parts(relative)
        chunks = [content] if isinstance(content, bytes) else content
        with self._directory(parts[:-1], create=True) as fd:
            return self._replace(fd, parts[-1], relative, chunks, mode)

    def remove(self, relative: str) -> None:
        """Removes a file or a link (the link itself, never what it points to)."""
        parts = _file_parts(relative)
        with self._directory(parts[:-1]) as fd:
            info = os.stat(parts[-1], dir_fd=fd, follow_symlinks=False)
            if stat.S_ISDIR(info.st_mode):
                raise IsADirectoryError(f"{relative!r} is a directory")
            os.unlink(parts[-1], dir_fd=fd)

    def make_directories(self, relative: str) -> None:
        with self._directory(split(relative), create=True):
            pass

    def walk(
        self,
        relative: str = ".",
        *,
        skip: frozenset[str] = frozenset(),
        max_entries: int = MAX_WALK_ENTRIES,
        seconds: float = WALK_SECONDS,
    ) -> Iterator[Entry]:
        """Every entry under `relative`, depth first in name order, links reported and never
        followed; directories named in `skip` are reported but not entered. Raises WalkLimit past
        `max_entries` entries, MAX_DEPTH levels or `seconds`."""
        parts = split(relative)
        budget = _Budget(max_entries, time.monotonic() + seconds)
        with self._directory(parts) as fd:
            yield from self._walk(fd, "/".join(parts), 0, skip, budget)

    def _walk(
        self, fd: int, prefix: str, depth: int, skip: frozenset[str], budget: _Budget
    ) -> Iterator[Entry]:
        for name, info in _listing(fd, budget):
            path = f"{prefix}/{name}" if prefix else name
            kind = kind_of(info.st_mode)
            target = _link_text(fd, name) if kind == "symbolic link" else ""
            yield Entry(path, kind, info.st_size, info.st_mode, target, info)
            if kind != "directory" or name in skip:
                continue
            if depth + 1 >= MAX_DEPTH:
                raise WalkLimit(f"{path!r} is more than {MAX_DEPTH} directories deep")
            try:
                child = os.open(name, _DIRECTORY, dir_fd=fd)
            except OSError:
                continue  # replaced (by a link, say) since it was listed: nothing to enter
            try:
                yield from self._walk(child, path, depth + 1, skip, budget)
            finally:
                os.close(child)

    @contextmanager
    def _directory(self, parts: tuple[str, ...], *, create: bool = False) -> Iterator[int]:
        fd = os.dup(self.fd)
        try:
            for index, name in enumerate(parts):
                child = self._enter(fd, name, "/".join(parts[: index + 1]), create)
                os.close(fd)
                fd = child
            yield fd
        finally:
            os.close(fd)

    def _enter(self, fd: int, name: str, shown: str, create: bool) -> int:
        try:
            return os.open(name, _DIRECTORY, dir_fd=fd)
        except FileNotFoundError:
            if not create:
                raise FileNotFoundError(f"no directory {shown!r} in the workspace") from None
        except OSError as error:
            if error.errno in (errno.ENOTDIR, errno.ELOOP):
                raise _not_a_directory(fd, name, shown) from None
            raise
        with suppress(FileExistsError):  # made meanwhile: opening it below still refuses a link
            os.mkdir(name, 0o755, dir_fd=fd)
        child = self._enter(fd, name, shown, create=False)
        self._adopt(child)
        return child

    def _replace(
        self, fd: int, name: str, shown: str, chunks: Iterable[bytes], mode: int | None
    ) -> int:
        try:
            current: os.stat_result | None = os.stat(name, dir_fd=fd, follow_symlinks=False)
        except FileNotFoundError:
            current = None
        if current is not None and stat.S_ISDIR(current.st_mode):
            raise IsADirectoryError(f"{shown!r} is a directory")
        temporary = f".longhaul-{secrets.token_hex(12)}.tmp"
        handle = os.open(temporary, _CREATE, 0o600, dir_fd=fd)
        try:
            with os.fdopen(handle, "wb") as out:
                written = sum(out.write(chunk) for chunk in chunks)
                os.fchmod(out.fileno(), _mode_for(mode, current))
                self._adopt(out.fileno())
            os.rename(temporary, name, src_dir_fd=fd, dst_dir_fd=fd)
        except BaseException:
            _unlink_quietly(temporary, fd)
            raise
        return written

    def _adopt(self, fd: int) -> None:
        """New entries belong to whoever owns the workspace root: the sandbox keeps them
        writable. Only root can give files away; another host user already is the owner."""
        if os.geteuid() == 0 and self.owner != (0, 0):
            os.fchown(fd, *self.owner)


@dataclass
class _Budget:
    entries: int
    deadline: float

    def spend(self) -> None:
        self.entries -= 1
        if self.entries < 0:
            raise WalkLimit("the workspace holds too many entries to walk")
        if time.monotonic() > self.deadline:
            raise WalkLimit("walking the workspace took too long")


def _listing(fd: int, budget: _Budget) -> list[tuple[str, os.stat_result]]:
    found = []
    with os.scandir(fd) as entries:
        for entry in entries:
            budget.spend()
            try:
                found.append((entry.name, entry.stat(follow_symlinks=False)))
            except FileNotFoundError:
                continue  # removed since it was listed
    return sorted(found, key=lambda item: item[0])


def _link_text(fd: int, name: str) -> str:
    try:
        return os.readlink(name, dir_fd=fd)
    except OSError:
        return ""  # replaced since it was listed


def _file_parts(relative: str) -> tuple[str, ...]:
    parts = split(relative)
    if not parts:
        raise IsADirectoryError("the workspace root is a directory, not a file")
    return parts


def _open_regular(fd: int, name: str, shown: str) -> int:
    try:
        info = os.stat(name, dir_fd=fd, follow_symlinks=False)
    except FileNotFoundError:
        raise FileNotFoundError(f"no file {shown!r} in the workspace") from None
    _require_regular(info, shown)
    try:
        handle = os.open(name, _READ, dir_fd=fd)
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise _link_refused(shown) from None
        raise
    try:
        _require_regular(os.fstat(handle), shown)  # swapped after the check above
    except BaseException:
        os.close(handle)
        raise
    return handle


def _require_regular(info: os.stat_result, shown: str) -> None:
    if stat.S_ISREG(info.st_mode):
        return
    if stat.S_ISLNK(info.st_mode):
        raise _link_refused(shown)
    if stat.S_ISDIR(info.st_mode):
        raise IsADirectoryError(f"{shown!r} is a directory, not a file")
    raise NotRegularFile(
        f"{shown!r} is a {kind_of(info.st_mode)}, not a regular file; file tools read and write "
        "regular files only"
    )


def _not_a_directory(fd: int, name: str, shown: str) -> Exception:
    try:
        info = os.stat(name, dir_fd=fd, follow_symlinks=False)
    except OSError:
        return NotADirectoryError(f"{shown!r} is not a directory")
    if stat.S_ISLNK(info.st_mode):
        return _link_refused(shown)
    if stat.S_ISDIR(info.st_mode):  # a link or a file a moment ago
        return NotADirectoryError(f"{shown!r} was replaced while it was being opened")
    return NotADirectoryError(f"{shown!r} is a {kind_of(info.st_mode)}, not a directory")


def _link_refused(shown: str) -> LinkRefused:
    return LinkRefused(
        f"{shown!r} is a symbolic link; file tools do not follow links in the workspace "
        "(use its target's path, or run_command to work with the link)"
    )


def _mode_for(mode: int | None, current: os.stat_result | None) -> int:
    if mode is not None:
        return mode & 0o777
    if current is not None and stat.S_ISREG(current.st_mode):
        return stat.S_IMODE(current.st_mode) & 0o777  # never setuid, setgid or sticky
    return 0o644


def _unlink_quietly(name: str, fd: int) -> None:
    with suppress(OSError):
        os.unlink(name, dir_fd=fd)
