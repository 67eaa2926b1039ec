"""One definition of the roles and the statuses: accounts.roles, runs.statuses and
approvals.statuses. Code elsewhere names their members instead of copying the values, so a
group of two or more of them written out as strings (a role group, a set of statuses) is a
copy that would drift."""

from __future__ import annotations

import ast

from accounts.roles import Role
from approvals.statuses import ApprovalStatus
from runs.statuses import RunStatus
from tests.support.source import PLATFORM, platform_trees

VOCABULARIES = {
    "roles": set(Role.values),
    "run statuses": set(RunStatus.values),
    "approval statuses": set(ApprovalStatus.values),
}
# path (from platform/): why its strings are not a copy.
NOT_COPIES = {
    # Settings read the environment before any app loads, so they cannot import the roles.
    "config/settings/accounts.py": "the default of LONGHAUL_TWO_FACTOR_ROLES",
    # The sweep's counts name what it did to requests (and "reminded"), not their statuses.
    "approvals/deadlines.py": "the sweep's counts",
    # A tool's figures: calls that succeeded and failed, not run statuses.
    "runs/reliability.py": "a tool's call counts",
    # The SLA figures' names (how many requests are pending, expired, escalated).
    "approvals/sla.py": "the SLA figures",
}


def copies(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, vocabulary) of every tuple, list, set or dict (keys) with two or more string
    literals from one vocabulary."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Tuple | ast.List | ast.Set | ast.Dict):
            items = node.keys if isinstance(node, ast.Dict) else node.elts
            strings = {i.value for i in items if isinstance(i, ast.Constant)}
            found += [
                (node.lineno, name)
                for name, vocab in VOCABULARIES.items()
                if len(strings & vocab) >= 2
            ]
    return found


def test_roles_and_statuses_are_named_not_copied() -> None:
    offenders = [
        f"{path.relative_to(PLATFORM)}:{line}: {vocabulary}"
        for path, tree in platform_trees()
        if str(path.relative_to(PLATFORM)) not in NOT_COPIES
        for line, vocabulary in copies(tree)
    ]
    assert offenders == []


def test_the_check_sees_a_copy() -> None:
    assert copies(ast.parse('REVIEWERS = ("owner", "admin", "reviewer")')) == [(1, "roles")]
    assert copies(ast.parse("ENDED = {RunStatus.SUCCEEDED, RunStatus.FAILED}")) == []
