"""Fixtures for the sandbox suite: the real bubblewrap sandbox, a fresh workspace per test, and a
/proc scan that proves nothing a test started is still running."""

from __future__ import annotations

import os
import secrets
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from agents.sandbox import BubblewrapSandbox, SandboxLimits

# Small limits keep the hostile tests quick; each test states the limit it exercises.
QUICK = SandboxLimits(cpu_seconds=2, memory_bytes=256 * 1024**2, wall_seconds=20)


@pytest.fixture
def sandbox() -> BubblewrapSandbox:
    return BubblewrapSandbox()


@pytest.fixture
def workspaces_root() -> Iterator[Path]:
    """Like the platform's workspaces directory: searchable by the sandbox's host uid, which
    pytest's own 0700 temporary directories are not."""
    root = Path(tempfile.mkdtemp(prefix="longhaul-sandbox-test-"))
    root.chmod(0o711)
    yield root
    shutil.rmtree(root, ignore_errors=True)


@pytest.fixture
def workspace(workspaces_root: Path) -> Path:
    path = workspaces_root / "workspace"
    path.mkdir()
    return path


@pytest.fixture
def marker() -> Iterator[str]:
    """A unique number to put in a command line (`sleep <marker>`); after the test no process on
    the host may carry it."""
    value = f"{secrets.randbelow(10**6) + 10**6}.{secrets.randbelow(10**6):06d}"
    yield value
    assert processes_with(value) == [], f"processes left running with marker {value}"


def processes_with(text: str) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if text in cmdline:
            found.append(int(entry.name))
    return found


def children_of(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if int(fields[1]) == pid:
            found.append(int(entry.name))
    return found


@pytest.fixture(autouse=True)
def _no_sandbox_children() -> Iterator[None]:
    """Every sandbox run must have reaped bwrap before it returned."""
    before = set(children_of(os.getpid()))
    yield
    assert set(children_of(os.getpid())) <= before
