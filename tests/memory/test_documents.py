from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from django.db import connections

from core.problems import status_for
from memory.documents import document_delete, document_ingest, document_upload
from memory.events import document_group
from memory.extraction import DocumentRejected
from memory.models import Document, DocumentStatus, MemoryItem
from memory.search import Filters, memory_search
from memory.services import memory_create, memory_purge_organization
from tests.factories import TenantFixture, operator
from tests.memory import files
from tests.memory.conftest import stored_files
from tests.support.live import join

pytestmark = pytest.mark.django_db


def ingest(tenant: TenantFixture, name: str, data: bytes) -> Document:
    upload = document_upload(organization_id=tenant.organization.id, filename=name, data=data)
    document = document_ingest(document_id=upload.document.id)
    assert document is not None
    return document


def search_chunks(tenant: TenantFixture, query: str, k: int = 3) -> list[dict]:
    return memory_search(
        organization_id=tenant.organization.id, query=query, k=k, filters=Filters(kinds=("chunk",))
    )


def test_pdf_passages_cite_the_page_they_came_from(acme: TenantFixture) -> None:
    document = ingest(acme, "q3-report.pdf", files.pdf_bytes())

    assert (document.status, document.progress, document.page_count) == ("ready", 100, 4)
    cases = {"currency risk in Brazil": 3, "cloud hosting costs": 2, "Lisbon hiring plans": 4}
    for query, page in cases.items():
        [best, *_] = search_chunks(acme, query)
        assert best["provenance"]["page"] == page, query
        assert best["provenance"]["document_id"] == document.id
        assert best["provenance"]["document_title"] == "q3-report.pdf"


@pytest.mark.parametrize(
    ("name", "data", "query", "expected"),
    [
        ("cities.csv", files.CSV_TEXT.encode(), "population of Porto", "Porto"),
        ("portfolio.xlsx", files.xlsx_bytes(), "Globex Hammocks weight", "Globex Hammocks"),
        ("handbook.md", files.MARKDOWN_TEXT.encode(), "expense receipts deadline", "thirty days"),
        ("notes.html", files.HTML_TEXT.encode(), "Safari export crash", "Safari"),
        (
            "plain.txt",
            b"The espresso machine is descaled every Friday.",
            "coffee maintenance",
            "espresso",
        ),
    ],
)
def test_each_supported_type_is_ingested_and_found(
    acme: TenantFixture, name: str, data: bytes, query: str, expected: str
) -> None:
    document = ingest(acme, name, data)

    [best, *_] = search_chunks(acme, query)

    assert document.status == DocumentStatus.READY
    assert expected in best["text"]
    assert best["provenance"]["document_id"] == document.id


def test_the_same_file_is_stored_once_per_organization(
    acme: TenantFixture, globex: TenantFixture
) -> None:
    data = files.pdf_bytes()
    first = document_upload(organization_id=acme.organization.id, filename="a.pdf", data=data)
    again = document_upload(organization_id=acme.organization.id, filename="copy.pdf", data=data)
    elsewhere = document_upload(organization_id=globex.organization.id, filename="a.pdf", data=data)

    assert (first.created, again.created, elsewhere.created) == (True, False, True)
    assert again.document.id == first.document.id
    assert elsewhere.document.id != first.document.id


def test_ingesting_twice_leaves_one_set_of_chunks(acme: TenantFixture) -> None:
    document = ingest(acme, "report.pdf", files.pdf_bytes())
    Document.objects.filter(id=document.id).update(
        status=DocumentStatus.PROCESSING
    )  # a crash mid-way

    document_ingest(document_id=document.id)
    document_ingest(document_id=document.id)

    chunks = MemoryItem.objects.filter(document=document)
    assert chunks.count() == document.chunk_count > 0
    assert sorted(i or 0 for i in chunks.values_list("chunk_index", flat=True)) == list(
        range(document.chunk_count)
    )


@pytest.mark.parametrize(
    ("name", "data", "status"),
    [
        ("broken.pdf", files.corrupt_pdf_bytes(), 400),
        ("locked.pdf", files.encrypted_pdf_bytes(), 422),
        ("empty.txt", b"", 400),
        ("blank.md", b"   \n\n  ", 400),
        ("tool.exe", b"MZ\x90\x00", 415),
        ("image.txt", b"\x89PNG\r\n\x1a\n\x00\x00", 415),
    ],
)
def test_bad_files_are_refused_and_nothing_is_stored(
    acme: TenantFixture, documents_dir: Path, name: str, data: bytes, status: int
) -> None:
    with pytest.raises(DocumentRejected) as caught:
        document_upload(organization_id=acme.organization.id, filename=name, data=data)

    assert status_for(caught.value) == status
    assert not Document.objects.exists()
    assert stored_files(documents_dir) == []


def test_oversized_files_get_413(acme: TenantFixture, settings_limit: None) -> None:
    with pytest.raises(DocumentRejected) as caught:
        document_upload(organization_id=acme.organization.id, filename="big.txt", data=b"x " * 600)
    assert status_for(caught.value) == 413


@pytest.fixture
def settings_limit(settings: object) -> None:
    settings.LONGHAUL_MAX_UPLOAD_BYTES = 1000  # type: ignore[attr-defined]


def test_deleting_a_document_removes_its_chunks_and_file(
    acme: TenantFixture, globex: TenantFixture, documents_dir: Path
) -> None:
    document = ingest(acme, "report.pdf", files.pdf_bytes())
    assert stored_files(documents_dir)

    refused = document_delete(actor=operator(globex.organization), document_id=document.id)
    deleted = document_delete(actor=operator(acme.organization), document_id=document.id)

    assert (refused, deleted) == (False, True)
    assert not MemoryItem.objects.filter(organization=acme.organization).exists()


@pytest.mark.django_db(transaction=True)
def test_file_goes_once_the_delete_commits(acme: TenantFixture, documents_dir: Path) -> None:
    document = ingest(acme, "report.pdf", files.pdf_bytes())

    document_delete(actor=operator(acme.organization), document_id=document.id)

    assert stored_files(documents_dir) == []


@pytest.mark.django_db(transaction=True)
def test_purging_an_organization_removes_only_its_memory(
    acme: TenantFixture, globex: TenantFixture, documents_dir: Path
) -> None:
    ingest(acme, "report.pdf", files.pdf_bytes())
    memory_create(organization_id=acme.organization.id, text="Acme fact")
    kept = memory_create(organization_id=globex.organization.id, text="Globex fact")

    counts = memory_purge_organization(actor=operator(acme.organization))

    assert counts["documents"] == 1
    assert counts["items"] > 1
    assert list(MemoryItem.objects.values_list("id", flat=True)) == [kept.id]
    assert stored_files(documents_dir) == []


@pytest.mark.django_db(transaction=True)
def test_progress_is_published_to_the_document_group(
    acme: TenantFixture, redis_client: object
) -> None:
    upload = document_upload(
        organization_id=acme.organization.id, filename="r.pdf", data=files.pdf_bytes()
    )

    events = asyncio.run(ingest_while_listening(upload.document.id))

    assert all(e["type"] == "document.progress" for e in events)
    assert events[0]["status"] == "processing"
    assert events[-1]["status"] == "ready"
    percents = [e["percent"] for e in events]
    assert percents == sorted(percents)
    assert percents[-1] == 100


async def ingest_while_listening(document_id: int) -> list[dict]:
    layer = get_channel_layer()
    channel = await layer.new_channel()
    await join(layer, document_group(document_id), channel)
    await sync_to_async(ingest_in_thread, thread_sensitive=False)(document_id)
    events: list[dict] = []
    while not events or events[-1]["status"] != "ready":
        events.append(await asyncio.wait_for(layer.receive(channel), timeout=10))
    return events


def ingest_in_thread(document_id: int) -> None:
    try:
        document_ingest(document_id=document_id)
    finally:
        connections.close_all()  # the thread's connection would keep the test database open
