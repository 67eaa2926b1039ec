"""Environment quality inspection.

Per trial: is it **valid**, or did the environment fail it (a backend outage, a sandbox that could
not start, a lost worker, an infrastructure timeout, a platform that refused the runner, a checker
that crashed)? Invalid trials are retried and reported apart; they never count against the agent.

Across trials of one configuration: **flaky** tasks (valid repeats disagree), **suspicious** passes
(the checker passed although the run changed nothing in a workspace that needed a change) and
**drift** (a task's pass rate now lies outside the 95 % Wilson interval of its pass rate in earlier
evals of the same suite version and configuration).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from evals.stats import wilson

# Environment failure kinds (runs/environment.py) by the cause a report gives them.
MODEL_FAILURES = frozenset(
    {"model_unreachable", "model_timeout", "model_unavailable", "model_overloaded"}
)
SANDBOX_FAILURES = frozenset({"sandbox_unavailable"})


@dataclass(frozen=True)
class Validity:
    valid: bool
    cause: str = ""
    detail: str = ""


VALID = Validity(True)


def run_validity(run: Mapping[str, Any]) -> Validity:
    """What the run's own record says about its environment (GET /api/runs/{id})."""
    counts = run.get("environment_failures_by_backend") or {}
    described = _describe(counts)
    if run.get("failure_kind") == "infrastructure":
        cause = _cause(counts) or "infrastructure_failure"
        return Validity(False, cause, str(run.get("error") or described))
    if run.get("environment_failures"):
        return Validity(False, _cause(counts) or "environment_failure", described)
    if run.get("lost_count"):
        return Validity(False, "worker_lost", f"the run lost its worker {run['lost_count']} times")
    if run.get("status") == "cancelled":
        return Validity(False, "run_cancelled", "the run was cancelled outside the eval")
    return VALID


def _cause(counts: Mapping[str, Mapping[str, int]]) -> str:
    kinds = {kind for per_backend in counts.values() for kind in per_backend}
    if kinds & SANDBOX_FAILURES:
        return "sandbox_unavailable"
    if kinds & MODEL_FAILURES:
        return "backend_outage"
    return ""


def _describe(counts: Mapping[str, Mapping[str, int]]) -> str:
    parts = [
        f"{kind} x{number} on {backend}"
        for backend, per_backend in sorted(counts.items())
        for kind, number in sorted(per_backend.items())
    ]
    return "environment failures: " + ", ".join(parts) if parts else ""


@dataclass(frozen=True)
class Outcome:
    """One valid trial, as the analyses across trials see it."""

    task: str
    configuration: str
    passed: bool
    workspace_changed: bool | None = None
    change_required: bool = True


def _by_slot(outcomes: Iterable[Outcome]) -> dict[tuple[str, str], list[Outcome]]:
    groups: dict[tuple[str, str], list[Outcome]] = defaultdict(list)
    for outcome in outcomes:
        groups[(outcome.task, outcome.configuration)].append(outcome)
    return groups


def flaky(outcomes: Iterable[Outcome]) -> list[dict[str, Any]]:
    """Tasks whose valid repeats of one configuration both passed and failed."""
    found = []
    for (task, configuration), group in sorted(_by_slot(outcomes).items()):
        passes = sum(o.passed for o in group)
        if 0 < passes < len(group):
            found.append(
                {
                    "task": task,
                    "configuration": configuration,
                    "passed": passes,
                    "trials": len(group),
                }
            )
    return found


def suspicious(outcomes: Iterable[Outcome]) -> list[dict[str, Any]]:
    """Tasks that passed without any workspace change although the task needs one."""
    found: dict[tuple[str, str], int] = defaultdict(int)
    for o in outcomes:
        if o.passed and o.change_required and o.workspace_changed is False:
            found[(o.task, o.configuration)] += 1
    return [
        {"task": task, "configuration": configuration, "passes_without_change": count}
        for (task, configuration), count in sorted(found.items())
    ]


def drift(current: Iterable[Outcome], baseline: Iterable[Outcome]) -> list[dict[str, Any]]:
    """Tasks whose pass rate now lies outside the Wilson interval of their earlier pass rate on
    the same configuration."""
    before = _by_slot(baseline)
    found = []
    for slot, group in sorted(_by_slot(current).items()):
        earlier = before.get(slot)
        if not earlier:
            continue
        rate = sum(o.passed for o in group) / len(group)
        passes = sum(o.passed for o in earlier)
        low, high = wilson(passes, len(earlier))
        if low <= rate <= high:
            continue
        found.append(
            {
                "task": slot[0],
                "configuration": slot[1],
                "pass_rate": rate,
                "trials": len(group),
                "baseline_pass_rate": passes / len(earlier),
                "baseline_trials": len(earlier),
                "baseline_ci95": [low, high],
            }
        )
    return found
