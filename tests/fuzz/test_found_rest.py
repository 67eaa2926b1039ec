"""What the REST fuzzer found, each kept fixed: a request that crashed the server or left it with
bad data, an error that was not problem details, a schema that said something the API does not
do. (The /v1 findings: test_found_v1.py.)"""

from __future__ import annotations

from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from drf_spectacular.generators import SchemaGenerator

from accounts.services import api_key_create
from approvals.models import ApprovalRule
from memory.models import MemoryItem
from tests.factories import TenantFixture, operator

pytestmark = pytest.mark.django_db
PROBLEM = "application/problem+json"


@pytest.fixture
def owner_api(acme: TenantFixture) -> Client:
    """The REST API as an API key of acme's owner (every scope, the owner's role)."""
    key = api_key_create(actor=operator(acme.organization), name="owner's", created_by=acme.owner)
    return Client(HTTP_AUTHORIZATION=f"Bearer {key.plaintext}")


def post_json(client: Client, path: str, body: Any) -> Any:
    return client.post(path, body, content_type="application/json")


def assert_problem(response: Any, status: int) -> dict[str, Any]:
    assert response.status_code == status, response.content
    assert response["Content-Type"].startswith(PROBLEM)
    body: dict[str, Any] = response.json()
    assert body["status"] == status, body
    assert body["title"], body
    assert body["detail"], body
    return body


def test_an_unknown_api_url_is_a_problem_and_a_page_stays_a_page(owner_api: Client) -> None:
    assert_problem(owner_api.get("/api/runs/not-a-uuid"), 404)
    assert_problem(owner_api.post("/api/webhooks/deliveries/null/replay"), 404)
    page = owner_api.get("/no-such-page")
    assert page.status_code == 404
    assert page["Content-Type"].startswith("text/html")


def test_a_rule_without_an_action_is_refused_instead_of_stored(owner_api: Client) -> None:
    refused = post_json(owner_api, "/api/approval-rules", {"name": "no action"})
    assert "action" in assert_problem(refused, 400)["errors"]
    assert not ApprovalRule.objects.exists()


def test_rule_deadlines_past_the_column_are_a_400_not_a_crash(owner_api: Client) -> None:
    created = post_json(owner_api, "/api/approval-rules", {"name": "r", "action": "deny"})
    rule = created.json()["id"]
    huge = {"deadline_seconds": 2_094_929_589_877}
    refused = owner_api.patch(f"/api/approval-rules/{rule}", huge, content_type="application/json")
    assert "deadline_seconds" in assert_problem(refused, 400)["errors"]
    assert ApprovalRule.objects.get(id=rule).deadline_seconds is None


def test_a_search_half_life_past_the_calendar_is_a_400(owner_api: Client) -> None:
    body = {"query": "q", "recency_half_life_days": 7.1e16}
    refused = post_json(owner_api, "/api/memory/search", body)
    assert "recency_half_life_days" in assert_problem(refused, 400)["errors"]


def test_a_memory_time_to_live_past_the_calendar_is_a_400(owner_api: Client) -> None:
    refused = post_json(owner_api, "/api/memory", {"text": "a fact", "ttl_seconds": 10**15})
    assert "ttl_seconds" in assert_problem(refused, 400)["errors"]
    assert not MemoryItem.objects.exists()


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/api/memory", {"text": "a fact", "metadata": {"note": "nul \u0000 inside"}}),
        ("/api/runs", {"workflow": "coding", "input": {"task": "x", "\u0000": 1}}),
        ("/api/approval-rules", {"name": "r", "action": "deny", "conditions": ["\u0000"]}),
    ],
)
def test_a_nul_character_in_a_json_body_is_a_400_not_a_database_error(
    owner_api: Client, path: str, body: dict[str, Any]
) -> None:
    assert "NUL" in assert_problem(post_json(owner_api, path, body), 400)["detail"]


def test_a_nul_character_in_a_multipart_run_input_is_a_400(owner_api: Client) -> None:
    form = {"workflow": "coding", "input": '{"task": "\\u0000"}'}
    assert "NUL" in assert_problem(owner_api.post("/api/runs", form), 400)["detail"]


@pytest.mark.parametrize("query", ["limit=abc", "limit=0", "limit=1001", "offset=-1", "offset=1_0"])
def test_paging_parameters_are_checked_not_ignored(owner_api: Client, query: str) -> None:
    name = query.partition("=")[0]
    for path in ("/api/audit", "/api/documents"):
        assert name in assert_problem(owner_api.get(f"{path}?{query}"), 400)["errors"]


def test_paging_still_pages(owner_api: Client) -> None:
    page = owner_api.get("/api/audit?limit=1&offset=1").json()
    assert page["count"] >= 2
    assert len(page["results"]) == 1


def test_json_endpoints_take_json_only(owner_api: Client) -> None:
    form = owner_api.post("/api/memory/search", {"query": "q"})  # multipart
    assert_problem(form, 415)


def test_memory_export_reads_its_flag_strictly(owner_api: Client) -> None:
    assert (
        "embeddings"
        in assert_problem(owner_api.get("/api/memory/export?embeddings=maybe"), 400)["errors"]
    )
    assert owner_api.get("/api/memory/export?embeddings=true").status_code == 200


# A PDF with one page and no text on it, as the fuzzer wrote it.
EMPTY_PDF = (
    b"%PDF-1.4\n1 0 obj\n<</Type/Catalog/Pages 2 0 R>>\nendobj\n2 0 obj\n"
    b"<</Type/Pages/Kids[3 0 R]/Count 1>>\nendobj\n3 0 obj\n"
    b"<</Type/Page/Parent 2 0 R/MediaBox[0 0 1 1]>>\nendobj\nxref\n0 4\n"
    b"0000000000 65535 f \n0000000009 00000 n \n0000000054 00000 n \n0000000105 00000 n \n"
    b"trailer\n<</Size 4/Root 1 0 R>>\nstartxref\n166\n%%EOF\n"
)


def test_a_problem_has_a_title_for_every_status(owner_api: Client) -> None:
    blank = SimpleUploadedFile("file.pdf", EMPTY_PDF, "application/pdf")
    refused = owner_api.post("/api/documents", {"file": blank})
    assert assert_problem(refused, 422)["title"] == "Unprocessable entity"


def test_the_schema_documents_what_the_api_answers() -> None:
    schema = SchemaGenerator().get_schema(request=None, public=True)
    paths, components = schema["paths"], schema["components"]["schemas"]
    decide = paths["/api/approvals/{approval_id}/decide"]["post"]["responses"]
    cost = components["Run"]["properties"]["cost"]
    download = paths["/api/runs/{run_id}/artifacts/{name}"]["get"]["responses"]["200"]
    limit = next(p for p in paths["/api/documents"]["get"]["parameters"] if p["name"] == "limit")

    assert {"400", "401", "403", "404", "409", "412", "428"} <= set(decide)
    assert decide["412"]["content"][PROBLEM]["schema"] == {"$ref": "#/components/schemas/Problem"}
    assert cost["type"] == "string"  # "0.000000000000", not a number
    assert list(download["content"]) == ["*/*"]  # the artifact's own media type
    assert (limit["schema"]["minimum"], limit["schema"]["maximum"]) == (1, 1000)
    assert set(paths["/api/memory/search"]["post"]["requestBody"]["content"]) == {
        "application/json"
    }
    assert set(components["RuleCreateRequest"]["required"]) == {"name", "action"}
