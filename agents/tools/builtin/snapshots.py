"""Baseline snapshot of a workspace and the unified diff of what changed since: the one mechanism
behind the coding workflow's `snapshot_workspace`/`diff_workspace` tools and the platform's
`changes.diff` artifact.

The baseline is a snapshot of the one snapshot store (`agents.sandbox.snapshot_store`, the same
format as the platform's per-step snapshots), taken without `.git` and caches (`SKIPPED_DIRS`).
It lives beside the workspace, never inside it, so nothing in the sandbox can see or alter it. A
diff walks the workspace and compares it with that snapshot: files whose record (size, times,
inode) is the one the snapshot copied are unchanged; the others are hashed and compared with the
snapshot's copy.

It is plain Python over `agents.sandbox.hostfs`: no program runs on the host and nothing in the
workspace is read as configuration (a `.git` directory is data, and is not diffed). Links are
shown by their text, special files are listed as skipped and never opened, and every pass is
bounded in entries, bytes and time.
"""

from __future__ import annotations

import difflib
import hashlib
import os
import secrets
import shutil
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from agents.sandbox import snapshot_store
from agents.sandbox.errors import SandboxError
from agents.sandbox.hostfs import MAX_WALK_ENTRIES, WALK_SECONDS, Entry, HostDirectory, WalkLimit
from agents.sandbox.snapshot_store import NotASnapshot, Snapshot
from agents.tools.builtin.files import SKIPPED_DIRS

MAX_DIFF_CHARS = 1_000_000
MAX_TEXT_BYTES = 1024 * 1024  # larger files are compared by hash and shown as binary
MAX_DIFF_LINES = 20_000  # difflib slows down sharply past this on repetitive files
MAX_READ_BYTES = 1024**3  # read per snapshot or diff, all files together
DIFF_SECONDS = 30.0
_CHUNK = 1024 * 1024
Record = dict[str, Any]


class BaselineUnreadable(NotASnapshot):
    """The baseline cannot be compared with; the message says why."""


@dataclass
class Changes:
    diff: str = ""
    changed: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    truncated: bool = False
    complete: bool = True  # False when a bound stopped the walk before it saw every entry
    current: dict[str, Record] = field(default_factory=dict)  # changed entries now; not deleted


def baseline_path(workspace: Path) -> Path:
    workspace = Path(os.path.abspath(workspace))
    return workspace.parent / f".{workspace.name}.baseline"


def baseline_dir(env: Any) -> Path:
    configured = (env.extra or {}).get("baseline_dir")
    return Path(configured) if configured else baseline_path(Path(env.workspace))


def snapshot_workspace(args: dict[str, Any], env: Any) -> dict[str, Any]:
    """Idempotent: a step that runs twice after a crash keeps the first (true) baseline."""
    return {"files": take_snapshot(Path(env.workspace), baseline_dir(env))}


def diff_workspace(args: dict[str, Any], env: Any) -> dict[str, Any]:
    baseline = baseline_dir(env)
    if not has_snapshot(baseline):
        raise FileNotFoundError("no baseline snapshot: run snapshot_workspace first")
    changes = compare(Path(env.workspace), baseline)
    result: dict[str, Any] = {
        "diff": changes.diff,
        "changed": changes.changed,
        "truncated": changes.truncated,
    }
    return {**result, "skipped": changes.skipped} if changes.skipped else result


def has_snapshot(baseline: Path) -> bool:
    """A baseline is there (complete, or one an earlier version recorded)."""
    return (baseline / snapshot_store.MANIFEST).is_file()


def take_snapshot(workspace: Path, baseline: Path, *, max_bytes: int = MAX_READ_BYTES) -> int:
    """Records the workspace as `baseline` unless one is there; returns its number of files and
    links. Raises WalkLimit when the workspace is over the bounds."""
    if not has_snapshot(baseline):
        shutil.rmtree(baseline, ignore_errors=True)  # a half-made one
        staging = baseline.with_name(f"{baseline.name}.partial-{secrets.token_hex(6)}")
        bounds = snapshot_store.Bounds(max_bytes, MAX_WALK_ENTRIES, seconds=WALK_SECONDS)
        try:
            snapshot_store.take(
                workspace, staging, previous=None, bounds=bounds, leave_out=SKIPPED_DIRS
            )
            os.rename(staging, baseline)
        except OSError:
            if not has_snapshot(baseline):  # not one a concurrent attempt finished meanwhile
                raise
        finally:
            shutil.rmtree(staging, ignore_errors=True)
    return _size(baseline)


def _size(baseline: Path) -> int:
    manifest = snapshot_store.read_manifest(baseline)
    if "files" not in manifest:
        return len(manifest.get("entries", {}))  # recorded by an earlier version
    with Snapshot(baseline) as snapshot:
        return len(snapshot.entries())


def compare(
    workspace: Path,
    baseline: Path,
    *,
    max_bytes: int = MAX_READ_BYTES,
    max_chars: int = MAX_DIFF_CHARS,
) -> Changes:
    """What changed in `workspace` since `baseline`, as a unified diff. When a bound stops the
    walk, what was not seen is not reported as deleted, and the result says it is truncated.
    BaselineUnreadable when the baseline is not a snapshot this version reads."""
    changes = Changes()
    with _opened(baseline) as before, HostDirectory(workspace) as root:
        scan = _Scan(root, before, _Bytes(max_bytes))
        try:
            scan.walk()
        except WalkLimit as error:
            changes.truncated, changes.complete = True, False
            scan.skipped.append(str(error))
        gone = set(scan.old) - scan.seen if changes.complete else set()
        changes.skipped, changes.current = scan.skipped, scan.now
        changes.changed = sorted(scan.now.keys() | gone)
        old = {name: _old_record(entry) for name, entry in scan.old.items()}
        chunks = _diff_chunks(changes.changed, old, scan.now, root, before)
        changes.diff, clipped = _clip(chunks, max_chars)
    changes.truncated = changes.truncated or clipped
    return changes


def _opened(baseline: Path) -> Snapshot:
    try:
        return Snapshot(baseline)
    except NotASnapshot as refused:
        raise BaselineUnreadable(
            f"The workspace's baseline cannot be compared with: {refused}. What changed since "
            "it was taken cannot be shown."
        ) from None


@dataclass
class _Bytes:
    left: int

    def spend(self, count: int) -> None:
        self.left -= count
        if self.left < 0:
            raise WalkLimit("the workspace's files are too large to read in full")


class _Scan:
    """One walk of the workspace against the baseline: what was seen, what differs (as it is
    now), what was skipped. WalkLimit stops it where it is."""

    def __init__(self, root: HostDirectory, before: Snapshot, budget: _Bytes) -> None:
        self.root, self.before, self.budget = root, before, budget
        self.old = before.entries()
        self.seen: set[str] = set()
        self.now: dict[str, Record] = {}
        self.skipped: list[str] = []

    def walk(self) -> None:
        for entry in self.root.walk(skip=SKIPPED_DIRS):
            if entry.kind == "directory" or os.path.basename(entry.path) in SKIPPED_DIRS:
                continue
            if entry.kind == "symbolic link":
                self._found(entry.path, {"kind": "link", "target": entry.target})
            elif entry.kind == "file":
                self._file(entry)
            else:
                self.skipped.append(f"{entry.path} ({entry.kind}, not read)")

    def _file(self, entry: Entry) -> None:
        old = self.old.get(entry.path)
        if old is not None and old.kind == "file" and entry.info is not None:
            record = snapshot_store.file_record(entry.info)
            if self.before.unchanged(entry.path, record) is True:
                self.seen.add(entry.path)
                return
        current = self._hashed(entry.path)
        if current is not None:
            self._found(entry.path, current)

    def _found(self, path: str, current: Record) -> None:
        self.seen.add(path)
        old = self.old.get(path)
        if old is None or _old_record(old)["kind"] != current["kind"]:
            self.now[path] = current
        elif current["kind"] == "link":
            if old.target != current["target"]:
                self.now[path] = current
        elif old.size != current["size"] or self.before.sha256(path) != current["sha256"]:
            self.now[path] = current

    def _hashed(self, path: str) -> Record | None:
        digest, size = hashlib.sha256(), 0
        try:
            with self.root.open_file(path) as file:
                while chunk := file.read(_CHUNK):
                    self.budget.spend(len(chunk))
                    digest.update(chunk)
                    size += len(chunk)
        except (OSError, SandboxError) as error:
            if isinstance(error, WalkLimit):
                raise
            self.skipped.append(f"{path} (changed while read: {error})")
            return None
        return {"kind": "file", "size": size, "sha256": digest.hexdigest()}


def _old_record(entry: Entry) -> Record:
    if entry.kind == "symbolic link":
        return {"kind": "link", "target": entry.target}
    return {"kind": "file", "size": entry.size}


def _diff_chunks(
    names: list[str],
    before: dict[str, Record],
    after: dict[str, Record],
    root: HostDirectory,
    snapshot: Snapshot,
) -> Iterator[str]:
    def old_bytes(name: str) -> Callable[[], bytes]:
        return lambda: snapshot.read(name, limit=MAX_TEXT_BYTES)

    def new_bytes(name: str) -> Callable[[], bytes]:
        return lambda: root.read(name, limit=MAX_TEXT_BYTES)[0]

    for name in names:
        old, new = before.get(name), after.get(name)
        old_lines = _lines(old, old_bytes(name)) if old else []
        new_lines = _lines(new, new_bytes(name)) if new else []
        if old_lines is None or new_lines is None:
            yield f"Binary files a/{name} and b/{name} differ\n"
            continue
        if max(len(old_lines), len(new_lines)) > MAX_DIFF_LINES:
            yield f"Files a/{name} and b/{name} differ (over {MAX_DIFF_LINES} lines)\n"
            continue
        old_label = f"a/{name}" if old else "/dev/null"
        new_label = f"b/{name}" if new else "/dev/null"
        diff = difflib.unified_diff(old_lines, new_lines, old_label, new_label)
        yield "".join(_ensure_newlines(diff))


def _lines(record: Record, content: Callable[[], bytes]) -> list[str] | None:
    if record["kind"] == "link":
        return [f"symlink -> {record['target']}\n"]
    if record["size"] > MAX_TEXT_BYTES:
        return None
    try:
        return content().decode("utf-8").splitlines(keepends=True)
    except (UnicodeDecodeError, OSError, SandboxError):
        return None


def _clip(chunks: Iterator[str], limit: int) -> tuple[str, bool]:
    """The diff up to `limit` characters or DIFF_SECONDS, whichever comes first."""
    kept: list[str] = []
    size, deadline = 0, time.monotonic() + DIFF_SECONDS
    for chunk in chunks:
        if time.monotonic() > deadline:
            return "".join(kept), True
        if size + len(chunk) > limit:
            kept.append(chunk[: limit - size])
            return "".join(kept), True
        kept.append(chunk)
        size += len(chunk)
    return "".join(kept), False


def _ensure_newlines(lines: Any) -> list[str]:
    # difflib leaves a line without "\n" at a file's end; mark it the way `diff` does.
    return [
        line if line.endswith("\n") else line + "\n\\ No newline at end of file\n" for line in lines
    ]
