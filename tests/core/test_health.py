from __future__ import annotations

import pytest
from django.test import Client


def test_healthz_answers_without_dependencies(client: Client) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok"}
    assert response["X-Request-Id"]


@pytest.mark.django_db
def test_readyz_reports_database_with_pgvector_and_redis(client: Client) -> None:
    response = client.get("/readyz")
    body = response.json()
    assert response.status_code == 200, body
    assert body["checks"]["database"]["status"] == "ok"
    assert "pgvector" in body["checks"]["database"]["detail"]
    assert body["checks"]["redis"]["status"] == "ok"


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
