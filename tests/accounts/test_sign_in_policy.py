"""An organization's session lifetime, idle timeout and allowed email domains, on the
platform's clock (moved by the test, never waited for)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from accounts.directory_services import directory_token_create
from accounts.sessions import sign_in_policy_set
from audit.models import AuditEntry
from tests.accounts.scim_client import USER
from tests.factories import TenantFixture, operator
from tests.support.clock import CLOCK, FILE_VARIABLE, FrozenClock

pytestmark = pytest.mark.django_db
START = datetime(2026, 12, 2, 9, 0, tzinfo=UTC)


@pytest.fixture
def frozen(settings: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> FrozenClock:
    clock = FrozenClock(tmp_path / "clock")
    monkeypatch.setenv(FILE_VARIABLE, str(clock.path))
    settings.LONGHAUL_CLOCK = CLOCK
    clock.set(START)
    return clock


def signed_in(username: str) -> Client:
    client = Client()
    client.post("/login/", {"username": username, "password": "correct horse battery staple"})
    return client


def test_idle_sessions_and_old_sessions_end(acme: TenantFixture, frozen: FrozenClock) -> None:
    sign_in_policy_set(
        actor=operator(acme.organization), session_lifetime_minutes=60, idle_timeout_minutes=15
    )
    client = signed_in(acme.member.username)
    assert client.get("/api/me").status_code == 200
    frozen.set(START + timedelta(minutes=14))
    assert client.get("/api/me").status_code == 200
    frozen.set(START + timedelta(minutes=30))  # 16 minutes unused
    assert client.get("/api/me").status_code == 401
    assert client.get("/runs/")["Location"].startswith("/login/")

    again = signed_in(acme.member.username)
    for minutes in (40, 52, 64, 76, 88):
        frozen.set(START + timedelta(minutes=minutes))
        assert again.get("/api/me").status_code == 200, minutes
    frozen.set(START + timedelta(minutes=95))  # 65 minutes after signing in, never idle
    assert again.get("/runs/")["Location"] == "/login/?next=/runs/"
    reasons = AuditEntry.objects.filter(action="sign_in.session_ended").values_list(
        "data__reason", flat=True
    )
    assert sorted(reasons) == ["idle_timeout", "session_lifetime"]


def test_without_a_policy_sessions_last_as_before(acme: TenantFixture, frozen: FrozenClock) -> None:
    client = signed_in(acme.member.username)
    frozen.set(START + timedelta(days=3))
    assert client.get("/api/me").status_code == 200


def test_a_directory_provisions_only_allowed_email_domains(acme: TenantFixture) -> None:
    sign_in_policy_set(actor=operator(acme.organization), allowed_email_domains=["Acme.example"])
    token = directory_token_create(organization=acme.organization, name="idp").plaintext
    scim = Client(HTTP_AUTHORIZATION=f"Bearer {token}")

    def create(user_name: str, email: str) -> Any:
        body = {"schemas": [USER], "userName": user_name, "emails": [{"value": email}]}
        return scim.post("/scim/v2/Users", body, content_type="application/scim+json")

    assert create("ada@acme.example", "ada@acme.example").status_code == 201
    outside = create("eve@evil.example", "eve@evil.example")
    disguised = create("eve", "eve@evil.example")
    assert (outside.status_code, outside.json()["scimType"]) == (400, "invalidValue")
    assert disguised.status_code == 400
