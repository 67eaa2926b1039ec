"""Validation: each candidate is applied to its own copy of the workspace and tested there.

Copies are made by the host through directory handles (links are never followed or copied,
special files are skipped, size and count are bounded), then the edit is applied the same way.
Candidates are screened in batches, several copies tested one after the other in one sandboxed
pytest process (pytest is imported once), a batch per sandbox, a few sandboxes in parallel. A
candidate that passes screening is confirmed by a run of its own in a fresh sandbox, so nothing
another candidate's code did in the shared process can make it look valid.

A candidate is `valid` when every test that failed before passes and every test that passed
before still passes; `partial` when it fixes some failing tests and breaks none (a half of a
two-location fix).
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
from agents.sandbox.hostfs import HostDirectory, WalkLimit
from agents.tools.builtin.testing import run_pytest, run_pytest_batch

MAX_FILE_BYTES = 1024**2
MAX_COPY_BYTES = 256 * 1024**2
MAX_COPY_ENTRIES = 20_000
NOT_COPIED = frozenset({".git", "__pycache__"})


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
        if not candidates:
            return candidates
        groups = [candidates[i :: self.parallel] for i in range(self.parallel)]
        with ThreadPoolExecutor(max_workers=max(1, self.parallel)) as pool:
            list(pool.map(self._screen, [g for g in groups if g]))
        for candidate in candidates:
            if candidate.result.get("verdict") == "valid":
                self.one(candidate)  # confirmed alone, or not valid after all
        return candidates

    def _screen(self, group: list[Candidate]) -> None:
        batch = self.copies / secrets.token_hex(6)
        batch.mkdir(mode=0o755)
        try:
            folders = {}
            for n, candidate in enumerate(group):
                if self._prepare(candidate, batch / str(n)):
                    folders[str(n)] = candidate
                else:
                    candidate.result = {"verdict": "not applicable"}
            if not folders:
                return
            try:
                reports = run_pytest_batch(
                    self.sandbox, batch, list(folders), limits=self.limits, deps=self.deps
                )
            except SandboxError:
                reports = {}
            for folder, candidate in folders.items():
                if folder in reports:
                    candidate.result = self.judge(reports[folder])
                    self.validated += 1
                else:  # the batch was stopped (a candidate looped?): this one runs alone
                    self.one(candidate)
        finally:
            shutil.rmtree(batch, ignore_errors=True)

    def one(self, candidate: Candidate) -> Candidate:
        copy = self.copies / secrets.token_hex(6)
        try:
            if not self._prepare(candidate, copy):
                candidate.result = {"verdict": "not applicable"}
                return candidate
            report = run_pytest(self.sandbox, copy, limits=self.limits, deps=self.deps)
            candidate.result = {**self.judge(report), "confirmed": True}
        except SandboxError as error:
            candidate.result = {"verdict": "error", "error": f"{type(error).__name__}: {error}"}
        finally:
            shutil.rmtree(copy, ignore_errors=True)
            self.validated += 1
        return candidate

    def judge(self, report: dict[str, Any]) -> dict[str, Any]:
        now_failing, now_passing = failing_tests(report), passing_tests(report)
        fixed = sorted(self.failing & now_passing)
        if not now_failing and now_passing:
            # A module that failed to import was one "test" (its collection error); fixed, it
            # is gone and its tests run: the vanished failures count as fixed.
            vanished = self.failing - set(report.get("tests") or {})
            fixed = sorted(set(fixed) | vanished)
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

    def _prepare(self, candidate: Candidate, copy: Path) -> bool:
        """The workspace copied to `copy` with the candidate's edits; False when an edit does not
        apply exactly once or breaks the syntax."""
        copy.mkdir(mode=0o755)
        copy_tree(self.workspace, copy)
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


def copy_tree(source: Path, target: Path) -> None:
    """Copies the directories and regular files of `source` into `target` (links and special
    files are left out); WalkLimit past the bounds."""
    total = 0
    with HostDirectory(source) as origin, HostDirectory(target) as copy:
        for entry in origin.walk(skip=NOT_COPIED, max_entries=MAX_COPY_ENTRIES):
            if entry.path.split("/")[-1] in NOT_COPIED:
                continue
            if entry.kind == "directory":
                copy.make_directories(entry.path)
            elif entry.kind == "file":
                try:
                    data, _ = origin.read(entry.path, limit=MAX_COPY_BYTES - total)
                except (OSError, SandboxError):
                    continue  # changed into a link or a special file since it was listed
                total += len(data)
                if total >= MAX_COPY_BYTES:
                    raise WalkLimit(f"the workspace holds more than {MAX_COPY_BYTES} bytes")
                copy.write(entry.path, data)


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
