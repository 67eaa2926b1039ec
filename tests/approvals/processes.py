"""Celery beat as a real process, beside tests.support.processes' worker."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.support.processes import REPO, child_env, stop_process


@contextmanager
def celery_beat(schedule_dir: Path, **env: str) -> Iterator[subprocess.Popen[bytes]]:
    """`celery beat` for the test database and Redis, with its schedule file under a tmp dir."""
    command = [
        sys.executable,
        "-m",
        "celery",
        "-A",
        "config.worker",
        "beat",
        "-l",
        "WARNING",
        "--schedule",
        str(schedule_dir / "beat-schedule"),
    ]
    process = subprocess.Popen(command, env=child_env(**env), cwd=REPO, start_new_session=True)
    try:
        yield process
    finally:
        stop_process(process)
