"""The one store of workspace snapshots: copying a workspace into a snapshot, a snapshot back over
a workspace, and reading a snapshot to compare a workspace with it.

Every snapshot has one format: `tree/` (directories, regular files, symbolic links kept as links)
plus `manifest.json` (each file's record, the directories' modes, byte counts, when it was taken,
and the names it left out, if any). The platform's per-step snapshots (`runs.snapshots`: crash
recovery of tool calls, rollback) and the baseline a diff compares against
(`agents.tools.builtin.snapshots`) are both snapshots of this store.

The workspace side is hostile and read only through `agents.sandbox.hostfs` (no link followed,
no special file opened, walks bounded in entries, depth and time); the snapshot side is ours.

Cost: a regular file whose record (size, mtime, ctime, inode) equals the previous snapshot's is
hard-linked from it instead of copied, so a snapshot costs a walk plus the bytes that changed; a
comparison reads only the files whose record changed. ctime cannot be set from inside the
sandbox, so a changed file cannot pass for an unchanged one, except one changed in the instant
before the snapshot began, whose next write may leave the (coarse) times as they were: such a
"racy" record is confirmed by comparing bytes. Snapshots are never written after they are complete, which is
what makes sharing their inodes safe; a restore always copies, never links, into the workspace.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import stat
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO

from agents.sandbox.hostfs import Entry, HostDirectory, WalkLimit

MANIFEST = "manifest.json"
TREE = "tree"
# A file changed this soon before a snapshot began may change again, unseen, without its times
# moving (the kernel stamps files with a clock that ticks every few milliseconds): its bytes decide
# whether it is unchanged. A time in whole seconds says the file system may keep no finer ones.
RACY_NS = 50_000_000
RACY_WHOLE_SECONDS_NS = 2_000_000_000
_CHUNK = 1 << 24
FileRecord = list[int]


class SnapshotTooLarge(WalkLimit):
    """The workspace is over the snapshot bounds; the message says which."""


class NotASnapshot(ValueError):
    """Not a complete snapshot this store can restore or read; the message says why."""


@dataclass(frozen=True)
class Bounds:
    max_bytes: int
    max_files: int
    seconds: float = 60.0


@dataclass
class _Copy:
    """What one snapshot copied: workspace file records, directory modes, byte counts."""

    files: dict[str, FileRecord] = field(default_factory=dict)
    directories: dict[str, int] = field(default_factory=dict)
    bytes: int = 0
    copied_bytes: int = 0


def file_record(info: os.stat_result) -> FileRecord:
    return [info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino]


def unchanged(manifest: dict[str, Any], relative: str, record: FileRecord) -> bool | None:
    """Whether the file with `record` is the one the snapshot copied: True, False, or None when
    the records match but the snapshot's was racy, so only the bytes can tell."""
    if manifest.get("files", {}).get(relative) != record:
        return False
    taken = manifest.get("taken_ns")
    if not isinstance(taken, int):
        return None  # older snapshots did not say when they were taken: always compare
    ctime = record[2]
    margin = RACY_WHOLE_SECONDS_NS if ctime % 1_000_000_000 == 0 else RACY_NS
    return None if ctime >= taken - margin else True


# --- taking ---------------------------------------------------------------------------------------
def take(
    workspace: Path,
    staging: Path,
    *,
    previous: Path | None,
    bounds: Bounds,
    leave_out: frozenset[str] = frozenset(),
) -> dict[str, Any]:
    """Writes a snapshot of `workspace` into the new directory `staging`; returns its manifest.
    Entries named in `leave_out` (and what is under them) are not copied, and the manifest says
    so (such a snapshot serves comparisons, never a restore). An absent workspace is recorded as
    such (a restore then removes it). Raises WalkLimit (SnapshotTooLarge for bytes)."""
    staging.mkdir(parents=True)
    if not workspace.is_dir() or workspace.is_symlink():
        return _write_manifest(staging, {"absent": True})
    (staging / TREE).mkdir()
    taken_ns = time.time_ns()
    earlier = read_manifest(previous) if previous else {}
    done = _Copy()
    with HostDirectory(workspace) as source:
        root_mode = stat.S_IMODE(os.fstat(source.fd).st_mode)
        walk = source.walk(skip=leave_out, max_entries=bounds.max_files, seconds=bounds.seconds)
        for entry in walk:
            if os.path.basename(entry.path) not in leave_out:
                _copy_entry(source, entry, staging, previous, earlier, done, bounds)
    manifest = {
        "root_mode": root_mode,
        "files": done.files,
        "directories": done.directories,
        "bytes": done.bytes,
        "copied_bytes": done.copied_bytes,
        "taken_ns": taken_ns,
    }
    if leave_out:
        manifest["left_out"] = sorted(leave_out)
    return _write_manifest(staging, manifest)


def _copy_entry(
    source: HostDirectory,
    entry: Entry,
    staging: Path,
    previous: Path | None,
    earlier: dict[str, Any],
    done: _Copy,
    bounds: Bounds,
) -> None:
    target = staging / TREE / entry.path
    if entry.kind == "directory":
        target.mkdir(mode=0o700)
        done.directories[entry.path] = stat.S_IMODE(entry.mode) & 0o777
    elif entry.kind == "symbolic link":
        os.symlink(entry.target, target)
    elif entry.kind == "file":
        done.bytes += entry.size
        if done.bytes > bounds.max_bytes:
            raise SnapshotTooLarge(f"the workspace holds over {bounds.max_bytes} bytes")
        with source.open_file(entry.path) as handle:
            done.files[entry.path] = _copy_file(handle, target, entry.path, previous, earlier, done)
    # FIFOs, sockets and devices are never opened, so never copied either.


def _copy_file(
    handle: BinaryIO,
    target: Path,
    relative: str,
    previous: Path | None,
    earlier: dict[str, Any],
    done: _Copy,
) -> FileRecord:
    info = os.fstat(handle.fileno())
    record = file_record(info)
    if previous is not None and _reusable(handle, earlier, relative, record, previous):
        try:
            os.link(previous / TREE / relative, target)
            return record
        except OSError:
            pass  # the earlier copy is gone or on another device: copy instead
    mode = stat.S_IMODE(info.st_mode) & 0o777
    descriptor = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o600)
    with os.fdopen(descriptor, "wb") as out:
        done.copied_bytes += _copy_bytes(handle, out, limit=info.st_size)
        os.fchmod(out.fileno(), mode)
    return record


def _reusable(
    handle: BinaryIO, earlier: dict[str, Any], relative: str, record: FileRecord, previous: Path
) -> bool:
    verdict = unchanged(earlier, relative, record)
    if verdict is not None:
        return verdict
    try:
        with open(previous / TREE / relative, "rb") as copy:
            return _same_bytes(handle, copy, size=record[0])
    except OSError:
        return False


def _same_bytes(handle: BinaryIO, copy: BinaryIO, *, size: int) -> bool:
    """Compares by position (pread), so the handle's offset stays where a copy would start."""
    offset = 0
    while offset < size:
        length = min(_CHUNK, size - offset)
        ours = os.pread(copy.fileno(), length, offset)
        if not ours or ours != os.pread(handle.fileno(), length, offset):
            return False
        offset += len(ours)
    return os.pread(copy.fileno(), 1, size) == b""


def _copy_bytes(source: BinaryIO, out: BinaryIO, *, limit: int) -> int:
    """At most `limit` bytes (the size the walk counted against the bounds), in the kernel."""
    copied = 0
    while copied < limit:
        sent = os.sendfile(out.fileno(), source.fileno(), copied, min(_CHUNK, limit - copied))
        if sent == 0:
            break
        copied += sent
    return copied


# --- reading --------------------------------------------------------------------------------------
class Snapshot:
    """A complete snapshot opened for reading: its files and links, and their records."""

    def __init__(self, path: Path) -> None:
        self.manifest = readable_manifest(path)
        if self.manifest.get("absent"):
            raise NotASnapshot(f"{path} records that there was no workspace to compare with")
        self.tree = HostDirectory(path / TREE)

    def __enter__(self) -> Snapshot:
        return self

    def __exit__(self, *exc: object) -> None:
        self.tree.__exit__()

    def entries(self) -> dict[str, Entry]:
        """Its regular files and links by path (directories are implied by their paths)."""
        kept = ("file", "symbolic link")
        return {entry.path: entry for entry in self.tree.walk() if entry.kind in kept}

    def unchanged(self, relative: str, record: FileRecord) -> bool | None:
        return unchanged(self.manifest, relative, record)

    def read(self, relative: str, *, limit: int) -> bytes:
        return self.tree.read(relative, limit=limit)[0]

    def sha256(self, relative: str) -> str:
        digest = hashlib.sha256()
        with self.tree.open_file(relative) as file:
            while chunk := file.read(_CHUNK):
                digest.update(chunk)
        return digest.hexdigest()


def readable_manifest(snapshot: Path) -> dict[str, Any]:
    """The manifest of a complete snapshot in this store's format, or NotASnapshot saying why."""
    manifest = read_manifest(snapshot)
    if manifest.get("absent"):
        return manifest
    if "entries" in manifest and "files" not in manifest:
        raise NotASnapshot(
            f"{snapshot} was recorded by an earlier version of Longhaul, in a format this one "
            "no longer reads"
        )
    if "files" not in manifest or not (snapshot / TREE).is_dir():
        raise NotASnapshot(f"{snapshot} is not a complete snapshot")
    return manifest


def restorable(snapshot: Path) -> dict[str, Any]:
    """The manifest of a snapshot that can make a workspace exactly as it was, or NotASnapshot."""
    manifest = readable_manifest(snapshot)
    if manifest.get("left_out"):
        names = ", ".join(manifest["left_out"])
        raise NotASnapshot(
            f"{snapshot} was taken without {names} (a baseline for diffs), so it cannot "
            "restore a workspace"
        )
    return manifest


def read_manifest(snapshot: Path) -> dict[str, Any]:
    try:
        return dict(json.loads((snapshot / MANIFEST).read_text()))
    except (OSError, ValueError, TypeError):
        return {}


def _write_manifest(staging: Path, manifest: dict[str, Any]) -> dict[str, Any]:
    (staging / MANIFEST).write_text(json.dumps(manifest))
    return manifest


# --- restoring ------------------------------------------------------------------------------------
def restore(snapshot: Path, workspace: Path) -> None:
    """Makes `workspace` exactly the snapshot: built beside it from the snapshot, then swapped
    in, so a crash leaves either the old tree or the new one (see `finish_interrupted_restore`).
    NotASnapshot, and the workspace left as it is, when the snapshot cannot do that."""
    try:
        manifest = restorable(snapshot)
    except NotASnapshot as refused:
        raise NotASnapshot(f"{refused}; the workspace was left as it is") from None
    finish_interrupted_restore(workspace)
    if manifest.get("absent"):
        _remove(workspace)
        return
    owner = _owner(workspace)
    fresh = _beside(workspace, "restoring")
    _remove(fresh)
    _copy_tree(snapshot / TREE, fresh, manifest, owner)
    retired = _beside(workspace, "retired")
    _remove(retired)
    if workspace.exists() or workspace.is_symlink():
        os.rename(workspace, retired)
    os.rename(fresh, workspace)
    _remove(retired)


def finish_interrupted_restore(workspace: Path) -> None:
    """Completes a restore a crash cut between its two renames."""
    fresh = _beside(workspace, "restoring")
    if not workspace.exists() and fresh.is_dir() and not fresh.is_symlink():
        os.rename(fresh, workspace)
    _remove(_beside(workspace, "retired"))


def _copy_tree(source: Path, fresh: Path, manifest: dict[str, Any], owner: tuple[int, int]) -> None:
    fresh.mkdir()
    for directory, subdirectories, files in os.walk(source, followlinks=False):
        relative = Path(directory).relative_to(source)
        for name in [*subdirectories, *files]:
            _restore_entry(Path(directory) / name, fresh / relative / name, owner)
    for relative, mode in manifest.get("directories", {}).items():
        os.chmod(fresh / relative, mode)
    os.chmod(fresh, int(manifest.get("root_mode", 0o755)))
    _give(fresh, owner)


def _restore_entry(source: Path, target: Path, owner: tuple[int, int]) -> None:
    info = os.lstat(source)
    if stat.S_ISLNK(info.st_mode):
        os.symlink(os.readlink(source), target)
    elif stat.S_ISDIR(info.st_mode):
        target.mkdir(mode=0o700)
    else:
        shutil.copyfile(source, target, follow_symlinks=False)  # a copy: never share an inode
        os.chmod(target, stat.S_IMODE(info.st_mode) & 0o777)
    _give(target, owner)


def _owner(workspace: Path) -> tuple[int, int]:
    try:
        info = os.lstat(workspace)
    except FileNotFoundError:
        return os.geteuid(), os.getegid()
    return info.st_uid, info.st_gid


def _give(path: Path, owner: tuple[int, int]) -> None:
    """Restored entries belong to the workspace's owner (the sandbox identity once adopted), so
    they stay writable inside the sandbox; only root can give files away."""
    if os.geteuid() == 0 and owner != (0, 0):
        os.lchown(path, *owner)


def _beside(workspace: Path, purpose: str) -> Path:
    return workspace.with_name(f".{workspace.name}.{purpose}")


def _remove(path: Path) -> None:
    # rmtree works through directory handles and never follows a link out of the tree.
    if path.is_symlink() or path.is_file():
        path.unlink()
    elif path.exists():
        shutil.rmtree(path)
