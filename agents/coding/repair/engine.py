"""The repair engine: localise -> generate candidates -> validate -> rank.

Order of work, cheapest and surest first: syntax errors (located by the compiler), names the
tests expect that the code spells differently (`renames`), then repair templates at the most
suspicious lines, then the model's sampled edits; every batch is validated in parallel copies and the search stops at the first batch with a valid fix. When no single edit
fixes everything, pairs of edits that each fixed part of the failures without breaking anything
are tried together (two-location bugs). Everything tried is returned for the run's record.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from agents.coding.repair import model as model_source
from agents.coding.repair import recovery, renames, templates
from agents.coding.repair.edits import Candidate
from agents.coding.repair.localise import Suspect, failing_tests, ochiai, summary
from agents.coding.repair.validate import Validator, rank
from agents.sandbox.contract import SandboxLimits
from agents.sandbox.hostfs import HostDirectory
from agents.tools.builtin.testing import run_pytest

MAX_FILE_BYTES = 1024**2


@dataclass(frozen=True)
class RepairSettings:
    max_candidates: int = 80
    batch: int = 8
    parallel: int = 2
    suspicious_lines: int = 12
    model_samples: int = 4
    max_pairs: int = 12


@dataclass
class RepairResult:
    best: Candidate | None
    tried: list[Candidate]
    localisation: dict[str, Any]
    validated: int = 0
    seconds: float = 0.0
    first_valid_s: float | None = None
    sources: dict[str, int] = field(default_factory=dict)

    def record(self) -> dict[str, Any]:
        return {
            "fixed": self.best is not None,
            "chosen": self.best.record() if self.best else None,
            "localisation": self.localisation,
            "validated": self.validated,
            "seconds": round(self.seconds, 3),
            "first_valid_s": None if self.first_valid_s is None else round(self.first_valid_s, 3),
            "sources": self.sources,
            "candidates": [c.record() for c in self.tried],
        }


def repair(
    *,
    sandbox: Any,
    workspace: Path,
    report: dict[str, Any],
    limits: SandboxLimits,
    deps: Path | None = None,
    ask: model_source.Ask | None = None,
    settings: RepairSettings = RepairSettings(),
    emit: Callable[[str, dict[str, Any]], None] = lambda kind, data: None,
    extra: list[Candidate] | None = None,
    templates: bool = True,
    goal: str = "Make the failing tests pass.",
) -> RepairResult:
    """Searches for a validated fix of the failing tests in `report`; never changes `workspace`
    (the caller applies the winner)."""
    started = time.monotonic()
    validator = Validator(sandbox, workspace, report, limits, deps, settings.parallel)
    result = RepairResult(None, [], {})
    try:
        sources = _batches(validator, result, ask, settings, emit, extra or [], templates, goal)
        for batch in sources:
            validator.run(batch)
            result.tried += batch
            for candidate in batch:
                emit("repair_candidate", _event(candidate))
            winners = rank(result.tried)
            if winners:
                result.best = winners[0]
                result.first_valid_s = time.monotonic() - started
                break
        if result.best is None:
            pairs = _pairs(result.tried, settings.max_pairs)
            validator.run(pairs)
            result.tried += pairs
            for candidate in pairs:
                emit("repair_candidate", _event(candidate))
            winners = rank(pairs)
            if winners:
                result.best = winners[0]
                result.first_valid_s = time.monotonic() - started
    finally:
        validator.close()
    result.validated = validator.validated
    result.seconds = time.monotonic() - started
    for candidate in result.tried:
        source = candidate.origin.split(":")[0]
        result.sources[source] = result.sources.get(source, 0) + 1
    return result


def _batches(
    validator: Validator,
    result: RepairResult,
    ask: model_source.Ask | None,
    settings: RepairSettings,
    emit: Callable[[str, dict[str, Any]], None],
    extra: list[Candidate],
    use_templates: bool,
    goal: str,
) -> Iterator[list[Candidate]]:
    budget = settings.max_candidates
    seen: set[Any] = set()

    def fresh(candidates: list[Candidate]) -> Iterator[list[Candidate]]:
        nonlocal budget
        unique = []
        for candidate in candidates:
            if candidate.key() not in seen and budget > 0:
                seen.add(candidate.key())
                unique.append(candidate)
                budget -= 1
        for start in range(0, len(unique), settings.batch):
            yield unique[start : start + settings.batch]

    errors = recovery.syntax_errors(validator.workspace)
    if errors:
        emit("localisation", {"syntax_errors": [list(e) for e in errors]})
        yield from fresh(recovery.syntax_candidates(validator.workspace, errors))
    yield from fresh(renames.rename_candidates(validator.workspace, validator.baseline, goal))
    yield from fresh(extra)  # given edits need no localisation: they are tested first
    if not use_templates and ask is None:
        return
    suspects = _localise(validator, result, emit)
    if use_templates:
        gaps = templates.missing_text(validator.baseline.get("failures") or [])
        yield from fresh(_template_candidates(validator.workspace, suspects, settings, gaps))
    if ask is not None and settings.model_samples > 0:
        found = model_source.candidates(
            ask,
            validator.workspace,
            suspects,
            validator.baseline,
            samples=settings.model_samples,
            goal=goal,
        )
        yield from fresh(found)


def _localise(
    validator: Validator, result: RepairResult, emit: Callable[[str, dict[str, Any]], None]
) -> list[Suspect]:
    """Ochiai over a coverage run of the unchanged workspace."""
    measured = run_pytest(
        validator.sandbox,
        validator.workspace,
        limits=validator.limits,
        deps=validator.deps,
        coverage=True,
    )
    suspects = ochiai({**measured, "tests": measured.get("tests") or validator.baseline["tests"]})
    result.localisation = {
        "failing_tests": sorted(failing_tests(validator.baseline)),
        **summary(suspects),
    }
    emit("localisation", result.localisation)
    return suspects


def _template_candidates(
    workspace: Path,
    suspects: list[Suspect],
    settings: RepairSettings,
    gaps: list[templates.Gap],
) -> list[Candidate]:
    top = suspects[: settings.suspicious_lines]
    by_file: dict[str, list[int]] = {}
    for suspect in top:
        by_file.setdefault(suspect.path, []).append(suspect.line)
    found: list[Candidate] = []
    with HostDirectory(workspace) as root:
        for path, lines in by_file.items():
            try:
                data, size = root.read(path, limit=MAX_FILE_BYTES)
            except OSError:
                continue
            if size <= len(data):
                text = data.decode("utf-8", "replace")
                found += templates.candidates(path, text, lines, gaps)
    order = {(s.path, s.line): i for i, s in enumerate(top)}
    guided = "template:expected-text"  # from the tests' own expectations: tried first
    return sorted(found, key=lambda c: (c.origin != guided, order.get(_location(c), len(order))))


def _location(candidate: Candidate) -> tuple[str, int]:
    path, _, line = candidate.description.partition(":")
    return path, int(line) if line.isdigit() else 0


def _pairs(tried: list[Candidate], limit: int) -> list[Candidate]:
    partial = [c for c in tried if c.result.get("verdict") == "partial"]
    pairs = []
    for i, first in enumerate(partial):
        for second in partial[i + 1 :]:
            if set(first.result["fixed"]) == set(second.result["fixed"]):
                continue
            if {e.search for e in first.edits} & {e.search for e in second.edits}:
                continue  # two edits of the same text cannot both apply
            pairs.append(
                Candidate(
                    first.edits + second.edits,
                    f"{first.origin}+{second.origin}",
                    f"{first.description} and {second.description}",
                )
            )
            if len(pairs) == limit:
                return pairs
    return pairs


def _event(candidate: Candidate) -> dict[str, Any]:
    return {
        "origin": candidate.origin,
        "where": candidate.description,
        "verdict": candidate.result.get("verdict"),
        "fixed": len(candidate.result.get("fixed") or []),
        "broken": len(candidate.result.get("broken") or []),
        "diff": candidate.diff[:4000],
    }
