"""Cost of the 3D workflow's sandboxed actions, per template: build (meshes, GLB, STL,
measurements, load-back), render (four lit views and an 8-frame turntable at 480x360) and
export (SHA-256 check, load-back, files as base64), each a fresh bubblewrap sandbox with its own
Python. The baselines, in the same run: a bare sandboxed `python3 -c pass`, and the same build
done in this process with its libraries already imported (what isolation costs). Prints medians
over --runs repetitions; nothing is asserted.

Run: .venv/bin/python bench/three_d.py [--runs N]
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
from pathlib import Path
from types import SimpleNamespace
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]

from agents.sandbox import get_sandbox  # noqa: E402
from agents.three_d.inside.build import build  # noqa: E402
from agents.three_d.library import TEMPLATES  # noqa: E402
from agents.three_d.tools import build_model, export_model, render_previews  # noqa: E402

PREVIEW = {"width": 480, "height": 360, "turntable_frames": 8}


def measure(name: str, runs: int) -> dict[str, Any]:
    spec = TEMPLATES[name].instantiate({}, "cm")
    spec["segments"] = 32
    times: dict[str, list[float]] = {"build": [], "render": [], "export": [], "in_process": []}
    report: dict[str, Any] = {}
    for _ in range(runs):
        root = Path(tempfile.mkdtemp(prefix="bench-3d-"))
        root.chmod(0o755)
        (root / "ws").mkdir()
        env = SimpleNamespace(sandbox=get_sandbox(), workspace=root / "ws", limits=None)
        started = time.perf_counter()
        report = build_model({"spec": spec}, env)
        times["build"].append(time.perf_counter() - started)
        started = time.perf_counter()
        render_previews(PREVIEW, env)
        times["render"].append(time.perf_counter() - started)
        started = time.perf_counter()
        arguments = {"glb_sha256": report["glb"]["sha256"], "parts": len(spec["parts"]), "formats": ["glb"], "purpose": "publication"}  # fmt: skip
        export_model(arguments, env)
        times["export"].append(time.perf_counter() - started)
        times["in_process"].append(_in_process(spec, root / "here"))
        shutil.rmtree(root, ignore_errors=True)
    triangles = sum(p["triangles"] for p in report["parts"])
    return {
        "template": name,
        "parts": len(spec["parts"]),
        "triangles": triangles,
        **{k: statistics.median(v) for k, v in times.items()},
    }


def _in_process(spec: dict[str, Any], directory: Path) -> float:
    directory.mkdir()
    previous = Path.cwd()
    os.chdir(directory)  # the build writes asset/ under the current directory
    try:
        started = time.perf_counter()
        build({"spec": spec})
        return time.perf_counter() - started
    finally:
        os.chdir(previous)


def _bare_sandbox(runs: int) -> float:
    root = Path(tempfile.mkdtemp(prefix="bench-3d-"))
    root.chmod(0o755)
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        get_sandbox().run(["python3", "-c", "pass"], workspace=root)
        times.append(time.perf_counter() - started)
    shutil.rmtree(root, ignore_errors=True)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    runs = parser.parse_args().runs
    print(f"3D actions, median of {runs} on {platform.machine()} ({os.cpu_count()} CPUs), load {os.getloadavg()[0]:.1f}")  # fmt: skip
    print(f"bare sandboxed python3 -c pass: {_bare_sandbox(runs):.3f} s")
    print(f"{'template':<14}{'parts':>6}{'tris':>7}{'build s':>9}{'render s':>10}{'export s':>10}{'build in-process s':>20}")  # fmt: skip
    for name in TEMPLATES:
        row = measure(name, runs)
        print(f"{row['template']:<14}{row['parts']:>6}{row['triangles']:>7}{row['build']:>9.2f}{row['render']:>10.2f}{row['export']:>10.2f}{row['in_process']:>20.3f}")  # fmt: skip


if __name__ == "__main__":
    main()
