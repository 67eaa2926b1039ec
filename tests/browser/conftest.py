"""Browser tests: Playwright driving the system's Chromium against the real ASGI server.

Fixtures for every browser test:
- `browser`: one headless Chromium (Debian's /usr/bin/chromium, installed by
  deploy/system-packages.sh; Playwright's own browser downloads are not used).
- `page`: a fresh browser context on `live_server_url` (uvicorn, tests/conftest.py) in which
  requests to any host but this machine are refused and recorded in `page_log`, with the
  page's uncaught script errors.
- `signed_in_page`: `page`, signed in through the login form as the acme owner.
- `stack`: for a module, the whole platform for real: uvicorn, a Celery worker and the scripted
  model server, with a data directory of their own; `stack_context` opens browser contexts on it.
- `check_page`: the axe-core accessibility check (no serious or critical violation) and a
  screenshot into docs/screenshots/.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from contextlib import ExitStack, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Error, Page, Route, sync_playwright

from tests.factories import TenantFixture
from tests.support.fake_openai import FakeOpenAI, serve_fake_openai
from tests.support.processes import REPO, asgi_server, celery_worker

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
# The docs' screenshots are refreshed on request (`make screenshots`); an ordinary test run
# still takes every screenshot, into a scratch folder, so the tree stays as it was.
SCREENSHOTS = (
    REPO / "docs" / "screenshots"
    if os.environ.get("LONGHAUL_UPDATE_SCREENSHOTS")
    else Path(tempfile.gettempdir()) / "longhaul-screenshots"
)
AXE = Path(__file__).with_name("vendor") / "axe.min.js"
VIEWPORT = {"width": 1280, "height": 800}


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


def local_context(browser: Browser, base_url: str, log: PageLog, **options: Any) -> BrowserContext:
    """A browser context on `base_url` whose requests to other hosts are refused and recorded,
    and whose pages record uncaught script errors and console errors in `log`."""
    context = browser.new_context(base_url=base_url, viewport=VIEWPORT, **options)  # type: ignore[arg-type]
    context.set_default_timeout(TIMEOUT_MS)

    def local_only(route: Route) -> None:
        if urlsplit(route.request.url).hostname in LOCAL_HOSTS:
            route.continue_()
        else:
            log.outside_requests.append(route.request.url)
            route.abort()

    def watch(opened: Page) -> None:
        opened.on("pageerror", lambda error: log.errors.append(str(error)))
        opened.on(
            "console",
            lambda message: log.errors.append(message.text) if message.type == "error" else None,
        )

    context.route("**/*", local_only)
    context.on("page", watch)
    return context


@pytest.fixture
def page(browser: Browser, live_server_url: str, page_log: PageLog) -> Iterator[Page]:
    context = local_context(browser, live_server_url, page_log)
    opened = context.new_page()
    yield opened
    with suppress(Error):  # the browser went away first; its own fixture reports that
        context.close()


def sign_in(page: Page, username: str) -> Page:
    page.goto("/login/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", PASSWORD)
    with page.expect_navigation():
        page.click("button[type=submit]")
    assert urlsplit(page.url).path == "/runs/", f"sign-in failed, still at {page.url}"
    return page


@pytest.fixture
def signed_in_page(page: Page, acme: TenantFixture) -> Page:
    return sign_in(page, acme.owner.username)


# --- One live platform per test module ----------------------------------------------------------
@dataclass
class Stack:
    base: str
    model: FakeOpenAI
    data_dir: Path


@pytest.fixture(scope="module")
def stack(django_db_setup: None, django_db_blocker: Any) -> Iterator[Stack]:
    """uvicorn, a Celery worker and the scripted model, shared by a module's tests (each test
    still gets a fresh database through `transactional_db`)."""
    fake = FakeOpenAI()
    # The sandbox's user must be able to traverse to the workspaces, so not under pytest's
    # private (0700) temporary directory.
    (REPO / ".data").mkdir(mode=0o755, exist_ok=True)
    data_dir = Path(tempfile.mkdtemp(prefix="browser-tests-", dir=REPO / ".data"))
    data_dir.chmod(0o711)
    with ExitStack() as running:
        running.callback(shutil.rmtree, data_dir, ignore_errors=True)
        model_url = running.enter_context(serve_fake_openai(fake))
        env = {"LONGHAUL_AGENT_MODEL_URL": model_url, "LONGHAUL_DATA_DIR": str(data_dir)}
        with django_db_blocker.unblock():  # the children are told the test database's name
            base = running.enter_context(asgi_server(**env))
            running.enter_context(celery_worker(concurrency=2, **env))
        yield Stack(base, fake, data_dir)


@pytest.fixture
def stack_context(
    browser: Browser, stack: Stack, page_log: PageLog, transactional_db: None
) -> Iterator[Callable[..., BrowserContext]]:
    """Opens browser contexts (separate cookie jars: separate people) on the live stack."""
    opened: list[BrowserContext] = []

    def open_context(**options: Any) -> BrowserContext:
        context = local_context(browser, stack.base, page_log, **options)
        opened.append(context)
        return context

    yield open_context
    for context in opened:
        with suppress(Error):
            context.close()


# --- Accessibility and screenshots --------------------------------------------------------------
def axe_violations(page: Page) -> list[dict[str, Any]]:
    """Serious and critical axe-core violations of the page as it is now. axe is evaluated
    through the DevTools protocol, which the page's Content-Security-Policy does not govern."""
    if not page.evaluate("() => Boolean(window.axe)"):
        page.evaluate(AXE.read_text())
    results = page.evaluate(
        "async () => await window.axe.run(document, {resultTypes: ['violations']})"
    )
    return [
        {"id": v["id"], "impact": v["impact"], "nodes": [n["target"] for n in v["nodes"]][:5]}
        for v in results["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def check_page(page: Page, name: str, log: PageLog) -> None:
    """No serious or critical accessibility violation, no console error so far, and a
    screenshot of the page for the docs."""
    violations = axe_violations(page)
    assert violations == [], f"{name}: {json.dumps(violations, indent=1)}"
    assert log.errors == [], f"{name}: {log.errors}"
    assert log.outside_requests == [], f"{name}: {log.outside_requests}"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.evaluate("() => { document.activeElement?.blur(); window.scrollTo(0, 0); }")
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))
