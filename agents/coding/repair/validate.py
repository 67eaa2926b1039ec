"""Validation: each candidate is applied to its own copy of the workspace and the tests run there
in their own sandbox, a few at a time.

The copy is made inside a sandbox (the workspace bound read-only, the copy as the workspace), so
the host never follows a link or opens a special file the agent planted; the host then applies
the edit through a directory handle. A candidate is `valid` when every test that failed before
passes and every test that passed before still passes; `partial` when it fixes some failing
tests and breaks none (a half of a two-location fix).
"""

from __future__ import annotations

import secrets
import shutil
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from agents.coding.repair.edits import Candidate, diff_size, unified_diff
from agents.coding.repair.localise import failing_tests, passing_tests
from agents.sandbox.contract import SandboxLimits
from agents.sandbox.errors import SandboxError
from agents.sandbox.hostfs import HostDirectory
from agents.sandbox.pyenv import bound
from agents.tools.builtin.testing import run_pytest

SOURCE_MOUNT = "/opt/longhaul/source"
COPY = f"cp -a {SOURCE_MOUNT}/. /workspace/ && rm -rf /workspace/.git"
MAX_FILE_BYTES = 1024**2


@dataclass
class Validator:
    """Validates candidates against `baseline` (the test report before any change)."""

    sandbox: Any
    workspace: Path
    baseline: dict[str, Any]
    limits: SandboxLimits
    deps: Path | None = None
    parallel: int = 2

    def __post_init__(self) -> None:
        self.failing = failing_tests(self.baseline)
        self.passing = passing_tests(self.baseline)
        self.copies = self.workspace.parent / f".repair-{secrets.token_hex(6)}"
        self.copies.mkdir(mode=0o711)
        self.copies.chmod(0o711)
        self.validated = 0

    def close(self) -> None:
        shutil.rmtree(self.copies, ignore_errors=True)

    def run(self, candidates: list[Candidate]) -> list[Candidate]:
        """Validates every candidate (results in `candidate.result`); returns them in order."""
        with ThreadPoolExecutor(max_workers=max(1, self.parallel)) as pool:
            list(pool.map(self.one, candidates))
        return candidates

    def one(self, candidate: Candidate) -> Candidate:
        copy = self.copies / secrets.token_hex(6)
        copy.mkdir(mode=0o755)
        try:
            if not self._apply(candidate, copy):
                candidate.result = {"verdict": "not applicable"}
                return candidate
            report = run_pytest(self.sandbox, copy, limits=self.limits, deps=self.deps)
            candidate.result = self.judge(report)
        except SandboxError as error:
            candidate.result = {"verdict": "error", "error": f"{type(error).__name__}: {error}"}
        finally:
            shutil.rmtree(copy, ignore_errors=True)
            self.validated += 1
        return candidate

    def judge(self, report: dict[str, Any]) -> dict[str, Any]:
        now_failing, now_passing = failing_tests(report), passing_tests(report)
        fixed = sorted(self.failing & now_passing)
        broken = sorted(self.passing - now_passing)
        if not report.get("tests"):
            verdict = "no result"
        elif broken:
            verdict = "breaks passing tests"
        elif len(fixed) == len(self.failing) and not now_failing:
            verdict = "valid"
        elif fixed:
            verdict = "partial"
        else:
            verdict = "no improvement"
        return {
            "verdict": verdict,
            "fixed": fixed,
            "broken": broken,
            "summary": report.get("summary"),
        }

    def _apply(self, candidate: Candidate, copy: Path) -> bool:
        source = bound(self.sandbox, {str(self.workspace): SOURCE_MOUNT})
        made = source.run(["/bin/sh", "-c", COPY], workspace=copy, limits=self.limits)
        if made.exit_code != 0:
            raise SandboxError(f"copying the workspace failed: {made.stderr[-500:]}")
        diffs = []
        with HostDirectory(copy) as root:
            for path, edits in _by_file(candidate).items():
                data, size = root.read(path, limit=MAX_FILE_BYTES)
                if size > len(data):
                    return False
                before = after = data.decode("utf-8", errors="surrogateescape")
                for edit in edits:
                    changed = edit.apply(after)
                    if changed is None:
                        return False
                    after = changed
                if path.endswith(".py") and not compiles(after, path):
                    return False
                root.write(path, after.encode("utf-8", errors="surrogateescape"))
                diffs.append(unified_diff(path, before, after))
        candidate.diff = "".join(diffs)
        return True


def compiles(source: str, path: str) -> bool:
    """Compiling (never running) the text: a candidate that breaks the syntax is not tested."""
    try:
        compile(source, path, "exec", dont_inherit=True)
    except (SyntaxError, ValueError):
        return False
    return True


def rank(candidates: list[Candidate]) -> list[Candidate]:
    """Valid candidates, best first: most tests fixed, then the smallest diff, then the order
    they were generated in (the most suspicious location first)."""
    valid = [c for c in candidates if c.result.get("verdict") == "valid"]
    order = {id(c): i for i, c in enumerate(candidates)}
    return sorted(valid, key=lambda c: (-len(c.result["fixed"]), diff_size(c.diff), order[id(c)]))


def _by_file(candidate: Candidate) -> dict[str, list[Any]]:
    grouped: dict[str, list[Any]] = {}
    for edit in candidate.edits:
        grouped.setdefault(edit.path, []).append(edit)
    return grouped
