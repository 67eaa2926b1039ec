"""Containment: hostile commands, each stopped with the right typed error or failing inside the
sandbox, with the host unchanged and nothing left running (the `marker` fixture scans /proc)."""

from __future__ import annotations

import errno
import os
import platform
import socket
import threading
import time
from pathlib import Path

import pytest

from agents.sandbox import (
    BubblewrapSandbox,
    CpuTimeExceeded,
    FileSizeExceeded,
    MemoryExceeded,
    OutputTruncated,
    ProcessLimitExceeded,
    SandboxLimits,
    SandboxTimeout,
    WorkspaceEscape,
    resolve_in_workspace,
    seccomp,
)
from tests.sandbox.conftest import QUICK, processes_with


def run_sh(
    sandbox: BubblewrapSandbox,
    workspace: Path,
    script: str,
    limits: SandboxLimits = QUICK,
    **kwargs: object,
) -> str:
    """Runs a shell script and returns stdout and stderr together, for "nothing leaked" checks."""
    result = sandbox.run(["sh", "-c", script], workspace=workspace, limits=limits, **kwargs)  # type: ignore[arg-type]
    return result.stdout + result.stderr


# --- host secrets -------------------------------------------------------------------------------


def test_etc_shadow_is_not_readable(sandbox: BubblewrapSandbox, workspace: Path) -> None:
    output = run_sh(sandbox, workspace, "cat /etc/shadow; ls /etc")
    assert "No such file" in output
    assert "root:" not in output
    assert "shadow" not in output.split("No such file")[1]


def test_project_env_file_is_not_reachable(
    sandbox: BubblewrapSandbox, workspaces_root: Path
) -> None:
    project = workspaces_root / "project"
    workspace = project / ".data" / "workspaces" / "run-1"
    workspace.mkdir(parents=True)
    (project / ".env").write_text("SECRET_KEY=project-secret-5521\n")
    output = run_sh(
        sandbox,
        workspace,
        "cat ../.env ../../.env ../../../.env /workspace/../.env; "
        "find / \\( -path /proc -o -path /sys \\) -prune -o -name .env -print 2>/dev/null",
        # The walk of every visible file takes a while on a busy machine.
        limits=SandboxLimits(cpu_seconds=60, memory_bytes=256 * 1024**2, wall_seconds=120),
    )
    assert "project-secret-5521" not in output


def test_proc_1_environ_holds_no_host_environment(
    sandbox: BubblewrapSandbox, workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DATABASE_PASSWORD", "host-secret-8812")
    output = run_sh(sandbox, workspace, "cat /proc/1/environ /proc/*/environ; env; ps -ef")
    assert "host-secret-8812" not in output
    assert "DATABASE_PASSWORD" not in output


def test_only_the_sandbox_processes_are_visible(
    sandbox: BubblewrapSandbox, workspace: Path
) -> None:
    result = sandbox.run(["sh", "-c", "ls /proc | grep -E '^[0-9]+$'"], workspace=workspace)
    pids = [int(line) for line in result.stdout.split()]
    assert max(pids) < 10  # bwrap's init, the shell, ls and grep: a fresh pid namespace
    assert str(os.getpid()) not in result.stdout.split() or os.getpid() < 10


def test_host_home_and_project_directories_are_absent(
    sandbox: BubblewrapSandbox, workspace: Path
) -> None:
    output = run_sh(sandbox, workspace, "ls /root /home /work /var /run /sys /opt 2>&1; ls /")
    assert output.count("No such file") == 7
    assert set(output.split("\n")[-2:]) <= {"workspace", ""}


# --- writes outside the workspace ----------------------------------------------------------------


def test_writing_host_tmp_does_not_reach_the_host(
    sandbox: BubblewrapSandbox, workspace: Path, marker: str
) -> None:
    name = f"/tmp/longhaul-escape-{marker}"
    output = run_sh(sandbox, workspace, f"echo x > {name} && cat {name}")
    assert output == "x\n"  # the sandbox has its own /tmp
    assert not os.path.exists(name)


@pytest.mark.parametrize("target", ["/etc/passwd", "/etc/evil", "/usr/bin/evil", "/usr/lib/x"])
def test_system_directories_are_read_only(
    sandbox: BubblewrapSandbox, workspace: Path, target: str
) -> None:
    result = sandbox.run(["sh", "-c", f"echo pwned > {target}"], workspace=workspace)
    assert result.exit_code != 0
    assert "Read-only file system" in result.stderr or "Permission denied" in result.stderr
    assert not Path(target).exists() or "pwned" not in Path(target).read_text(errors="replace")


def test_other_workspaces_are_invisible(sandbox: BubblewrapSandbox, workspaces_root: Path) -> None:
    mine, theirs = workspaces_root / "run-a", workspaces_root / "run-b"
    mine.mkdir()
    theirs.mkdir()
    (theirs / "secret.txt").write_text("other-run-secret-3321")
    output = run_sh(
        sandbox, mine, f"cat ../run-b/secret.txt {theirs}/secret.txt; ls .. ; echo hi > ../run-b/x"
    )
    assert "other-run-secret-3321" not in output
    assert not (theirs / "x").exists()


# --- path escapes --------------------------------------------------------------------------------


def test_host_symlink_in_workspace_is_refused_by_resolve(workspace: Path) -> None:
    (workspace / "link").symlink_to("/etc/passwd")
    with pytest.raises(WorkspaceEscape):
        resolve_in_workspace(workspace, "link")


def test_symlink_made_inside_the_sandbox_reveals_nothing(
    sandbox: BubblewrapSandbox, workspace: Path
) -> None:
    output = run_sh(
        sandbox,
        workspace,
        "ln -s /etc/shadow shadow; ln -s /root rootdir; ln -s ../.. up; "
        "cat shadow; ls rootdir; ls up",
    )
    assert "root:" not in output
    assert "No such file" in output
    for name in ("shadow", "rootdir", "up"):
        with pytest.raises(WorkspaceEscape):
            resolve_in_workspace(workspace, name)
        with pytest.raises(WorkspaceEscape):
            resolve_in_workspace(workspace, f"{name}/passwd")


@pytest.mark.parametrize(
    "path", ["../x", "a/../../x", "/etc/passwd", "a/b/../../../etc", "", "x\x00y"]
)
def test_dot_dot_and_absolute_paths_are_refused(workspace: Path, path: str) -> None:
    if path == "":
        assert resolve_in_workspace(workspace, path) == workspace.resolve()
        return
    with pytest.raises(WorkspaceEscape):
        resolve_in_workspace(workspace, path)


def test_paths_inside_are_allowed_even_through_inner_symlinks(workspace: Path) -> None:
    (workspace / "real").mkdir()
    (workspace / "alias").symlink_to("real")
    assert resolve_in_workspace(workspace, "alias/new.txt") == workspace.resolve() / "real/new.txt"
    assert resolve_in_workspace(workspace, "real/../file") == workspace.resolve() / "file"


def test_cwd_cannot_escape(sandbox: BubblewrapSandbox, workspace: Path) -> None:
    (workspace / "up").symlink_to("..")
    for cwd in ("..", "/", "up", "../workspace/.."):
        with pytest.raises(WorkspaceEscape):
            sandbox.run(["pwd"], workspace=workspace, cwd=cwd)


def test_dot_dot_inside_the_sandbox_stays_in_the_sandbox_root(
    sandbox: BubblewrapSandbox, workspace: Path
) -> None:
    output = run_sh(sandbox, workspace, "cd ../../..; pwd; ls")
    assert output.split()[0] == "/"
    assert "workspace" in output.split()
    assert "root" not in output.split()


@pytest.mark.skipif(os.geteuid() != 0, reason="workspace adoption happens only for a root host")
def test_hard_link_to_a_host_file_is_not_handed_over(
    sandbox: BubblewrapSandbox, workspace: Path, workspaces_root: Path
) -> None:
    secret = workspaces_root / "host-only.txt"
    secret.write_text("host-file-secret-6610")
    secret.chmod(0o600)
    os.link(secret, workspace / "planted")
    output = run_sh(sandbox, workspace, "cat planted; echo gone > planted")
    assert "host-file-secret-6610" not in output
    assert secret.stat().st_uid == 0
    assert secret.read_text() == "host-file-secret-6610"


# --- resource exhaustion -------------------------------------------------------------------------


def test_fork_bomb_hits_the_process_limit(
    sandbox: BubblewrapSandbox, workspace: Path, marker: str
) -> None:
    limits = SandboxLimits(max_processes=32, wall_seconds=20)
    script = f": {marker}; bomb() {{ bomb | bomb & }}; bomb; sleep 2"
    with pytest.raises(ProcessLimitExceeded) as caught:
        sandbox.run(["bash", "-c", script], workspace=workspace, limits=limits)
    assert caught.value.result is not None
    assert "fork" in caught.value.result.stderr


def test_python_fork_loop_is_capped_at_the_limit(
    sandbox: BubblewrapSandbox, workspace: Path
) -> None:
    script = (
        "import os, time\n"
        "n = 0\n"
        "while True:\n"
        "    if os.fork() == 0:\n"
        # Each child, a real process in the sandbox, holds its slot a while.
        "        time.sleep(30)\n"
        "        os._exit(0)\n"
        "    n += 1\n"
        "    print(n, flush=True)\n"
    )
    limits = SandboxLimits(max_processes=16, wall_seconds=20)
    with pytest.raises(ProcessLimitExceeded) as caught:
        sandbox.run(["python3", "-c", script], workspace=workspace, limits=limits)
    assert caught.value.result is not None
    forked = int(caught.value.result.stdout.split()[-1])
    assert forked < 16


def test_memory_hog_is_stopped(sandbox: BubblewrapSandbox, workspace: Path) -> None:
    limits = SandboxLimits(memory_bytes=128 * 1024**2)
    with pytest.raises(MemoryExceeded) as caught:
        sandbox.run(["python3", "-c", "x = bytearray(1024**3)"], workspace=workspace, limits=limits)
    assert caught.value.result is not None
    assert "MemoryError" in caught.value.result.stderr


def test_growing_memory_hog_is_stopped(sandbox: BubblewrapSandbox, workspace: Path) -> None:
    script = "chunks = []\nwhile True:\n    chunks.append(bytearray(8 * 1024**2))\n"
    limits = SandboxLimits(memory_bytes=128 * 1024**2)
    with pytest.raises(MemoryExceeded):
        sandbox.run(["python3", "-c", script], workspace=workspace, limits=limits)


def test_cpu_spin_is_stopped(sandbox: BubblewrapSandbox, workspace: Path) -> None:
    limits = SandboxLimits(cpu_seconds=1, wall_seconds=30)
    with pytest.raises(CpuTimeExceeded) as caught:
        sandbox.run(["python3", "-c", "while True: pass"], workspace=workspace, limits=limits)
    assert caught.value.result is not None
    assert caught.value.result.exit_code == 128 + 24  # SIGXCPU


def test_cpu_spin_that_ignores_sigxcpu_is_killed(
    sandbox: BubblewrapSandbox, workspace: Path
) -> None:
    script = "import signal\nsignal.signal(signal.SIGXCPU, signal.SIG_IGN)\nwhile True: pass\n"
    limits = SandboxLimits(cpu_seconds=1, wall_seconds=30)
    with pytest.raises(CpuTimeExceeded):
        sandbox.run(["python3", "-c", script], workspace=workspace, limits=limits)


@pytest.mark.parametrize(
    "command",
    [
        ["sh", "-c", "head -c 5000000 /dev/zero > big.bin"],
        ["python3", "-c", "open('big.bin', 'wb').write(bytes(5000000))"],
    ],
    ids=["shell", "python"],
)
def test_huge_file_is_stopped_at_the_size_limit(
    sandbox: BubblewrapSandbox, workspace: Path, command: list[str]
) -> None:
    limits = SandboxLimits(file_size_bytes=1_000_000)
    with pytest.raises(FileSizeExceeded):
        sandbox.run(command, workspace=workspace, limits=limits)
    assert (workspace / "big.bin").stat().st_size <= 1_000_000


def test_huge_output_is_truncated_while_reading(
    sandbox: BubblewrapSandbox, workspace: Path
) -> None:
    limits = SandboxLimits(output_bytes=100_000, wall_seconds=20)
    with pytest.raises(OutputTruncated) as caught:
        sandbox.run(["yes", "spam"], workspace=workspace, limits=limits)
    result = caught.value.result
    assert result is not None
    assert result.truncated is True
    assert len(result.stdout) == 100_000
    assert result.stdout.startswith("spam\nspam\n")


def test_huge_stderr_is_truncated_too(sandbox: BubblewrapSandbox, workspace: Path) -> None:
    limits = SandboxLimits(output_bytes=50_000)
    with pytest.raises(OutputTruncated) as caught:
        sandbox.run(["sh", "-c", "yes err >&2"], workspace=workspace, limits=limits)
    assert caught.value.result is not None
    assert len(caught.value.result.stderr) == 50_000


def test_tmpfs_is_bounded(workspace: Path) -> None:
    sandbox = BubblewrapSandbox(tmp_bytes=4 * 1024**2)
    result = sandbox.run(
        [
            "sh",
            "-c",
            "for i in 1 2 3 4 5 6; do head -c 1000000 /dev/zero > /tmp/f$i || exit 9; done",
        ],
        workspace=workspace,
    )
    assert result.exit_code == 9
    assert "No space left" in result.stderr


# --- network -------------------------------------------------------------------------------------

CONNECT = (
    "import socket, sys\n"
    "try:\n"
    "    socket.create_connection(('127.0.0.1', int(sys.argv[1])), timeout=3)\n"
    "except OSError as exc:\n"
    "    print('refused', type(exc).__name__)\n"
    "else:\n"
    "    print('connected')\n"
)


@pytest.mark.parametrize("port", [5432, 6379], ids=["postgres", "redis"])
def test_host_services_are_unreachable(
    sandbox: BubblewrapSandbox, workspace: Path, port: int
) -> None:
    with socket.create_connection(("127.0.0.1", port), timeout=3):
        pass  # the service is up on the host, so "refused" below is the sandbox's doing
    result = sandbox.run(["python3", "-c", CONNECT, str(port)], workspace=workspace)
    assert result.stdout.startswith("refused"), result.stdout + result.stderr


def test_dns_lookup_fails(sandbox: BubblewrapSandbox, workspace: Path) -> None:
    script = (
        "import socket\n"
        "try:\n"
        "    print(socket.getaddrinfo('pypi.org', 443))\n"
        "except OSError as exc:\n"
        "    print('failed', type(exc).__name__)\n"
    )
    result = sandbox.run(["python3", "-c", script], workspace=workspace, limits=QUICK)
    assert result.stdout.startswith("failed"), result.stdout


def test_only_loopback_exists_without_network(sandbox: BubblewrapSandbox, workspace: Path) -> None:
    result = sandbox.run(["cat", "/proc/net/dev"], workspace=workspace)
    interfaces = {line.split(":")[0].strip() for line in result.stdout.splitlines()[2:]}
    assert interfaces == {"lo"}


# --- time and leftovers --------------------------------------------------------------------------


def test_sleep_forever_times_out_and_is_killed(
    sandbox: BubblewrapSandbox, workspace: Path, marker: str
) -> None:
    limits = SandboxLimits(wall_seconds=1.5)
    with pytest.raises(SandboxTimeout) as caught:
        sandbox.run(["sh", "-c", f"echo begun; sleep {marker}"], workspace=workspace, limits=limits)
    assert caught.value.result is not None
    assert caught.value.result.stdout == "begun\n"  # partial output survives
    assert processes_with(marker) == []


def test_timeout_kills_the_whole_tree(
    sandbox: BubblewrapSandbox, workspace: Path, marker: str
) -> None:
    script = f"sleep {marker} & (sleep {marker} &) ; setsid sleep {marker} & wait"
    with pytest.raises(SandboxTimeout):
        sandbox.run(["sh", "-c", script], workspace=workspace, limits=SandboxLimits(wall_seconds=1))
    assert processes_with(marker) == []


@pytest.mark.parametrize(
    "script",
    [
        "sleep {m} & echo started",
        "nohup sleep {m} >/dev/null 2>&1 & echo started",
        "setsid sleep {m} </dev/null >/dev/null 2>&1 & echo started",
        "(sh -c 'sleep {m}' &) ; echo started",
    ],
    ids=["background", "nohup", "setsid", "double-fork"],
)
def test_background_process_is_killed_when_the_command_exits(
    sandbox: BubblewrapSandbox, workspace: Path, marker: str, script: str
) -> None:
    result = sandbox.run(["sh", "-c", script.format(m=marker)], workspace=workspace)
    assert result.stdout == "started\n"
    assert processes_with(marker) == []


# --- privilege -----------------------------------------------------------------------------------


def test_setuid_and_capability_escalation_fail(sandbox: BubblewrapSandbox, workspace: Path) -> None:
    script = (
        "import os\n"
        "for attempt in (lambda: os.setuid(0), lambda: os.setgid(0), lambda: os.chroot('/tmp')):\n"
        "    try:\n"
        "        attempt()\n"
        "        print('escalated')\n"
        "    except OSError:  # EPERM, or EINVAL: uid 0 is not even mapped here\n"
        "        print('denied')\n"
        "status = open('/proc/self/status').read()\n"
        "print([l for l in status.splitlines() if l.startswith(('CapEff', 'NoNewPrivs'))])\n"
    )
    result = sandbox.run(["python3", "-c", script], workspace=workspace)
    assert result.stdout.count("denied") == 3, result.stdout + result.stderr
    assert "escalated" not in result.stdout
    assert "CapEff:\\t0000000000000000" in result.stdout
    assert "NoNewPrivs:\\t1" in result.stdout


def test_setuid_binaries_do_not_grant_root(sandbox: BubblewrapSandbox, workspace: Path) -> None:
    script = "su -c id root </dev/null; mount -t tmpfs x /workspace; id -u"
    result = sandbox.run(["sh", "-c", script], workspace=workspace)
    assert result.stdout == "1000\n"
    assert "uid=0" not in result.stdout + result.stderr


def test_new_user_namespaces_are_disabled(sandbox: BubblewrapSandbox, workspace: Path) -> None:
    result = sandbox.run(["unshare", "--user", "--map-root-user", "id", "-u"], workspace=workspace)
    assert result.exit_code != 0
    assert result.stdout.strip() != "0"


def test_host_processes_cannot_be_signalled(sandbox: BubblewrapSandbox, workspace: Path) -> None:
    result = sandbox.run(["kill", "-9", str(os.getpid())], workspace=workspace)
    assert result.exit_code != 0  # that pid does not exist in the sandbox's pid namespace


def test_process_limit_is_per_sandbox(sandbox: BubblewrapSandbox, workspace: Path) -> None:
    """A sandbox sitting at its process limit does not starve another one running beside it."""
    hog = (
        "import os, time\n"
        "try:\n"
        "    while True:\n"
        "        if os.fork() == 0:\n"
        # Each child, a real process in the sandbox, holds its slot a while.
        "            time.sleep(4)\n"
        "            os._exit(0)\n"
        "except OSError:\n"
        "    print('at limit', flush=True)\n"
        "    open('at-limit', 'w').close()\n"
        # The hog, a real process, stays at its limit while its neighbour runs.
        "    time.sleep(4)\n"
    )
    outputs: list[str] = []

    def run_hog() -> None:
        outputs.append(
            sandbox.run(["python3", "-c", hog], workspace=workspace, limits=QUICK).stdout
        )

    thread = threading.Thread(target=run_hog)
    thread.start()
    deadline = time.monotonic() + 15
    while not (workspace / "at-limit").exists() and time.monotonic() < deadline:
        # Until the hog (a process in the sandbox) reaches its process limit.
        time.sleep(0.05)
    assert (workspace / "at-limit").exists()
    neighbour = sandbox.run(
        ["sh", "-c", "sleep 0.1 & sleep 0.1 & sleep 0.1 & wait; echo ok"], workspace=workspace
    )
    thread.join()
    assert neighbour.stdout == "ok\n", neighbour.stderr
    assert outputs == ["at limit\n"]


SYSCALLS = (
    "import ctypes, sys\n"
    "libc = ctypes.CDLL(None, use_errno=True)\n"
    "for call in sys.argv[1:]:\n"
    "    number, *args = map(int, call.split(','))\n"
    "    args = [ctypes.c_ulong(a) for a in (args + [0] * 5)[:5]]\n"
    "    ctypes.set_errno(0)\n"
    "    result = libc.syscall(number, *args)\n"
    "    print(call, result, ctypes.get_errno())\n"
)


def _syscall_outcomes(sandbox: BubblewrapSandbox, workspace: Path, calls: list[str]) -> dict[str, tuple[str, str]]:  # fmt: skip
    result = sandbox.run(["python3", "-c", SYSCALLS, *calls], workspace=workspace)
    lines = [line.split() for line in result.stdout.splitlines()]
    assert len(lines) == len(calls), result.stderr
    return {call: (outcome, error) for call, outcome, error in lines}


@pytest.mark.skipif(not seccomp.supported(), reason="libseccomp is not installed")
def test_kernel_attack_surface_syscalls_are_denied(
    sandbox: BubblewrapSandbox, workspace: Path
) -> None:
    # keyctl, perf_event_open and io_uring_setup fail with EINVAL or EFAULT, not EPERM, unless
    # the filter stops them first.
    names = ("keyctl", "add_key", "bpf", "perf_event_open", "io_uring_setup", "userfaultfd",
             "open_by_handle_at", "fsopen", "kexec_load", "init_module")  # fmt: skip
    calls = [str(seccomp.syscall_number(name)) for name in names]
    for call, answer in _syscall_outcomes(sandbox, workspace, calls).items():
        assert answer == ("-1", str(errno.EPERM)), call


@pytest.mark.skipif(not seccomp.supported(), reason="libseccomp is not installed")
def test_the_filter_answers_each_rule_as_written_and_only_those(
    sandbox: BubblewrapSandbox, workspace: Path
) -> None:
    ioctl, tiocsti = seccomp.syscall_number("ioctl"), seccomp.DENIED_IOCTLS["TIOCSTI"]
    calls = {
        # clone3's flags are out of the filter's reach: ENOSYS sends libc back to clone().
        "clone3": f"{seccomp.syscall_number('clone3')}",
        # fallocate (on fd 0) is "not supported", so libc falls back to writes the limits see.
        "fallocate": f"{seccomp.syscall_number('fallocate')},0,0,0,4096",
        # Terminal input injection, also with high bits set that the kernel ignores.
        "TIOCSTI": f"{ioctl},0,{tiocsti}",
        "TIOCSTI, high bits": f"{ioctl},0,{(1 << 32) | tiocsti}",
        # An ordinary ioctl (TCGETS on a non-terminal) reaches the kernel: ENOTTY, not EPERM.
        "TCGETS": f"{ioctl},0,{0x5401}",
        "getpid": f"{seccomp.syscall_number('getpid')}",
    }
    answers = _syscall_outcomes(sandbox, workspace, list(calls.values()))
    found = {name: answers[call] for name, call in calls.items()}
    assert found["clone3"] == ("-1", str(errno.ENOSYS))
    assert found["fallocate"] == ("-1", str(errno.EOPNOTSUPP))
    assert found["TIOCSTI"] == ("-1", str(errno.EPERM))
    assert found["TIOCSTI, high bits"] == ("-1", str(errno.EPERM))
    assert found["TCGETS"][1] != str(errno.EPERM)
    assert int(found["getpid"][0]) > 0


@pytest.mark.skipif(not seccomp.supported(), reason="libseccomp is not installed")
def test_the_compiled_filter_refuses_other_abis_instead_of_killing() -> None:
    """System calls through another ABI (32-bit or x32 on x86-64) get EPERM from the filter's
    architecture check: libseccomp's export, disassembled far enough to see the answer."""
    program = seccomp.filter_program()
    instructions = [program[i : i + 8] for i in range(0, len(program), 8)]
    returns = {int.from_bytes(i[4:], "little") for i in instructions if i[0] == 0x06}
    assert 0x00050000 | errno.EPERM in returns
    assert 0x7FFF0000 in returns  # the default: allow
    assert 0 not in returns  # no rule kills the thread
    if platform.machine() == "x86_64":  # x32 calls share the architecture token: checked by number
        checks = {(i[0], int.from_bytes(i[4:], "little")) for i in instructions}
        assert (0x35, 0x40000000) in checks  # jge X32_SYSCALL_BIT
