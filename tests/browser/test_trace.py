"""The run page's trace: a real run of the engine's loop against the scripted model, opened in
the browser down to one model call's exact prompt and completion, and why the run ended."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

from django.db import connections
from playwright.sync_api import Page, expect

from runs.models import Run
from runs.services import run_advance, run_start
from tests.browser.conftest import SCREENSHOTS, PageLog, check_page
from tests.factories import TenantFixture
from tests.runs.fixtures import EXTRA_WORKFLOWS, model, runtime
from tests.security.sec_workflows import LOOP
from tests.support.fake_openai import FakeOpenAI, Reply

__all__ = ["model", "runtime"]

GOAL = "Record the effect once, then finish."


def gives_up(body: dict[str, Any]) -> Reply:
    """Plans, then answers only in prose: the loop finds itself stuck and gives up."""
    if "response_format" in body:
        return {"content": json.dumps({"subtasks": ["record the effect"]})}
    return {"content": "I cannot do this; the password=hunter2 did not help."}


def a_run_whose_model_gave_up(acme: TenantFixture, model: FakeOpenAI, settings: Any) -> Run:
    settings.LONGHAUL_EXTRA_WORKFLOWS = [EXTRA_WORKFLOWS, LOOP]
    model.responder = gives_up
    run = run_start(
        organization=acme.organization,
        workflow="hostile-loop",
        input={"goal": GOAL},
        budgets={"max_steps": 60},
        created_by_user=acme.owner,
    )
    # On a thread of its own, as a worker would: this one runs the browser's event loop.
    worker = threading.Thread(target=advance, args=(str(run.id),))
    worker.start()
    worker.join()
    run.refresh_from_db()
    return run


def advance(run_id: str) -> None:
    try:
        run_advance(run_id=run_id, owner="w")
    finally:
        connections.close_all()


def test_a_runs_trace_opens_down_to_a_prompt_and_its_completion(
    signed_in_page: Page,
    acme: TenantFixture,
    runtime: Path,
    model: FakeOpenAI,
    settings: Any,
    page_log: PageLog,
) -> None:
    run = a_run_whose_model_gave_up(acme, model, settings)
    assert run.is_terminal, run.status
    page = signed_in_page

    page.goto(f"/runs/{run.id}/")
    trace = page.locator("#run-trace")
    expect(trace.locator(".ending")).to_contain_text("Why the run ended")
    expect(trace.locator(".ending")).to_contain_text("The model's last answer (step")
    expect(trace.locator(".ending pre").first).to_contain_text("I cannot do this")
    calls = trace.locator(".trace-model")
    expect(calls.first).to_contain_text("Model call")
    assert calls.count() == len(model.requests)

    second = calls.nth(1)
    second.locator("summary").click()
    body = second.locator(".trace-body")
    expect(body).to_contain_text("Prompt")
    expect(body.locator(".trace-message", has_text=GOAL)).to_have_count(1)
    expect(body.locator(".trace-completion")).to_contain_text("password=[redacted]")
    expect(body).not_to_contain_text("hunter2")
    expect(body).to_contain_text("Why the answer could not be used")
    trace.locator("ol.trace").evaluate("list => { list.dataset.before = 'yes'; }")
    trace.get_by_role("button", name="Refresh").click()  # as the run page does on each event
    expect(trace.locator("ol.trace[data-before]")).to_have_count(0)
    expect(calls.nth(1).locator(".trace-body")).to_contain_text("Why the answer could not be used")
    check_page(page, "run-detail-trace", page_log)
    trace.screenshot(path=str(SCREENSHOTS / "run-trace.png"))  # the waterfall, opened
