"""The whole path on real processes: uvicorn serves the upload, a Celery worker ingests it."""

from __future__ import annotations

import time
from pathlib import Path

import httpx
import pytest

from tests.factories import TenantFixture
from tests.memory import files
from tests.support.processes import asgi_server, celery_worker


def wait_until_ready(client: httpx.Client, document_id: int, timeout: float = 180.0) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        document = client.get(f"/api/documents/{document_id}").json()
        if document["status"] in {"ready", "failed"}:
            return document
        # Until the worker (another process) ingests the document.
        time.sleep(0.5)
    raise TimeoutError(f"document {document_id} was not ingested in {timeout}s")


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_upload_over_http_is_ingested_by_the_worker_and_cited_by_page(
    acme: TenantFixture, globex: TenantFixture, redis_client: object, documents_dir: Path
) -> None:
    # The server and the worker share this test's folder for stored files.
    with (
        asgi_server(LONGHAUL_DOCUMENTS_DIR=str(documents_dir)) as base_url,
        celery_worker(concurrency=1, LONGHAUL_DOCUMENTS_DIR=str(documents_dir)),
    ):
        check_upload_and_search(base_url, acme, globex)
    assert list(documents_dir.rglob("*.pdf"))


def check_upload_and_search(base_url: str, acme: TenantFixture, globex: TenantFixture) -> None:
    acme_http = httpx.Client(
        base_url=base_url, headers={"Authorization": f"Bearer {acme.api_key}"}, timeout=60
    )
    globex_http = httpx.Client(
        base_url=base_url, headers={"Authorization": f"Bearer {globex.api_key}"}, timeout=60
    )

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
