from __future__ import annotations

from types import SimpleNamespace

import pytest

from agents.tools import memory_tools
from agents.tools.memory_tools import TOOL_SPECS, MemoryPort, MemoryToolError
from memory.documents import document_ingest, document_upload
from memory.models import MemoryItem
from memory.port import DjangoMemoryPort
from tests.factories import TenantFixture
from tests.memory import files

pytestmark = pytest.mark.django_db


def context_for(tenant: TenantFixture, run_id: str = "run-1") -> SimpleNamespace:
    return SimpleNamespace(
        memory=DjangoMemoryPort(organization_id=tenant.organization.id, run_id=run_id)
    )


def test_the_django_port_satisfies_the_protocol(acme: TenantFixture) -> None:
    assert isinstance(DjangoMemoryPort(organization_id=acme.organization.id), MemoryPort)
    with pytest.raises(TypeError):
        DjangoMemoryPort(organization_id=None)  # type: ignore[arg-type]


def test_specs_name_low_risk_tools_with_json_schemas() -> None:
    assert [s.name for s in TOOL_SPECS] == ["remember", "recall", "search_documents"]
    assert {s.risk for s in TOOL_SPECS} == {"low"}
    assert all(s.parameters["type"] == "object" for s in TOOL_SPECS)
    assert TOOL_SPECS[0].dotted_path == "agents.tools.memory_tools.remember"


def test_remember_then_recall_within_one_organization(
    acme: TenantFixture, globex: TenantFixture
) -> None:
    stored = memory_tools.remember(
        context_for(acme),
        {"text": "The client's fiscal year ends in March.", "metadata": {"step": "4"}},
    )
    memory_tools.remember(context_for(globex), {"text": "The client's fiscal year ends in March."})

    recalled = memory_tools.recall(
        context_for(acme), {"query": "when does the fiscal year end", "k": 5}
    )
    item = MemoryItem.objects.get(id=stored["id"])

    assert [hit["id"] for hit in recalled["results"]] == [stored["id"]]
    assert recalled["results"][0]["provenance"] == {"source": "run", "run_id": "run-1", "step": "4"}
    assert (item.scope, item.scope_ref, item.kind) == ("run", "run-1", "episode")


def test_a_retried_remember_stores_once(acme: TenantFixture) -> None:
    first = memory_tools.remember(
        context_for(acme), {"text": "Use the EUR ledger.", "scope": "organization"}
    )
    again = memory_tools.remember(
        context_for(acme), {"text": "Use the EUR ledger.", "scope": "organization"}
    )

    assert first["id"] == again["id"]
    assert MemoryItem.objects.count() == 1


def test_search_documents_cites_document_and_page(
    acme: TenantFixture, globex: TenantFixture
) -> None:
    upload = document_upload(
        organization_id=acme.organization.id, filename="q3.pdf", data=files.pdf_bytes()
    )
    document_ingest(document_id=upload.document.id)

    found = memory_tools.search_documents(
        context_for(acme), {"query": "Lisbon office headcount", "k": 2}
    )
    elsewhere = memory_tools.search_documents(
        context_for(globex), {"query": "Lisbon office headcount"}
    )

    best = found["passages"][0]
    assert (best["document"], best["page"], best["document_id"]) == (
        "q3.pdf",
        4,
        upload.document.id,
    )
    assert best["score"] > 0
    assert elsewhere == {"passages": []}


@pytest.mark.parametrize(
    ("tool", "arguments"),
    [
        (memory_tools.remember, {}),
        (memory_tools.remember, {"text": "x", "scope": "galaxy"}),
        (memory_tools.recall, {"query": "x", "k": 0}),
        (memory_tools.search_documents, {"query": "x", "extra": True}),
    ],
)
def test_malformed_calls_fail_clearly_and_store_nothing(
    acme: TenantFixture, tool, arguments: dict
) -> None:
    with pytest.raises(MemoryToolError, match="invalid arguments"):
        tool(context_for(acme), arguments)
    assert not MemoryItem.objects.exists()


def test_a_context_without_memory_is_refused() -> None:
    with pytest.raises(MemoryToolError, match="no memory port"):
        memory_tools.recall(SimpleNamespace(), {"query": "x"})
