"""Sandboxes started ahead of their command (agents.sandbox.pool): a taken one runs the command
exactly as a cold start would, never shows it the control pipe, and waiting ones never outlive
their pool, their workspace or their process."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from agents.sandbox import BubblewrapSandbox, cgroups
from tests.sandbox.conftest import QUICK, children_of

REPO = Path(__file__).resolve().parents[2]
# Everything a command can see of its start: limits, descriptors, directory, environment, signals.
PROBE = (
    "ulimit -a; ls /proc/self/fd; pwd; env | sort; grep -E '^(Sig|NoNewPrivs|Seccomp)' "
    "/proc/self/status; cat; exit 3"
)


@pytest.fixture
def pooled() -> Iterator[BubblewrapSandbox]:
    sandbox = BubblewrapSandbox(pool_size=2, pool_idle_seconds=30)
    yield sandbox
    assert sandbox.pool is not None
    sandbox.pool.close()


def waiting(sandbox: BubblewrapSandbox) -> list[int]:
    assert sandbox.pool is not None
    sandbox.pool.settle()
    return sandbox.pool.waiting_pids()


def gone(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return True
    return state in ("Z", "X")


def descendants(pid: int) -> list[int]:
    found = children_of(pid)
    for child in list(found):
        found += descendants(child)
    return found


def our_cgroups() -> list[Path]:
    if not cgroups.support().available:
        return []
    return [
        path
        for _, parent in cgroups.support().parents
        for path in parent.glob(f"{cgroups.PREFIX}{os.getpid()}-*")
    ]


def test_a_taken_sandbox_runs_the_command_as_a_cold_start_does(
    pooled: BubblewrapSandbox, workspace: Path
) -> None:
    (workspace / "sub").mkdir()
    assert pooled.prestart(workspace, QUICK, wait_seconds=20)
    [taken] = waiting(pooled)
    cold = BubblewrapSandbox(pool_size=0)
    run = {"workspace": workspace, "limits": QUICK, "env": {"PROBE": "1"}, "cwd": "sub"}

    warm_result = pooled.run(["sh", "-c", PROBE], stdin="from the host\n", **run)  # type: ignore[arg-type]
    cold_result = cold.run(["sh", "-c", PROBE], stdin="from the host\n", **run)  # type: ignore[arg-type]

    assert taken not in waiting(pooled), "the command did not run in the waiting sandbox"
    assert gone(taken)
    assert (warm_result.exit_code, warm_result.stderr) == (cold_result.exit_code, "")
    assert warm_result.stdout == cold_result.stdout
    # Only the command's own three descriptors (3 is ls's view of /proc/self/fd itself).
    assert "\n0\n1\n2\n3\n/workspace/sub\n" in warm_result.stdout
    # Python's waiter ignores SIGPIPE and SIGXFSZ; the command must not (signals the worker
    # itself ignores, as under nohup, are inherited by both starts alike: compared above).
    ignored = int(re.search(r"SigIgn:\t([0-9a-f]+)", warm_result.stdout)[1], 16)  # type: ignore[index]
    assert not ignored & (1 << (signal.SIGPIPE - 1))
    assert not ignored & (1 << (signal.SIGXFSZ - 1))
    assert warm_result.stdout.endswith("from the host\n")


def test_a_command_that_cannot_start_fails_as_under_prlimit(
    pooled: BubblewrapSandbox, workspace: Path
) -> None:
    assert pooled.prestart(workspace, QUICK, wait_seconds=20)
    result = pooled.run(["no-such-program"], workspace=workspace, limits=QUICK)
    assert result.exit_code == 127
    assert result.stderr == (
        "prlimit: failed to execute no-such-program: No such file or directory\n"
    )


def test_a_replaced_workspace_is_not_served_by_a_sandbox_made_for_the_old_one(
    pooled: BubblewrapSandbox, workspace: Path
) -> None:
    assert pooled.prestart(workspace, QUICK, wait_seconds=20)
    [old] = waiting(pooled)
    shutil.rmtree(workspace)
    workspace.mkdir()
    (workspace / "new.txt").write_text("the new workspace\n")

    result = pooled.run(["cat", "new.txt"], workspace=workspace, limits=QUICK)

    assert result.stdout == "the new workspace\n"
    assert gone(old)


def test_a_dead_waiting_sandbox_falls_back_to_a_cold_start(
    pooled: BubblewrapSandbox, workspace: Path
) -> None:
    assert pooled.prestart(workspace, QUICK, wait_seconds=20)
    [waiter] = waiting(pooled)
    os.killpg(waiter, signal.SIGKILL)
    deadline = time.monotonic() + 20
    while not gone(waiter) and time.monotonic() < deadline:
        # Until the killed sandbox's processes (real ones) are reaped.
        time.sleep(0.01)

    result = pooled.run(["echo", "ran"], workspace=workspace, limits=QUICK)

    assert (result.exit_code, result.stdout) == (0, "ran\n")


def test_idle_and_closed_pools_leave_no_process_or_cgroup(workspace: Path) -> None:
    sandbox = BubblewrapSandbox(pool_size=2, pool_idle_seconds=1.0)
    assert sandbox.pool is not None
    try:
        assert sandbox.prestart(workspace, QUICK, wait_seconds=20)
        [idle] = waiting(sandbox)
        tree = descendants(idle)
        deadline = time.monotonic() + 20
        while not all(gone(pid) for pid in [idle, *tree]) and time.monotonic() < deadline:
            # Until the pool's own thread ends the idle sandbox and its processes (real ones) exit.
            time.sleep(0.05)
        assert all(gone(pid) for pid in [idle, *tree])
        assert sandbox.pool.waiting_pids() == []

        assert sandbox.prestart(workspace, QUICK, wait_seconds=20)
        [closed] = waiting(sandbox)
    finally:
        sandbox.pool.close()
    assert gone(closed)
    assert our_cgroups() == []
    assert not sandbox.prestart(workspace, QUICK, wait_seconds=1), "a closed pool starts nothing"


def test_the_pool_can_be_switched_off(workspace: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LONGHAUL_SANDBOX_POOL", "0")
    sandbox = BubblewrapSandbox()
    assert sandbox.pool is None
    assert not sandbox.prestart(workspace, QUICK, wait_seconds=1)
    assert sandbox.run(["echo", "cold"], workspace=workspace, limits=QUICK).stdout == "cold\n"
    monkeypatch.setenv("LONGHAUL_SANDBOX_POOL", "3")
    on = BubblewrapSandbox()
    assert on.pool is not None
    assert on.pool.size == 3


CALLER = """
import sys
from pathlib import Path
from agents.sandbox import BubblewrapSandbox
sandbox = BubblewrapSandbox(pool_size=1)
assert sandbox.prestart(Path(sys.argv[1]), wait_seconds=20)
print(sandbox.pool.waiting_pids()[0], flush=True)
sys.stdin.read()
"""


def test_waiting_sandboxes_die_with_a_killed_worker(workspace: Path) -> None:
    worker = subprocess.Popen(
        [sys.executable, "-c", CALLER, str(workspace)],
        env={**os.environ, "PYTHONPATH": str(REPO)},
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )
    assert worker.stdout is not None
    assert worker.stdin is not None
    try:
        bwrap = int(worker.stdout.readline())
        tree = [bwrap, *descendants(bwrap)]
        assert len(tree) >= 3  # bwrap, the sandbox's init, the waiter
    finally:
        worker.kill()
        worker.wait()
        worker.stdin.close()
        worker.stdout.close()
    deadline = time.monotonic() + 20
    while not all(gone(pid) for pid in tree) and time.monotonic() < deadline:
        # Until the dead worker's sandboxes (real processes) follow it.
        time.sleep(0.05)
    assert all(gone(pid) for pid in tree)
