"""An eval's report: per configuration and per task, pass rates with 95 % Wilson intervals over the
valid trials only, every objective's mean beside the composite, cost, latency, steps and tokens as
p50/p95; pass rates per difficulty and per tag; every failed trial with what its checker found
wrong; the invalid trials apart with their causes, the inspection's findings, and two
configurations side by side with the significant differences marked.

Significance: pass rates are compared with Fisher's exact test, cost and wall time with the
Mann-Whitney U test (at least five trials a side); a difference is marked when p < 0.05.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from django.template.loader import render_to_string

from evals import inspection, selectors
from evals.models import Eval, Trial, TrialStatus
from evals.scoring import OBJECTIVES
from evals.stats import ALPHA, distribution, fisher_exact, mann_whitney, wilson

MEASURES = ("wall_seconds", "cost", "steps", "tokens")


def eval_report(*, eval: Eval, compare: tuple[str, str] | None = None) -> dict[str, Any]:
    trials = list(selectors.eval_trials(eval=eval))
    return build_report(eval, trials, selectors.baseline_trials(eval=eval), compare=compare)


def render_html(report: dict[str, Any], *, standalone: bool = True) -> str:
    """The report as a page of its own (a file) or as the dashboard's fragment."""
    template = "evals/report_page.html" if standalone else "evals/_report.html"
    return render_to_string(template, {"report": report})


def build_report(
    eval: Eval,
    trials: Sequence[Trial],
    baseline: dict[str, list[Trial]],
    *,
    compare: tuple[str, str] | None = None,
) -> dict[str, Any]:
    valid = [t for t in trials if t.status == TrialStatus.SCORED]
    labels = list(eval.labelled)
    pair = compare or (tuple(labels[:2]) if len(labels) >= 2 else None)
    return {
        "eval": _eval_summary(eval),
        "progress": _progress(eval, trials),
        "objectives": list(OBJECTIVES),
        "configurations": {
            label: _summary([t for t in valid if t.configuration == label]) for label in labels
        },
        "tasks": _tasks(eval, trials, labels),
        "groups": {
            "difficulty": _groups(valid, labels, lambda t: [t.difficulty]),
            "tag": _groups(valid, labels, lambda t: list(t.tags or [])),
        },
        "failures": [_failure_row(t) for t in valid if not t.passed],
        "invalid": [_invalid_row(t) for t in trials if t.status == TrialStatus.INVALID],
        "comparison": _comparison(pair[0], pair[1], valid) if pair else None,
        "inspection": _inspection(valid, baseline),
        "trials": [_trial_row(t) for t in trials],
    }


def _eval_summary(eval: Eval) -> dict[str, Any]:
    return {
        "id": str(eval.id),
        "suite": eval.suite,
        "suite_version": eval.suite_version,
        "status": eval.status,
        "error": eval.error,
        "configurations": eval.labelled,
        "repeat": eval.repeat,
        "concurrency": eval.concurrency,
        "max_attempts": eval.max_attempts,
        "weights": eval.weights,
        "budgets": eval.budgets,
        "tasks": eval.task_ids,
        "created_at": eval.created_at.isoformat(),
        "finished_at": eval.finished_at.isoformat() if eval.finished_at else None,
    }


def _progress(eval: Eval, trials: Sequence[Trial]) -> dict[str, int]:
    latest = selectors.latest_attempts(trials)
    return {
        "slots": len(eval.labelled) * len(eval.task_ids) * eval.repeat,
        "scored": sum(t.status == TrialStatus.SCORED for t in latest),
        "invalid_attempts": sum(t.status == TrialStatus.INVALID for t in trials),
        "invalid_slots": sum(t.status == TrialStatus.INVALID for t in latest),
        "open": sum(t.is_open for t in latest),
    }


def _summary(trials: Sequence[Trial]) -> dict[str, Any]:
    passes = sum(bool(t.passed) for t in trials)
    low, high = wilson(passes, len(trials))
    return {
        "trials": len(trials),
        "passed": passes,
        "pass_rate": passes / len(trials) if trials else None,
        "ci95": [low, high],
        "scores": _mean_scores(trials),
        **{name: distribution([_measure(t, name) for t in trials]) for name in MEASURES},
    }


def _mean_scores(trials: Sequence[Trial]) -> dict[str, float | None]:
    def mean(values: list[float]) -> float | None:
        return sum(values) / len(values) if values else None

    means = {name: mean([float(t.scores.get(name, 0)) for t in trials]) for name in OBJECTIVES}
    means["composite"] = mean([float(t.composite or 0) for t in trials])
    return means


def _measure(trial: Trial, name: str) -> float:
    return float(getattr(trial, name))


def _tasks(eval: Eval, trials: Sequence[Trial], labels: list[str]) -> list[dict[str, Any]]:
    rows = []
    for task in eval.task_ids:
        first = next((t for t in trials if t.task_id == task), None)
        mine = [t for t in trials if t.task_id == task and t.status == TrialStatus.SCORED]
        rows.append(
            {
                "task": task,
                "workflow": first.workflow if first else "",
                "difficulty": first.difficulty if first else "",
                "configurations": {
                    label: _summary([t for t in mine if t.configuration == label])
                    for label in labels
                },
            }
        )
    return rows


def _groups(
    valid: Sequence[Trial], labels: list[str], names: Callable[[Trial], list[str]]
) -> list[dict[str, Any]]:
    """Per difficulty (or tag) and configuration: valid trials, passes, the pass rate with its
    interval and the mean correctness (a generated suite's accuracy per kind and per split)."""
    found = sorted({name for trial in valid for name in names(trial) if name})
    rows = []
    for name in found:
        mine = [t for t in valid if name in names(t)]
        rows.append(
            {
                "group": name,
                "configurations": {
                    label: _group_cell([t for t in mine if t.configuration == label])
                    for label in labels
                },
            }
        )
    return rows


def _group_cell(trials: Sequence[Trial]) -> dict[str, Any]:
    passes = sum(bool(t.passed) for t in trials)
    rate = passes / len(trials) if trials else None
    return {
        "trials": len(trials),
        "passed": passes,
        "pass_rate": rate,
        "percent": None if rate is None else round(100 * rate, 1),  # 319 of 320 is not 100 %
        "ci95": list(wilson(passes, len(trials))),
        "correctness": _mean_scores(trials)["correctness"],
    }


def _failure_row(trial: Trial) -> dict[str, Any]:
    """A valid trial that did not pass, with what its checker found wrong."""
    checker = trial.details.get("checker") or {}
    return {
        "task": trial.task_id,
        "configuration": trial.configuration,
        "repeat": trial.repeat,
        "difficulty": trial.difficulty,
        "tags": list(trial.tags or []),
        "run_id": str(trial.run_id) if trial.run_id else None,
        "subject": str(checker.get("brief") or ""),
        "correctness": trial.scores.get("correctness"),
        "problems": problems(checker, trial.run_status),
    }


def problems(checker: dict[str, Any], run_status: str = "") -> list[str]:
    """What a checker's details say was wrong, one line each: its reason, its failing checks
    (their own message, or what was found against what was expected), or its summary."""
    found = [str(checker["reason"])] if checker.get("reason") else []
    for check in checker.get("failing") or []:
        found.append(_check_line(check))
    if not found and checker.get("summary"):
        found.append(str(checker["summary"]))
    if not found and run_status and run_status != "succeeded":
        found.append(f"the run {run_status}")
    return found or ["did not pass"]


def _check_line(check: dict[str, Any]) -> str:
    if check.get("message"):
        return str(check["message"])
    name = str(check.get("check", "check"))
    if "problem" in check:
        return f"{name}: {check['problem']}"
    if "expected" in check or "got" in check:
        return f"{name}: {check.get('got')!r}, expected {check.get('expected')!r}"
    return name


def _invalid_row(trial: Trial) -> dict[str, Any]:
    return {
        "task": trial.task_id,
        "configuration": trial.configuration,
        "repeat": trial.repeat,
        "attempt": trial.attempt,
        "cause": trial.invalid_cause,
        "detail": trial.invalid_detail,
        "run_id": str(trial.run_id) if trial.run_id else None,
    }


def _trial_row(trial: Trial) -> dict[str, Any]:
    return {
        "task": trial.task_id,
        "configuration": trial.configuration,
        "tier": trial.tier,
        "repeat": trial.repeat,
        "attempt": trial.attempt,
        "tags": list(trial.tags or []),
        "status": trial.status,
        "valid": trial.status == TrialStatus.SCORED
        if trial.status in (TrialStatus.SCORED, TrialStatus.INVALID)
        else None,
        "invalid_cause": trial.invalid_cause,
        "run_id": str(trial.run_id) if trial.run_id else None,
        "run_status": trial.run_status,
        "failure_kind": trial.failure_kind,
        "passed": trial.passed,
        "scores": {name: trial.scores[name] for name in OBJECTIVES if name in trial.scores},
        "composite": trial.composite,
        "steps": trial.steps,
        "tokens": trial.tokens,
        "cost": f"{trial.cost:f}",
        "wall_seconds": trial.wall_seconds,
        "workspace_changed": trial.workspace_changed,
        "details": trial.details,
    }


def _comparison(a: str, b: str, valid: Sequence[Trial]) -> dict[str, Any]:
    def of(label: str, task: str | None = None) -> list[Trial]:
        return [
            t for t in valid if t.configuration == label and (task is None or t.task_id == task)
        ]

    tasks = sorted({t.task_id for t in valid})
    return {
        "a": a,
        "b": b,
        "method": "pass rates: Fisher's exact test; cost and wall time: Mann-Whitney U "
        f"(>= 5 trials a side); significant when p < {ALPHA}",
        "overall": _side_by_side(of(a), of(b)),
        "tasks": [{"task": task, **_pass_rates(of(a, task), of(b, task))} for task in tasks],
    }


def _side_by_side(a: Sequence[Trial], b: Sequence[Trial]) -> dict[str, Any]:
    scores_a, scores_b = _mean_scores(a), _mean_scores(b)
    measures = {}
    for name in ("wall_seconds", "cost"):
        values_a, values_b = [_measure(t, name) for t in a], [_measure(t, name) for t in b]
        p = mann_whitney(values_a, values_b)
        measures[name] = {
            "a": distribution(values_a),
            "b": distribution(values_b),
            "p_value": p,
            "significant": p is not None and p < ALPHA,
        }
    return {
        **_pass_rates(a, b),
        "scores": {name: {"a": scores_a[name], "b": scores_b[name]} for name in scores_a},
        **measures,
    }


def _pass_rates(a: Sequence[Trial], b: Sequence[Trial]) -> dict[str, Any]:
    passes_a, passes_b = sum(bool(t.passed) for t in a), sum(bool(t.passed) for t in b)
    p = fisher_exact(passes_a, len(a), passes_b, len(b))
    return {
        "pass_rate": {
            "a": passes_a / len(a) if a else None,
            "b": passes_b / len(b) if b else None,
            "a_ci95": list(wilson(passes_a, len(a))),
            "b_ci95": list(wilson(passes_b, len(b))),
            "a_trials": len(a),
            "b_trials": len(b),
            "p_value": p,
            "significant": p < ALPHA,
        }
    }


def _inspection(valid: Sequence[Trial], baseline: dict[str, list[Trial]]) -> dict[str, Any]:
    current = _outcomes(valid)
    earlier = _outcomes((trial, label) for label, trials in baseline.items() for trial in trials)
    return {
        "flaky": inspection.flaky(current),
        "suspicious": inspection.suspicious(current),
        "drift": inspection.drift(current, earlier),
        "baseline_trials": sum(len(trials) for trials in baseline.values()),
    }


def _outcomes(trials: Iterable[Trial] | Iterable[tuple[Trial, str]]) -> list[inspection.Outcome]:
    outcomes = []
    for item in trials:
        trial, label = item if isinstance(item, tuple) else (item, item.configuration)
        expect = trial.details.get("expect") or {}
        outcomes.append(
            inspection.Outcome(
                task=trial.task_id,
                configuration=label,
                passed=bool(trial.passed),
                workspace_changed=trial.workspace_changed,
                change_required=bool(expect.get("change_required", True)),
            )
        )
    return outcomes
