"""Readiness of inference backends, the active probe, and the admin's write-only secret."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings
from django.test import Client

from accounts.models import User
from core.secrets import decrypt_secret
from inference.health import check_backends
from inference.models import Backend, Tier
from inference.tasks import probe_backends
from tests.inference.fake_upstream import fake_upstream
from tests.support.processes import free_port

pytestmark = pytest.mark.django_db


@pytest.fixture
def tier() -> Tier:
    return Tier.objects.create(name="standard", context_window=4096)


def closed_port_url() -> str:
    return f"http://127.0.0.1:{free_port()}/v1"


def test_readiness_reports_a_down_backend_and_an_up_one(tier: Tier) -> None:
    Backend.objects.create(
        tier=tier, name="gone", base_url=closed_port_url(), served_model="standard"
    )
    Backend.objects.create(
        tier=tier, name="off", base_url=closed_port_url(), served_model="standard", enabled=False
    )
    with fake_upstream() as url:
        Backend.objects.create(tier=tier, name="alive", base_url=url, served_model="standard")
        results = check_backends()

    assert set(results) == {"inference:alive", "inference:gone"}
    assert results["inference:alive"].ok
    assert "serves 'standard'" in results["inference:alive"].detail
    assert not results["inference:gone"].ok
    assert "ConnectError" in results["inference:gone"].detail


def test_readyz_is_503_while_a_backend_is_down(tier: Tier, client: Client) -> None:
    Backend.objects.create(tier=tier, name="gone", base_url=closed_port_url(), served_model="x")
    response = client.get("/readyz")
    assert response.status_code == 503
    assert response.json()["checks"]["inference:gone"]["status"] == "down"


def test_an_upstream_error_status_is_down(tier: Tier) -> None:
    with fake_upstream(status=401) as url:
        Backend.objects.create(tier=tier, name="denied", base_url=url, served_model="standard")
        result = check_backends()["inference:denied"]
    assert not result.ok
    assert "HTTP 401" in result.detail


def test_the_probe_sends_the_resolved_key_and_records_the_outcome(
    tier: Tier, monkeypatch: Any
) -> None:
    monkeypatch.setenv("LONGHAUL_TEST_PROBE_KEY", "sk-probe")
    gone = Backend.objects.create(
        tier=tier, name="gone", base_url=closed_port_url(), served_model="x"
    )
    with fake_upstream() as url:
        alive = Backend.objects.create(
            tier=tier,
            name="alive",
            base_url=url,
            served_model="standard",
            api_key_env="LONGHAUL_TEST_PROBE_KEY",
            healthy=False,
        )
        assert probe_backends() == {"alive": True, "gone": False}
    # /health first (this server has none), then /v1/models: the key goes with both.
    assert set(fake_upstream.seen_auth) == {"Bearer sk-probe"}  # type: ignore[attr-defined]

    alive.refresh_from_db()
    gone.refresh_from_db()
    assert alive.healthy
    assert alive.last_probe_at is not None
    assert alive.last_probe_error == ""
    assert not gone.healthy
    assert "ConnectError" in gone.last_probe_error


def test_the_probe_runs_on_the_beat_schedule() -> None:
    entry = settings.CELERY_BEAT_SCHEDULE["inference-probe-backends"]
    assert entry["task"] == probe_backends.name


@pytest.fixture
def admin_client(client: Client) -> Client:
    User.objects.create_superuser("root", "root@example.com", "correct horse battery staple")
    client.login(username="root", password="correct horse battery staple")
    return client


def backend_form(tier: Tier, **extra: str) -> dict[str, str]:
    return {
        "tier": str(tier.pk),
        "name": "hosted",
        "base_url": "https://api.example.com/v1/",
        "served_model": "vendor-large",
        "weight": "1",
        "max_concurrency": "8",
        "max_queue": "16",
        "connect_timeout_s": "2",
        "read_timeout_s": "60",
        "api_key_env": "",
        "enabled": "on",
        "dialect": "openai",
        **extra,
    }


def test_admin_stores_the_key_encrypted_and_never_shows_it(
    admin_client: Client, tier: Tier
) -> None:
    secret = "sk-admin-entered-4c1d"
    response = admin_client.post(
        "/admin/inference/backend/add/", backend_form(tier, api_key=secret)
    )
    assert response.status_code == 302, response.content.decode()[:2000]

    backend = Backend.objects.get(name="hosted")
    assert backend.base_url == "https://api.example.com/v1"
    assert secret not in backend.api_key_encrypted
    assert decrypt_secret(backend.api_key_encrypted) == secret
    page = admin_client.get(f"/admin/inference/backend/{backend.pk}/change/").content.decode()
    assert secret not in page
    assert backend.api_key_encrypted not in page

    # Saving without a key keeps it; ticking "remove" clears it.
    admin_client.post(f"/admin/inference/backend/{backend.pk}/change/", backend_form(tier))
    backend.refresh_from_db()
    assert decrypt_secret(backend.api_key_encrypted) == secret
    admin_client.post(
        f"/admin/inference/backend/{backend.pk}/change/", backend_form(tier, clear_api_key="on")
    )
    backend.refresh_from_db()
    assert backend.api_key_encrypted == ""


def test_admin_refuses_a_base_url_without_v1(admin_client: Client, tier: Tier) -> None:
    response = admin_client.post(
        "/admin/inference/backend/add/", backend_form(tier, base_url="https://api.example.com")
    )
    assert response.status_code == 200
    assert "ending in /v1" in response.content.decode()
    assert not Backend.objects.exists()
