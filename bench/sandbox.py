"""Sandbox start: a full BubblewrapSandbox.run() taking a sandbox from its pool (started ahead
of the command, the default) and one starting cold (pool off), against a bare
`bwrap --unshare-all` and a plain subprocess.run() of the same command, measured interleaved in
the same run so machine noise hits all alike. Before each pooled call, untimed, the pool's
sandbox for the workspace is made ready, as it is when an agent's commands are a model call
apart. Target: pooled `true` at p50 <= 1.5x bare bwrap.

`--breakdown` adds the steps between bare bwrap and a cold start, each on top of the one before,
so the time above bare bwrap can be placed.

Run: .venv/bin/python bench/sandbox.py [--runs N] [--breakdown]
Exits 1 when the target is missed."""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from contextlib import nullcontext
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from agents.sandbox import BubblewrapSandbox, SandboxLimits, launch
from agents.sandbox.bubblewrap import sandbox_environment
from agents.sandbox.cgroups import sandbox_cgroup

TARGET = 1.5  # pooled sandbox `true` p50 / bare bwrap p50
POOLED = "BubblewrapSandbox.run(), pooled"
COMMANDS = {"true": ["true"], "python -c pass": ["python3", "-c", "pass"]}
HOST_PATHS = {"true": ["/usr/bin/true"], "python -c pass": ["/usr/bin/python3", "-c", "pass"]}
BARE_BWRAP = [
    "bwrap", "--unshare-all", "--ro-bind", "/usr", "/usr", "--symlink", "usr/lib", "/lib",
    "--symlink", "usr/lib64", "/lib64", "--symlink", "usr/bin", "/bin", "--",
]  # fmt: skip
_STATUS = "--json-status-fd"  # read by the full run only


@dataclass
class Samples:
    wall: list[float] = field(default_factory=list)

    def line(self, floor: Samples) -> str:
        p50 = statistics.median(self.wall)
        ratio = p50 / statistics.median(floor.wall)
        return f"{p50:>8.1f} /{percentile(self.wall, 0.95):>6.1f}{ratio:>8.2f}x"


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def measure(
    runs: int,
    calls: dict[str, Callable[[], object]],
    around: dict[str, Callable[[], object]] | None = None,
) -> dict[str, Samples]:
    """Interleaves the calls so a burst of load on a shared machine hits each alike. `around`:
    untimed, run just before a call and just after it (a pooled sandbox made ready, and its
    successor waited for, so that it starts while nothing is timed)."""
    samples = {name: Samples() for name in calls}
    for call in calls.values():
        call()  # warm: the seccomp filter, the staged /etc, the cgroup probe
    for _ in range(runs):
        for name, call in calls.items():
            prepare = (around or {}).get(name, lambda: None)
            prepare()
            started = time.perf_counter()
            call()
            samples[name].wall.append((time.perf_counter() - started) * 1000)
            prepare()
    return samples


def run_quietly(argv: list[str], pass_fds: tuple[int, ...] = ()) -> None:
    subprocess.run(argv, check=True, env={}, cwd="/", pass_fds=pass_fds, stdout=subprocess.DEVNULL)


class Steps:
    """The sandbox's start taken apart, for `--breakdown`."""

    def __init__(self, sandbox: BubblewrapSandbox, workspace: Path) -> None:
        self.sandbox, self.workspace = sandbox, workspace
        self.drop = sandbox._drop_root() if os.geteuid() == 0 else []

    def as_sandbox_uid(self) -> None:
        run_quietly([*self.drop, *BARE_BWRAP, "/usr/bin/true"])

    def with_options(self, *, cgroup: bool = False) -> None:
        """bwrap with the sandbox's options (mounts, /proc, /dev, tmpfs, workspace, environment,
        seccomp) and, with `cgroup`, the command's cgroup: made, joined, read and removed."""
        group_context = sandbox_cgroup(SandboxLimits()) if cgroup else nullcontext()
        with launch.descriptors() as fds, group_context as group:
            options = self.sandbox._options(
                fds, sandbox_environment(None), (str(self.workspace), "/workspace"), None
            )
            at = options.index(_STATUS)
            del options[at : at + 2]
            argv = [*self.drop, self.sandbox.bwrap, "--args", str(fds["args_r"]), "--", "true"]
            passed = tuple(fds[name] for name in ("args_r", "seccomp") if name in fds)
            proc = subprocess.Popen(
                argv, env={}, cwd="/", pass_fds=passed, stdout=subprocess.DEVNULL
            )
            launch.start(proc.pid, fds, options, group)
            if proc.wait() != 0:
                raise RuntimeError(f"bwrap failed with exit status {proc.returncode}")
            if group is not None:
                group.report()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=100)
    parser.add_argument("--breakdown", action="store_true")
    arguments = parser.parse_args()
    root = Path(tempfile.mkdtemp(prefix="longhaul-bench-"))
    root.chmod(0o711)
    workspace = root / "workspace"
    workspace.mkdir()
    sandbox = BubblewrapSandbox(pool_size=0)
    pooled = BubblewrapSandbox(pool_size=1)
    print(f"sandbox start, {arguments.runs} runs each, {datetime.now(UTC):%Y-%m-%d %H:%M} UTC")
    print(f"machine: {platform.node()} {platform.machine()}, {os.cpu_count()} CPUs, "
          f"load {os.getloadavg()[0]:.2f}, euid {os.geteuid()}")  # fmt: skip
    try:
        met = starts(pooled, sandbox, workspace, arguments.runs)
        if arguments.breakdown:
            breakdown(Steps(sandbox, workspace), pooled, arguments.runs)
    finally:
        assert pooled.pool is not None
        pooled.pool.close()
        shutil.rmtree(root, ignore_errors=True)
    print(f"load at the end: {os.getloadavg()[0]:.2f}")
    sys.exit(0 if met else 1)


def starts(pooled: BubblewrapSandbox, cold: BubblewrapSandbox, workspace: Path, runs: int) -> bool:
    print(f"{'':<34}{'p50 / p95 ms':>15}{'/ bare':>9}")
    met = True
    for name, command in COMMANDS.items():
        samples = measure(
            runs,
            {
                "plain subprocess": lambda h=HOST_PATHS[name]: run_quietly(h),  # type: ignore[misc]
                "bare bwrap --unshare-all": lambda h=HOST_PATHS[name]: run_quietly(BARE_BWRAP + h),  # type: ignore[misc]
                "BubblewrapSandbox.run(), cold": lambda c=command: cold.run(c, workspace=workspace),  # type: ignore[misc]
                POOLED: lambda c=command: pooled.run(c, workspace=workspace),  # type: ignore[misc]
            },
            around={POOLED: lambda: ready(pooled, workspace)},
        )
        floor = samples["bare bwrap --unshare-all"]
        print(f"`{name}`")
        for label, taken in samples.items():
            print(f"  {label:<32}{taken.line(floor)}")
        if name == "true":
            ratio = statistics.median(samples[POOLED].wall) / statistics.median(floor.wall)
            met = ratio <= TARGET
            verdict = "met" if met else "MISSED"
            print(f"  target: pooled p50 <= {TARGET}x bare bwrap: {ratio:.2f}x, {verdict}")
    return met


def ready(sandbox: BubblewrapSandbox, workspace: Path) -> None:
    if not sandbox.prestart(workspace, wait_seconds=10):
        raise RuntimeError("the pool did not make a sandbox ready")


def breakdown(steps: Steps, pooled: BubblewrapSandbox, runs: int) -> None:
    """Each step adds one thing to the one above it; the pooled start, last, takes the steps
    down to the cgroup off the command's path."""
    bare: Callable[[], None] = lambda: run_quietly([*BARE_BWRAP, "/usr/bin/true"])  # noqa: E731
    calls: dict[str, Callable[[], object]] = {
        "bare bwrap (as root: no user ns)": bare,
        "+ as the sandbox uid (user ns)": steps.as_sandbox_uid,
        "+ the sandbox's options, seccomp": steps.with_options,
        "+ its cgroup (made, joined, read)": lambda: steps.with_options(cgroup=True),
        "+ prlimit, checks: cold run()": lambda: steps.sandbox.run(
            ["true"], workspace=steps.workspace
        ),
        "run() from the pool": lambda: pooled.run(["true"], workspace=steps.workspace),
    }
    around: dict[str, Callable[[], object]] = {
        "run() from the pool": lambda: ready(pooled, steps.workspace)
    }
    samples = measure(runs, calls, around)
    print(f"\nwhere the time goes (`true`, each step on top of the one above; {runs} runs)")
    print(f"{'':<36}{'p50 / p95 ms':>15}{'/ bare':>9}")
    floor = samples["bare bwrap (as root: no user ns)"]
    for label, taken in samples.items():
        print(f"  {label:<34}{taken.line(floor)}")


if __name__ == "__main__":
    main()
