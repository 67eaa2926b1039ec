"""Attacks on the sandbox as a whole, beyond the ones reported: memory hidden in tmpfs, threads
instead of processes, disk taken without writing (fallocate), sparse files, hard-link farms,
deleted files held open, trees too deep to measure, and a workspace already far over its quota
(directory farms are with the other files-quota case, in test_sandbox_bounds.py). Each is stopped with a typed error the agent sees, on the real sandbox."""

from __future__ import annotations

from pathlib import Path

import pytest

from agents.sandbox import (
    BubblewrapSandbox,
    DiskQuotaExceeded,
    MemoryExceeded,
    ProcessLimitExceeded,
    SandboxLimits,
)
from agents.sandbox.cgroups import support
from agents.sandbox.quota import measure
from tests.sandbox.conftest import marker, processes_with, sandbox, workspace, workspaces_root

__all__ = ["marker", "sandbox", "workspace", "workspaces_root"]
MiB = 1024**2
needs_cgroups = pytest.mark.skipif(
    not support().available, reason=f"no usable cgroup here: {support().detail}"
)


def disk_use(path: Path) -> int:
    return measure(path, max_bytes=1 << 50, max_files=1 << 30).bytes


@needs_cgroups
@pytest.mark.timeout(120)
def test_memory_hidden_in_tmp_and_dev_shm_counts_toward_the_sandbox(
    sandbox: BubblewrapSandbox, workspace: Path, marker: str
) -> None:
    """Each piece is within its own limit: 240 MB in each tmpfs (in files of 60 MB), 300 MB per
    process."""
    fill = "for i in 1 2 3 4; do head -c 60M /dev/zero > {}/fill-$i; done"
    script = (
        f"{fill.format('/tmp')} && {fill.format('/dev/shm')} && "
        # Two processes in the sandbox hold 300 MB each a while.
        f"for i in 1 2; do python3 -c 'import time; b = b\"x\" * (300 << 20); time.sleep(20)' "
        f"{marker} & done; wait; echo survived"
    )
    limits = SandboxLimits(total_memory_bytes=1024 * MiB, wall_seconds=60)

    with pytest.raises(MemoryExceeded, match="/dev/shm count too") as stopped:
        sandbox.run(["sh", "-c", script], workspace=workspace, limits=limits)

    assert stopped.value.result is not None
    assert "survived" not in stopped.value.result.stdout


THREADS = """
import threading, time
threading.stack_size(256 * 1024)
started = 0
try:
    while True:
        threading.Thread(target=time.sleep, args=(60,), daemon=True).start()
        started += 1
except RuntimeError:
    print(started, flush=True)
    raise
"""


@needs_cgroups
@pytest.mark.timeout(60)
def test_threads_count_toward_the_whole_sandbox_task_limit(
    sandbox: BubblewrapSandbox, workspace: Path
) -> None:
    """Small stacks and one malloc arena, so that address space is not what runs out first."""
    limits = SandboxLimits(max_processes=1000, total_processes=40, wall_seconds=30)

    with pytest.raises(ProcessLimitExceeded) as stopped:
        sandbox.run(
            ["python3", "-c", THREADS],
            workspace=workspace,
            limits=limits,
            env={"MALLOC_ARENA_MAX": "1"},
        )

    assert stopped.value.result is not None
    assert 0 < int(stopped.value.result.stdout) < 40


def test_fallocate_cannot_reserve_disk_past_the_file_size_limit(
    sandbox: BubblewrapSandbox, workspace: Path
) -> None:
    """fallocate's keep-size mode ignores RLIMIT_FSIZE: one call could take the host's disk."""
    script = "touch kept grown; fallocate -n -l 8G kept; echo $?; fallocate -l 8G grown; echo $?"

    result = sandbox.run(["sh", "-c", script], workspace=workspace)

    assert result.stdout.split() == ["1", "1"], result.stderr
    assert "Operation not supported" in result.stderr
    assert disk_use(workspace) < MiB


def test_sparse_files_count_at_their_apparent_size(
    sandbox: BubblewrapSandbox, workspace: Path
) -> None:
    script = "for i in $(seq 20); do truncate -s 60M sparse-$i; done; echo made"
    limits = SandboxLimits(disk_bytes=1024 * MiB)

    with pytest.raises(DiskQuotaExceeded, match="over its disk quota"):
        sandbox.run(["sh", "-c", script], workspace=workspace, limits=limits)


def test_a_hard_link_farm_counts_every_name(sandbox: BubblewrapSandbox, workspace: Path) -> None:
    """30 links to one 50 MB file take 50 MB of disk, but any copy of the workspace (a snapshot,
    an archive) would take 1.5 GB: every name counts."""
    script = "head -c 50M /dev/zero > a && for i in $(seq 30); do ln a link-$i; done; echo linked"
    limits = SandboxLimits(disk_bytes=1024 * MiB)

    with pytest.raises(DiskQuotaExceeded, match="over its disk quota") as stopped:
        sandbox.run(["sh", "-c", script], workspace=workspace, limits=limits)

    assert stopped.value.result is not None


HELD_OPEN = """
import os, sys, time
held = []
block = bytes(range(256)) * 4096
for n in range(20):
    out = open(f"gone-{n}", "wb")
    for _ in range(60):
        out.write(block)
    out.flush()
    os.unlink(f"gone-{n}")
    held.append(out)
print("holding", flush=True)
# The process holds its deleted files open a while.
time.sleep(60)
"""


@needs_cgroups
@pytest.mark.timeout(120)
def test_deleted_files_held_open_count_toward_the_quota(
    sandbox: BubblewrapSandbox, workspace: Path, marker: str
) -> None:
    """1.2 GB the tree walk cannot see: unlinked, but kept alive by an open descriptor."""
    limits = SandboxLimits(disk_bytes=1024 * MiB, wall_seconds=60)

    with pytest.raises(DiskQuotaExceeded, match="over its disk quota"):
        sandbox.run(["python3", "-c", HELD_OPEN, marker], workspace=workspace, limits=limits)

    assert processes_with(marker) == []
    assert disk_use(workspace) <= 60 * MiB  # at most the file being written when it was stopped


def test_a_tree_too_deep_to_measure_can_only_be_removed(
    sandbox: BubblewrapSandbox, workspace: Path
) -> None:
    deep = "d=deep; for i in $(seq 200); do d=$d/x; done; mkdir -p $d && echo made"

    with pytest.raises(DiskQuotaExceeded, match="levels deep"):
        sandbox.run(["sh", "-c", deep], workspace=workspace)
    with pytest.raises(DiskQuotaExceeded, match="could not write"):
        sandbox.run(["sh", "-c", "echo more > more.txt"], workspace=workspace)
    cleaned = sandbox.run(["sh", "-c", "rm -rf deep && echo cleaned"], workspace=workspace)
    after = sandbox.run(["sh", "-c", "echo fine > ok.txt && cat ok.txt"], workspace=workspace)

    assert cleaned.stdout == "cleaned\n"
    assert after.stdout == "fine\n"


def test_a_workspace_far_over_its_quota_runs_nothing(
    sandbox: BubblewrapSandbox, workspace: Path
) -> None:
    """Past twice the quota even deleting commands are refused: the way there is a slow creep of
    commands each overshooting a little, which must end."""
    for n in range(250):
        (workspace / f"f{n}").touch()
    limits = SandboxLimits(disk_files=100)

    with pytest.raises(DiskQuotaExceeded, match="far over its disk quota"):
        sandbox.run(["sh", "-c", "touch ran"], workspace=workspace, limits=limits)

    assert not (workspace / "ran").exists()
