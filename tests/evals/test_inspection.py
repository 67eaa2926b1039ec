"""Environment quality inspection across evals: a planted flaky task and a planted drifting task
are flagged, a pass without a workspace change is suspicious, and only earlier evals of the same
organization, suite version and configuration count as the drift baseline."""

from __future__ import annotations

import pytest

from evals.reports import eval_report
from tests.evals.records import STANDARD, finished_eval
from tests.factories import TenantFixture

pytestmark = pytest.mark.django_db
TASKS = ["steady", "flaky", "drifting", "no-change"]


def test_a_flaky_task_and_a_drifting_task_are_flagged(
    acme: TenantFixture, globex: TenantFixture
) -> None:
    # Given two earlier evals of the configuration where every task passed but the flaky one,
    # which passed half the time
    earlier = {task: [True] * 4 for task in TASKS} | {"flaky": [False, True, True, False]}
    finished_eval(acme, earlier)
    finished_eval(acme, earlier)
    # and, not comparable: another model's eval and another organization's, where all failed
    never = {task: [False] * 4 for task in TASKS}
    finished_eval(acme, never, standard={**STANDARD["standard"], "model": "m2"})
    finished_eval(globex, never)

    # When an eval finds the drifting task failing and the flaky task split between repeats
    current = finished_eval(
        acme,
        {
            "steady": [True] * 4,
            "flaky": [True, False, True, False],
            "drifting": [False] * 4,
            "no-change": [True] * 4,
        },
    )
    report = eval_report(eval=current)

    # Then both are flagged, and the pass without a change is suspicious
    inspection = report["inspection"]
    assert inspection["flaky"] == [
        {"task": "flaky", "configuration": "standard", "passed": 2, "trials": 4}
    ]
    [drift] = inspection["drift"]
    assert (drift["task"], drift["pass_rate"], drift["baseline_trials"]) == ("drifting", 0.0, 8)
    assert drift["baseline_ci95"][0] == pytest.approx(0.6756, abs=1e-3)
    assert inspection["suspicious"] == [
        {"task": "no-change", "configuration": "standard", "passes_without_change": 4}
    ]
    assert inspection["baseline_trials"] == 32


def test_a_pass_rate_within_its_interval_is_not_drift(acme: TenantFixture) -> None:
    # Given an earlier eval where a task passed 3 of 4 times
    finished_eval(acme, {"steady": [True, True, True, False]})

    # When it now passes 2 of 4 (inside the earlier Wilson interval) or 4 of 4
    current = finished_eval(acme, {"steady": [True, False, True, True]})

    # Then nothing drifted; the disagreeing repeats still make it flaky
    inspection = eval_report(eval=current)["inspection"]
    assert inspection["drift"] == []
    assert [item["task"] for item in inspection["flaky"]] == ["steady"]
