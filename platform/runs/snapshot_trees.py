"""Copying a workspace into a snapshot and a snapshot back over a workspace.

The workspace side is hostile and read only through `agents.sandbox.hostfs` (no link followed,
no special file opened, walks bounded in entries and time); the snapshot side is ours. A snapshot
is `tree/` (directories, regular files, symbolic links kept as links) plus `manifest.json`.

Cost: a regular file whose (size, mtime, ctime, inode) equal the previous snapshot's record of
it is hard-linked from that snapshot instead of copied, so a snapshot costs a walk plus the bytes
that changed. ctime cannot be set from inside the sandbox, so a changed file cannot pass for an
unchanged one. Snapshots are never written after they are complete, which is what makes sharing
their inodes safe; a restore always copies, never links, into the workspace.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO

from agents.sandbox.hostfs import Entry, HostDirectory

MANIFEST = "manifest.json"
TREE = "tree"
_CHUNK = 1 << 24


class SnapshotTooLarge(Exception):
    """The workspace is over the snapshot bounds; the message says which."""


@dataclass(frozen=True)
class Bounds:
    max_bytes: int
    max_files: int
    seconds: float = 60.0


@dataclass
class _Copy:
    """What one snapshot copied: workspace file records, directory modes, byte counts."""

    files: dict[str, list[int]] = field(default_factory=dict)
    directories: dict[str, int] = field(default_factory=dict)
    bytes: int = 0
    copied_bytes: int = 0


def take(
    workspace: Path, staging: Path, *, previous: Path | None, bounds: Bounds
) -> dict[str, Any]:
    """Writes a complete snapshot of `workspace` into the new directory `staging`; returns its
    manifest. An absent workspace is recorded as such (a restore then removes it)."""
    staging.mkdir(parents=True)
    if not workspace.is_dir() or workspace.is_symlink():
        return _write_manifest(staging, {"absent": True})
    tree = staging / TREE
    tree.mkdir()
    earlier = read_manifest(previous).get("files", {}) if previous else {}
    done = _Copy()
    with HostDirectory(workspace) as source:
        root_mode = stat.S_IMODE(os.fstat(source.fd).st_mode)
        for entry in source.walk(max_entries=bounds.max_files, seconds=bounds.seconds):
            _copy_entry(source, entry, tree, previous, earlier, done, bounds)
    manifest = {
        "root_mode": root_mode,
        "files": done.files,
        "directories": done.directories,
        "bytes": done.bytes,
        "copied_bytes": done.copied_bytes,
    }
    return _write_manifest(staging, manifest)


def _copy_entry(
    source: HostDirectory,
    entry: Entry,
    tree: Path,
    previous: Path | None,
    earlier: dict[str, list[int]],
    done: _Copy,
    bounds: Bounds,
) -> None:
    target = tree / entry.path
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
    earlier: dict[str, list[int]],
    done: _Copy,
) -> list[int]:
    info = os.fstat(handle.fileno())
    record = [info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino]
    if previous is not None and earlier.get(relative) == record:
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


def _copy_bytes(source: BinaryIO, out: BinaryIO, *, limit: int) -> int:
    """At most `limit` bytes (the size the walk counted against the bounds), in the kernel."""
    copied = 0
    while copied < limit:
        sent = os.sendfile(out.fileno(), source.fileno(), copied, min(_CHUNK, limit - copied))
        if sent == 0:
            break
        copied += sent
    return copied


def restore(snapshot: Path, workspace: Path) -> None:
    """Makes `workspace` exactly the snapshot: built beside it from the snapshot, then swapped
    in, so a crash leaves either the old tree or the new one (see `finish_interrupted_restore`)."""
    manifest = read_manifest(snapshot)
    finish_interrupted_restore(workspace)
    if manifest.get("absent"):
        _remove(workspace)
        return
    if "files" not in manifest or not (snapshot / TREE).is_dir():
        raise ValueError(f"{snapshot} is not a complete snapshot; the workspace was left as it is")
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


def read_manifest(snapshot: Path) -> dict[str, Any]:
    try:
        return dict(json.loads((snapshot / MANIFEST).read_text()))
    except (OSError, ValueError):
        return {}


def _write_manifest(staging: Path, manifest: dict[str, Any]) -> dict[str, Any]:
    (staging / MANIFEST).write_text(json.dumps(manifest))
    return manifest
