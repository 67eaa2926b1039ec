"""The one workspace snapshot store: the diff baseline is a snapshot of it, in the per-step
snapshots' format; what a baseline cannot do (restore, or be read when an earlier version wrote
it) is refused with a reason; the record that lets a file skip being copied or compared cannot
be faked from inside the sandbox."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from agents.sandbox import snapshot_store
from agents.sandbox.snapshot_store import Bounds, NotASnapshot
from agents.tools.builtin import snapshots

BOUNDS = Bounds(max_bytes=1 << 20, max_files=1000)


def write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)


def test_the_baseline_is_a_store_snapshot_without_git_that_cannot_restore(tmp_path: Path) -> None:
    # given a workspace with a repository's .git beside its code, and its baseline
    workspace = tmp_path / "ws"
    write(workspace, {"app.py": "x = 1\n", ".git/HEAD": "ref: refs/heads/main\n"})
    baseline = snapshots.baseline_path(workspace)
    assert snapshots.take_snapshot(workspace, baseline) == 1

    # then it is a snapshot of the store, with the code and without .git
    manifest = snapshot_store.readable_manifest(baseline)
    assert list(manifest["files"]) == ["app.py"]
    assert ".git" in manifest["left_out"]
    assert (baseline / "tree" / "app.py").read_text() == "x = 1\n"
    assert not (baseline / "tree" / ".git").exists()
    # and, being partial, it never replaces a workspace
    (workspace / "app.py").write_text("x = 2\n")
    with pytest.raises(NotASnapshot, match=r"taken without .*\.git.* cannot restore"):
        snapshot_store.restore(baseline, workspace)
    assert (workspace / "app.py").read_text() == "x = 2\n"
    assert (workspace / ".git/HEAD").exists()


def test_a_rewrite_that_keeps_size_inode_and_mtime_is_still_a_change(tmp_path: Path) -> None:
    # given a baseline, and a file rewritten in place with as many bytes and its old mtime
    workspace = tmp_path / "ws"
    write(workspace, {"a.txt": "one\n", "b.txt": "same\n"})
    baseline = snapshots.baseline_path(workspace)
    snapshots.take_snapshot(workspace, baseline)
    before = os.stat(workspace / "a.txt")
    with open(workspace / "a.txt", "r+") as file:
        file.write("two\n")
    os.utime(workspace / "a.txt", ns=(before.st_atime_ns, before.st_mtime_ns))
    assert os.stat(workspace / "a.txt").st_ino == before.st_ino

    changes = snapshots.compare(workspace, baseline)

    assert changes.changed == ["a.txt"]
    assert "-one\n+two\n" in changes.diff
    assert changes.current["a.txt"]["size"] == 4


def test_a_file_changed_just_before_the_snapshot_is_confirmed_by_its_bytes() -> None:
    record = [4, 10, 5_000_000_123, 7]
    settled = {"files": {"a": record}, "taken_ns": 5_100_000_000}
    racy = {"files": {"a": record}, "taken_ns": 5_010_000_000}
    earlier_version = {"files": {"a": record}}
    whole_seconds = [4, 10, 5_000_000_000, 7]
    coarse = {"files": {"a": whole_seconds}, "taken_ns": 6_500_000_000}

    assert snapshot_store.unchanged(settled, "a", record) is True
    assert snapshot_store.unchanged(settled, "a", [4, 10, 5_000_000_124, 7]) is False
    assert snapshot_store.unchanged(racy, "a", record) is None
    assert snapshot_store.unchanged(earlier_version, "a", record) is None
    assert snapshot_store.unchanged(coarse, "a", whole_seconds) is None


def test_a_snapshot_taken_after_the_baseline_shares_its_unchanged_files(tmp_path: Path) -> None:
    workspace = tmp_path / "ws"
    write(workspace, {"kept.txt": "kept\n", "edited.txt": "old\n"})
    baseline = snapshots.baseline_path(workspace)
    snapshots.take_snapshot(workspace, baseline)
    (workspace / "edited.txt").write_text("new\n")

    snapshot_store.take(workspace, tmp_path / "s", previous=baseline, bounds=BOUNDS)

    def inode(root: Path, name: str) -> int:
        return os.stat(root / "tree" / name).st_ino

    assert inode(tmp_path / "s", "kept.txt") == inode(baseline, "kept.txt")
    assert inode(tmp_path / "s", "edited.txt") != inode(baseline, "edited.txt")
    assert (tmp_path / "s/tree/edited.txt").read_text() == "new\n"
    assert (baseline / "tree/edited.txt").read_text() == "old\n"


def test_a_baseline_an_earlier_version_wrote_is_refused_with_the_reason(tmp_path: Path) -> None:
    # given a baseline in the format of earlier versions (a manifest of hashes and blobs)
    workspace = tmp_path / "ws"
    write(workspace, {"a.txt": "one\n"})
    baseline = snapshots.baseline_path(workspace)
    (baseline / "blobs").mkdir(parents=True)
    entries = {"a.txt": {"kind": "file", "size": 4, "sha256": "0" * 64}}
    (baseline / "manifest.json").write_text(json.dumps({"version": 1, "entries": entries}))

    # then it is kept (a re-run step does not move the baseline), and a diff says why it cannot
    assert snapshots.take_snapshot(workspace, baseline) == 1
    with pytest.raises(snapshots.BaselineUnreadable, match="earlier version of Longhaul"):
        snapshots.compare(workspace, baseline)
