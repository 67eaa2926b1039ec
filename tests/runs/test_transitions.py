"""One owner for the run lifecycle: every status and lease change goes through
runs.lifecycle.run_transition and its table."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from runs.lifecycle import TRANSITIONS, InvalidRunTransition, run_transition
from runs.models import TERMINAL_STATUSES, Run, RunStatus
from tests.factories import TenantFixture

PLATFORM = Path(__file__).resolve().parents[2] / "platform"
OWNED = {"status", "lease_owner", "lease_expires_at", "fencing_token"}


def test_every_status_has_a_row_and_finished_runs_only_reopen() -> None:
    assert set(TRANSITIONS) == set(RunStatus.values)
    for status in TERMINAL_STATUSES:
        assert TRANSITIONS[status] == {RunStatus.QUEUED}


@pytest.mark.django_db
def test_a_change_the_table_does_not_allow_is_refused(acme: TenantFixture) -> None:
    run = Run.objects.create(organization=acme.organization, workflow="w", status="succeeded")

    with pytest.raises(InvalidRunTransition, match="succeeded -> running"):
        run_transition(run, RunStatus.RUNNING, event=None)
    with pytest.raises(TypeError, match="lease_owner"):
        run_transition(run, RunStatus.QUEUED, event=None, lease_owner="x")

    assert Run.objects.get(id=run.id).status == RunStatus.SUCCEEDED


def writes(tree: ast.AST) -> list[int]:
    """Lines that assign a run's status or lease attribute, or pass one to `Run.objects`'s
    `.update(...)`."""
    found: list[int] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign | ast.AugAssign) and _assigns_owned(node):
            found.append(node.lineno)
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "update"
            and "Run.objects" in ast.unparse(node.func.value)
            and any(keyword.arg in OWNED for keyword in node.keywords)
        ):
            found.append(node.lineno)
    return found


def _assigns_owned(node: ast.Assign | ast.AugAssign) -> bool:
    roots = node.targets if isinstance(node, ast.Assign) else [node.target]
    return any(
        isinstance(target, ast.Attribute)
        and target.attr in OWNED
        and "run" in ast.unparse(target.value)
        for root in roots
        for target in ast.walk(root)
    )


def test_no_module_but_the_lifecycle_writes_a_runs_status_or_lease() -> None:
    offenders = []
    for path in sorted((PLATFORM / "runs").rglob("*.py")):
        if path.name in {"lifecycle.py", "models.py"} or "migrations" in path.parts:
            continue
        for line in writes(ast.parse(path.read_text())):
            offenders.append(f"{path.relative_to(PLATFORM)}:{line}")
    assert offenders == []
    assert writes(ast.parse((PLATFORM / "runs" / "lifecycle.py").read_text()))  # it sees them
