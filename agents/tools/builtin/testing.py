"""Runs a repository's tests with the platform's own pytest in the sandbox and reads the result
from pytest's JUnit XML (never from the terminal output, which the tests themselves write to).

The run is `python3 -I -S` with the pinned tools bound read-only (agents.sandbox.pyenv), the
repository's declared dependencies from their cached environment when one was built, and the
workspace (plus src/) in front of sys.path as `python -m pytest` would put it. pytest runs
unittest and nose-style suites too. The sandbox's process prints one JSON envelope after a
marker only the host knows; the tests' own output goes to stderr.
"""

from __future__ import annotations

import json
import re
import secrets
import tempfile
import xml.etree.ElementTree as ElementTree
from dataclasses import replace
from pathlib import Path
from typing import Any

from agents.sandbox.contract import WORKSPACE_MOUNT, SandboxLimits
from agents.sandbox.output import observable
from agents.sandbox.pyenv import isolated, test_paths, with_environment

MAX_FAILURES = 20
BATCH_SECONDS_EACH = 20.0  # a screened copy's tests; a loop fails that copy, not the batch
MAX_FRAMES = 30
# pytest's long traceback names each frame "path/to/file.py:LINE: ..." (or "...:LINE: in f").
_FRAME = re.compile(r"^([^\s:][^:\n]*\.py):(\d+):", re.MULTILINE)
MAX_JUNIT_CHARS = 4_000_000


def run_pytest(
    sandbox: Any,
    workspace: Path,
    *,
    targets: list[str] | None = None,
    limits: SandboxLimits | None = None,
    deps: Path | None = None,
    coverage: bool = False,
) -> dict[str, Any]:
    """The test report of one pytest run (see `report_from`); `coverage` adds, per workspace
    file, the tests that executed each line."""
    marker = f"longhaul-envelope-{secrets.token_hex(12)}"
    args = [marker, WORKSPACE_MOUNT, "-q", "-rfE", *(["--longhaul-coverage"] if coverage else [])]
    limits = limits or SandboxLimits()
    if coverage:  # tracing slows the tests down: give them the time it costs
        limits = replace(limits, wall_seconds=limits.wall_seconds * 2)
    result = with_environment(sandbox, deps).run(
        isolated("pytest", [*args, "--", *(targets or [])], paths=test_paths(deps)),
        workspace=Path(workspace),
        limits=limits,
    )
    envelope = _envelope(result.stdout, marker)
    return report_from(envelope, result.exit_code, result.stderr)


def run_pytest_batch(
    sandbox: Any,
    root: Path,
    folders: list[str],
    *,
    limits: SandboxLimits,
    deps: Path | None = None,
) -> dict[str, dict[str, Any]]:
    """The test report of each copy `root/<folder>`, all tested in one sandboxed process (pytest
    imported once); a copy missing from the answer has no report."""
    marker = f"longhaul-envelope-{secrets.token_hex(12)}"
    each = min(limits.wall_seconds, BATCH_SECONDS_EACH)
    args = [marker, WORKSPACE_MOUNT, str(each), *folders]
    result = with_environment(sandbox, deps).run(
        isolated("pytest-batch", args, paths=test_paths(deps)),
        workspace=Path(root),
        limits=replace(
            limits,
            wall_seconds=each * max(1, len(folders)) + 30,
            cpu_seconds=limits.cpu_seconds * max(1, len(folders)),
        ),
    )
    envelope = _envelope(result.stdout, marker) or {}
    reports = {}
    for run in envelope.get("runs") or []:
        if isinstance(run, dict) and run.get("folder") in folders:
            reports[run["folder"]] = report_from(run, int(run.get("exit_code", -1)), "")
    return reports


def report_from(envelope: dict[str, Any] | None, exit_code: int, output: str) -> dict[str, Any]:
    """passed/failed/errors/skipped, `all_passed`, `failures` ("FAILED id - message"), `tests`
    (pytest node id -> outcome), `frames` (traceback file:line of failing tests), `summary` and
    the output's tail."""
    cases = _cases((envelope or {}).get("junit", ""))
    counts = {"passed": 0, "failed": 0, "errors": 0, "skipped": 0}
    for outcome in cases.values():
        counts[outcome["outcome"]] += 1
    code = int(envelope["exit_code"]) if envelope else exit_code
    failures = [
        observable(f"{'FAILED' if c['outcome'] == 'failed' else 'ERROR'} {i} - {c['message']}", 500)
        for i, c in cases.items()
        if c["outcome"] in ("failed", "errors")
    ][:MAX_FAILURES]
    summary = _summary(counts, code, envelope is not None)
    report: dict[str, Any] = {
        **counts,
        "exit_code": code,
        "all_passed": code == 0 and counts["passed"] > 0 and not counts["failed"],
        "summary": summary,
        "failures": failures,
        "tests": {i: c["outcome"] for i, c in cases.items()},
        "frames": {i: c["frames"] for i, c in cases.items() if c.get("frames")},
        "output": observable(output),
    }
    if envelope and isinstance(envelope.get("coverage"), dict):
        report["coverage"] = envelope["coverage"]
    return report


def node_id(file: str, classname: str, name: str) -> str:
    """A JUnit (xunit1) test case as pytest's node id: `tests/test_x.py::TestY::test_z[1]`."""
    module = file.removesuffix(".py").replace("/", ".")
    classes = classname[len(module) + 1 :].split(".") if classname.startswith(module + ".") else []
    return "::".join([file, *[c for c in classes if c], name]) if file else f"{classname}::{name}"


def _envelope(stdout: str, marker: str) -> dict[str, Any] | None:
    _, found, after = stdout.rpartition(f"\n{marker}\n")
    if not found:
        return None
    try:
        value = json.loads(after.strip().splitlines()[0])
    except (ValueError, IndexError):
        return None
    return value if isinstance(value, dict) else None


def _cases(junit: Any) -> dict[str, dict[str, Any]]:
    # The XML comes from the sandbox: bounded, and no DTD (so no entity expansion at all).
    if not isinstance(junit, str) or not junit or len(junit) > MAX_JUNIT_CHARS:
        return {}
    if "<!DOCTYPE" in junit or "<!ENTITY" in junit:
        return {}
    try:
        root = ElementTree.fromstring(junit)
    except ElementTree.ParseError:
        return {}
    cases = {}
    for case in root.iter("testcase"):
        name = node_id(case.get("file", ""), case.get("classname", ""), case.get("name", ""))
        cases[name] = _outcome(case)
    return cases


def _outcome(case: ElementTree.Element) -> dict[str, Any]:
    for tag, outcome in (("failure", "failed"), ("error", "errors"), ("skipped", "skipped")):
        found = case.find(tag)
        if found is not None:
            message = (found.get("message") or found.text or "").strip().splitlines()
            frames = [[p, int(n)] for p, n in _FRAME.findall(found.text or "")][:MAX_FRAMES]
            return {
                "outcome": outcome,
                "message": message[0][:300] if message else "",
                "frames": frames,
            }
    return {"outcome": "passed", "message": ""}


def _summary(counts: dict[str, int], code: int, reported: bool) -> str:
    if not reported:
        return f"pytest did not report (exit {code})"
    parts = [f"{n} {word}" for word, n in counts.items() if n]
    if code == 5 or not any(counts.values()):
        return "no tests ran"
    return ", ".join(parts)


PROBE = {
    "conftest.py": "import pytest\n\n\n@pytest.fixture\ndef base():\n    return 40\n",
    "test_probe.py": (
        "import pytest\n\n\n@pytest.mark.parametrize('n', [1, 2])\n"
        "def test_probe(base, n):\n    assert base + n in (41, 42)\n"
    ),
}


def probe(sandbox: Any) -> str:
    """Runs a pytest file that imports pytest, uses a conftest fixture and parametrize, in the
    sandbox as run_tests would; returns the summary, or raises RuntimeError saying what failed
    (SandboxUnavailable when the tools are not installed)."""
    with tempfile.TemporaryDirectory(prefix="longhaul-probe-") as scratch:
        root = Path(scratch)
        root.chmod(0o755)
        workspace = root / "workspace"
        workspace.mkdir(mode=0o755)
        for name, content in PROBE.items():
            (workspace / name).write_text(content)
        report = run_pytest(sandbox, workspace, limits=SandboxLimits(wall_seconds=60))
    if report["passed"] != 2 or not report["all_passed"]:
        raise RuntimeError(f"a pytest file with a fixture did not pass: {report['summary']}")
    return str(report["summary"])
