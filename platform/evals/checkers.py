"""Checkers: did a finished run do what its task asked? One per `checker.kind` of a task.

- ``hidden_tests`` (code): the task's hidden tests, with its visible tests restored to their
  original text, run in the SANDBOX on a copy of the final workspace (`evals.checks_code`).
- ``finance_truth``: the run's ledger, findings and report against ground-truth values,
  metrics, planted findings and citable pages (`evals.checks_finance`).
- ``three_d_constraints``: the exported model measured in the sandbox against the task's
  dimensions, triangle budget, part count and closedness (`evals.checks_three_d`).
- ``three_d_reading`` (in-process, no run): the 3D brief reader's reading of the task's brief
  against the reading it should get (`evals.checks_three_d`).

A checker never raises. What the agent made (a failing test, a hang, a flood of output, links to
host files, a missing artifact) is a failed check; a checker that cannot do its job (the sandbox
does not start, the final workspace is unavailable, a bug) returns ``crashed=True``, which makes
the trial invalid instead of counting against the agent.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from evals.suites import Task

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class CheckResult:
    passed: bool
    score: float  # 0..1; partial credit allowed, passed means 1.0
    details: dict[str, Any] = field(default_factory=dict)  # JSON-serialisable
    crashed: bool = False  # the checker itself failed: the trial is invalid
    error: str = ""


@dataclass(frozen=True)
class Outcome:
    """What the runner hands a checker once a run ended, all of it fetched over REST (empty in
    an in-process suite, whose checkers need no run)."""

    run: dict[str, Any]  # GET /api/runs/<id>
    artifacts: dict[str, bytes]  # artifact name -> content
    workspace: Path | None  # the final workspace, unpacked by the strict extractor


class CheckerCrashed(Exception):
    """The checker could not do its job for reasons that are not the agent's."""


def check(task: Task, outcome: Outcome) -> CheckResult:
    kind = str(task.checker.get("kind", ""))
    checker = _checkers().get(kind)
    if checker is None:
        return crashed(f"no checker of kind {kind!r}")
    try:
        return checker(task, outcome)
    except CheckerCrashed as error:
        return crashed(str(error))
    except Exception as error:  # a checker bug must not count against the agent
        logger.exception("checker %s crashed on task %s", kind, task.id)
        return crashed(f"{type(error).__name__}: {error}")


def crashed(error: str) -> CheckResult:
    return CheckResult(passed=False, score=0.0, details={}, crashed=True, error=error[:2000])


def failed(reason: str, **details: Any) -> CheckResult:
    """A check the agent failed outright (nothing to give partial credit for)."""
    return CheckResult(passed=False, score=0.0, details={"reason": reason, **details})


def scored(checks: list[dict[str, Any]], **details: Any) -> CheckResult:
    """Partial credit over named checks, each {"check": ..., "ok": bool, ...}."""
    good = sum(1 for c in checks if c["ok"])
    score = good / len(checks) if checks else 0.0
    failing = [c for c in checks if not c["ok"]]
    return CheckResult(
        passed=bool(checks) and not failing,
        score=round(score, 6),
        details={"checks": len(checks), "failing": failing, **details},
    )


def _checkers() -> dict[str, Callable[[Task, Outcome], CheckResult]]:
    from evals import checks_code, checks_finance, checks_three_d

    return {
        "hidden_tests": checks_code.hidden_tests,
        "finance_truth": checks_finance.finance_truth,
        "three_d_constraints": checks_three_d.three_d_constraints,
        "three_d_reading": checks_three_d.three_d_reading,
    }
