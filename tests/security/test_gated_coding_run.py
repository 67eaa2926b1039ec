"""A rule that gates code execution also gates the code agent's own test runs (setup and
verify call run_tests directly): the run waits for a reviewer there instead of failing, and a
rejection is a test run that did not happen."""

from __future__ import annotations

from pathlib import Path

import pytest

from runs.models import RunStatus, ToolCall
from runs.services import run_advance, run_start
from tests.agents.loop_support import call, plan
from tests.factories import TenantFixture
from tests.runs.fixtures import advance_to_approval, decide_as_reviewer, model, runtime
from tests.security.test_approval_forgery import approval_policy_set, reachable_workspaces, tarball
from tests.support.fake_openai import FakeOpenAI

__all__ = ["model", "reachable_workspaces", "runtime"]
pytestmark = pytest.mark.django_db(transaction=True)
PASSING = {
    "calc.py": "def add(a, b):\n    return a + b\n",
    "test_calc.py": "from calc import add\n\ndef test_add():\n    assert add(2, 3) == 5\n",
}
FAILING = {**PASSING, "calc.py": "def add(a, b):\n    return a - b\n"}


def test_the_code_agent_waits_for_approval_of_its_test_runs_under_a_code_execution_rule(
    acme: TenantFixture, reachable_workspaces: Path, model: FakeOpenAI
) -> None:
    # Given a rule on run_command and a coding run (the agent loop) on a failing project
    approval_policy_set(organization_id=acme.organization.id, tool="run_command", reason="")
    model.script = [
        plan("fix add"),
        call("write_file", path="calc.py", content=PASSING["calc.py"]),
        call("finish", summary="add adds"),
    ]
    run = run_start(
        organization=acme.organization,
        workflow="coding",
        input={"task": "Make the tests pass", "strategy": "agent"},
        workspace_archive=tarball(FAILING),
        created_by_user=acme.member,
    )

    # When the setup node reaches its test run, it waits instead of failing
    first = advance_to_approval(run)
    assert first.tool == "run_tests"
    assert not ToolCall.objects.filter(run=run, tool="run_tests").exists()

    # Then, approved, the tests run; verify asks again, and once approved the run succeeds
    decide_as_reviewer(acme, first, approve=True)
    second = advance_to_approval(run)
    assert second.tool == "run_tests"
    assert second.id != first.id
    assert ToolCall.objects.filter(run=run, tool="run_tests").count() == 1
    decide_as_reviewer(acme, second, approve=True)
    run_advance(run_id=str(run.id), owner="w")
    run.refresh_from_db()
    assert run.status == RunStatus.SUCCEEDED, run.error
    assert ToolCall.objects.filter(run=run, tool="run_tests").count() == 2


def test_a_rejected_test_run_is_reported_not_retried_forever(
    acme: TenantFixture, reachable_workspaces: Path, model: FakeOpenAI
) -> None:
    # Given a rule on code execution and a coding run
    approval_policy_set(organization_id=acme.organization.id, capability="code_execution")
    model.script = [plan("check"), call("finish", summary="done")] * 4
    run = run_start(
        organization=acme.organization,
        workflow="coding",
        input={"task": "Make sure the tests pass"},
        workspace_archive=tarball(PASSING),
        created_by_user=acme.member,
    )

    # When the reviewer rejects the first test run
    decide_as_reviewer(acme, advance_to_approval(run), approve=False)
    run_advance(run_id=str(run.id), owner="w")

    # Then the run goes on without that test run and ends (it cannot verify), never executing it
    run.refresh_from_db()
    assert run.is_terminal, (run.status, run.error)
    assert run.status == RunStatus.FAILED
    assert not ToolCall.objects.filter(run=run, tool="run_tests").exists()
