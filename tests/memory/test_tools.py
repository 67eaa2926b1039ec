from __future__ import annotations

from pathlib import Path

import pytest

from agents.tools import ToolEnvironment, ToolExecutor, ToolRegistry, memory_tools
from agents.tools.memory_tools import MemoryPort, MemoryToolError
from memory.documents import document_ingest, document_upload
from memory.models import MemoryItem
from memory.port import DjangoMemoryPort
from tests.factories import TenantFixture
from tests.memory import files

pytestmark = pytest.mark.django_db


@pytest.fixture
def executor() -> ToolExecutor:
    registry = ToolRegistry()
    registry.register_from("agents.tools.memory_tools:TOOLS")
    return ToolExecutor(registry)


def env_for(tenant: TenantFixture, tmp_path: Path, run_id: str = "run-1") -> ToolEnvironment:
    port = DjangoMemoryPort(organization_id=tenant.organization.id, run_id=run_id)
    return ToolEnvironment(workspace=tmp_path, memory=port, run_id=run_id)


def test_the_tools_register_with_the_runtime_registry(executor: ToolExecutor) -> None:
    registry = executor.registry

    assert registry.names() == ["recall", "remember", "search_documents"]
    assert not any(registry.requires_approval(name) for name in registry.names())
    assert registry.function("remember") is memory_tools.remember
    assert registry.specs_for(["recall"])[0]["function"]["parameters"]["required"] == ["query"]


def test_the_django_port_satisfies_the_protocol(acme: TenantFixture) -> None:
    assert isinstance(DjangoMemoryPort(organization_id=acme.organization.id), MemoryPort)
    with pytest.raises(TypeError):
        DjangoMemoryPort(organization_id=None)  # type: ignore[arg-type]


def test_remember_then_recall_within_one_organization(
    executor: ToolExecutor, acme: TenantFixture, globex: TenantFixture, tmp_path: Path
) -> None:
    text = "The client's fiscal year ends in March."
    stored = executor.execute(
        "remember", {"text": text, "metadata": {"step": "4"}}, env_for(acme, tmp_path)
    )
    executor.execute("remember", {"text": text}, env_for(globex, tmp_path))

    recalled = executor.execute(
        "recall", {"query": "when does the fiscal year end", "k": 5}, env_for(acme, tmp_path)
    )
    item = MemoryItem.objects.get(id=stored.output["id"])

    assert stored.ok, stored.error
    assert [hit["id"] for hit in recalled.output["results"]] == [item.id]
    assert recalled.output["results"][0]["provenance"] == {
        "source": "run",
        "run_id": "run-1",
        "step": "4",
    }
    assert (item.scope, item.scope_ref, item.kind) == ("run", "run-1", "episode")


def test_a_retried_remember_stores_once(
    executor: ToolExecutor, acme: TenantFixture, tmp_path: Path
) -> None:
    arguments = {"text": "Use the EUR ledger.", "scope": "organization"}
    first = executor.execute("remember", arguments, env_for(acme, tmp_path))
    again = executor.execute("remember", arguments, env_for(acme, tmp_path))

    assert first.output["id"] == again.output["id"]
    assert MemoryItem.objects.count() == 1


def test_search_documents_cites_document_and_page(
    executor: ToolExecutor, acme: TenantFixture, globex: TenantFixture, tmp_path: Path
) -> None:
    upload = document_upload(
        organization_id=acme.organization.id, filename="q3.pdf", data=files.pdf_bytes()
    )
    document_ingest(document_id=upload.document.id)

    found = executor.execute(
        "search_documents", {"query": "Lisbon office headcount", "k": 2}, env_for(acme, tmp_path)
    )
    elsewhere = executor.execute(
        "search_documents", {"query": "Lisbon office headcount"}, env_for(globex, tmp_path)
    )

    best = found.output["passages"][0]
    assert (best["document"], best["page"], best["document_id"]) == (
        "q3.pdf",
        4,
        upload.document.id,
    )
    assert best["score"] > 0
    assert elsewhere.output == {"passages": []}


@pytest.mark.parametrize(
    ("tool", "arguments"),
    [
        ("remember", {}),
        ("remember", {"text": "x", "scope": "galaxy"}),
        ("recall", {"query": "x", "k": 0}),
        ("search_documents", {"query": "x", "extra": True}),
    ],
)
def test_malformed_calls_fail_clearly_and_store_nothing(
    executor: ToolExecutor, acme: TenantFixture, tmp_path: Path, tool: str, arguments: dict
) -> None:
    outcome = executor.execute(tool, arguments, env_for(acme, tmp_path))
    function = getattr(memory_tools, tool)

    assert not outcome.ok
    assert outcome.error_class == "ToolArgumentsInvalid"
    with pytest.raises(MemoryToolError, match="invalid arguments"):
        function(arguments, env_for(acme, tmp_path))  # called directly, the tool checks too
    assert not MemoryItem.objects.exists()


def test_an_environment_without_memory_is_refused(executor: ToolExecutor, tmp_path: Path) -> None:
    outcome = executor.execute("recall", {"query": "x"}, ToolEnvironment(workspace=tmp_path))

    assert not outcome.ok
    assert outcome.error_class == "MemoryToolError"
    assert "no memory port" in (outcome.error or "")
