"""Turns a finished process into a SandboxResult or the typed error for the limit it hit.

Kernel signals and counters are definitive (SIGXCPU, SIGXFSZ, our own kill on timeout, overflow
or a monitor's stop, the cgroup's OOM kills and refused forks). Failed allocations and failed
forks under the per-process rlimits are not signalled: the program sees ENOMEM or EAGAIN and
reports it, so those two are recognised from the end of stderr, and only when the command
failed."""

from __future__ import annotations

import json
import re
import signal

from agents.sandbox.cgroups import CgroupReport
from agents.sandbox.contract import SandboxLimits, SandboxResult
from agents.sandbox.errors import (
    CpuTimeExceeded,
    FileSizeExceeded,
    MemoryExceeded,
    OutputTruncated,
    ProcessLimitExceeded,
    SandboxError,
    SandboxTimeout,
    SandboxUnavailable,
)
from agents.sandbox.process import Outcome

_TAIL_BYTES = 4096
_SIGNALLED = 128  # how bwrap and shells report "killed by signal N": 128 + N
_PROCESS_LIMIT = re.compile(
    r"fork: retry|fork: Resource temporarily unavailable|BlockingIOError: \[Errno 11\]"
    r"|can't fork|Cannot fork|pthread_create failed|Resource temporarily unavailable.*fork",
    re.IGNORECASE,
)
_MEMORY = re.compile(
    r"^MemoryError|Cannot allocate memory|std::bad_alloc|out of memory|memory exhausted",
    re.IGNORECASE | re.MULTILINE,
)
_FILE_SIZE = re.compile(r"File too large|\[Errno 27\]")


def interpret(
    outcome: Outcome,
    limits: SandboxLimits,
    report: CgroupReport = CgroupReport(),  # noqa: B008 - frozen, so sharing is safe
) -> SandboxResult:
    status = _parse_status(outcome.status_json)
    if _setup_failed(status, outcome):
        raise SandboxUnavailable(_setup_failure_message(outcome.stderr))
    result = SandboxResult(
        exit_code=status.get("exit-code", outcome.returncode),
        stdout=outcome.stdout.decode("utf-8", "replace"),
        stderr=outcome.stderr.decode("utf-8", "replace"),
        duration_s=outcome.duration_s,
        truncated=outcome.truncated,
    )
    error = _limit_error(outcome, result, limits, report)
    if error is not None:
        raise error
    return result


def _setup_failed(status: dict[str, int], outcome: Outcome) -> bool:
    """bwrap reports its child's pid before it sets up mounts, so a failed setup shows as exit
    status 1 with bwrap's own message, before any program of ours ran."""
    if outcome.timed_out or outcome.stopped is not None:
        return False
    if "child-pid" not in status:
        return True
    return status.get("exit-code") == 1 and outcome.stderr.startswith(b"bwrap: ")


def _limit_error(
    outcome: Outcome, result: SandboxResult, limits: SandboxLimits, report: CgroupReport
) -> SandboxError | None:
    tail = result.stderr[-_TAIL_BYTES:]
    failed = outcome.timed_out or result.exit_code != 0
    if isinstance(outcome.stopped, SandboxError):
        outcome.stopped.result = result
        return outcome.stopped
    if outcome.truncated:
        return OutputTruncated(
            f"output exceeded {limits.output_bytes} bytes per stream; the command was stopped",
            result=result,
        )
    if report.oom_kills:
        error = whole_memory_exceeded(limits)
        error.result = result
        return error
    # A shell reports failed forks and may still exit 0.
    if _PROCESS_LIMIT.search(tail) or (failed and report.pids_refused):
        return ProcessLimitExceeded(
            f"process limit reached (fork failed): at most {limits.max_processes} processes per "
            f"user and {limits.total_processes} tasks (threads included) in the whole sandbox",
            result=result,
        )
    if outcome.timed_out:
        return SandboxTimeout(
            f"wall-clock limit of {limits.wall_seconds:g} s exceeded; all processes were killed",
            result=result,
        )
    if _cpu_exceeded(outcome, result, limits):
        return CpuTimeExceeded(f"CPU limit of {limits.cpu_seconds} s exceeded", result=result)
    if result.exit_code == _SIGNALLED + signal.SIGXFSZ or (failed and _FILE_SIZE.search(tail)):
        return FileSizeExceeded(
            f"file size limit of {limits.file_size_bytes} bytes exceeded", result=result
        )
    if failed and _MEMORY.search(tail):
        return MemoryExceeded(
            f"memory limit of {limits.memory_bytes} bytes exceeded (allocation failed)",
            result=result,
        )
    return None


def whole_memory_exceeded(limits: SandboxLimits) -> MemoryExceeded:
    return MemoryExceeded(
        f"the sandbox went over its memory limit of {limits.total_memory_bytes} bytes for all its "
        "processes together (files in /tmp and /dev/shm count too): the kernel killed a process, "
        "and the command was stopped"
    )


def _cpu_exceeded(outcome: Outcome, result: SandboxResult, limits: SandboxLimits) -> bool:
    """SIGXCPU comes at the soft limit; SIGKILL at the hard limit one second later, for programs
    that ignore SIGXCPU. CPU time never exceeds wall time for one thread, so a SIGKILL that came
    sooner than the CPU limit was something else (and stays a normal result)."""
    if result.exit_code == _SIGNALLED + signal.SIGXCPU:
        return True
    return result.exit_code == _SIGNALLED + signal.SIGKILL and (
        outcome.duration_s >= limits.cpu_seconds
    )


def _parse_status(raw: bytes) -> dict[str, int]:
    """bwrap writes a stream of JSON objects: {"child-pid": N} once set up, {"exit-code": N}
    when the command ends. The stream is not one document, so decode it object by object."""
    decoder, text = json.JSONDecoder(), raw.decode("utf-8", "replace")
    found: dict[str, int] = {}
    index = 0
    while True:
        start = text.find("{", index)
        if start < 0:
            return found
        try:
            value, index = decoder.raw_decode(text, start)
        except json.JSONDecodeError:
            return found
        if isinstance(value, dict):
            found.update({k: v for k, v in value.items() if isinstance(v, int)})


def _setup_failure_message(stderr: bytes) -> str:
    detail = stderr.decode("utf-8", "replace").strip()[-1000:] or "no message"
    return (
        f"bubblewrap could not create the sandbox: {detail}. It needs unprivileged user "
        "namespaces: on Debian/Ubuntu run `sysctl -w kernel.unprivileged_userns_clone=1` "
        "(and on Ubuntu 24.04+ `sysctl -w kernel.apparmor_restrict_unprivileged_userns=0`); "
        "in a container, allow unshare/clone of namespaces (for Docker: "
        "`--security-opt seccomp=unconfined --security-opt apparmor=unconfined`)."
    )
