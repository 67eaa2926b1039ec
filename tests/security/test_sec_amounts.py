"""Amount rules against amounts re-encoded to slip past them, payments split to stay under
them, and budget extensions without end: through the real gate, PostgreSQL and the decision
service."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.core.exceptions import ValidationError

from approvals.conditions import amounts_in, holds
from approvals.models import ApprovalRequest, ApprovalStatus, RequestKind
from approvals.policy import Facts, evaluate
from runs import toolbox
from runs.models import RunStatus
from tests.approvals.conftest import payments
from tests.approvals.support import advance, paid, paused, pay_call, rule, start, vote
from tests.factories import TenantFixture
from tests.runs.fixtures import effect_calls, model, runtime
from tests.support.fake_openai import FakeOpenAI

__all__ = ["model", "payments", "runtime"]
OVER = {"path": "$.amount", "op": "gt", "value": 1000}


@pytest.mark.parametrize(
    "amount",
    [
        "1,000.50",
        "$2000",
        "2 000 EUR",
        "1.000,50",
        "USD 12,500.00",
        "2e3",
        "\uff04 5000",  # a full-width dollar sign
        "5\u202f000",  # a narrow no-break space between thousands
        [500, "2000"],
        {"value": "2000", "currency": "USD"},
        {"lines": [{"net": 10}, {"net": "1,500"}]},
        "1,000,000",
        "1e999",
    ],
)
def test_an_amount_rule_matches_the_amount_however_it_is_written(amount: Any) -> None:
    assert holds(OVER, {"amount": amount})


@pytest.mark.parametrize("amount", [999, "999.99", "$ 12.50", ["1", "2"], "none", True, None])
def test_an_amount_rule_does_not_match_what_is_not_over_it(amount: Any) -> None:
    assert not holds(OVER, {"amount": amount})


def test_an_allow_rule_holds_only_when_every_reading_is_within_it() -> None:
    small = {"path": "$.amount", "op": "lte", "value": 100}
    assert holds(small, {"amount": "99.50"}, every=True)
    # "1,000" is one thousand to some readers and one to others: never allowed as small
    assert not holds(small, {"amount": "1,000"}, every=True)
    assert not holds(small, {"amount": [50, 5000]}, every=True)
    assert amounts_in("1,000") == [1.0, 1000.0]


def test_an_allow_rule_cannot_be_reached_by_an_ambiguous_amount() -> None:
    rules = [
        {
            "id": 1,
            "position": 10,
            "name": "small payments",
            "applies_to": "tool",
            "action": "allow",
            "conditions": {"tools": ["record_effect"], "arguments": [{**OVER, "op": "lte"}]},
        },
        {
            "id": 2,
            "position": 20,
            "name": "everything else",
            "applies_to": "tool",
            "action": "deny",
            "conditions": {"tools": ["record_effect"]},
        },
    ]
    registry = toolbox.registry()
    for amount, action in ((900, "allow"), ("1.500", "deny"), ([900, "9,000"], "deny")):
        facts = Facts(kind="tool", name="record_effect", arguments={"amount": amount})
        assert evaluate(rules, facts, registry=registry, version=1).action == action, amount


@pytest.mark.django_db(transaction=True)
def test_payments_split_across_calls_of_a_run_are_added_up(
    acme: TenantFixture, payments: Path, model: FakeOpenAI
) -> None:
    # Given: payments need approval once a run has paid more than 10,000 in all
    total = {"path": "$.amount", "op": "gt", "value": 10000}
    rule(acme, name="structuring", conditions={"tools": ["pay"], "run_total": total})
    script = [pay_call(payments, 4000), pay_call(payments, 4000), pay_call(payments, 4000)]
    run = start(acme, model, [*script, {"content": "paid"}])

    # When: the run pays three times 4,000
    request = paused(run)

    # Then: the third payment, the one that takes the total past 10,000, waits for a person
    assert paid(payments) == ["4000 acme-supplies", "4000 acme-supplies"]
    assert request.kind == RequestKind.TOOL
    assert request.arguments["amount"] == 4000
    assert request.step == 2
    # ... and once approved it runs, exactly once
    vote(acme, request, acme.reviewer)
    assert advance(run).status == RunStatus.SUCCEEDED
    assert len(paid(payments)) == 3


def test_a_run_total_rule_is_checked_when_written() -> None:
    from approvals.policy import rule_problems

    registry = toolbox.registry()
    bad = {"conditions": {"run_total": {"path": "$.amount", "op": "contains", "value": "x"}}}
    assert (
        "run_total"
        in rule_problems({**bad, "approver_roles": ["reviewer"], "quorum": 1}, registry=registry)[
            "conditions"
        ]
    )
    budget = {"applies_to": "budget", "conditions": {"max_extension": -1}}
    problems = rule_problems(
        {**budget, "approver_roles": ["reviewer"], "quorum": 1}, registry=registry
    )
    assert "max_extension" in problems["conditions"]


@pytest.mark.django_db(transaction=True)
def test_a_reviewer_cannot_grant_a_budget_extension_past_the_policy_maximum(
    acme: TenantFixture, runtime: Path, model: FakeOpenAI, settings: Any
) -> None:
    # Given: a run that ran out of its 2 steps asks for 2 more; the rule grants at most 5
    settings.LONGHAUL_BUDGET_EXTENSION_MAX_FACTOR = 10
    rule(acme, applies_to="budget", conditions={"budgets": ["max_steps"], "max_extension": 5})
    run = start(acme, model, effect_calls(runtime, 3), budgets={"max_steps": 2})
    request = paused(run)

    # When: a reviewer grants 10^12 steps, or 6
    for extension in (10**12, 6):
        with pytest.raises(ValidationError, match="more than the policy allows"):
            vote(acme, request, acme.reviewer, patch={"extension": extension})
    # Then: nothing was granted; 5 is
    request.refresh_from_db()
    assert request.status == ApprovalStatus.PENDING
    assert request.edited_arguments is None
    vote(acme, request, acme.reviewer, patch={"extension": 5})
    run = advance(run)
    assert run.budgets["max_steps"] == 7
    assert run.status == RunStatus.SUCCEEDED, run.error


@pytest.mark.django_db(transaction=True)
def test_without_a_rule_maximum_the_platform_factor_caps_an_extension(
    acme: TenantFixture, runtime: Path, model: FakeOpenAI, settings: Any
) -> None:
    settings.LONGHAUL_BUDGET_EXTENSION_MAX_FACTOR = 3
    rule(acme, applies_to="budget")
    run = start(acme, model, effect_calls(runtime, 3), budgets={"max_steps": 2})
    request = paused(run)
    with pytest.raises(ValidationError, match="at most 6"):
        vote(acme, request, acme.reviewer, patch={"extension": 7})
    assert ApprovalRequest.objects.get(id=request.id).status == ApprovalStatus.PENDING
