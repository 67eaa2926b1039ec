"""Baseline snapshot of a workspace and the unified diff of what changed since: the one mechanism
behind the coding workflow's `snapshot_workspace`/`diff_workspace` tools and the platform's
`changes.diff` artifact.

It is plain Python over `agents.sandbox.hostfs`: no program runs on the host and nothing in the
workspace is read as configuration (a `.git` directory is data, and is not diffed). Links are
recorded and shown by their text, special files are listed as skipped and never opened, and every
pass is bounded in entries, bytes and time.

The baseline lives beside the workspace, never inside it, so nothing in the sandbox can see or
alter it: a manifest of every file (size and SHA-256) and link (its text), plus, stored by hash,
the content of the files small enough to diff.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import os
import secrets
import shutil
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from agents.sandbox.errors import SandboxError
from agents.sandbox.hostfs import HostDirectory, WalkLimit
from agents.tools.builtin.files import SKIPPED_DIRS

MANIFEST = "manifest.json"
MAX_DIFF_CHARS = 1_000_000
MAX_TEXT_BYTES = 1024 * 1024  # larger files are compared by hash and shown as binary
MAX_DIFF_LINES = 20_000  # difflib slows down sharply past this on repetitive files
MAX_READ_BYTES = 1024**3  # read per snapshot or diff, all files together
DIFF_SECONDS = 30.0
_CHUNK = 1024 * 1024
Record = dict[str, Any]


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
    return (baseline / MANIFEST).is_file()


def take_snapshot(workspace: Path, baseline: Path, *, max_bytes: int = MAX_READ_BYTES) -> int:
    """Records the workspace as `baseline` unless one is there; returns its number of entries.
    Raises WalkLimit when the workspace is over the bounds."""
    if has_snapshot(baseline):
        return len(_manifest(baseline))
    shutil.rmtree(baseline, ignore_errors=True)  # a half-made or unreadable one
    staging = baseline.with_name(f"{baseline.name}.partial-{secrets.token_hex(6)}")
    (staging / "blobs").mkdir(mode=0o700, parents=True)
    try:
        with HostDirectory(workspace) as root:
            entries, _ = _scan(root, _Bytes(max_bytes), keep=staging / "blobs")
        (staging / MANIFEST).write_text(json.dumps({"version": 1, "entries": entries}))
        os.rename(staging, baseline)
    except OSError:
        if not has_snapshot(baseline):  # not one a concurrent attempt finished meanwhile
            raise
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return len(_manifest(baseline))


def compare(
    workspace: Path,
    baseline: Path,
    *,
    max_bytes: int = MAX_READ_BYTES,
    max_chars: int = MAX_DIFF_CHARS,
) -> Changes:
    """What changed in `workspace` since `baseline`, as a unified diff. When a bound stops the
    walk, what was not seen is not reported as deleted, and the result says it is truncated."""
    before = _manifest(baseline)
    changes = Changes()
    with HostDirectory(workspace) as root:
        try:
            after, changes.skipped = _scan(root, _Bytes(max_bytes), keep=None)
        except _Stopped as stopped:
            after, changes.truncated, changes.complete = stopped.entries, True, False
            changes.skipped = [*stopped.skipped, str(stopped.reason)]
            before = {name: record for name, record in before.items() if name in after}
        changes.changed = sorted(
            name for name in before.keys() | after.keys() if before.get(name) != after.get(name)
        )
        changes.current = {name: after[name] for name in changes.changed if name in after}
        chunks = _diff_chunks(changes.changed, before, after, root, baseline)
        changes.diff, clipped = _clip(chunks, max_chars)
    changes.truncated = changes.truncated or clipped
    return changes


class _Stopped(Exception):
    def __init__(self, reason: WalkLimit, entries: dict[str, Record], skipped: list[str]) -> None:
        super().__init__(str(reason))
        self.reason, self.entries, self.skipped = reason, entries, skipped


@dataclass
class _Bytes:
    left: int

    def spend(self, count: int) -> None:
        self.left -= count
        if self.left < 0:
            raise WalkLimit("the workspace's files are too large to read in full")


def _scan(
    root: HostDirectory, budget: _Bytes, *, keep: Path | None
) -> tuple[dict[str, Record], list[str]]:
    """{path: record} of the files and links, and the entries skipped. With `keep`, the content
    of small files is stored there by hash. A snapshot (keep) lets WalkLimit through."""
    entries: dict[str, Record] = {}
    skipped: list[str] = []
    try:
        for entry in root.walk(skip=SKIPPED_DIRS):
            if entry.kind == "directory" or os.path.basename(entry.path) in SKIPPED_DIRS:
                continue
            if entry.kind == "symbolic link":
                entries[entry.path] = {"kind": "link", "target": entry.target}
            elif entry.kind == "file":
                _record_file(root, entry.path, budget, keep, entries, skipped)
            else:
                skipped.append(f"{entry.path} ({entry.kind}, not read)")
    except WalkLimit as error:
        if keep is not None:
            raise
        raise _Stopped(error, entries, skipped) from None
    return entries, skipped


def _record_file(
    root: HostDirectory,
    path: str,
    budget: _Bytes,
    keep: Path | None,
    entries: dict[str, Record],
    skipped: list[str],
) -> None:
    digest, size, small = hashlib.sha256(), 0, bytearray()
    try:
        with root.open_file(path) as file:
            while chunk := file.read(_CHUNK):
                budget.spend(len(chunk))
                digest.update(chunk)
                size += len(chunk)
                if size <= MAX_TEXT_BYTES:
                    small += chunk
    except (OSError, SandboxError) as error:
        if isinstance(error, WalkLimit):
            raise
        skipped.append(f"{path} (changed while read: {error})")
        return
    entries[path] = {"kind": "file", "size": size, "sha256": digest.hexdigest()}
    if keep is not None and size <= MAX_TEXT_BYTES:
        (keep / entries[path]["sha256"]).write_bytes(bytes(small))


def _manifest(baseline: Path) -> dict[str, Record]:
    data = json.loads((baseline / MANIFEST).read_text())
    entries: dict[str, Record] = data["entries"]
    return entries


def _diff_chunks(
    names: list[str],
    before: dict[str, Record],
    after: dict[str, Record],
    root: HostDirectory,
    baseline: Path,
) -> Iterator[str]:
    def old_bytes(record: Record) -> bytes:
        return (baseline / "blobs" / record["sha256"]).read_bytes()

    def new_bytes(name: str) -> Callable[[Record], bytes]:
        return lambda record: root.read(name, limit=MAX_TEXT_BYTES)[0]

    for name in names:
        old, new = before.get(name), after.get(name)
        old_lines = _lines(old, old_bytes) if old else []
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


def _lines(record: Record, content: Callable[[Record], bytes]) -> list[str] | None:
    if record["kind"] == "link":
        return [f"symlink -> {record['target']}\n"]
    if record["size"] > MAX_TEXT_BYTES:
        return None
    try:
        return content(record).decode("utf-8").splitlines(keepends=True)
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
