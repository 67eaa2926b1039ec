"""The pages people open render as designed: styles applied, scripts local, nothing external."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import PageLog

pytestmark = pytest.mark.slow
UNPAINTED = {"rgba(0, 0, 0, 0)", "transparent"}


def computed(page: Page, selector: str, prop: str) -> str:
    return str(page.locator(selector).first.evaluate(f"e => getComputedStyle(e).{prop}"))


def test_api_reference_renders_from_local_assets(page: Page, page_log: PageLog) -> None:
    page.goto("/api/docs/")

    expect(page.locator(".opblock").first).to_be_visible()
    assert page.locator(".opblock-summary-path", has_text="/api/runs").count() > 0
    assert page_log.outside_requests == []
    assert page_log.errors == []


def test_admin_login_is_styled(page: Page, page_log: PageLog) -> None:
    page.goto("/admin/login/")

    expect(page.locator("#header")).to_be_visible()
    assert computed(page, "#header", "backgroundColor") not in UNPAINTED
    assert page_log.outside_requests == []


def test_signed_in_landing_page_is_styled(signed_in_page: Page, page_log: PageLog) -> None:
    expect(signed_in_page.locator("h1")).to_have_text("Runs")

    assert computed(signed_in_page, ".card", "borderTopLeftRadius") == "8px"
    assert page_log.outside_requests == []
