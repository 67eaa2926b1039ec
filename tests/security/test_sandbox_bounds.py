"""Every sandbox is bounded as a whole, against the real bubblewrap sandbox: memory, CPU and tasks
for all the processes of one command together (the per-process limits allowed 12 x 450 MB, both
cores and 64 x 512 MB), the workspace's disk quota in bytes and in files, egress only to the
allowed index, output cleaned on every path, and no host path in the sandbox's view of itself."""

from __future__ import annotations

import json
import os
import secrets
import shutil
import subprocess
import tempfile
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from agents.sandbox import (
    BubblewrapSandbox,
    DiskQuotaExceeded,
    Egress,
    MemoryExceeded,
    ProcessLimitExceeded,
    SandboxLimits,
    index_egress,
    pip_install_command,
)
from agents.sandbox.cgroups import support
from agents.sandbox.pyenv import with_environment
from agents.sandbox.quota import measure
from agents.tools import ToolEnvironment, ToolExecutor, default_registry
from tests.sandbox.conftest import marker, processes_with, sandbox, workspace, workspaces_root
from tests.sandbox.test_network import index_url

__all__ = ["index_url", "marker", "sandbox", "workspace", "workspaces_root"]
GiB = 1024**3
MiB = 1024**2
needs_cgroups = pytest.mark.skipif(
    not support().available, reason=f"no usable cgroup here: {support().detail}"
)


def cgroups_are_writable_here() -> bool:
    """This machine's kind: root with the v1 memory hierarchy mounted read-write."""
    return os.geteuid() == 0 and os.access("/sys/fs/cgroup/memory/cgroup.procs", os.W_OK)


@pytest.mark.skipif(not cgroups_are_writable_here(), reason="no writable cgroup hierarchy")
def test_where_the_host_has_cgroups_the_sandbox_uses_them() -> None:
    found = support()
    assert found.available, found.detail
    assert found.mode in {"v1", "v2"}


# --- memory, CPU and tasks for the sandbox as a whole ------------------------------------------

TWELVE_HOGS = """
import os, time
children = []
for _ in range(12):
    pid = os.fork()
    if pid == 0:
        hog = b"x" * (450 * 1024 * 1024)  # touches every page: resident, not just reserved
        # Each hog, a real process, holds its memory a while.
        time.sleep(20)
        os._exit(0)
    children.append(pid)
print("forked", len(children), flush=True)
for pid in children:
    os.waitpid(pid, 0)
print("all finished")
"""


@needs_cgroups
@pytest.mark.timeout(120)
def test_twelve_processes_of_450_mb_are_stopped_by_the_whole_sandbox_memory_limit(
    sandbox: BubblewrapSandbox, workspace: Path, marker: str
) -> None:
    limits = SandboxLimits(total_memory_bytes=GiB, wall_seconds=60)
    assert limits.memory_bytes > 450 * MiB  # each process alone is within its own limit

    with pytest.raises(MemoryExceeded, match="all its processes together") as stopped:
        sandbox.run(["python3", "-c", TWELVE_HOGS, marker], workspace=workspace, limits=limits)

    assert stopped.value.result is not None
    assert "all finished" not in stopped.value.result.stdout


CPU_HOGS = """
import os, resource, time
started = time.monotonic()
for _ in range(8):
    if os.fork() == 0:
        while time.monotonic() - started < 3:
            pass
        os._exit(0)
for _ in range(8):
    os.wait()
wall = time.monotonic() - started
used = resource.getrusage(resource.RUSAGE_CHILDREN)
print(f"{(used.ru_utime + used.ru_stime) / wall:.3f}")
"""


@dataclass
class CgroupSeen:
    """What the host saw of a running command's CPU cgroup: its quota and its processes."""

    quota: str = ""
    processes: int = 0


def watch_cpu_cgroup(seen: CgroupSeen, done: threading.Event) -> None:
    parent = dict(support().parents).get("cpu", dict(support().parents).get("unified"))
    assert parent is not None
    while not done.is_set():
        for group in parent.glob(f"longhaul-{os.getpid()}-*"):
            try:
                quota = (group / "cpu.cfs_quota_us").read_text().strip()
                processes = len((group / "cgroup.procs").read_text().split())
            except OSError:
                continue  # v2, or gone already
            if processes > seen.processes:
                seen.quota, seen.processes = quota, processes
        done.wait(0.05)


@needs_cgroups
@pytest.mark.timeout(60)
def test_eight_busy_loops_get_no_more_than_the_sandbox_cpu_share(
    sandbox: BubblewrapSandbox, workspace: Path
) -> None:
    """The loops run inside the command's cgroup with its CPU quota, and the CPU time the kernel
    accounted to them per wall second stays within the share (plus the scheduler's slack), where
    unbounded they would take every core the machine has free."""
    limits = SandboxLimits(cpus=0.5, wall_seconds=30)
    seen, done = CgroupSeen(), threading.Event()
    watcher = threading.Thread(target=watch_cpu_cgroup, args=(seen, done))
    watcher.start()
    try:
        result = sandbox.run(["python3", "-c", CPU_HOGS], workspace=workspace, limits=limits)
    finally:
        done.set()
        watcher.join()

    assert result.exit_code == 0, result.stderr
    assert float(result.stdout) <= 0.5 * 1.3
    if support().mode == "v1":
        assert seen.quota == "50000"  # of each 100 ms period
        assert seen.processes >= 9  # the eight loops and their parent, at least


FORK_STORM = """
import os, sys, time
children = 0
try:
    while True:
        if os.fork() == 0:
            # Each child, a real process, holds its slot a while.
            time.sleep(60)
            os._exit(0)
        children += 1
except OSError as error:
    print(children, flush=True)
    raise
"""


@needs_cgroups
@pytest.mark.timeout(60)
def test_a_fork_storm_is_bounded_by_the_whole_sandbox_task_limit(
    sandbox: BubblewrapSandbox, workspace: Path, marker: str
) -> None:
    limits = SandboxLimits(max_processes=1000, total_processes=40, wall_seconds=30)

    with pytest.raises(ProcessLimitExceeded, match="40 tasks") as stopped:
        sandbox.run(["python3", "-c", FORK_STORM, marker], workspace=workspace, limits=limits)

    assert stopped.value.result is not None
    assert 0 < int(stopped.value.result.stdout) < 40
    assert processes_with(marker) == []


# --- the workspace's disk quota -----------------------------------------------------------------

BIG_FILES = """
block = bytes(range(256)) * 4096
for n in range(36):
    with open(f"big-{n}.bin", "wb") as out:
        for _ in range(60):
            out.write(block)
print("wrote them all")
"""


@pytest.mark.timeout(180)
def test_36_files_of_60_mb_are_stopped_by_the_disk_quota(
    sandbox: BubblewrapSandbox, workspace: Path
) -> None:
    limits = SandboxLimits(disk_bytes=GiB, wall_seconds=120)
    assert limits.file_size_bytes > 60 * MiB  # every file alone is allowed

    with pytest.raises(DiskQuotaExceeded, match="over its disk quota") as stopped:
        sandbox.run(["python3", "-c", BIG_FILES], workspace=workspace, limits=limits)

    assert "rm -rf" in str(stopped.value)  # the agent is told how to get out
    assert stopped.value.result is not None
    assert "wrote them all" not in stopped.value.result.stdout
    used = measure(workspace, max_bytes=10 * GiB, max_files=10**6).bytes
    assert GiB < used < GiB + 512 * MiB  # stopped at the quota, far from the 2.1 GB it wanted


@pytest.mark.timeout(180)
def test_an_over_quota_workspace_can_delete_but_not_write(
    sandbox: BubblewrapSandbox, workspace: Path
) -> None:
    limits = SandboxLimits(disk_bytes=40 * MiB, wall_seconds=60)
    with pytest.raises(DiskQuotaExceeded):
        sandbox.run(["sh", "-c", "head -c 50M /dev/zero > big.bin"], workspace=workspace,
                    limits=limits)  # fmt: skip

    with pytest.raises(DiskQuotaExceeded, match="could not write files"):
        sandbox.run(["sh", "-c", "echo more > more.txt"], workspace=workspace, limits=limits)
    with pytest.raises(DiskQuotaExceeded, match="still over its disk quota"):
        sandbox.run(["sh", "-c", "ls > /dev/null"], workspace=workspace, limits=limits)
    freed = sandbox.run(
        ["sh", "-c", "rm big.bin && echo freed"], workspace=workspace, limits=limits
    )
    again = sandbox.run(["sh", "-c", "echo fine > ok.txt && cat ok.txt"], workspace=workspace,
                        limits=limits)  # fmt: skip

    assert freed.stdout == "freed\n"
    assert again.stdout == "fine\n"


FARM = """
import os
for n in range({count}):
    {make}
print("made them all")
"""
FILE = 'os.close(os.open(f"f{n}", os.O_CREAT | os.O_WRONLY, 0o644))'
DIRECTORY = 'os.mkdir(f"d{n}")'


@pytest.mark.timeout(180)
@pytest.mark.parametrize(
    ("make", "count", "quota", "least"),
    [
        pytest.param(FILE, 200_000, 50_000, 50_000, id="200000-small-files"),
        pytest.param(DIRECTORY, 30_000, 5_000, 0, id="empty-directories"),
    ],
)
def test_a_farm_of_small_files_or_empty_directories_is_stopped_by_the_files_quota(
    sandbox: BubblewrapSandbox, workspace: Path, make: str, count: int, quota: int, least: int
) -> None:
    limits = SandboxLimits(disk_files=quota, wall_seconds=120)
    farm = FARM.format(count=count, make=make)

    with pytest.raises(DiskQuotaExceeded, match=f"{quota} files and directories") as stopped:
        sandbox.run(["python3", "-c", farm], workspace=workspace, limits=limits)

    assert stopped.value.result is not None
    assert "made them all" not in stopped.value.result.stdout
    assert least < len(os.listdir(workspace)) < min(count, 120_000)


# --- egress of an approved install --------------------------------------------------------------

PROBES = """
import socket, subprocess, sys
for target in sys.argv[1:]:
    host, port = target.rsplit(":", 1)
    url = f"http://{target}/" if port != "443" else f"https://{host}/"
    code = subprocess.run(["curl", "-s", "-o", "/dev/null", "-m", "10", "-w", "%{http_code}", url],
                          capture_output=True, text=True).stdout
    try:
        socket.create_connection((host, int(port)), timeout=3).close()
        direct = "connected"
    except OSError as error:
        direct = type(error).__name__
    print(target, code, direct, flush=True)
"""
FORBIDDEN = [
    "127.0.0.1:6379",
    "127.0.0.1:5432",
    "169.254.169.254:80",
    "10.0.0.1:80",
    "pypi.org:443",
]


@pytest.mark.timeout(120)
def test_an_approved_install_reaches_the_index_and_nothing_else(
    sandbox: BubblewrapSandbox, workspace: Path, index_url: str
) -> None:
    egress = index_egress(f"{index_url}/simple", Egress())
    command = pip_install_command(["tinypkg==1.0"], index_url=f"{index_url}/simple")

    install = with_environment(sandbox).run(
        command, workspace=workspace, network=egress, cwd="/tmp"
    )
    probes = sandbox.run(["python3", "-c", PROBES, *FORBIDDEN], workspace=workspace, network=egress)

    assert install.exit_code == 0, install.stderr
    assert (workspace / ".packages" / "tinypkg" / "__init__.py").is_file()
    seen = {line.split()[0]: line.split()[1:] for line in probes.stdout.splitlines()}
    assert set(seen) == set(FORBIDDEN), probes.stdout + probes.stderr
    for target, (proxied, direct) in seen.items():
        assert proxied in {"403", "000"}, (target, proxied)  # refused by the proxy (or by curl)
        assert direct != "connected", target  # and the sandbox has no route of its own


def pypi_is_reachable() -> bool:
    try:
        subprocess.run(
            ["curl", "-sSf", "-o", "/dev/null", "-m", "10", "https://pypi.org/simple/six/"],
            check=True,
            capture_output=True,
        )
    except (OSError, subprocess.CalledProcessError):
        return False
    return True


@pytest.mark.skipif(not pypi_is_reachable(), reason="PyPI is not reachable from this host")
@pytest.mark.timeout(300)
def test_an_approved_install_from_pypi_works_through_the_proxy(
    sandbox: BubblewrapSandbox, workspace: Path
) -> None:
    index = "https://pypi.org/simple"
    egress = index_egress(index, Egress(hosts=("files.pythonhosted.org:443",)))
    command = pip_install_command(["six==1.17.0"], index_url=index)

    install = with_environment(sandbox).run(
        command,
        workspace=workspace,
        network=egress,
        limits=SandboxLimits(wall_seconds=240),
        cwd="/tmp",
    )

    assert install.exit_code == 0, install.stdout + install.stderr
    assert (workspace / ".packages" / "six.py").is_file()


# --- output -------------------------------------------------------------------------------------

ESCAPES = (
    r"printf '\033[2J\033[31mred\033[0m \033]8;;http://evil/\007link\033]8;;\007 \302\233Kc1\r\n'"
)


@pytest.fixture
def tools(workspace: Path) -> tuple[ToolExecutor, ToolEnvironment]:
    env = ToolEnvironment(
        workspace=workspace,
        sandbox=BubblewrapSandbox(),
        limits=SandboxLimits(output_bytes=200_000, wall_seconds=5),
    )
    return ToolExecutor(default_registry()), env


@pytest.mark.parametrize(
    ("tail", "error_class"),
    [
        ("", None),  # success
        ("; exit 3", None),  # a failed command is still a result
        ("; head -c 300000 /dev/zero | tr '\\0' '\\033'", "OutputTruncated"),
        ("; yes \"$(printf '\\033[1mbold\\033[0m')\" | head -c 150000; sleep 30", "SandboxTimeout"),
    ],
    ids=["success", "exit-code", "overflow", "timeout"],
)
def test_output_is_stripped_and_clipped_on_every_path(
    tools: tuple[ToolExecutor, ToolEnvironment], tail: str, error_class: str | None
) -> None:
    executor, env = tools

    outcome = executor.execute("run_command", {"command": ESCAPES + tail}, env)

    assert outcome.error_class == error_class, outcome.error
    shown = json.dumps(outcome.output)
    text = outcome.output["stdout"] + outcome.output["stderr"]
    assert "red link c1\n" in text
    assert not any(ch in text for ch in "\x1b\x07\x9b\r\x00")
    assert len(text) <= 2 * 12_100
    assert len(shown) < 30_000


# --- no host path inside ------------------------------------------------------------------------


@pytest.fixture
def data_dir() -> Iterator[Path]:
    """A data directory with a name no sandbox could guess, holding workspaces as an operator
    would: the workspaces directory on a file system of its own (here a tmpfs)."""
    root = Path(tempfile.mkdtemp(prefix=f"longhaul-data-{secrets.token_hex(6)}-"))
    root.chmod(0o711)
    workspaces = root / "workspaces"
    workspaces.mkdir(mode=0o711)
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64m,mode=0711", "ws", workspaces],
                   check=True)  # fmt: skip
    yield root
    subprocess.run(["umount", "-l", str(workspaces)], check=False)
    shutil.rmtree(root, ignore_errors=True)


@pytest.mark.skipif(os.geteuid() != 0, reason="mounting a file system needs root")
def test_proc_cmdline_and_mountinfo_show_no_host_data_dir(
    sandbox: BubblewrapSandbox, data_dir: Path
) -> None:
    run = data_dir / "workspaces" / "run-7f3a"
    run.mkdir(mode=0o755)
    script = "cat /proc/1/cmdline /proc/*/cmdline /proc/self/mountinfo /proc/1/mountinfo; echo"

    result = sandbox.run(["sh", "-c", script], workspace=run)

    assert "/workspace" in result.stdout  # what was read is the real thing
    assert str(data_dir) not in result.stdout + result.stderr
    assert data_dir.name not in result.stdout + result.stderr
    cmdline = (result.stdout.split("\n")[0]).split("\0")
    assert cmdline[:3] == [sandbox.bwrap, "--args", cmdline[2]]
    assert cmdline[2].isdigit()


def test_proc_1_cmdline_never_shows_the_workspace_path(
    sandbox: BubblewrapSandbox, workspaces_root: Path
) -> None:
    run = workspaces_root / f"secret-run-{secrets.token_hex(4)}"
    run.mkdir()

    result = sandbox.run(["sh", "-c", "cat /proc/1/cmdline /proc/self/cmdline"], workspace=run)

    assert run.name not in result.stdout
    assert str(workspaces_root) not in result.stdout
