"""Signing in through the dashboard in Chromium, on the real ASGI server: an admin enrolls an
authenticator at their first sign-in and enters its code at the next."""

from __future__ import annotations

from base64 import b32decode
from collections.abc import Iterator
from contextlib import suppress
from urllib.parse import urlsplit

import pytest
from django_otp.oath import TOTP
from django_otp.plugins.otp_totp.models import TOTPDevice
from playwright.sync_api import Browser, Error, Page

from accounts.services import membership_create
from tests.accounts.totp import next_code
from tests.browser.conftest import PASSWORD, PageLog, local_context
from tests.factories import TenantFixture, make_user
from tests.support.processes import asgi_server

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(scope="module")
def server(django_db_setup: None) -> Iterator[str]:
    with asgi_server(LONGHAUL_TWO_FACTOR_ROLES="owner,admin") as base:
        yield base


@pytest.fixture
def open_page(browser: Browser, server: str) -> Iterator[object]:
    contexts = []

    def opened() -> Page:
        context = local_context(browser, server, PageLog())
        contexts.append(context)
        return context.new_page()

    yield opened
    for context in contexts:
        with suppress(Error):
            context.close()


def password_step(page: Page, username: str) -> None:
    page.goto("/runs/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", PASSWORD)
    with page.expect_navigation():
        page.click("button[type=submit]")


def code_from_secret(secret: str) -> str:
    return f"{TOTP(b32decode(secret)).token():06d}"


def test_an_admin_enrolls_then_signs_in_with_a_code(acme: TenantFixture, open_page: object) -> None:
    admin = make_user("acme-admin")
    membership_create(organization=acme.organization, user=admin, role="admin")
    first: Page = open_page()  # type: ignore[operator]

    # First sign-in: the password leads to enrollment, the app's code turns it on
    password_step(first, admin.username)
    assert urlsplit(first.url).path == "/account/two-factor/"
    first.fill("input[name=code]", code_from_secret(first.inner_text("#totp-secret")))
    with first.expect_navigation():
        first.click("button[type=submit]")
    assert first.locator(".recovery-codes li").count() == 10
    with first.expect_navigation():
        first.click("text=Continue")
    assert urlsplit(first.url).path == "/runs/"

    # Next sign-in, in another browser: the password, then the code
    second: Page = open_page()  # type: ignore[operator]
    password_step(second, admin.username)
    assert urlsplit(second.url).path == "/login/verify/"
    second.fill("input[name=code]", next_code(TOTPDevice.objects.get(user=admin, confirmed=True)))
    with second.expect_navigation():
        second.click("button[type=submit]:has-text('Verify')")
    assert urlsplit(second.url).path == "/runs/"
