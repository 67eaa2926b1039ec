"""The run pages and the smaller fixes, in the browser: the start form follows the chosen
workflow's input schema and keeps Start disabled while the input is invalid; a run is re-run,
re-run with edited input and rolled back to a step from its page; the runs list searches and
shows cost (or "unpriced") and duration; revoking a key asks first; an uploaded document is
listed without a reload; /people/ and /usage/ fit a 390 px screen; a budget request says what it
asks for. Every page passes axe with no console error and is photographed."""

from __future__ import annotations

import json
import re
from datetime import timedelta
from decimal import Decimal
from pathlib import Path

import pytest
from django.utils import timezone
from playwright.sync_api import Dialog, Page, ViewportSize, expect

from agents.engine.types import arguments_digest
from approvals.services import approval_request_raise
from gateway.models import UsageRecord
from runs.gate import BUDGET_TOOL, RunFacts
from runs.models import Run, RunEvent, RunStatus
from tests.browser.conftest import PageLog, check_page
from tests.factories import TenantFixture

pytestmark = pytest.mark.slow
PHONE: ViewportSize = {"width": 390, "height": 844}
BRIEF = "Compare the gross margins of Northwind and Contoso"


def too_wide(page: Page) -> list[str]:
    """The elements that reach past the right edge of the screen, for the failure message."""
    return list(
        page.evaluate(
            """() => [...document.querySelectorAll('body *')]
            .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
            .slice(0, 8).map((e) => `${e.tagName}#${e.id}.${e.className}`)"""
        )
    )


def start_finance_run(page: Page, log: PageLog) -> str:
    page.goto("/runs/new")
    expect(page.locator("#id_input")).to_have_value(
        json.dumps({"task": "Fix the failing test in tests/test_parser.py"}, indent=2)
    )
    page.select_option("#id_workflow", "finance_research")
    # The untouched coding template gives way to the finance one, and its fields are described.
    expect(page.locator("#id_input")).to_have_value(re.compile("Compare the margins"))
    finance_fields = page.locator('.schema-doc[data-workflow="finance_research"]')
    expect(finance_fields).to_be_visible()
    expect(finance_fields).to_contain_text("The question, in plain words")
    expect(page.locator('.schema-doc[data-workflow="coding"]')).to_be_hidden()
    # Invalid input disables Start and says why; valid input enables it again.
    page.fill("#id_input", '{"brief": ')
    expect(page.locator("#start-button")).to_be_disabled()
    expect(page.locator("#input-errors")).to_contain_text("Not valid JSON")
    page.fill("#id_input", json.dumps({"brief": BRIEF, "outputs": ["pdf"]}))
    expect(page.locator("#start-button")).to_be_disabled()
    page.fill("#id_input", json.dumps({"brief": BRIEF, "documents": [{"document_id": 1}]}))
    expect(page.locator("#start-button")).to_be_enabled()
    expect(page.locator("#input-errors li")).to_have_count(0)
    check_page(page, "run-new-finance", log)
    with page.expect_navigation():
        page.click("#start-button")
    return page.url.rstrip("/").rsplit("/", 1)[-1]


def test_a_run_is_started_from_its_schema_re_run_edited_and_rolled_back(
    signed_in_page: Page, acme: TenantFixture, page_log: PageLog
) -> None:
    page = signed_in_page
    first = start_finance_run(page, page_log)
    # Given the run failed after its first step (no worker runs in this test)
    Run.objects.filter(id=first).update(
        status=RunStatus.FAILED, step_count=1, started_at=timezone.now(), finished_at=timezone.now()
    )

    # Re-run: a new run with the same input, opened at once
    page.goto(f"/runs/{first}/")
    with page.expect_navigation():
        page.click("button:has-text('Re-run')")
    second = page.url.rstrip("/").rsplit("/", 1)[-1]
    assert second != first
    assert Run.objects.get(id=second).input == Run.objects.get(id=first).input

    # Re-run with edited input: the form is filled from the original; the workflow stays
    page.goto(f"/runs/{first}/")
    page.click("text=Re-run with edited input")
    expect(page.locator("#id_workflow")).to_be_disabled()
    expect(page.locator("#id_input")).to_have_value(re.compile(BRIEF))
    page.fill(
        "#id_input", json.dumps({"brief": "Net margins only", "documents": [{"document_id": 1}]})
    )
    check_page(page, "run-rerun-edited", page_log)
    with page.expect_navigation():
        page.click("#start-button")
    third = page.url.rstrip("/").rsplit("/", 1)[-1]
    assert Run.objects.get(id=third).input["brief"] == "Net margins only"

    # Roll back to a step: the run goes back to step 0 and is queued again
    page.goto(f"/runs/{first}/")
    page.click("summary:has-text('Roll back to a step')")
    page.select_option("#rollback-step", "0")
    check_page(page, "run-detail-actions", page_log)
    with page.expect_navigation():
        page.click("button:has-text('Roll back and run again')")
    expect(page.locator(".messages")).to_contain_text("Rolled back to the start of step 0")
    assert RunEvent.objects.filter(run_id=first, kind="run.rolled_back").exists()
    assert Run.objects.get(id=first).status == RunStatus.QUEUED

    # The runs list: cost ("unpriced" when no price covered a call), duration, and search
    UsageRecord.objects.create(
        request_id="req-1",
        organization=acme.organization,
        endpoint="chat.completions",
        requested_model="standard",
        tier="standard",
        latency_ms=10.0,
        status=200,
        run_id=second,
    )
    page.goto("/runs/")
    expect(page.locator(f"tr:has(a[href='/runs/{second}/']) .unpriced")).to_have_text("unpriced")
    check_page(page, "runs-cost-and-duration", page_log)
    page.fill("#id_q", "Net margins")
    with page.expect_navigation():
        page.click("button:has-text('Filter')")
    expect(page.locator("tbody tr")).to_have_count(1)
    expect(page.locator("tbody tr")).to_contain_text(third[:8])


def test_keys_documents_budgets_and_phone_screens(
    signed_in_page: Page, acme: TenantFixture, page_log: PageLog, tmp_path: Path
) -> None:
    page = signed_in_page
    assert page.request.get("/favicon.ico").status == 200

    # Revoking a key asks first; dismissing keeps it
    answers = iter([False, True])
    asked: list[str] = []

    def answer(dialog: Dialog) -> None:
        asked.append(dialog.message)
        dialog.accept() if next(answers) else dialog.dismiss()

    page.on("dialog", answer)
    page.goto("/people/")
    row = page.locator("tr", has_text="acme key")
    row.locator("button:has-text('Revoke')").click()
    expect(row).to_contain_text("active")
    with page.expect_navigation():
        page.locator("tr", has_text="acme key").locator("button:has-text('Revoke')").click()
    expect(page.locator("tr", has_text="acme key")).to_contain_text("revoked")
    assert len(asked) == 2
    assert "cannot be undone" in asked[0]

    # An uploaded document is listed at once, without a reload
    notes = tmp_path / "handbook.md"
    notes.write_text("# Expenses\n\nReceipts are handed in within thirty days.\n")
    page.goto("/documents/")
    page.set_input_files("#upload-file", str(notes))
    page.click("#upload-form button[type=submit]")
    expect(page.locator("#document-table")).to_contain_text("handbook.md")

    # A budget request says what it asks for
    run = Run.objects.create(
        organization=acme.organization,
        workflow="coding",
        status=RunStatus.AWAITING_APPROVAL,
        created_by_user=acme.member,
        step_count=5,
        budgets={"max_steps": 5},
    )
    arguments = {"budget": "max_steps", "extension": 10}
    request = approval_request_raise(
        run=RunFacts(
            run_id=str(run.id),
            organization_id=acme.organization.id,
            requester_id=acme.member.id,
        ),
        payload={
            "tool": BUDGET_TOOL,
            "arguments": arguments,
            "digest": arguments_digest(BUDGET_TOOL, arguments),
            "reason": "the run used its 5 steps",
            "step": 5,
            "call_index": -1,
        },
    )
    page.goto(f"/review/{request.id}/")
    expect(page.locator("h1")).to_contain_text("more steps")
    check_page(page, "review-budget", page_log)

    # /people/ and /usage/ fit a 390 px screen (nothing wider than the viewport), and the
    # per-day table's totals are in sight, not in a scroll box
    UsageRecord.objects.bulk_create(
        UsageRecord(
            request_id=f"req-{day}-{tier}",
            organization=acme.organization,
            endpoint="chat.completions",
            requested_model=tier,
            tier=tier,
            prompt_tokens=40_000,
            completion_tokens=9_000,
            total_tokens=49_000,
            latency_ms=80.0,
            cost=Decimal("0.0123") if tier == "standard" else None,
            status=200,
            run_id=str(run.id),
            created_at=timezone.now() - timedelta(days=day),
        )
        for day in range(3)
        for tier in ("standard", "fast")
    )
    page.set_viewport_size(PHONE)
    for path, name in (("/people/", "keys-and-members-phone"), ("/usage/", "usage-phone")):
        page.goto(path)
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"{path} is {width} px wide: {too_wide(page)}"
        check_page(page, name, page_log)
    totals = page.locator(".day-table tfoot")
    expect(totals).to_contain_text("294000")
    box = totals.bounding_box()
    assert box is not None
    assert box["x"] + box["width"] <= PHONE["width"]
