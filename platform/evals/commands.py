"""What `manage.py eval` does, apart from parsing: check the keys, plan a new eval or reopen one,
run it, and summarise its report in a few lines."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.conf import settings

from accounts.selectors import ApiKeyError, KeyPrincipal, api_key_authenticate
from evals import selectors, services
from evals.client import Platform
from evals.models import Eval
from evals.runner import InProcessRunner, Runner, RunnerError, RunnerOptions
from evals.suites import Suite, SuiteError, load_suite

DEFAULT_CONCURRENCY = 2
IN_PROCESS = "in-process"  # the one configuration of an in-process suite's eval
SHOWN_FAILURES = 20  # failed trials the summary lists; the reports list every one


class EvalCommandError(Exception):
    """A one-line reason the command cannot go on."""


@dataclass(frozen=True)
class Keys:
    api_url: str
    api_key: str
    reviewer_key: str


def run_eval(keys: Keys, options: dict[str, Any], *, log: Callable[[str], None]) -> Eval:
    runner_key = _principal(keys.api_key, "runs", "--api-key (LONGHAUL_EVAL_API_KEY)")
    reviewer_key = _principal(
        keys.reviewer_key, "approvals", "--reviewer-key (LONGHAUL_EVAL_REVIEWER_KEY)"
    )
    if reviewer_key.organization_id != runner_key.organization_id:
        raise EvalCommandError("the reviewer key belongs to another organization")
    if options.get("resume"):
        evaluation, suite = _reopen(runner_key.organization_id, options)
    else:
        suite = _suite(options.get("suite"))
        evaluation = services.eval_create(
            organization_id=runner_key.organization_id,
            plan=plan_from(suite, options),
            started_by=f"API key lh_{runner_key.prefix}_...",
        )
    log(
        f"eval {evaluation.id}: suite {suite.name} {suite.version}, "
        f"{len(evaluation.task_ids)} tasks x {', '.join(evaluation.labelled)} "
        f"x {evaluation.repeat} repeats, {evaluation.concurrency} at a time"
    )
    platform = Platform(keys.api_url, keys.api_key)
    reviewer = Platform(keys.api_url, keys.reviewer_key)
    runner = Runner(
        eval=evaluation,
        suite=suite,
        platform=platform,
        reviewer_platform=reviewer,
        options=_runner_options(options),
        log=log,
    )
    try:
        return runner.run()
    except RunnerError as error:
        raise EvalCommandError(
            f"eval {evaluation.id} stopped: {error}. Fix it, then resume with --resume "
            f"{evaluation.id}"
        ) from None
    except KeyboardInterrupt:
        raise EvalCommandError(
            f"interrupted; every finished trial is recorded. Resume with "
            f"`manage.py eval --resume {evaluation.id}`"
        ) from None
    finally:
        platform.close()
        reviewer.close()


def run_in_process(
    keys: Keys, options: dict[str, Any], suite: Suite, *, log: Callable[[str], None]
) -> Eval:
    """An in-process suite's eval: no platform, run or model; the eval belongs to the runs
    key's organization, or with --local to the demo organization."""
    if options.get("local"):
        from evals.local import demo_organization

        organization_id, started_by = demo_organization(), "manage.py eval --local"
    else:
        key = _principal(keys.api_key, "runs", "--api-key (LONGHAUL_EVAL_API_KEY)")
        organization_id, started_by = key.organization_id, f"API key lh_{key.prefix}_..."
    if options.get("resume"):
        evaluation, suite = _reopen(organization_id, options)
    else:
        plan = plan_from(suite, options)
        evaluation = services.eval_create(
            organization_id=organization_id, plan=plan, started_by=started_by
        )
    log(
        f"eval {evaluation.id}: suite {suite.name} {suite.version}, "
        f"{len(evaluation.task_ids)} tasks checked in process"
    )
    try:
        return InProcessRunner(eval=evaluation, suite=suite, log=_quiet(log)).run()
    except KeyboardInterrupt:
        raise EvalCommandError(
            f"interrupted; every finished trial is recorded. Resume with "
            f"`manage.py eval --resume {evaluation.id}`"
        ) from None


def _quiet(log: Callable[[str], None]) -> Callable[[str], None]:
    """An in-process suite has hundreds of trials: only the failed ones are worth a line."""
    return lambda line: log(line) if not line.split(": ", 1)[-1].startswith("passed") else None


def plan_from(suite: Suite, options: dict[str, Any]) -> services.Plan:
    in_process = suite.runner == "in_process"
    tiers = [IN_PROCESS] if in_process else _split(options.get("tier") or "standard")
    if not tiers:
        raise EvalCommandError("--tier names no tier")
    tasks = _selected(suite, _split(options.get("tasks") or ""))
    repeat = int(options.get("repeat") or 1)
    concurrency = 1 if in_process else int(options.get("concurrency") or DEFAULT_CONCURRENCY)
    if repeat < 1 or concurrency < 1:
        raise EvalCommandError("--repeat and --concurrency must be at least 1")
    configuration = {
        "model": options.get("model") or "",
        "workflow_version": options.get("workflow_version") or "",
    }
    return services.Plan(
        suite=suite.name,
        suite_version=suite.version,
        suite_source=str(options.get("suite")),
        weights=dict(suite.weights),
        budgets=dict(suite.budgets),
        tasks=[(task.id, task.workflow, task.difficulty) for task in tasks],
        tags={task.id: list(task.tags) for task in tasks if task.tags},
        configurations={
            tier: {"tier": "" if in_process else tier, **configuration} for tier in tiers
        },
        repeat=repeat,
        concurrency=concurrency,
        max_attempts=int(options.get("max_attempts") or settings.LONGHAUL_EVAL_MAX_ATTEMPTS),
        run_budgets=_run_budgets(options),
    )


def compare_pair(value: str) -> tuple[str, str] | None:
    labels = _split(value)
    if not labels:
        return None
    if len(labels) != 2:
        raise EvalCommandError("--compare takes two configuration labels: a,b")
    return labels[0], labels[1]


def summary(report: dict[str, Any]) -> str:
    """A few lines for the terminal: each configuration's pass rate with its interval and the
    objectives' means, the invalid trials, the inspection's findings."""
    lines = [f"eval {report['eval']['id']} ({report['eval']['status']})"]
    for label, row in report["configurations"].items():
        rate, (low, high) = row["pass_rate"], row["ci95"]
        scores = " ".join(f"{k} {_num(v)}" for k, v in row["scores"].items())
        lines.append(
            f"  {label}: {row['passed']}/{row['trials']} passed ({_percent(rate)}, "
            f"95% CI {_percent(low)}-{_percent(high)}); {scores}; "
            f"wall p50 {_num(row['wall_seconds']['p50'])} s p95 "
            f"{_num(row['wall_seconds']['p95'])} s"
        )
    for invalid in report["invalid"]:
        lines.append(
            f"  invalid: [{invalid['configuration']}] {invalid['task']} "
            f"#{invalid['repeat'] + 1} attempt {invalid['attempt']}: {invalid['cause']}"
        )
    for finding in ("flaky", "suspicious", "drift"):
        for item in report["inspection"][finding]:
            lines.append(f"  {finding}: [{item['configuration']}] {item['task']}")
    lines += _group_lines(report)
    for failure in report["failures"][:SHOWN_FAILURES]:
        lines.append(
            f"  failed: [{failure['configuration']}] {failure['task']}: "
            f"{'; '.join(failure['problems'])}"
        )
    if len(report["failures"]) > SHOWN_FAILURES:
        more = len(report["failures"]) - SHOWN_FAILURES
        lines.append(f"  ... and {more} more failed trials (every one is in --json and --html)")
    return "\n".join(lines)


def _group_lines(report: dict[str, Any]) -> list[str]:
    """The pass rate per difficulty and per tag, when the suite has more than one of them."""
    lines = []
    for by, groups in report["groups"].items():
        if len(groups) < 2:
            continue
        cells = []
        for group in groups:
            rates = [
                f"{row['passed']}/{row['trials']}"
                for row in group["configurations"].values()
                if row["trials"]
            ]
            cells.append(f"{group['group']} {' '.join(rates)}")
        lines.append(f"  by {by}: {', '.join(cells)}")
    return lines


def _principal(key: str, scope: str, option: str) -> KeyPrincipal:
    if not key:
        raise EvalCommandError(f"{option} is required")
    try:
        principal = api_key_authenticate(key)
    except ApiKeyError as error:
        raise EvalCommandError(f"{option}: {error}") from None
    if scope not in principal.scopes:
        raise EvalCommandError(f"{option} needs the {scope!r} scope")
    return principal


def _reopen(organization_id: int, options: dict[str, Any]) -> tuple[Eval, Suite]:
    found = selectors.eval_get(organization_id=organization_id, eval_id=options["resume"])
    if found is None:
        raise EvalCommandError(f"no eval {options['resume']} in the key's organization")
    suite = _suite(found.suite_source or found.suite)
    if suite.version != found.suite_version:
        raise EvalCommandError(
            f"suite {suite.name} is now version {suite.version}; eval {found.id} ran "
            f"{found.suite_version}, so it cannot be resumed with it"
        )
    concurrency = options.get("concurrency")
    return services.eval_resume(eval_id=found.id, concurrency=concurrency), suite


def suite_for(options: dict[str, Any]) -> Suite:
    """The suite a new eval names, or the one the eval to resume ran."""
    if options.get("resume"):
        return _suite(str(_resumed(options).suite_source))
    return _suite(options.get("suite"))


def _resumed(options: dict[str, Any]) -> Eval:
    found = selectors.eval_find(eval_id=options["resume"])
    if found is None:
        raise EvalCommandError(f"no eval {options['resume']}")
    return found


def _suite(name: str | None) -> Suite:
    if not name:
        raise EvalCommandError("name a suite (or --resume an eval)")
    try:
        return load_suite(name)
    except SuiteError as error:
        raise EvalCommandError(str(error)) from None


def _selected(suite: Suite, wanted: list[str]) -> list[Any]:
    if not wanted:
        return list(suite.tasks)
    known = {task.id: task for task in suite.tasks}
    unknown = [task for task in wanted if task not in known]
    if unknown:
        raise EvalCommandError(f"suite {suite.name} has no task {', '.join(unknown)}")
    return [known[task] for task in wanted]


def _run_budgets(options: dict[str, Any]) -> dict[str, int]:
    names = ("max_steps", "max_tokens", "max_wall_seconds")
    return {name: int(options[name]) for name in names if options.get(name)}


def _runner_options(options: dict[str, Any]) -> RunnerOptions:
    return RunnerOptions(
        poll_seconds=float(settings.LONGHAUL_EVAL_POLL_SECONDS),
        trial_timeout_seconds=float(
            options.get("trial_timeout") or settings.LONGHAUL_EVAL_TRIAL_TIMEOUT_SECONDS
        ),
    )


def _split(value: str) -> list[str]:
    return [item.strip() for item in value.split(",") if item.strip()]


def _percent(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.0f}%"


def _num(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"
