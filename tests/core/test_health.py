from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from tests.support.processes import free_port


def test_healthz_answers_without_dependencies(client: Client) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok"}
    assert response["X-Request-Id"]


def test_readyz_reports_database_with_pgvector_redis_and_the_agents_gateway(
    client: Client, settings: Any, live_server_url: str
) -> None:
    settings.LONGHAUL_GATEWAY_URL = f"{live_server_url}/v1"
    response = client.get("/readyz")
    body = response.json()
    assert response.status_code == 200, body
    assert body["checks"]["database"]["status"] == "ok"
    assert "pgvector" in body["checks"]["database"]["detail"]
    assert body["checks"]["redis"]["status"] == "ok"
    assert body["checks"]["gateway"] == {"status": "ok", "detail": f"{live_server_url}/v1: answers"}


@pytest.mark.django_db
def test_readyz_is_503_when_the_agents_cannot_reach_the_gateway(
    client: Client, settings: Any
) -> None:
    settings.LONGHAUL_GATEWAY_URL = f"http://127.0.0.1:{free_port()}/v1"
    response = client.get("/readyz")
    gateway = response.json()["checks"]["gateway"]
    assert response.status_code == 503
    assert gateway["status"] == "down"
    assert "ConnectError" in gateway["detail"]
    assert gateway["detail"].endswith("(check LONGHAUL_GATEWAY_URL)")


def test_readyz_tells_a_gateway_url_that_reaches_another_server(
    client: Client, settings: Any, live_server_url: str
) -> None:
    settings.LONGHAUL_GATEWAY_URL = live_server_url  # the site, without /v1
    gateway = client.get("/readyz").json()["checks"]["gateway"]
    assert gateway == {
        "status": "down",
        "detail": f"{live_server_url}: HTTP 404, not an OpenAI-compatible API "
        "(check LONGHAUL_GATEWAY_URL)",
    }


def test_readyz_checks_the_model_url_runs_use_when_it_is_set(
    client: Client, settings: Any, live_server_url: str
) -> None:
    settings.LONGHAUL_GATEWAY_URL = f"http://127.0.0.1:{free_port()}/v1"
    settings.LONGHAUL_AGENT_MODEL_URL = f"{live_server_url}/v1"
    assert client.get("/readyz").json()["checks"]["gateway"]["status"] == "ok"


@pytest.mark.django_db
def test_readyz_is_503_when_redis_is_down(client: Client, settings: object) -> None:
    settings.REDIS_URL = "redis://127.0.0.1:1/0"  # type: ignore[attr-defined]
    response = client.get("/readyz")
    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "down"
    assert body["checks"]["redis"]["status"] == "down"
    assert body["checks"]["database"]["status"] == "ok"


def test_request_id_is_echoed_when_safe_and_replaced_when_not(client: Client) -> None:
    assert client.get("/healthz", HTTP_X_REQUEST_ID="abc-123")["X-Request-Id"] == "abc-123"
    replaced = client.get("/healthz", HTTP_X_REQUEST_ID="bad id\nwith newline")["X-Request-Id"]
    assert replaced != "bad id\nwith newline"
    assert len(replaced) == 32
