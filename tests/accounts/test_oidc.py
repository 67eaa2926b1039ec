"""OpenID Connect sign-in against a real provider process on loopback (tests.support.oidc_provider):
discovery, the code flow with PKCE, state and nonce, and the ID token refused when anything about
it is wrong. The browser is Django's test client; the provider is reached over HTTP for real."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from django.test import Client

from accounts.directory_services import group_role_mapping_set
from accounts.models import IdentityProvider
from accounts.oidc import ID_TOKEN_KEY
from accounts.sso_providers import identity_provider_create
from audit.models import AuditEntry
from tests.factories import TenantFixture, operator
from tests.support.clock import CLOCK, FILE_VARIABLE, FrozenClock
from tests.support.oidc_provider import oidc_provider_process

pytestmark = pytest.mark.django_db
ADA = {"sub": "ada-0001", "email": "ada@acme.example", "groups": ["lh-reviewers"]}


@pytest.fixture(scope="module")
def issuer() -> Iterator[str]:
    with oidc_provider_process("longhaul", "s3cret") as url:
        yield url


@pytest.fixture
def provider(acme: TenantFixture, issuer: str) -> IdentityProvider:
    group_role_mapping_set(
        organization_id=acme.organization.id, group="lh-reviewers", role="reviewer", actor="t"
    )
    return identity_provider_create(
        actor=operator(acme.organization),
        kind="oidc",
        name="Acme ID",
        settings={"issuer": issuer, "client_id": "longhaul"},
        client_secret="s3cret",
    )


def at_keyboard(issuer: str, person: dict[str, Any], tamper: str = "") -> None:
    httpx.post(f"{issuer}/_control", json={"person": person, "tamper": tamper}).raise_for_status()


def provider_redirect(client: Client) -> str:
    """Starts at the sign-in page's single sign-on and returns the provider's answer: the
    callback URL with the code and the state."""
    chosen = client.get("/login/sso/", {"organization": "acme", "next": "/runs/"})
    start = chosen.context["sso_continue"]
    to_provider = client.get(start)
    assert to_provider.status_code == 302
    answer = httpx.get(to_provider["Location"])
    assert answer.status_code == 302, answer.text
    return answer.headers["Location"]


def sign_in(client: Client, issuer: str, tamper: str = "") -> Any:
    at_keyboard(issuer, ADA, tamper)
    return client.get(provider_redirect(client))


def refusals() -> list[str]:
    found = AuditEntry.objects.filter(action="sign_in.refused").order_by("id")
    return [entry.data["reason"] for entry in found]


def test_signs_in_with_the_role_of_the_groups(provider: IdentityProvider, issuer: str) -> None:
    client = Client()
    at_keyboard(issuer, ADA)
    callback = provider_redirect(client)
    query = parse_qs(urlsplit(callback).query)
    assert urlsplit(callback).path == "/login/oidc/callback/"
    assert set(query) == {"code", "state"}

    done = client.get(callback)
    assert done.status_code == 302
    assert done["Location"] == "/runs/"
    me = client.get("/api/me").json()
    assert (me["user"], me["role"]) == ("ada@acme.example", "reviewer")
    succeeded = AuditEntry.objects.filter(action="sign_in.succeeded").get()
    assert succeeded.data == {"method": "oidc", "provider": "acme-id"}

    # The same callback again (a replay) finds no flow waiting for it
    replay = client.get(callback)
    assert replay.status_code == 403
    assert "already completed" in replay.content.decode()


def test_a_callback_from_another_browser_is_refused(
    provider: IdentityProvider, issuer: str
) -> None:
    at_keyboard(issuer, ADA)
    callback = provider_redirect(Client())
    stranger = Client()
    assert stranger.get(callback).status_code == 403
    assert "_auth_user_id" not in stranger.session


@pytest.mark.parametrize(
    ("tamper", "said"),
    [
        ("audience", "wrong audience"),
        ("expired", "wrong expiry"),
        ("signature", "BadSignatureError"),
        ("nonce", "wrong nonce"),
        ("issuer", "wrong issuer"),
    ],
)
def test_a_spoiled_id_token_is_refused(
    provider: IdentityProvider, issuer: str, tamper: str, said: str
) -> None:
    client = Client()
    refused = sign_in(client, issuer, tamper)
    assert refused.status_code == 403
    assert said in refused.content.decode()
    assert "_auth_user_id" not in client.session
    assert refusals() == ["invalid_token"]


@pytest.fixture
def frozen(settings: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> FrozenClock:
    clock = FrozenClock(tmp_path / "clock")
    monkeypatch.setenv(FILE_VARIABLE, str(clock.path))
    settings.LONGHAUL_CLOCK = CLOCK
    settings.LONGHAUL_OIDC_CLOCK_SKEW_SECONDS = 60
    return clock


def test_clock_skew_is_bounded(
    provider: IdentityProvider, issuer: str, frozen: FrozenClock
) -> None:
    now = datetime.now(UTC)
    # The platform's clock 50 s behind the provider's: the token's iat is within the skew
    frozen.set(now - timedelta(seconds=50))
    assert sign_in(Client(), issuer).status_code == 302
    # 100 s behind: issued "in the future" beyond the skew
    frozen.set(now - timedelta(seconds=100))
    late = sign_in(Client(), issuer)
    assert late.status_code == 403
    assert "wrong issue time" in late.content.decode()


def test_sign_out_also_leaves_the_provider(provider: IdentityProvider, issuer: str) -> None:
    client = Client()
    assert sign_in(client, issuer).status_code == 302
    id_token = client.session[ID_TOKEN_KEY]
    out = client.post("/logout/")
    assert out.status_code == 200
    leave = out.context["leave"]
    assert leave.startswith(f"{issuer}/logout?")
    query = parse_qs(urlsplit(leave).query)
    assert query["id_token_hint"] == [id_token]
    assert query["post_logout_redirect_uri"] == ["http://testserver/login/"]
    assert client.get("/api/me").status_code in (401, 403)


def test_an_unknown_organization_is_told_so(db: None) -> None:
    missing = Client().get("/login/sso/", {"organization": "nobody"})
    assert missing.status_code == 404
    assert "No single sign-on is set up" in missing.content.decode()


def test_an_unreachable_provider_is_explained(acme: TenantFixture) -> None:
    identity_provider_create(
        actor=operator(acme.organization),
        kind="oidc",
        name="Down ID",
        settings={"issuer": "http://127.0.0.1:9/down", "client_id": "longhaul"},
    )
    answer = Client().get("/login/sso/acme/down-id/")
    assert answer.status_code == 502
    assert "could not be reached" in answer.content.decode()
