"""Sandbox cold start: a full BubblewrapSandbox.run() against a plain subprocess.run() of the same
command, measured interleaved in the same run so machine noise hits both alike.

Run: .venv/bin/python bench/sandbox.py [--runs N]"""

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
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from agents.sandbox import BubblewrapSandbox

COMMANDS = {"true": ["true"], "python -c pass": ["python3", "-c", "pass"]}
BARE_BWRAP = [
    "bwrap", "--unshare-all", "--ro-bind", "/usr", "/usr", "--symlink", "usr/lib", "/lib",
    "--symlink", "usr/lib64", "/lib64", "--symlink", "usr/bin", "/bin", "--", "/usr/bin/true",
]  # fmt: skip
HOST_PATHS = {"true": ["/usr/bin/true"], "python -c pass": ["/usr/bin/python3", "-c", "pass"]}


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def measure(runs: int, *calls: Callable[[], object]) -> list[list[float]]:
    """Interleaves the calls so a burst of load on a shared machine hits each alike."""
    samples: list[list[float]] = [[] for _ in calls]
    for _ in range(runs):
        for index, call in enumerate(calls):
            started = time.perf_counter()
            call()
            samples[index].append((time.perf_counter() - started) * 1000)
    return samples


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=100)
    runs = parser.parse_args().runs
    root = Path(tempfile.mkdtemp(prefix="longhaul-bench-"))
    root.chmod(0o711)
    workspace = root / "workspace"
    workspace.mkdir()
    sandbox = BubblewrapSandbox()
    print(f"sandbox cold start, {runs} runs each, {datetime.now(UTC):%Y-%m-%d %H:%M} UTC")
    print(f"machine: {platform.node()} {platform.machine()}, {os.cpu_count()} CPUs, "
          f"load {os.getloadavg()[0]:.2f}, euid {os.geteuid()}")  # fmt: skip
    print(
        f"{'command':<16}{'subprocess p50/p95 ms':>24}{'sandbox p50/p95 ms':>22}{'ratio p50':>11}"
    )
    try:
        floor: list[float] = []
        for name, command in COMMANDS.items():
            plain, boxed, bare = measure(
                runs,
                lambda h=HOST_PATHS[name]: subprocess.run(h, check=True),  # type: ignore[misc]
                lambda c=command: sandbox.run(c, workspace=workspace),  # type: ignore[misc]
                lambda n=name: subprocess.run(BARE_BWRAP, check=True) if n == "true" else None,  # type: ignore[misc]
            )
            floor = floor or bare
            p50, s50 = statistics.median(plain), statistics.median(boxed)
            print(
                f"{name:<16}{p50:>12.1f} /{percentile(plain, 0.95):>6.1f}"
                f"{s50:>14.1f} /{percentile(boxed, 0.95):>6.1f}{s50 / p50:>10.1f}x"
            )
        print(f"context: bare `bwrap --unshare-all` running true: p50 {statistics.median(floor):.1f} ms"
              f" / p95 {percentile(floor, 0.95):.1f} ms (the floor for any bubblewrap backend)")  # fmt: skip
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
