"""A worker killed with SIGKILL mid-command (the chaos case) leaves no sandboxed process behind:
bwrap's init dies with its parent (--die-with-parent) and takes the pid namespace with it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from tests.sandbox.conftest import processes_with

REPO = Path(__file__).resolve().parents[2]
CALLER = """
import sys
from pathlib import Path
from agents.sandbox import BubblewrapSandbox, SandboxLimits
print("starting", flush=True)
BubblewrapSandbox().run(
    ["sh", "-c", f"sleep {sys.argv[2]} & setsid sleep {sys.argv[2]} & sleep {sys.argv[2]}"],
    workspace=Path(sys.argv[1]),
    limits=SandboxLimits(wall_seconds=300),
)
"""


def sleepers(marker: str) -> list[int]:
    found = []
    for pid in processes_with(marker):
        try:
            if Path(f"/proc/{pid}/cmdline").read_bytes() == f"sleep\0{marker}\0".encode():
                found.append(pid)
        except OSError:
            continue
    return found


def wait_for(condition: object, seconds: float = 20.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():  # type: ignore[operator]
            return True
        # Until the sandbox's processes (real ones) get there, or are gone.
        time.sleep(0.05)
    return False


def test_killing_the_caller_kills_the_sandbox(workspace: Path, marker: str) -> None:
    caller = subprocess.Popen(
        [sys.executable, "-c", CALLER, str(workspace), marker],
        env={**os.environ, "PYTHONPATH": str(REPO)},
        stdout=subprocess.PIPE,
    )
    try:
        assert wait_for(lambda: len(sleepers(marker)) == 3), "the sandboxed sleeps did not start"
    finally:
        os.kill(caller.pid, signal.SIGKILL)
        caller.wait()
        assert caller.stdout is not None
        caller.stdout.close()
    assert wait_for(lambda: processes_with(marker) == []), processes_with(marker)
