"""The remote systems an organization connects, served once per module on loopback, and the
operator's allowance that lets tool sources reach loopback in tests."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.processes import REPO, free_port, stop_process, wait_for_http

STDIO_SERVER = (Path(__file__).parent / "stdio_server.py").read_text()


@pytest.fixture(scope="module")
def remote() -> Iterator[str]:
    port = free_port()
    env = {**os.environ, "PYTHONPATH": f"{REPO / 'platform'}:{REPO}"}
    command = [sys.executable, "-m", "tests.toolsources.remote_service", str(port)]
    process = subprocess.Popen(command, cwd=REPO, env=env, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_for_http(f"{base}/healthz", process=process)
        yield base
    finally:
        stop_process(process)


@pytest.fixture
def loopback(settings: Any) -> Iterator[None]:
    """The operator allows tool sources on 127.0.0.1; workspaces live where the sandbox's user
    can reach them (pytest's own temporary directories are 0700)."""
    settings.LONGHAUL_TOOL_ALLOWED_PRIVATE_HOSTS = ["127.0.0.1"]
    root = Path(tempfile.mkdtemp(prefix="longhaul-tools-test-"))
    root.chmod(0o711)
    settings.LONGHAUL_WORKSPACES_DIR = root / "workspaces"
    settings.LONGHAUL_ARTIFACTS_DIR = root / "artifacts"
    settings.LONGHAUL_SNAPSHOTS_DIR = root / "snapshots"
    yield
    shutil.rmtree(root, ignore_errors=True)
