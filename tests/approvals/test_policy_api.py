"""Policies as data over REST: rules (owners and admins), clear 400s, versions, dry runs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from rest_framework.test import APIClient

from approvals.models import ApprovalRequest
from tests.approvals.support import paused, pay_call, start
from tests.factories import TenantFixture
from tests.support.fake_openai import FakeOpenAI

pytestmark = pytest.mark.django_db(transaction=True)
LARGE = {
    "name": "large payments",
    "action": "require_approval",
    "conditions": {"tools": ["pay"], "arguments": [{"path": "$.amount", "op": "gt", "value": 100}]},
    "quorum": 2,
    "deadline_seconds": 3600,
    "deadline_action": "escalate",
    "escalate_to_role": "owner",
}


def signed_in(user: Any) -> APIClient:
    client = APIClient()
    client.force_login(user)
    return client


def test_owners_write_rules_members_read_them_and_every_change_is_a_version(
    acme: TenantFixture, payments: Path
) -> None:
    owner = signed_in(acme.owner)
    created = owner.post("/api/approval-rules", LARGE, format="json")
    assert created.status_code == 201, created.content
    rule_id = created.json()["id"]
    changed = owner.patch(f"/api/approval-rules/{rule_id}", {"quorum": 1}, format="json")
    assert changed.status_code == 200, changed.content

    member = signed_in(acme.member)
    assert member.get("/api/approval-rules").json()[0]["quorum"] == 1
    refused = member.post("/api/approval-rules", LARGE, format="json")
    assert refused.status_code == 403
    assert "owners and admins" in refused.json()["detail"]

    assert owner.delete(f"/api/approval-rules/{rule_id}").status_code == 204
    versions = owner.get("/api/approval-policy/versions").json()
    assert [v["version"] for v in versions] == [3, 2, 1]
    assert versions[0]["rules"] == []
    assert versions[1]["rules"][0]["quorum"] == 1
    assert "deleted" in versions[0]["change"]
    assert owner.get("/api/approval-policy/versions/2").json()["rules"][0]["name"] == (
        "large payments"
    )


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        ({"conditions": {"tools": ["no_such_tool"]}}, "conditions", "unknown"),
        ({"conditions": {"colour": ["red"]}}, "conditions", "Unknown conditions"),
        (
            {"conditions": {"arguments": [{"path": "amount", "op": "gt", "value": 1}]}},
            "conditions",
            "starts with $",
        ),
        (
            {"conditions": {"arguments": [{"path": "$.amount", "op": "gt", "value": "1"}]}},
            "conditions",
            "compares numbers",
        ),
        (
            {"conditions": {"arguments": [{"path": "$.a", "op": "matches", "value": ".*"}]}},
            "conditions",
            "not one of",
        ),
        ({"deadline_action": "escalate", "escalate_to_role": ""}, "escalate_to_role", "role"),
        ({"deadline_seconds": None}, "deadline_seconds", "needs a deadline"),
        ({"approver_roles": ["wizard"]}, "approver_roles", "owner"),
        ({"remind_before_seconds": 7200}, "remind_before_seconds", "before the deadline"),
        ({"applies_to": "budget", "action": "allow", "conditions": {}}, "action", "people"),
        ({"quorum": 0}, "quorum", "greater than or equal to 1"),
    ],
)
def test_a_bad_rule_is_a_400_that_names_the_field_and_stores_nothing(
    acme: TenantFixture, payments: Path, change: dict[str, Any], field: str, words: str
) -> None:
    response = signed_in(acme.owner).post("/api/approval-rules", {**LARGE, **change}, format="json")

    assert response.status_code == 400, response.content
    assert response["Content-Type"] == "application/problem+json"
    assert words in str(response.json()["errors"][field])
    assert signed_in(acme.owner).get("/api/approval-rules").json() == []


def test_a_dry_run_explains_which_rule_a_call_would_hit(
    acme: TenantFixture, payments: Path
) -> None:
    owner = signed_in(acme.owner)
    owner.post(
        "/api/approval-rules",
        {
            "name": "payees",
            "action": "deny",
            "conditions": {
                "tools": ["pay"],
                "arguments": [{"path": "$.payee", "op": "in", "value": ["mallory"]}],
            },
        },
        format="json",
    )
    owner.post("/api/approval-rules", LARGE, format="json")
    member = signed_in(acme.member)

    def dry(amount: float, payee: str = "acme-supplies") -> dict[str, Any]:
        body = {"name": "pay", "arguments": {"ledger": "/l", "amount": amount, "payee": payee}}
        response = member.post("/api/approval-rules/dry-run", body, format="json")
        assert response.status_code == 200, response.content
        return dict(response.json())

    small, large, blocked = dry(50), dry(500), dry(500, payee="mallory")

    assert (small["action"], small["rule"]) == ("allow", None)
    assert "$.amount gt 100 does not hold" in " ".join(small["explanation"])
    assert large["action"] == "require_approval"
    assert large["rule"]["name"] == "large payments"
    assert large["requirement"]["quorum"] == 2
    assert large["policy_version"] == 2
    assert (blocked["action"], blocked["rule"]["name"]) == ("deny", "payees")
    install = member.post("/api/approval-rules/dry-run", {"name": "install_package"}, format="json")
    assert install.json()["action"] == "require_approval"  # high risk, whatever the rules say


def test_a_request_records_the_policy_version_that_raised_it(
    acme: TenantFixture, payments: Path, model: FakeOpenAI
) -> None:
    owner = signed_in(acme.owner)
    rule_id = owner.post("/api/approval-rules", LARGE, format="json").json()["id"]
    owner.patch(f"/api/approval-rules/{rule_id}", {"quorum": 1}, format="json")

    request = paused(start(acme, model, [pay_call(payments, 250), {"content": "ok"}]))

    assert (request.policy_version, request.quorum) == (2, 1)
    owner.patch(f"/api/approval-rules/{rule_id}", {"quorum": 3}, format="json")
    assert ApprovalRequest.objects.get(id=request.id).quorum == 1  # open requests keep terms
    detail = signed_in(acme.reviewer).get(f"/api/approvals/{request.id}")
    assert detail["ETag"] == f'"{request.digest}"'
    assert detail.json()["rule"] == "large payments"


def test_a_rule_can_look_at_what_the_run_has_cost_so_far(acme: TenantFixture) -> None:
    owner = signed_in(acme.owner)
    created = owner.post(
        "/api/approval-rules",
        {"name": "expensive runs", "action": "require_approval", "conditions": {"min_cost": 1.5}},
        format="json",
    )
    assert created.status_code == 201, created.content

    cheap = owner.post(
        "/api/approval-rules/dry-run", {"name": "read_file", "cost": 1}, format="json"
    )
    dear = owner.post(
        "/api/approval-rules/dry-run", {"name": "read_file", "cost": 2}, format="json"
    )

    assert cheap.json()["action"] == "allow"
    assert "cost 1 so far, less than 1.5" in " ".join(cheap.json()["explanation"])
    assert dear.json()["action"] == "require_approval"
