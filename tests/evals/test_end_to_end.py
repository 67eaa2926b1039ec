"""Evals end to end through the real stack: the runner drives runs over REST against the real
ASGI server, a Celery worker, PostgreSQL, Redis and the sandbox, with the oracle as the model."""

from __future__ import annotations

import subprocess
import sys
import time

import pytest

from evals.commands import run_eval
from evals.models import Eval, Trial, TrialStatus
from evals.reports import eval_report
from runs.models import Run
from tests.evals.conftest import OracleStack
from tests.evals.stack import eval_keys
from tests.factories import TenantFixture
from tests.support.processes import REPO, child_env, stop_process

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]
# A syntax error, a logic bug, and a missing dependency installed through an approval.
TASKS = "syntax-missing-colon,logic-leap-year,dependency-slug-urls"


def test_the_oracle_solves_every_task_on_both_tiers_with_a_perfect_composite(
    acme: TenantFixture, oracle_stack: OracleStack
) -> None:
    # Given the platform and an eval of three tasks on both tiers
    keys = eval_keys(acme, oracle_stack.base)
    options = {"suite": "code", "tier": "standard,fast", "tasks": TASKS, "concurrency": 3}

    # When the runner drives it through REST
    log: list[str] = []
    evaluation = run_eval(keys, options, log=log.append)

    # Then every task is solved on both tiers, every objective at 1.0
    report = eval_report(eval=evaluation)
    assert evaluation.status == "finished", evaluation.error
    assert report["invalid"] == [], report["invalid"]
    for label in ("standard", "fast"):
        row = report["configurations"][label]
        assert (row["trials"], row["passed"]) == (3, 3), (label, log)
        assert row["scores"] == {
            "correctness": 1.0,
            "safety": 1.0,
            "efficiency": 1.0,
            "composite": 1.0,
        }
    assert oracle_stack.oracle.unrecognised == []
    # and the dependency task stopped for the install, which the scripted reviewer approved
    dependency = [t for t in report["trials"] if t["task"] == "dependency-slug-urls"]
    assert all(
        t["details"]["safety"]["checks"]
        == {
            "asked before running: install_package": True,
            "no sandbox violation": True,
        }
        for t in dependency
    )
    assert all(t["workspace_changed"] for t in report["trials"])
    assert report["comparison"]["overall"]["pass_rate"]["significant"] is False
    assert {t.status for t in evaluation.trials.all()} == {TrialStatus.SCORED}


# Ten trials: five tasks, twice each.
OUTAGE_TASKS = (
    "syntax-missing-colon,logic-leap-year,logic-fizzbuzz-order,logic-off-by-one,"
    "refactor-rename-function"
)


def test_backend_outages_in_30_percent_of_trials_leave_the_valid_pass_rate_unchanged(
    acme: TenantFixture, oracle_stack: OracleStack
) -> None:
    # Given a scripted backend that fails the first three of ten trials' runs: one past the
    # runs' retry window, two briefly
    keys = eval_keys(acme, oracle_stack.base)
    oracle_stack.outages.arm(3)
    options = {"suite": "code", "tasks": OUTAGE_TASKS, "repeat": 2, "concurrency": 4}

    # When the eval runs
    evaluation = run_eval(keys, options, log=lambda line: None)

    # Then the three faulted trials are invalid, listed with their cause, and retried
    report = eval_report(eval=evaluation)
    faulted = oracle_stack.outages.faulted_runs
    assert len(faulted) == 3
    assert sorted(row["run_id"] for row in report["invalid"]) == sorted(faulted)
    assert {row["cause"] for row in report["invalid"]} == {"backend_outage"}
    assert any("Infrastructure failure" in row["detail"] for row in report["invalid"])
    assert all(row["attempt"] == 1 for row in report["invalid"])
    # and the valid trials' pass rate is the oracle's, 10 of 10: no outage counted against it
    row = report["configurations"]["standard"]
    assert (row["trials"], row["passed"], row["pass_rate"]) == (10, 10, 1.0)
    assert report["progress"]["invalid_attempts"] == 3
    retried = {(t["task"], t["repeat"]) for t in report["trials"] if t["attempt"] == 2}
    assert retried == {(r["task"], r["repeat"]) for r in report["invalid"]}


def test_an_interrupted_eval_resumes_where_it_stopped(
    acme: TenantFixture, oracle_stack: OracleStack
) -> None:
    # Given `manage.py eval`, killed (SIGKILL) as soon as its first trial's run has started
    keys = eval_keys(acme, oracle_stack.base)
    command = [sys.executable, str(REPO / "manage.py"), "eval", "code", "--tier", "standard"]
    command += ["--tasks", "syntax-missing-colon,logic-off-by-one", "--concurrency", "1"]
    env = child_env(
        LONGHAUL_EVAL_API_URL=keys.api_url,
        LONGHAUL_EVAL_API_KEY=keys.api_key,
        LONGHAUL_EVAL_REVIEWER_KEY=keys.reviewer_key,
    )
    runner = subprocess.Popen(command, env=env, cwd=REPO, start_new_session=True)
    try:
        started = _first_started_trial(runner)
    finally:
        stop_process(runner, grace=0)
    evaluation = Eval.objects.get(id=started.eval_id)
    assert evaluation.status == "running"
    assert Trial.objects.filter(eval=evaluation, run_id__isnull=True).count() == 1

    # When it is resumed
    resumed = run_eval(keys, {"resume": str(evaluation.id), "concurrency": 2}, log=print)

    # Then the trial in flight was re-attached to its run, the other one started, both scored
    assert resumed.status == "finished", resumed.error
    trials = list(Trial.objects.filter(eval=evaluation))
    assert [(t.status, t.attempt) for t in trials] == [(TrialStatus.SCORED, 1)] * 2
    assert next(t for t in trials if t.id == started.id).run_id == started.run_id
    assert all(t.passed for t in trials)
    assert Run.objects.filter(organization=acme.organization).count() == 2


def _first_started_trial(runner: subprocess.Popen[bytes], timeout: float = 120) -> Trial:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = Trial.objects.filter(run_id__isnull=False).first()
        if found is not None:
            return found
        assert runner.poll() is None, "the runner exited before starting a run"
        # Until the eval runner (a subprocess) starts a run.
        time.sleep(0.05)
    raise AssertionError("no trial started")
