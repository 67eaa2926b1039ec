"""What a per-call workspace snapshot costs (agents.sandbox.snapshot_store), on synthetic workspaces.

For each workspace size:
- full: the first snapshot of a run (every file copied)
- incremental: the next one after one file changed (unchanged files hard-linked from the
  previous snapshot, the changed one copied): the cost of a typical tool call
- restore: a snapshot copied back over the workspace (crash recovery, rollback)
- copytree: shutil.copytree of the same workspace, for scale

Run: .venv/bin/python bench/snapshots.py [--repeat N]
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "platform"), str(ROOT)]

from agents.sandbox.snapshot_store import Bounds, restore, take  # noqa: E402

BOUNDS = Bounds(max_bytes=1 << 34, max_files=1_000_000, seconds=600)
# (name, files, bytes per file, files per directory)
WORKSPACES = [
    ("small: 200 files, 1 MiB", 200, 5 * 1024, 20),
    ("repo: 2,000 files, 20 MiB", 2_000, 10 * 1024, 50),
    ("large: 10,000 files, 200 MiB", 10_000, 20 * 1024, 100),
]


def make_workspace(root: Path, files: int, size: int, per_directory: int) -> None:
    block = os.urandom(size)
    for index in range(files):
        directory = root / f"pkg{index // per_directory:04d}"
        directory.mkdir(parents=True, exist_ok=True)
        (directory / f"module{index:05d}.py").write_bytes(block)


def timed(action: Callable[..., object], *args: object, **kwargs: object) -> float:
    started = time.perf_counter()
    action(*args, **kwargs)
    return (time.perf_counter() - started) * 1000


def measure(scratch: Path, files: int, size: int, per_directory: int, repeat: int) -> list[float]:
    workspace = scratch / "workspace"
    make_workspace(workspace, files, size, per_directory)
    results: dict[str, list[float]] = {"full": [], "incremental": [], "restore": [], "copy": []}
    for attempt in range(repeat):
        first, second = scratch / f"s{attempt}-a", scratch / f"s{attempt}-b"
        results["full"].append(timed(take, workspace, first, previous=None, bounds=BOUNDS))
        changed = next(workspace.glob("pkg0000/*.py"))
        changed.write_bytes(os.urandom(size))
        results["incremental"].append(timed(take, workspace, second, previous=first, bounds=BOUNDS))
        results["restore"].append(timed(restore, first, workspace))
        copy = scratch / f"copy{attempt}"
        results["copy"].append(timed(shutil.copytree, workspace, copy, symlinks=True))
        for path in (first, second, copy):
            shutil.rmtree(path)
    return [statistics.median(results[key]) for key in ("full", "incremental", "restore", "copy")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    now = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    print(
        f"# {now}, {platform.node()}, {os.cpu_count()} CPUs, Python {platform.python_version()}, "
        f"median of {args.repeat}"
    )
    print(f"{'workspace':30} {'full ms':>9} {'incr ms':>9} {'restore ms':>11} {'copytree ms':>12}")
    for name, files, size, per_directory in WORKSPACES:
        with tempfile.TemporaryDirectory(prefix="bench-snapshots-") as scratch:
            full, incremental, restored, copy = measure(
                Path(scratch), files, size, per_directory, args.repeat
            )
        print(f"{name:30} {full:9.1f} {incremental:9.1f} {restored:11.1f} {copy:12.1f}")


if __name__ == "__main__":
    main()
