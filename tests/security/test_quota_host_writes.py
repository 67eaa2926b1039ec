"""The workspace's disk quota holds for the host-side file tools as it does for commands."""

from __future__ import annotations

from pathlib import Path

import pytest

from agents.sandbox.contract import SandboxLimits
from agents.sandbox.errors import DiskQuotaExceeded
from agents.tools.builtin.files import patch_file, write_file
from agents.tools.spec import ToolEnvironment


def _env(workspace: Path, *, disk_bytes: int, disk_files: int) -> ToolEnvironment:
    return ToolEnvironment(
        workspace=workspace,
        limits=SandboxLimits(disk_bytes=disk_bytes, disk_files=disk_files),
    )


def test_write_file_past_the_byte_quota_is_refused_and_writes_nothing(tmp_path: Path) -> None:
    # Given a workspace with a 10 kB quota and 6 kB used
    (tmp_path / "big.txt").write_bytes(b"x" * 6000)
    env = _env(tmp_path, disk_bytes=10_000, disk_files=100)

    # When the agent writes 5 kB more
    with pytest.raises(DiskQuotaExceeded, match="disk quota"):
        write_file({"path": "more.txt", "content": "y" * 5000}, env)

    # Then nothing was written, and replacing the big file with a smaller one still works
    assert not (tmp_path / "more.txt").exists()
    write_file({"path": "big.txt", "content": "small"}, env)
    assert (tmp_path / "big.txt").read_text() == "small"


def test_write_file_past_the_file_quota_is_refused(tmp_path: Path) -> None:
    # Given a workspace at its file quota
    for index in range(3):
        (tmp_path / f"f{index}.txt").write_text("a")
    env = _env(tmp_path, disk_bytes=10_000_000, disk_files=3)

    # When a new file is written, it is refused; rewriting an existing one is not
    with pytest.raises(DiskQuotaExceeded):
        write_file({"path": "f3.txt", "content": "b"}, env)
    write_file({"path": "f0.txt", "content": "c"}, env)

    assert sorted(p.name for p in tmp_path.iterdir()) == ["f0.txt", "f1.txt", "f2.txt"]


def test_patch_file_that_would_grow_past_the_quota_changes_nothing(tmp_path: Path) -> None:
    # Given a file near the byte quota
    (tmp_path / "notes.txt").write_text("one\n")
    env = _env(tmp_path, disk_bytes=2000, disk_files=100)
    huge_line = "z" * 4000
    diff = f"--- a/notes.txt\n+++ b/notes.txt\n@@ -1 +1,2 @@\n one\n+{huge_line}\n"

    # When a patch adds more than the quota allows
    with pytest.raises(DiskQuotaExceeded):
        patch_file({"diff": diff}, env)

    # Then the file is unchanged
    assert (tmp_path / "notes.txt").read_text() == "one\n"
