"""The dashboard's "done when", for real: uvicorn, a Celery worker, PostgreSQL, Redis, the
sandbox and the scripted model. A person starts a coding run in the browser and watches it live;
a reviewer, in a second browser, approves the gated call with edited arguments; the run finishes
and its diff opens. A member cannot decide. Documents upload to 100 %; keys are created and
revoked. Every page visited passes axe-core and is photographed for the docs."""

from __future__ import annotations

import io
import json
import tarfile
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from approvals.rules import approval_rule_create
from tests.browser.conftest import PageLog, Stack, check_page, sign_in
from tests.factories import TenantFixture, operator

pytestmark = pytest.mark.slow

REPOSITORY = {
    "calc.py": "def add(a, b):\n    return a - b\n",
    "test_calc.py": "from calc import add\n\n\ndef test_add():\n    assert add(2, 3) == 5\n",
}
FIXED = "def add(a, b):\n    return a + b\n"
LONG_WAIT_MS = 120_000


def coding_script() -> list[dict[str, Any]]:
    def call(name: str, **arguments: object) -> dict[str, Any]:
        return {"tool_calls": [{"name": name, "arguments": arguments}]}

    return [
        {"content": json.dumps({"subtasks": ["fix add", "run the tests"]})},
        # Gated (the organization's rule on read_file); the reviewer points it at the module.
        call("read_file", path="test_calc.py"),
        call("write_file", path="calc.py", content=FIXED),
        call("run_tests"),
        call("finish", summary="add now adds"),
    ]


def workspace_archive(directory: Path) -> Path:
    path = directory / "repo.tar.gz"
    with tarfile.open(path, "w:gz") as archive:
        for name, text in REPOSITORY.items():
            data = text.encode()
            info = tarfile.TarInfo(name)
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    return path


def seqs(page: Page) -> list[int]:
    values = page.locator("#timeline > li").evaluate_all("items => items.map(i => i.dataset.seq)")
    return [int(value) for value in values]


def start_coding_run(owner: Page, archive: Path, log: PageLog) -> str:
    owner.goto("/runs/new")
    owner.select_option("#id_workflow", "coding")
    owner.fill("#id_input", json.dumps({"task": "Make the tests pass."}))
    owner.set_input_files("#id_workspace", str(archive))
    check_page(owner, "run-new", log)
    with owner.expect_navigation():
        owner.click("button[type=submit]")
    return owner.url.rstrip("/").rsplit("/", 1)[-1]


def decide_as_reviewer(reviewer: Page, approval_url: str, log: PageLog) -> None:
    reviewer.goto("/review/")
    expect(reviewer.locator(".queue .request")).to_have_count(1)
    expect(reviewer.locator("#pending-badge .badge")).to_have_attribute("data-count", "1")
    check_page(reviewer, "review-queue", log)
    reviewer.click(".queue .request h2 a")
    assert reviewer.url.endswith(approval_url)
    arguments = json.loads(reviewer.input_value("#id_arguments"))
    assert arguments == {"path": "test_calc.py"}
    reviewer.fill("#id_arguments", json.dumps({"path": "calc.py"}, indent=2))
    expect(reviewer.locator("#argument-diff .add")).to_have_text(['+  "path": "calc.py"'])
    expect(reviewer.locator("#argument-diff .del")).to_have_text(['-  "path": "test_calc.py"'])
    # Arguments the tool's schema does not allow disable Approve until they are fixed.
    reviewer.fill("#id_arguments", json.dumps({"path": 7}))
    expect(reviewer.locator("#argument-errors li")).not_to_have_count(0)
    expect(reviewer.locator("#approve-button")).to_be_disabled()
    reviewer.fill("#id_arguments", json.dumps({"path": "calc.py"}, indent=2))
    expect(reviewer.locator("#approve-button")).to_be_enabled()
    reviewer.fill("#id_comment", "Read the module, not its test.")
    check_page(reviewer, "review-detail", log)
    with reviewer.expect_navigation():
        reviewer.click("#approve-button")
    expect(reviewer.locator("main")).to_contain_text("Approved with these edited arguments")


def forged_decision(page: Page, approval_url: str) -> tuple[int, str]:
    """A decision POSTed by hand, as someone without the button would have to."""
    token = next(c["value"] for c in page.context.cookies() if c["name"] == "csrftoken")
    reply = page.request.post(
        f"{approval_url}decide",
        form={"decision": "approve", "arguments": "", "comment": "", "csrfmiddlewaretoken": token},
        headers={"Referer": page.url},
    )
    return reply.status, reply.text()


def test_a_coding_run_is_watched_live_and_approved_with_edited_arguments(
    stack: Stack,
    stack_context: Callable[..., BrowserContext],
    acme: TenantFixture,
    page_log: PageLog,
    tmp_path: Path,
) -> None:
    stack.model.script = coding_script()
    approval_rule_create(
        actor=operator(acme.organization),
        data={
            "name": "reads",
            "action": "require_approval",
            "conditions": {"tools": ["read_file"]},
        },
    )
    owner = sign_in(stack_context().new_page(), acme.owner.username)

    run_id = start_coding_run(owner, workspace_archive(tmp_path), page_log)
    owner.evaluate("() => { window.sameDocument = true; }")
    expect(owner.locator("#live-state")).to_have_text("live")
    waiting = owner.locator('#timeline > li[data-kind="approval.requested"]')
    expect(waiting).to_have_count(1, timeout=LONG_WAIT_MS)
    expect(owner.locator("#run-status")).to_have_text("Awaiting approval")
    expect(waiting).to_contain_text("read_file")
    check_page(owner, "run-detail-awaiting-approval", page_log)
    approval_url = owner.locator("#run-summary a[href^='/review/']").get_attribute("href") or ""
    # The requester is an owner, yet may not decide their own run's request.
    status, body = forged_decision(owner, approval_url)
    assert status == 403
    assert "requester of an approval may not decide it" in body
    owner.evaluate("() => window.longhaulLive.drop()")  # a dropped socket, mid-run

    member = sign_in(stack_context().new_page(), acme.member.username)
    member.goto(approval_url)
    expect(member.locator("#decision-form")).to_have_count(0)
    expect(member.locator("main")).to_contain_text("decide this request; you are a member")
    status, body = forged_decision(member, approval_url)
    assert status == 403
    assert "Only owners, admins and reviewers may decide approvals" in body

    decide_as_reviewer(
        sign_in(stack_context().new_page(), acme.reviewer.username), approval_url, page_log
    )

    expect(owner.locator("#run-status")).to_have_text("Succeeded", timeout=LONG_WAIT_MS)
    expect(owner.locator('#timeline > li[data-kind="approval.decided"]')).to_contain_text(
        "approved with edited arguments"
    )
    expect(owner.locator('#timeline > li[data-kind="run.finished"]')).to_have_count(1)
    read = owner.locator("#timeline .call", has_text="read_file")
    expect(read.locator("pre").first).to_contain_text('"path": "calc.py"')  # as edited
    assert owner.evaluate("() => window.sameDocument") is True  # never reloaded
    numbers = seqs(owner)
    assert numbers == list(range(numbers[0], numbers[0] + len(numbers)))  # no gap, no repeat
    check_page(owner, "run-detail-finished", page_log)

    owner.click("#run-summary a:text-is('changes.diff')")
    expect(owner.locator(".diff .add")).to_contain_text(["+    return a + b"])
    expect(owner.locator(".diff .del")).to_contain_text(["-    return a - b"])
    check_page(owner, "artifact-diff", page_log)
    owner.goto("/runs/")
    expect(owner.locator(f"a[href='/runs/{run_id}/']")).to_have_count(1)
    check_page(owner, "runs", page_log)


def test_an_uploaded_document_reaches_100_percent_and_is_searchable(
    stack: Stack,
    stack_context: Callable[..., BrowserContext],
    acme: TenantFixture,
    page_log: PageLog,
    tmp_path: Path,
) -> None:
    notes = tmp_path / "handbook.md"
    notes.write_text(
        "# Travel policy\n\nEmployees book economy class for flights under six hours.\n\n"
        "# Expenses\n\nReceipts are due within thirty days of the trip.\n"
    )
    owner = sign_in(stack_context().new_page(), acme.owner.username)
    owner.goto("/documents/")
    check_page(owner, "documents-empty", page_log)

    owner.set_input_files("#upload-file", str(notes))
    owner.click("#upload-form button[type=submit]")

    # The bar shows the upload's bytes first, then ingestion, which ends at 100 % when ready.
    expect(owner.locator("#upload-label")).to_contain_text(
        "Ready: handbook.md", timeout=LONG_WAIT_MS
    )
    expect(owner.locator("#upload-percent")).to_have_text("100%")
    assert owner.locator("#upload-bar").evaluate("bar => bar.value") == 100
    check_page(owner, "documents-upload", page_log)
    expect(owner.locator("#document-list")).to_contain_text("Ready")
    owner.fill("#search-q", "How long do I have to hand in receipts?")
    with owner.expect_navigation():
        owner.press("#search-q", "Enter")
    expect(owner.locator(".hits li").first).to_contain_text("thirty days")
    expect(owner.locator(".citation").first).to_contain_text("handbook.md")
    check_page(owner, "documents", page_log)


def test_an_api_key_is_created_shown_once_and_revoked(
    stack: Stack,
    stack_context: Callable[..., BrowserContext],
    acme: TenantFixture,
    page_log: PageLog,
) -> None:
    owner = sign_in(stack_context().new_page(), acme.owner.username)
    owner.goto("/people/")
    owner.fill("#id_name", "reporting system")
    owner.check("input[name=scopes][value=runs]")
    owner.check("input[name=tiers][value=fast]")
    owner.fill("#id_expires_in_days", "30")
    owner.click("#key-form button[type=submit]")

    secret = owner.input_value("#new-secret")
    assert secret.startswith("lh_")
    check_page(owner, "keys-and-members", page_log)
    assert whoami(stack.base, secret) == 200
    owner.goto("/people/")
    expect(owner.locator("#new-secret")).to_have_count(0)  # shown once
    row = owner.locator("#key-table tr", has_text="reporting system")
    expect(row).to_contain_text("runs")
    expect(row).to_contain_text("fast")
    owner.once("dialog", lambda dialog: dialog.accept())  # "Revoke the key …?"
    with owner.expect_navigation():
        row.locator("button", has_text="Revoke").click()
    expect(owner.locator("#key-table tr", has_text="reporting system")).to_contain_text("revoked")
    assert whoami(stack.base, secret) == 401


def whoami(base: str, key: str) -> int:
    request = urllib.request.Request(f"{base}/api/me", headers={"Authorization": f"Bearer {key}"})
    try:
        with urllib.request.urlopen(request, timeout=10) as reply:
            return int(reply.status)
    except urllib.error.HTTPError as error:
        return int(error.code)
