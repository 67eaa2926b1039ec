from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from accounts.services import api_key_create
from memory.documents import document_ingest
from memory.models import Document, MemoryItem
from tests.factories import TenantFixture, operator
from tests.memory import files
from tests.memory.conftest import stored_files

pytestmark = pytest.mark.django_db


def api(tenant: TenantFixture | str) -> Client:
    key = tenant if isinstance(tenant, str) else tenant.api_key
    return Client(HTTP_AUTHORIZATION=f"Bearer {key}")


def upload(client: Client, name: str, data: bytes, content_type: str = "application/octet-stream"):
    return client.post("/api/documents", {"file": SimpleUploadedFile(name, data, content_type)})


def search(client: Client, query: str, **extra: object):
    return client.post(
        "/api/memory/search", {"query": query, **extra}, content_type="application/json"
    )


def test_uploaded_pdf_is_searchable_with_page_citations(
    acme: TenantFixture, globex: TenantFixture
) -> None:
    created = upload(api(acme), "report.pdf", files.pdf_bytes(), "application/pdf")
    assert created.status_code == 201, created.content
    document_id = created.json()["id"]
    assert created.json()["status"] == "pending"
    document_ingest(document_id=document_id)  # what the Celery worker runs

    status = api(acme).get(f"/api/documents/{document_id}").json()
    hits = search(
        api(acme), "exposure to the Brazilian real", k=2, filters={"kinds": ["chunk"]}
    ).json()["results"]

    assert (status["status"], status["progress"], status["page_count"]) == ("ready", 100, 4)
    assert hits[0]["provenance"]["page"] == 3
    assert hits[0]["provenance"]["document_title"] == "report.pdf"
    assert search(api(globex), "exposure to the Brazilian real").json()["results"] == []
    assert api(globex).get(f"/api/documents/{document_id}").status_code == 404
    assert api(globex).get("/api/documents").json()["count"] == 0


@pytest.mark.parametrize(
    ("name", "data", "status"),
    [
        ("broken.pdf", files.corrupt_pdf_bytes(), 400),
        ("locked.pdf", files.encrypted_pdf_bytes(), 422),
        ("empty.pdf", b"", 400),
        ("virus.exe", b"MZ\x90\x00\x03", 415),
        ("huge.txt", b"a" * 100_001, 413),
    ],
)
def test_bad_uploads_get_problem_details_and_store_nothing(
    acme: TenantFixture, documents_dir: Path, settings: object, name: str, data: bytes, status: int
) -> None:
    settings.LONGHAUL_MAX_UPLOAD_BYTES = 100_000  # type: ignore[attr-defined]

    response = upload(api(acme), name, data)

    assert response.status_code == status
    assert response["Content-Type"] == "application/problem+json"
    assert response.json()["detail"]
    assert not Document.objects.exists()
    assert stored_files(documents_dir) == []


def test_uploading_the_same_file_again_returns_the_existing_document(acme: TenantFixture) -> None:
    first = upload(api(acme), "a.md", files.MARKDOWN_TEXT.encode())
    second = upload(api(acme), "b.md", files.MARKDOWN_TEXT.encode())

    assert (first.status_code, second.status_code) == (201, 200)
    assert first.json()["id"] == second.json()["id"]


def test_memory_create_search_get_and_delete(acme: TenantFixture, globex: TenantFixture) -> None:
    created = api(acme).post(
        "/api/memory",
        {
            "text": "The CFO prefers charts in euros.",
            "metadata": {"topic": "reporting"},
            "ttl_seconds": 3600,
        },
        content_type="application/json",
    )
    assert created.status_code == 201, created.content
    item_id = created.json()["id"]

    hits = search(
        api(acme), "currency for charts", filters={"metadata": {"topic": "reporting"}}
    ).json()["results"]
    assert [h["id"] for h in hits] == [item_id]
    assert hits[0]["expires_at"] is not None
    assert api(globex).get(f"/api/memory/{item_id}").status_code == 404
    assert api(globex).delete(f"/api/memory/{item_id}").status_code == 404
    assert api(acme).delete(f"/api/memory/{item_id}").status_code == 204
    assert api(acme).get(f"/api/memory/{item_id}").status_code == 404


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"text": ""},
        {"text": "x", "kind": "chunk"},
        {"text": "x", "importance": 3},
        {"text": "x", "scope": "moon"},
    ],
)
def test_invalid_memory_is_a_400_problem(acme: TenantFixture, body: dict) -> None:
    response = api(acme).post("/api/memory", body, content_type="application/json")

    assert response.status_code == 400
    assert response.json()["errors"]
    assert not MemoryItem.objects.exists()


def test_search_validates_its_input(acme: TenantFixture) -> None:
    assert search(api(acme), "").status_code == 400
    assert search(api(acme), "x", k=0).status_code == 400
    assert search(api(acme), "x", filters={"kinds": ["planet"]}).status_code == 400
    assert search(api(acme), "x", recency_weight=0.8, importance_weight=0.8).status_code == 400


def test_keys_without_the_memory_scope_are_refused(acme: TenantFixture) -> None:
    key = api_key_create(
        actor=operator(acme.organization), name="runs only", scopes=["runs"]
    ).plaintext

    assert search(api(key), "anything").status_code == 403
    assert Client().post(
        "/api/memory/search", {"query": "x"}, content_type="application/json"
    ).status_code in {401, 403}


def test_signed_in_members_use_their_organization(
    acme: TenantFixture, globex: TenantFixture
) -> None:
    api(globex).post(
        "/api/memory", {"text": "Globex secret recipe"}, content_type="application/json"
    )
    browser = Client()
    browser.force_login(acme.member)

    created = browser.post("/api/memory", {"text": "Acme recipe"}, content_type="application/json")
    hits = search(browser, "secret recipe").json()["results"]

    assert created.status_code == 201
    assert [h["text"] for h in hits] == ["Acme recipe"]


def test_export_streams_json_lines_of_one_organization(
    acme: TenantFixture, globex: TenantFixture
) -> None:
    for text in ("first fact", "second fact"):
        api(acme).post("/api/memory", {"text": text}, content_type="application/json")
    api(globex).post("/api/memory", {"text": "globex fact"}, content_type="application/json")

    response = api(acme).get("/api/memory/export?embeddings=1")
    body = b"".join(response.streaming_content)  # type: ignore[attr-defined]
    lines = [json.loads(line) for line in body.decode().splitlines()]

    assert response["Content-Type"] == "application/x-ndjson"
    assert [line["text"] for line in lines] == ["first fact", "second fact"]
    assert all(len(line["embedding"]) == 384 for line in lines)


def test_purge_needs_confirmation_and_an_admin(acme: TenantFixture, globex: TenantFixture) -> None:
    api(acme).post("/api/memory", {"text": "acme fact"}, content_type="application/json")
    api(globex).post("/api/memory", {"text": "globex fact"}, content_type="application/json")
    member = Client()
    member.force_login(acme.member)

    # A key acts with its owner's role: this one's owner is the organization's owner.
    owners_key = api_key_create(
        actor=operator(acme.organization), name="owner's key", created_by=acme.owner
    ).plaintext

    refused = member.post("/api/memory/purge", {"confirm": "acme"}, content_type="application/json")
    wrong = api(owners_key).post(
        "/api/memory/purge", {"confirm": "globex"}, content_type="application/json"
    )
    done = api(owners_key).post(
        "/api/memory/purge", {"confirm": "acme"}, content_type="application/json"
    )

    assert (refused.status_code, wrong.status_code, done.status_code) == (403, 400, 200)
    assert done.json() == {"items": 1, "documents": 0}
    assert list(MemoryItem.objects.values_list("text", flat=True)) == ["globex fact"]


def test_document_delete_over_rest(acme: TenantFixture, globex: TenantFixture) -> None:
    document_id = upload(api(acme), "notes.txt", b"Quarterly planning notes.").json()["id"]
    document_ingest(document_id=document_id)

    assert api(globex).delete(f"/api/documents/{document_id}").status_code == 404
    assert api(acme).delete(f"/api/documents/{document_id}").status_code == 204
    assert not MemoryItem.objects.exists()


def test_the_openapi_schema_documents_memory_without_warnings(tmp_path: Path) -> None:
    from django.core.management import call_command

    target = tmp_path / "schema.yaml"
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(target))

    schema = target.read_text()
    for path in ("/api/memory/search:", "/api/documents:", "/api/documents/{document_id}:"):
        assert path in schema


def test_admin_browses_and_searches_memory(acme: TenantFixture) -> None:
    from accounts.models import User

    api(acme).post(
        "/api/memory", {"text": "Warehouse keys are at reception."}, content_type="application/json"
    )
    upload(api(acme), "notes.md", files.MARKDOWN_TEXT.encode())
    admin = Client()
    admin.force_login(
        User.objects.create_superuser("root-admin", "root@example.com", "pw-12345-long")
    )

    items = admin.get("/admin/memory/memoryitem/", {"q": "warehouse"})
    documents = admin.get("/admin/memory/document/")

    assert items.status_code == 200
    assert b"Warehouse keys are at reception." in items.content
    assert documents.status_code == 200
    assert b"notes.md" in documents.content
