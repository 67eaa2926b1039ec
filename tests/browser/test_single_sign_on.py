"""Single sign-on through the dashboard in Chromium: the sign-in page finds the organization's
OpenID provider (a real provider process on loopback), the provider sends the browser back, the
person arrives with the role of their groups, and signing out leaves the provider too; and the
same through a SAML identity provider (pysaml2 on loopback, tests/support/saml_idp.py)."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Browser

from accounts.directory_services import group_role_mapping_set
from accounts.models import Membership
from accounts.sso_providers import identity_provider_create
from tests.browser.conftest import PageLog, check_page, local_context
from tests.factories import TenantFixture, operator
from tests.support.oidc_provider import oidc_provider_process
from tests.support.processes import asgi_server
from tests.support.saml_idp import Person, serve_saml_idp

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(scope="module")
def issuer() -> Iterator[str]:
    with oidc_provider_process("longhaul", "s3cret") as url:
        yield url


@pytest.fixture(scope="module")
def server(django_db_setup: None, django_db_blocker: object) -> Iterator[str]:
    with django_db_blocker.unblock(), asgi_server() as base:  # type: ignore[attr-defined]
        yield base


def test_a_reviewer_signs_in_and_out_through_the_provider(
    acme: TenantFixture, browser: Browser, server: str, issuer: str
) -> None:
    group_role_mapping_set(
        organization_id=acme.organization.id, group="lh-reviewers", role="reviewer", actor="t"
    )
    identity_provider_create(
        actor=operator(acme.organization),
        kind="oidc",
        name="Acme ID",
        settings={"issuer": issuer, "client_id": "longhaul"},
        client_secret="s3cret",
    )
    person = {"sub": "grace-7", "email": "grace@acme.example", "groups": ["lh-reviewers"]}
    httpx.post(f"{issuer}/_control", json={"person": person}).raise_for_status()
    log = PageLog()
    page = local_context(browser, server, log).new_page()

    page.goto("/runs/")
    check_page(page, "login-single-sign-on", log)
    page.fill("input[name=organization]", "acme")
    page.click("button:has-text('Sign in with single sign-on')")
    page.wait_for_url(f"{server}/runs/")
    check_page(page, "sso-signed-in", log)
    assert Membership.objects.get(user__username="grace@acme.example").role == "reviewer"
    assert page.locator("a:has-text('Review')").count() == 1

    page.click("button:has-text('Sign out')")
    page.wait_for_url(f"{server}/login/")
    logouts = httpx.get(f"{issuer}/_log").json()
    assert len(logouts) == 1
    assert logouts[0]["logout"]["post_logout_redirect_uri"] == f"{server}/login/"
    assert logouts[0]["logout"]["id_token_hint"].count(".") == 2
    assert page.request.get(f"{server}/api/me").status in (401, 403)


def test_a_member_signs_in_through_a_saml_provider(
    acme: TenantFixture, browser: Browser, server: str
) -> None:
    group_role_mapping_set(
        organization_id=acme.organization.id, group="Longhaul Reviewers", role="reviewer", actor="t"
    )
    person = Person("ada@acme.example", groups=("Longhaul Reviewers", "Everyone"))
    with serve_saml_idp(person) as idp:
        identity_provider_create(
            actor=operator(acme.organization),
            kind="saml",
            name="Acme SAML",
            settings={"idp_metadata_xml": idp.metadata_xml},
        )
        metadata = httpx.get(f"{server}/login/saml/acme/acme-saml/metadata/")
        idp.trust(metadata.raise_for_status().text)
        log = PageLog()
        page = local_context(browser, server, log).new_page()

        page.goto("/review/")
        page.fill("input[name=organization]", "acme")
        page.click("button:has-text('Sign in with single sign-on')")
        page.wait_for_url(f"{idp.sso_url}?SAMLRequest=*")  # at the identity provider
        page.click("button:has-text('Continue')")  # it posts its signed answer to the ACS

        page.wait_for_url(f"{server}/review/")
    assert log.outside_requests == []
    assert Membership.objects.get(user__username="ada@acme.example").role == "reviewer"
    assert page.request.get(f"{server}/api/me").json()["user"] == "ada@acme.example"
