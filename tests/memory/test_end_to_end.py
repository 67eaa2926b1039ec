"""The whole path on real processes: uvicorn serves the upload, a Celery worker ingests it."""

from __future__ import annotations

import time

import httpx
import pytest

from tests.factories import TenantFixture
from tests.memory import files
from tests.support.processes import celery_worker


def wait_until_ready(client: httpx.Client, document_id: int, timeout: float = 180.0) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        document = client.get(f"/api/documents/{document_id}").json()
        if document["status"] in {"ready", "failed"}:
            return document
        time.sleep(0.5)
    raise TimeoutError(f"document {document_id} was not ingested in {timeout}s")


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_upload_over_http_is_ingested_by_the_worker_and_cited_by_page(
    live_server_url: str, acme: TenantFixture, globex: TenantFixture, redis_client: object
) -> None:
    acme_http = httpx.Client(
        base_url=live_server_url, headers={"Authorization": f"Bearer {acme.api_key}"}, timeout=60
    )
    globex_http = httpx.Client(
        base_url=live_server_url, headers={"Authorization": f"Bearer {globex.api_key}"}, timeout=60
    )

    with celery_worker(concurrency=1):
        created = acme_http.post(
            "/api/documents", files={"file": ("q3.pdf", files.pdf_bytes(), "application/pdf")}
        )
        assert created.status_code == 201, created.text
        document = wait_until_ready(acme_http, created.json()["id"])

    query = {
        "query": "cloud hosting spend after the migration",
        "k": 3,
        "filters": {"kinds": ["chunk"]},
    }
    hits = acme_http.post("/api/memory/search", json=query).json()["results"]
    theirs = globex_http.post("/api/memory/search", json=query).json()["results"]

    assert (document["status"], document["progress"], document["page_count"]) == ("ready", 100, 4)
    assert hits[0]["provenance"]["page"] == 2
    assert hits[0]["provenance"]["document_id"] == document["id"]
    assert theirs == []
