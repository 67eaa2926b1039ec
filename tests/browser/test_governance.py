"""Governance in the browser: an admin writes an approval rule in the editor (field errors
first), dry-runs it on the organization's recent calls and saves it, tries a described call;
adds a webhook (a private address refused), reads its secret once and sends a signed test
delivery; filters the audit log and follows an entry to what it is about. A member sees the
policy but cannot change it. Every page passes axe with no console error."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from runs.models import Run, RunStatus, ToolCall, ToolCallStatus
from tests.approvals.receiver import receiver
from tests.browser.conftest import PageLog, check_page, local_context, sign_in
from tests.factories import TenantFixture
from tests.support.processes import asgi_server
from webhooks.signing import SIGNATURE_HEADER, verify

pytestmark = pytest.mark.slow


@pytest.fixture
def server(transactional_db: None) -> Iterator[str]:
    """The real ASGI app; webhooks may reach this machine's own receivers."""
    with asgi_server(LONGHAUL_WEBHOOK_ALLOWED_PRIVATE_HOSTS="127.0.0.1") as base:
        yield base


def signed_in(browser: Browser, base: str, log: PageLog, username: str) -> Page:
    return sign_in(local_context(browser, base, log).new_page(), username)


def answered(log: PageLog, status: int) -> None:
    """The browser logs a page answered with an error status (a form's 400, a refusal's 403):
    that, and nothing else, was logged; the log starts afresh."""
    assert [error for error in log.errors if f"status of {status}" not in error] == []
    log.errors.clear()


def recent_calls(acme: TenantFixture) -> None:
    run = Run.objects.create(
        organization=acme.organization,
        workflow="coding",
        status=RunStatus.SUCCEEDED,
        created_by_user=acme.member,
    )
    for index, command in enumerate(["rm -rf build", "pytest -q"]):
        ToolCall.objects.create(
            run=run,
            step=index,
            idempotency_key=f"{run.id}:{index}:0",
            tool="run_command",
            arguments={"command": command},
            digest="0" * 64,
            status=ToolCallStatus.SUCCEEDED,
        )


def test_an_admin_writes_tries_and_saves_a_rule_and_a_member_only_tries(
    browser: Browser, server: str, acme: TenantFixture, page_log: PageLog
) -> None:
    recent_calls(acme)
    owner = signed_in(browser, server, page_log, acme.owner.username)
    owner.goto("/review/policy")
    owner.click("text=New rule")
    expect(owner.locator("h1")).to_have_text("New approval rule")

    # A rule that escalates without a deadline: the service's errors land on their fields
    owner.fill("#id_name", "destructive commands")
    owner.select_option("#id_action", "require_approval")
    owner.check("#rule-form input[name=tools][value=run_command]")
    owner.select_option("#id_deadline_action", "escalate")
    owner.click("button[name=save]")
    expect(owner.locator("#id_escalate_to_role-error")).to_contain_text("Escalation needs a role")
    expect(owner.locator("#id_deadline_seconds-error")).to_contain_text("needs a deadline")
    answered(page_log, 400)
    check_page(owner, "policy-rule-errors", page_log)

    # Fixed, narrowed to rm, and tried on the recent calls: one of two would now ask
    owner.select_option("#id_deadline_action", "reject")
    owner.fill("#id_arg-0-path", "$.command")
    owner.select_option("#id_arg-0-op", "contains")
    owner.fill("#id_arg-0-value", "rm ")
    owner.click("button[name=dry_run]")
    verdicts = owner.locator("#recent-verdicts tbody tr")
    expect(verdicts).to_have_count(2)
    expect(owner.locator("#recent-verdicts tr.changed")).to_have_count(1)
    expect(owner.locator("#recent-verdicts tr.changed")).to_contain_text("rm -rf build")
    check_page(owner, "policy-rule-dry-run", page_log)

    owner.click("button[name=save]")
    expect(owner.locator(".message")).to_contain_text("Saved the rule 'destructive commands'")
    expect(owner.locator("#rules")).to_contain_text("destructive commands")

    # A described call, tried against the saved policy
    owner.select_option("#id_name", "run_command")
    owner.fill("#id_arguments", json.dumps({"command": "rm -rf /workspace/out"}))
    owner.click("#dry-run-form button[type=submit]")
    expect(owner.locator("#dry-run-result")).to_contain_text("approval required")
    expect(owner.locator("#dry-run-result")).to_contain_text("destructive commands")
    check_page(owner, "approval-policy-dry-run", page_log)

    member = signed_in(browser, server, page_log, acme.member.username)
    member.goto("/review/policy")
    expect(member.locator("text=New rule")).to_have_count(0)
    expect(member.locator("#rules a", has_text="Edit")).to_have_count(0)
    member.goto("/review/policy/rules/new")
    expect(member.locator("h1")).to_have_text("Not allowed")
    answered(page_log, 403)


def test_an_admin_adds_and_tests_a_webhook_then_finds_it_in_the_audit_log(
    browser: Browser, server: str, acme: TenantFixture, page_log: PageLog
) -> None:
    owner = signed_in(browser, server, page_log, acme.owner.username)
    with receiver() as hooks:
        owner.goto("/review/webhooks")
        owner.fill("#id_url", "http://10.0.0.7/hooks")
        owner.check("#webhook-form input[name=event_types][value='approval.requested']")
        owner.click("#webhook-form button[type=submit]")
        expect(owner.locator("#id_url-error")).to_contain_text("10.0.0.7")
        answered(page_log, 400)

        owner.fill("#id_url", hooks.url)
        owner.check("#webhook-form input[name=event_types][value='approval.requested']")
        owner.click("#webhook-form button[type=submit]")
        secret = owner.locator("#secret-value").input_value()
        assert secret.startswith("whsec_")
        check_page(owner, "webhooks-new-secret", page_log)

        owner.click("text=Send it a test delivery")
        owner.click("text=Send a test delivery")
        expect(owner.locator("#test-answer")).to_contain_text("HTTP 200")
        check_page(owner, "webhook-endpoint", page_log)
        (delivery,) = hooks.wait_for(1)
    assert verify(secret, delivery.body, delivery.headers[SIGNATURE_HEADER])

    owner.goto("/review/audit")
    owner.select_option("#id_target_type", "webhook")
    owner.click("#audit-filters button[type=submit]")
    rows = owner.locator("tbody tr")
    expect(rows).to_have_count(2)  # created, tested
    expect(rows.first).to_contain_text("webhook.tested")
    check_page(owner, "audit-log-filtered", page_log)
    rows.first.locator("a").first.click()
    expect(owner.locator("#endpoints tr:target")).to_contain_text(hooks.url)
