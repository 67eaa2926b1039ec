"""Two-factor sign-in: owners and admins enroll an authenticator before their session can act;
later sign-ins need a code or a recovery code (each used once); `next` never leaves the site."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django_otp.plugins.otp_totp.models import TOTPDevice

from audit.models import AuditEntry
from tests.accounts.totp import next_code
from tests.factories import TenantFixture

pytestmark = pytest.mark.django_db
PASSWORD = "correct horse battery staple"


@pytest.fixture(autouse=True)
def required(settings: Any) -> None:
    settings.LONGHAUL_TWO_FACTOR_ROLES = ["owner", "admin"]
    # django-otp delays the next try after a wrong code; these tests try at once, the last
    # one shows the delay holds.
    settings.OTP_TOTP_THROTTLE_FACTOR = 0
    settings.OTP_STATIC_THROTTLE_FACTOR = 0


def password_only(username: str) -> Client:
    client = Client()
    answer = client.post("/login/", {"username": username, "password": PASSWORD})
    assert answer.status_code == 302, "the password was refused"
    return client


def enroll(client: Client, username: str) -> list[str]:
    page = client.get("/account/two-factor/")
    assert page.status_code == 200
    device = TOTPDevice.objects.get(user__username=username, confirmed=False)
    done = client.post("/account/two-factor/", {"code": next_code(device)})
    return list(done.context["codes"])


def test_an_owner_must_enroll_before_the_session_can_act(acme: TenantFixture) -> None:
    client = password_only(acme.owner.username)

    page = client.get("/runs/")
    api = client.get("/api/me")
    verify = client.get(page["Location"])

    assert page.status_code == 302
    assert page["Location"] == "/login/verify/?next=/runs/"
    assert api.status_code == 403
    assert "second factor" in api.json()["detail"]
    assert verify.status_code == 302
    assert verify["Location"].startswith("/account/two-factor/")
    wrong = client.post("/account/two-factor/", {"code": "000000"})
    assert "did not match" in wrong.content.decode()
    codes = enroll(client, acme.owner.username)
    assert len(codes) == 10
    assert client.get("/api/me").json()["role"] == "owner"
    assert AuditEntry.objects.filter(action="two_factor.enrolled").count() == 1
    assert (
        AuditEntry.objects.filter(
            action="sign_in.succeeded", organization_id=acme.organization.id
        ).values_list("data__method", flat=True)[0]
        == "password"
    )


def test_later_sign_ins_need_a_code_and_recovery_codes_work_once(acme: TenantFixture) -> None:
    codes = enroll(password_only(acme.owner.username), acme.owner.username)
    device = TOTPDevice.objects.get(user=acme.owner, confirmed=True)

    first = password_only(acme.owner.username)
    refused = first.post("/login/verify/", {"code": "123456", "next": "/runs/"})
    assert "did not match" in refused.content.decode()
    assert first.get("/api/me").status_code == 403
    # A password-only session cannot replace the authenticator by enrolling another
    assert first.get("/account/two-factor/")["Location"].startswith("/login/verify/")
    accepted = first.post("/login/verify/", {"code": next_code(device), "next": "/runs/"})
    assert accepted["Location"] == "/runs/"
    assert first.get("/api/me").status_code == 200

    second, third = password_only(acme.owner.username), password_only(acme.owner.username)
    assert second.post("/login/verify/", {"code": codes[0]}).status_code == 302
    assert "did not match" in third.post("/login/verify/", {"code": codes[0]}).content.decode()
    assert (second.get("/api/me").status_code, third.get("/api/me").status_code) == (200, 403)


@pytest.mark.parametrize(
    "target", ["https://evil.example/", "//evil.example/", "/\\evil.example", "javascript:alert(1)"]
)
def test_next_never_leaves_the_site(acme: TenantFixture, target: str) -> None:
    codes = enroll(password_only(acme.owner.username), acme.owner.username)
    client = password_only(acme.owner.username)

    answer = client.post("/login/verify/", {"code": codes[0], "next": target})
    login = Client().post(
        "/login/", {"username": acme.member.username, "password": PASSWORD, "next": target}
    )

    assert answer.status_code == 302
    assert answer["Location"] == "/"
    assert login.status_code == 302
    assert "evil" not in login["Location"]


def test_members_without_an_authenticator_sign_in_with_the_password(acme: TenantFixture) -> None:
    client = password_only(acme.member.username)

    assert client.get("/api/me").status_code == 200
    assert client.get("/runs/").status_code == 200


def test_wrong_codes_hold_off_the_next_try(acme: TenantFixture, settings: Any) -> None:
    enroll(password_only(acme.owner.username), acme.owner.username)
    device = TOTPDevice.objects.get(user=acme.owner, confirmed=True)
    settings.OTP_TOTP_THROTTLE_FACTOR = 3600  # an hour after one wrong code
    client = password_only(acme.owner.username)

    client.post("/login/verify/", {"code": "123456"})
    right_too_soon = client.post("/login/verify/", {"code": next_code(device)})

    assert "did not match" in right_too_soon.content.decode()
    assert client.get("/api/me").status_code == 403
