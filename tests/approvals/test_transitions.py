"""One owner for an approval request's status: every change goes through
approvals.lifecycle.approval_transition and its table."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from django.utils import timezone

from approvals.lifecycle import TRANSITIONS, InvalidApprovalTransition, approval_transition
from approvals.models import OPEN_STATUSES, ApprovalRequest, ApprovalStatus
from runs.models import Run
from tests.factories import TenantFixture, make_approval_request

APPROVALS = Path(__file__).resolve().parents[2] / "platform" / "approvals"


def test_every_status_has_a_row_and_closed_requests_stay_closed() -> None:
    assert set(TRANSITIONS) == set(ApprovalStatus.values)
    for status in set(ApprovalStatus.values) - set(OPEN_STATUSES):
        assert TRANSITIONS[status] == frozenset()


@pytest.mark.django_db
def test_every_change_the_table_does_not_allow_is_refused(acme: TenantFixture) -> None:
    run = Run.objects.create(organization=acme.organization, workflow="w")
    request = make_approval_request(
        run_id=run.id,
        organization_id=acme.organization.id,
        requester_id=acme.member.id,
        arguments={"effect": "a"},
    )
    refused = 0
    for before in ApprovalStatus.values:
        for after in set(ApprovalStatus.values) - TRANSITIONS[before]:
            request.status = before
            with pytest.raises(InvalidApprovalTransition, match=f"{before} -> {after}"):
                approval_transition(request, after)
            refused += 1
    assert refused == 6 * 6 - 5 - 4  # every pair but pending's five and escalated's four
    assert ApprovalRequest.objects.get(id=request.id).status == ApprovalStatus.PENDING

    request.status = ApprovalStatus.PENDING
    approval_transition(
        request, ApprovalStatus.CANCELLED, resolution="run", decided_at=timezone.now()
    )
    assert ApprovalRequest.objects.get(id=request.id).status == ApprovalStatus.CANCELLED


def status_writes(tree: ast.AST) -> list[int]:
    """Lines that assign a `status` attribute, or pass `status` to a queryset's `.update()`."""
    found: list[int] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign):
            roots = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(
                isinstance(target, ast.Attribute) and target.attr == "status"
                for root in roots
                for target in ast.walk(root)
            ):
                found.append(node.lineno)
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "update"
            and any(keyword.arg == "status" for keyword in node.keywords)
        ):
            found.append(node.lineno)
    return found


def test_no_module_but_the_lifecycle_writes_a_requests_status() -> None:
    offenders = [
        f"{path.name}:{line}"
        for path in sorted(APPROVALS.rglob("*.py"))
        if path.name != "lifecycle.py" and "migrations" not in path.parts
        for line in status_writes(ast.parse(path.read_text()))
    ]
    assert offenders == []
    assert status_writes(ast.parse((APPROVALS / "lifecycle.py").read_text()))  # it sees them
