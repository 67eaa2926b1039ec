"""The Django side of agents.tools.memory_tools.MemoryPort, bound to one organization and run."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core.problems import status_for
from memory.documents import document_upload
from memory.extraction import DocumentRejected
from memory.models import Document, Kind, Scope
from memory.search import Filters, memory_search
from memory.selectors import document_get, require_organization
from memory.services import memory_create


@dataclass(frozen=True)
class DjangoMemoryPort:
    organization_id: int
    run_id: str = ""
    workflow: str = ""

    def __post_init__(self) -> None:
        require_organization(self.organization_id)

    def remember(self, text: str, scope: str, metadata: dict[str, Any]) -> int:
        step = str(metadata.get("step", "")) if metadata else ""
        item = memory_create(
            organization_id=self.organization_id,
            text=text,
            scope=scope,
            scope_ref=self._scope_ref(scope),
            kind=Kind.EPISODE if scope == Scope.RUN else Kind.FACT,
            metadata=metadata or {},
            source_run=self.run_id,
            source_step=step,
        )
        return item.id

    def recall(self, query: str, k: int, filters: dict[str, Any]) -> list[dict[str, Any]]:
        chosen = Filters(
            kinds=tuple(filters.get("kinds") or ()),
            scope=filters.get("scope"),
            metadata=filters.get("metadata") or {},
        )
        return memory_search(organization_id=self.organization_id, query=query, k=k, filters=chosen)

    def search_documents(self, query: str, k: int) -> list[dict[str, Any]]:
        hits = memory_search(
            organization_id=self.organization_id,
            query=query,
            k=k,
            filters=Filters(kinds=(Kind.CHUNK,)),
        )
        return [_passage(hit) for hit in hits]

    def document_add(self, filename: str, data: bytes, title: str) -> dict[str, Any]:
        """Hands a file to the document pipeline (validated now, embedded by the worker); the
        same file twice is one document. A file the pipeline refuses is answered, not raised."""
        try:
            upload = document_upload(
                organization_id=self.organization_id, filename=filename, data=data, title=title
            )
        except DocumentRejected as refused:
            return {"rejected": str(refused), "status": status_for(refused)}
        document = upload.document
        return {"document_id": document.id, "title": document.title, "created": upload.created}

    def document_read(self, document_id: int, max_bytes: int) -> dict[str, Any]:
        """A stored document's bytes; LookupError for another organization's or a missing one."""
        try:
            document = document_get(organization_id=self.organization_id, document_id=document_id)
        except Document.DoesNotExist:
            raise LookupError(f"no document {document_id} in this organization") from None
        if document.size_bytes > max_bytes:
            raise LookupError(f"document {document_id} is larger than {max_bytes} bytes")
        with document.file.open("rb") as handle:
            data = handle.read(max_bytes + 1)
        return {"title": document.title, "filename": document.file.name, "data": data}

    def _scope_ref(self, scope: str) -> str:
        return {Scope.RUN: self.run_id, Scope.WORKFLOW: self.workflow}.get(scope, "")  # type: ignore[call-overload]


def _passage(hit: dict[str, Any]) -> dict[str, Any]:
    source = hit["provenance"]
    return {
        "text": hit["text"],
        "document": source.get("document_title", ""),
        "document_id": source.get("document_id"),
        "page": source.get("page"),
        "section": source.get("section", ""),
        "score": hit["score"],
    }
