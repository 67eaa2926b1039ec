"""The same sandbox driven by a non-root host process (a worker running as its own user, as in
the container image): bwrap then runs as that user, and the limits still hold."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
NOBODY = 65534
SCRIPT = """
import json, sys
from pathlib import Path
from agents.sandbox import BubblewrapSandbox, ProcessLimitExceeded, SandboxLimits
sandbox, workspace = BubblewrapSandbox(), Path(sys.argv[1])
who = sandbox.run(["sh", "-c", "id -u; echo made > made.txt"], workspace=workspace)
try:
    sandbox.run(["bash", "-c", "b() { b | b & }; b; sleep 1"], workspace=workspace,
                limits=SandboxLimits(max_processes=16))
    bomb = "not contained"
except ProcessLimitExceeded:
    bomb = "ProcessLimitExceeded"
print(json.dumps({"uid": who.stdout.split()[0], "bomb": bomb}))
"""


def readable_by_nobody(path: Path) -> bool:
    return all(p.stat().st_mode & 0o005 == 0o005 for p in [path, *path.parents])


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root to start a process as another user")
@pytest.mark.skipif(not readable_by_nobody(REPO / "agents"), reason="checkout not world-readable")
def test_sandbox_works_from_an_unprivileged_host_process(workspace: Path) -> None:
    os.chown(workspace, NOBODY, NOBODY)
    completed = subprocess.run(
        ["/usr/bin/python3", "-c", SCRIPT, str(workspace)],
        user=NOBODY,
        group=NOBODY,
        extra_groups=[],
        env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin"},
        cwd="/",
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    outcome = json.loads(completed.stdout.splitlines()[-1])
    assert outcome == {"uid": "1000", "bomb": "ProcessLimitExceeded"}
    assert (workspace / "made.txt").stat().st_uid == NOBODY
