"""Browser tests: Playwright driving the system's Chromium against the real ASGI server.

Fixtures for every browser test:
- `browser`: one headless Chromium (Debian's /usr/bin/chromium, installed by
  deploy/system-packages.sh; Playwright's own browser downloads are not used).
- `page`: a fresh browser context on `live_server_url` (uvicorn, tests/conftest.py) in which
  requests to any host but this machine are refused and recorded in `page_log`, with the
  page's uncaught script errors.
- `signed_in_page`: `page`, signed in through the login form as the acme owner.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, Error, Page, Route, sync_playwright

from tests.factories import TenantFixture

CHROMIUM = Path("/usr/bin/chromium")
# Without the background-networking switches Chromium keeps dialling out (component updates,
# sync, QUIC probes): a closed network refuses those connections, and no test needs them.
CHROMIUM_ARGS = [
    "--headless",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1"}
PASSWORD = "correct horse battery staple"  # tests.factories.make_user's default
TIMEOUT_MS = 15_000


@dataclass
class PageLog:
    outside_requests: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


@pytest.fixture(scope="package")
def browser() -> Iterator[Browser]:
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: run ./deploy/system-packages.sh (as root)")
    with pytest.MonkeyPatch.context() as patch, sync_playwright() as playwright:
        # Playwright's sync API keeps an event loop marked running on this thread, which Django
        # takes for async code and refuses database calls from; the tests' own database work
        # here is plain synchronous code, so the guard is lifted while the browser is open.
        patch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "1")
        # Chromium's own sandbox cannot start as root; Playwright adds --no-sandbox then.
        chromium = playwright.chromium.launch(
            executable_path=str(CHROMIUM),
            args=CHROMIUM_ARGS,
            chromium_sandbox=os.geteuid() != 0,
        )
        yield chromium
        chromium.close()


@pytest.fixture
def page_log() -> PageLog:
    return PageLog()


@pytest.fixture
def page(browser: Browser, live_server_url: str, page_log: PageLog) -> Iterator[Page]:
    context = browser.new_context(base_url=live_server_url)
    context.set_default_timeout(TIMEOUT_MS)

    def local_only(route: Route) -> None:
        if urlsplit(route.request.url).hostname in LOCAL_HOSTS:
            route.continue_()
        else:
            page_log.outside_requests.append(route.request.url)
            route.abort()

    context.route("**/*", local_only)
    opened = context.new_page()
    opened.on("pageerror", lambda error: page_log.errors.append(str(error)))
    yield opened
    with suppress(Error):  # the browser went away first; its own fixture reports that
        context.close()


@pytest.fixture
def signed_in_page(page: Page, acme: TenantFixture) -> Page:
    page.goto("/login/")
    page.fill("input[name=username]", acme.owner.username)
    page.fill("input[name=password]", PASSWORD)
    with page.expect_navigation():
        page.click("button[type=submit]")
    assert urlsplit(page.url).path == "/runs/", f"sign-in failed, still at {page.url}"
    return page
