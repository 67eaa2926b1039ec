"""The pages not on the done-when path, with data: every one passes axe-core, renders without a
console error and is photographed; agent output full of HTML, script, terminal escapes and a
1 MB line renders as inert text; artifacts preview by media type (tables, Markdown, images, 3D)."""

from __future__ import annotations

import io
import json
from datetime import timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
import trimesh
from django.db import transaction
from django.utils import timezone
from PIL import Image
from playwright.sync_api import Browser, Dialog, Page, expect

from approvals.rules import approval_rule_create
from gateway.models import UsageRecord
from inference.models import Backend, Tier
from memory.models import Kind, MemoryItem
from runs.artifacts import artifact_store
from runs.events import event_append
from runs.models import Run, RunStatus, ToolCall, ToolCallStatus
from tests.browser.conftest import PageLog, check_page, local_context, sign_in
from tests.factories import TenantFixture, operator
from toolsources.models import ExternalTool, ToolSource

pytestmark = pytest.mark.slow

HOSTILE = (
    '<script>alert("owned")</script><img src=x onerror="alert(1)">'
    "\x1b[31mred\x1b[0m\x1b]0;title\x07 \u202eevil\x9b2J"
)
ONE_MB_LINE = "A" * 1_000_000
MARKDOWN = (
    "# Report\n\nThe **fix** works.\n\n<script>alert('md')</script>\n\n"
    "[click](javascript:alert(1)) and ![tracker](http://tracker.example/pixel.png)\n\n"
    "| a | b |\n|---|---|\n| 1 | 2 |\n"
)


def glb_bytes() -> bytes:
    return bytes(trimesh.creation.box(extents=(2.0, 1.0, 0.5)).export(file_type="glb"))


def png_bytes() -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (64, 48), (36, 86, 214)).save(buffer, format="PNG")
    return buffer.getvalue()


def finished_run(acme: TenantFixture, **fields: Any) -> Run:
    now = timezone.now()
    defaults: dict[str, Any] = {
        "workflow": "coding",
        "input": {"task": "Fix the parser."},
        "status": RunStatus.FAILED,
        "budgets": {"max_steps": 50, "max_tokens": 200_000, "max_wall_seconds": 3600},
        "step_count": 3,
        "prompt_tokens": 1200,
        "completion_tokens": 300,
        "started_at": now - timedelta(seconds=40),
        "finished_at": now,
    }
    return Run.objects.create(
        organization=acme.organization, created_by_user=acme.owner, **{**defaults, **fields}
    )


def hostile_run(acme: TenantFixture) -> Run:
    run = finished_run(acme, error=HOSTILE + ONE_MB_LINE)
    with transaction.atomic():
        event_append(run_id=run.id, kind="run.created", data={"workflow": "coding", "tier": "x"})
        event_append(run_id=run.id, kind="critique", data={"text": HOSTILE, "long": ONE_MB_LINE})
        event_append(run_id=run.id, kind="step.completed", data={"step": 0, "outcome": "continue"})
        event_append(run_id=run.id, kind="run.failed", data={"error": HOSTILE})
    ToolCall.objects.create(
        run=run,
        step=0,
        idempotency_key=f"{run.id}:0:0",
        tool="run_command",
        arguments={"command": HOSTILE},
        digest="0" * 64,
        status=ToolCallStatus.SUCCEEDED,
        output={"stdout": HOSTILE + "\n" + ONE_MB_LINE},
    )
    return run


def injected(page: Page) -> dict[str, int]:
    return dict(
        page.evaluate(
            """() => ({
            inlineScripts: document.querySelectorAll('script:not([src]):not([type="application/json"])').length,
            handlers: document.querySelectorAll('[onerror], [onclick], [onload]').length,
            javascriptLinks: document.querySelectorAll('a[href^="javascript:"]').length,
            outsideImages: document.querySelectorAll('img[src^="http"]').length,
            htmlLength: document.documentElement.outerHTML.length,
        })"""
        )
    )


def test_hostile_agent_output_renders_as_inert_text(
    signed_in_page: Page, acme: TenantFixture, page_log: PageLog, settings: Any, tmp_path: Path
) -> None:
    settings.LONGHAUL_ARTIFACTS_DIR = tmp_path / "artifacts"
    run = hostile_run(acme)
    artifact_store(run=run, name="notes.md", content=MARKDOWN.encode(), media_type="text/markdown")
    diff = f"--- a/x.py\n+++ b/x.py\n@@ -1 +1 @@\n-{HOSTILE}\n+{ONE_MB_LINE}\n"
    artifact_store(run=run, name="changes.diff", content=diff.encode(), media_type="text/x-diff")
    dialogs: list[str] = []

    def dismiss(dialog: Dialog) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    signed_in_page.on("dialog", dismiss)

    signed_in_page.goto(f"/runs/{run.id}/")
    critique = signed_in_page.locator('#timeline > li[data-kind="critique"]')
    text = critique.locator("details:has(summary:text-is('text'))")
    text.locator("summary").click()  # the page still answers clicks

    expect(text.locator("pre")).to_contain_text('<script>alert("owned")</script>')
    expect(text.locator("pre")).to_contain_text("\u241b[31mred")  # ESC made visible
    expect(critique).to_contain_text("more characters not shown")
    expect(signed_in_page.locator(".summary .error")).to_contain_text("<img src=x onerror=")
    found = injected(signed_in_page)
    assert found["inlineScripts"] == found["handlers"] == 0
    assert found["htmlLength"] < 200_000  # the 1 MB line was clipped, not shipped
    check_page(signed_in_page, "run-detail-hostile-output", page_log)

    signed_in_page.goto(f"/runs/{run.id}/files/notes.md")
    expect(signed_in_page.locator(".markdown h1")).to_have_text("Report")
    expect(signed_in_page.locator(".markdown")).to_contain_text("<script>alert('md')</script>")
    found = injected(signed_in_page)
    assert found["inlineScripts"] == found["javascriptLinks"] == found["outsideImages"] == 0
    check_page(signed_in_page, "artifact-markdown", page_log)

    signed_in_page.goto(f"/runs/{run.id}/files/changes.diff")
    expect(signed_in_page.locator(".diff .del")).to_contain_text(["<script>alert"])
    assert injected(signed_in_page)["htmlLength"] < 200_000
    assert dialogs == []


def test_artifacts_preview_as_tables_images_and_an_interactive_3d_model(
    signed_in_page: Page, acme: TenantFixture, page_log: PageLog, settings: Any, tmp_path: Path
) -> None:
    settings.LONGHAUL_ARTIFACTS_DIR = tmp_path / "artifacts"
    run = finished_run(acme, workflow="three_d_asset")
    rows = [{"part": "top", "triangles": 12}, {"part": "leg", "triangles": 48}]
    artifact_store(
        run=run, name="parts.json", content=json.dumps(rows).encode(), media_type="application/json"
    )
    artifact_store(
        run=run, name="totals.csv", content=b"metric,value\ntriangles,60\n", media_type="text/csv"
    )
    artifact_store(run=run, name="preview.png", content=png_bytes(), media_type="image/png")
    artifact_store(run=run, name="model.glb", content=glb_bytes(), media_type="model/gltf-binary")

    signed_in_page.goto(f"/runs/{run.id}/files/parts.json")
    expect(signed_in_page.locator(".preview tbody tr")).to_have_count(2)
    expect(signed_in_page.locator(".preview thead")).to_contain_text("triangles")
    signed_in_page.goto(f"/runs/{run.id}/files/totals.csv")
    expect(signed_in_page.locator(".preview tbody td").first).to_have_text("triangles")
    check_page(signed_in_page, "artifact-table", page_log)
    signed_in_page.goto(f"/runs/{run.id}/files/preview.png")
    image = signed_in_page.locator(".artifact-image")
    expect(image).to_be_visible()
    assert image.evaluate("img => img.naturalWidth") == 64
    signed_in_page.goto(f"/runs/{run.id}/files/model.glb")
    expect(signed_in_page.locator("#model-canvas")).to_have_attribute("data-loaded", "true")
    expect(signed_in_page.locator("#model-status")).to_contain_text("12 triangles")
    check_page(signed_in_page, "artifact-3d-model", page_log)


def test_usage_memory_system_and_empty_states_are_accessible(
    signed_in_page: Page, acme: TenantFixture, page_log: PageLog
) -> None:
    now = timezone.now()
    run = finished_run(acme, status=RunStatus.SUCCEEDED)
    UsageRecord.objects.bulk_create(
        UsageRecord(
            request_id=f"req-{day}-{tier}",
            organization=acme.organization,
            api_key=acme.organization.api_keys.first(),
            endpoint="chat.completions",
            requested_model=tier,
            tier=tier,
            backend=f"{tier}-1",
            prompt_tokens=400 * (day + 1),
            completion_tokens=100 * (day + 1),
            total_tokens=500 * (day + 1),
            latency_ms=120.0,
            cost=Decimal("0.0005") * (day + 1),
            status=200,
            run_id=str(run.id) if tier == "standard" else "",
            created_at=now - timedelta(days=day),
        )
        for day in range(6)
        for tier in ("standard", "fast")
    )
    MemoryItem.objects.create(
        organization=acme.organization,
        kind=Kind.FACT,
        text="The staging database is restored every Sunday at 02:00 UTC.",
        content_hash="f" * 64,
        embedding=[0.0] * 384,
    )
    approval_rule_create(
        actor=operator(acme.organization),
        data={
            "name": "large payments",
            "action": "require_approval",
            "conditions": {"tools": ["run_command"]},
            "quorum": 2,
            "deadline_seconds": 3600,
        },
    )
    standard = Tier.objects.update_or_create(name="standard", defaults={"context_window": 8192})[0]
    Backend.objects.update_or_create(
        name="standard-1",
        defaults={"tier": standard, "base_url": "http://127.0.0.1:9/v1", "served_model": "qwen"},
    )

    source = ToolSource.objects.create(
        organization=acme.organization,
        name="shop",
        kind="mcp_http",
        url="https://mcp.shop.example.com/mcp",
        allowed_hosts=["mcp.shop.example.com"],
        discovered_at=now,
    )
    ExternalTool.objects.create(
        source=source,
        name="refund",
        remote_name="refund",
        description=HOSTILE,
        parameters={"type": "object", "properties": {"order_id": {"type": "string"}}},
        capabilities=["network"],
    )

    for path, name, heading in [
        ("/tools/", "tools", "Tools"),
        ("/settings/", "settings", "Settings of Acme"),
        (f"/tools/sources/{source.id}/", "tool-source", "shop"),
        ("/usage/", "usage", "Usage"),
        ("/memory/", "memory", "Memory items"),
        ("/system/", "system", "System"),
        ("/review/", "review-queue-empty", "Review queue"),
        ("/review/policy", "approval-policy", "Approval policy and SLA"),
        ("/review/audit?verify=1", "audit-log", "Audit log"),
        ("/review/webhooks", "webhooks", "Webhooks"),
    ]:
        signed_in_page.goto(path)
        expect(signed_in_page.locator("h1")).to_have_text(heading)
        check_page(signed_in_page, name, page_log)
    signed_in_page.goto("/usage/")
    expect(signed_in_page.locator("#chart-days")).to_be_visible()
    days = signed_in_page.locator("table").first
    expect(days).to_contain_text("3000")  # 6 days ago, both tiers
    expect(days).to_contain_text("0.0060")  # and its cost
    expect(signed_in_page.locator("table", has_text="Workflow")).to_contain_text("coding")
    expect(signed_in_page.locator("table", has_text="Key")).to_contain_text("acme key")


def test_members_see_what_they_may_not_change_and_dark_mode_is_readable(
    browser: Browser, live_server_url: str, acme: TenantFixture, page_log: PageLog
) -> None:
    context = local_context(browser, live_server_url, page_log, color_scheme="dark")
    member = sign_in(context.new_page(), acme.member.username)

    member.goto("/people/")
    expect(member.locator("#key-form")).to_have_count(0)
    expect(member.locator("button", has_text="Revoke")).to_have_count(0)
    check_page(member, "keys-and-members-member-dark", page_log)
    member.goto("/runs/")
    expect(member.locator(".empty")).to_contain_text("No runs")
    check_page(member, "runs-empty-dark", page_log)
    member.goto("/system/")
    expect(member.locator("h1")).to_have_text("Not allowed")
    assert [error for error in page_log.errors if "403 (Forbidden)" not in error] == []
    page_log.errors.clear()  # the browser reports the 403 itself, as it should
    context.close()
    login = local_context(browser, live_server_url, page_log).new_page()
    login.goto("/login/")
    check_page(login, "login", page_log)
