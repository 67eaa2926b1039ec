"""The `hidden_tests` checker: the task's tests, run in the sandbox on a copy of the final workspace.

The final workspace is hostile. It is copied file by file through `agents.sandbox.hostfs` (links
are never followed and not copied, special files are skipped, bytes, files and time are
bounded) into a fresh directory; the task's visible tests are written back with their original
text (editing a test does not make it pass) and its hidden tests, kept in the suite and never
uploaded, are added in a directory of their own. Then the platform's own pytest runs them in the
sandbox as the run_tests tool does (isolated interpreter, the repository's declared dependencies
from their cached environment, results from JUnit XML), with time, CPU, memory and output
bounded; nothing of the workspace ever runs on the host.

A pass needs every test to pass and at least as many passing tests as the restored and hidden
files define at top level (`def test_...`), so output that merely claims success is not enough.
"""

from __future__ import annotations

import re
import secrets
import tempfile
from collections.abc import Collection
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from django.conf import settings

from agents.sandbox import SandboxError, SandboxLimits, SandboxUnavailable, get_sandbox, observable
from agents.sandbox.hostfs import HostDirectory, WalkLimit
from agents.sandbox.pyenv import cached_environment
from agents.tools.builtin.project import declared_requirements
from agents.tools.builtin.testing import run_pytest
from evals.checkers import CheckerCrashed, CheckResult, Outcome, failed
from evals.suites import Task

MAX_COPY_BYTES = 256 * 1024**2  # room for installed packages (.packages) too
MAX_COPY_FILES = 20_000
COPY_SECONDS = 30.0
OUTPUT_BYTES = 1024**2
_SKIPPED_DIRS = frozenset({"__pycache__"})
_TEST_FILE = re.compile(r"^(test_.*|.*_test)\.py$")
_TOP_LEVEL_TEST = re.compile(r"^def test\w*\s*\(", re.MULTILINE)
# Limits the agent's code hit: a failed check, never a crashed checker.
_AGENT_FAULTS = ("SandboxTimeout", "CpuTimeExceeded", "MemoryExceeded", "OutputTruncated",
                 "ProcessLimitExceeded", "FileSizeExceeded", "DiskQuotaExceeded")  # fmt: skip


class WorkspaceTooLarge(Exception):
    pass


@dataclass(frozen=True)
class Prepared:
    """A copy of a final workspace made ready for the task's tests."""

    targets: list[str]  # test paths and folders to run, relative to the copy
    expected: int  # top-level test functions the written test files define
    skipped: list[str]  # entries of the workspace left out of the copy


def hidden_tests(task: Task, outcome: Outcome) -> CheckResult:
    if outcome.workspace is None:
        raise CheckerCrashed("the run's final workspace is unavailable")
    with tempfile.TemporaryDirectory(prefix="longhaul-eval-check-") as scratch:
        Path(scratch).chmod(0o755)  # the sandbox's own user must reach the copy
        copy = Path(scratch) / "workspace"
        copy.mkdir(mode=0o755)
        try:
            prepared = prepare(task, outcome.workspace, copy)
        except (WorkspaceTooLarge, WalkLimit) as error:
            return failed(f"the final workspace cannot be checked: {error}")
        return _run(task, copy, prepared)


def prepare(task: Task, workspace: Path, copy: Path) -> Prepared:
    """Copies `workspace` into the empty directory `copy` and writes the task's tests there."""
    tests = _tests_of(task)
    skipped = copy_workspace(workspace, copy, reserved=set(tests))
    with HostDirectory(copy) as root:
        for path, content in tests.items():
            root.write(path, content)
    return Prepared(_targets(tests), _expected_tests(tests), skipped)


def copy_workspace(source: Path, target: Path, *, reserved: Collection[str] = ()) -> list[str]:
    """Copies the regular files of `source` into `target`, except those at or in the way of
    `reserved` paths; returns the links and special files left out. WorkspaceTooLarge past the
    bounds."""
    skipped: list[str] = []
    total = 0
    with HostDirectory(source) as origin, HostDirectory(target) as copy:
        entries = origin.walk(skip=_SKIPPED_DIRS, max_entries=MAX_COPY_FILES, seconds=COPY_SECONDS)
        for entry in entries:
            if entry.kind == "directory":
                continue
            if entry.kind != "file":
                skipped.append(f"{entry.path} ({entry.kind})")
                continue
            if _clashes(entry.path, entry.kind, reserved):
                continue  # the suite's own test goes there
            total += _copy_file(origin, copy, entry.path, MAX_COPY_BYTES - total)
    return skipped


def _copy_file(origin: HostDirectory, copy: HostDirectory, path: str, room: int) -> int:
    try:
        data, size = origin.read(path, limit=room + 1)
    except (OSError, SandboxError):
        return 0  # changed into a link or a special file since it was listed: left out
    if size > room or len(data) > room:
        raise WorkspaceTooLarge(f"it holds more than {MAX_COPY_BYTES} bytes")
    copy.write(path, data)
    return len(data)


def _clashes(path: str, kind: str, reserved: Collection[str]) -> bool:
    """True for an entry at a reserved path, inside one, or a file where a reserved path needs
    a directory."""
    for taken in reserved:
        if path == taken or path.startswith(f"{taken}/"):
            return True
        if taken.startswith(f"{path}/") and kind != "directory":
            return True
    return False


def _tests_of(task: Task) -> dict[str, bytes]:
    """Relative path -> content of every test file the check writes into the copy: the visible
    tests as the suite holds them, and the hidden ones under a fresh directory."""
    tests = {}
    if task.workspace is not None:
        for path in sorted(task.workspace.rglob("*.py")):
            if _TEST_FILE.match(path.name) and "__pycache__" not in path.parts:
                tests[path.relative_to(task.workspace).as_posix()] = path.read_bytes()
    hidden = _hidden_dir(task)
    folder = f"eval_hidden_{secrets.token_hex(6)}"
    for path in sorted(hidden.rglob("*")):
        if path.is_file() and not path.is_symlink() and "__pycache__" not in path.parts:
            tests[f"{folder}/{path.relative_to(hidden).as_posix()}"] = path.read_bytes()
    return tests


def _hidden_dir(task: Task) -> Path:
    if task.directory is None:
        raise CheckerCrashed(f"task {task.id!r} was not loaded from a suite directory")
    hidden = task.directory / str(task.checker.get("hidden", "hidden"))
    if not hidden.is_dir():
        raise CheckerCrashed(f"task {task.id!r} has no hidden tests at {hidden}")
    return hidden


def _run(task: Task, copy: Path, prepared: Prepared) -> CheckResult:
    timeout = float(task.checker.get("timeout_seconds", 60))
    try:
        sandbox = get_sandbox(settings.LONGHAUL_SANDBOX)
        envs = Path(settings.LONGHAUL_WORKSPACES_DIR) / ".sandbox-envs"
        report = run_pytest(
            sandbox,
            copy,
            targets=prepared.targets,
            limits=limits_for(timeout),
            deps=cached_environment(envs, declared_requirements(copy)),
        )
    except SandboxUnavailable as error:
        raise CheckerCrashed(f"the sandbox is unavailable: {error}") from error
    except SandboxError as error:
        if type(error).__name__ not in _AGENT_FAULTS:
            raise CheckerCrashed(f"the sandbox failed: {type(error).__name__}: {error}") from error
        return _stopped(error, prepared.skipped)
    return verdict(report, prepared)


def limits_for(timeout: float) -> SandboxLimits:
    return replace(
        SandboxLimits(),
        wall_seconds=timeout,
        cpu_seconds=max(1, int(timeout)),
        output_bytes=OUTPUT_BYTES,
    )


def _targets(tests: dict[str, bytes]) -> list[str]:
    visible = [path for path in tests if not path.startswith("eval_hidden_")]
    folders = sorted({path.split("/", 1)[0] for path in tests if path.startswith("eval_hidden_")})
    return [*visible, *folders]


def _expected_tests(tests: dict[str, bytes]) -> int:
    return sum(
        len(_TOP_LEVEL_TEST.findall(content.decode("utf-8", "replace")))
        for content in tests.values()
    )


def _stopped(error: SandboxError, skipped: list[str]) -> CheckResult:
    partial = error.result.stdout + error.result.stderr if error.result is not None else ""
    return failed(
        f"the tests were stopped: {type(error).__name__}",
        error=observable(str(error), 500),
        output_tail=observable(partial[-4000:], 2000),
        skipped_entries=skipped[:50],
    )


def verdict(report: dict[str, Any], prepared: Prepared) -> CheckResult:
    """The check's result from the test run's report (agents.tools.builtin.testing)."""
    expected, skipped = prepared.expected, prepared.skipped
    ran = report["passed"] + report["failed"] + report["errors"]
    score = report["passed"] / max(ran, expected, 1)
    passed = bool(report["all_passed"]) and report["passed"] >= expected
    details = {
        "passed": report["passed"],
        "failed": report["failed"],
        "errors": report["errors"],
        "expected_at_least": expected,
        "summary": report["summary"],
        "failures": report["failures"],
        "skipped_entries": skipped[:50],
    }
    if not passed:
        details["output_tail"] = observable(report["output"][-4000:], 2000)
    return CheckResult(
        passed=passed, score=1.0 if passed else min(score, 0.999999), details=details
    )
