"""Gathering a run's documents: files uploaded with the run (in its workspace) and documents the
organization already stored, each handed to the platform's document pipeline (memory, with page
provenance) and staged in the workspace for the sandboxed reader.

Workspace files are read on the host only through `HostDirectory` (no links followed, regular
files only, bounded size); nothing here parses them. The pipeline is reached through the tool
environment's memory port, when it offers `DocumentStore`.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import PurePosixPath
from typing import Any, Protocol, runtime_checkable

from agents.sandbox.errors import SandboxError
from agents.sandbox.hostfs import HostDirectory, WalkLimit

SUFFIXES = (".pdf", ".xlsx", ".csv")
MAX_FILES = 40
MAX_BYTES = 25 * 1024 * 1024
STAGED = "documents"
SKIPPED_DIRECTORIES = frozenset({".finance", ".packages", ".git", "__pycache__", "node_modules"})


@runtime_checkable
class DocumentStore(Protocol):
    """The platform's document pipeline, bound to the run's organization."""

    def document_add(self, filename: str, data: bytes, title: str) -> dict[str, Any]: ...

    def document_read(self, document_id: int, max_bytes: int) -> dict[str, Any]: ...


def collect(args: dict[str, Any], env: Any) -> dict[str, Any]:
    store = env.memory if isinstance(env.memory, DocumentStore) else None
    found: list[dict[str, Any]] = []
    skipped: list[dict[str, str]] = []
    with HostDirectory(env.workspace) as workspace:
        for document_id in args.get("document_ids", []):
            _stage(workspace, store, int(document_id), found, skipped)
        paths = args.get("paths") or _listing(workspace, skipped)
        for path in paths[:MAX_FILES]:
            _workspace_file(workspace, store, path, found, skipped)
    return {"documents": found, "skipped": skipped}


def _listing(workspace: HostDirectory, skipped: list[dict[str, str]]) -> list[str]:
    try:
        entries = list(workspace.walk(skip=SKIPPED_DIRECTORIES, max_entries=5000, seconds=10.0))
    except WalkLimit as error:
        skipped.append({"path": ".", "reason": str(error)})
        return []
    chosen = []
    for entry in entries:
        top = entry.path.split("/", 1)[0]
        if entry.path.lower().endswith(SUFFIXES) and top not in SKIPPED_DIRECTORIES:
            if entry.kind == "file":
                chosen.append(entry.path)
            else:
                skipped.append({"path": entry.path, "reason": f"a {entry.kind}, not a file"})
    return sorted(chosen)


def _workspace_file(
    workspace: HostDirectory,
    store: DocumentStore | None,
    path: str,
    found: list[dict[str, Any]],
    skipped: list[dict[str, str]],
) -> None:
    if not path.lower().endswith(SUFFIXES):
        skipped.append({"path": path, "reason": "not a PDF, XLSX or CSV file"})
        return
    try:
        data, size = workspace.read(path, limit=MAX_BYTES + 1)
    except (OSError, ValueError, SandboxError) as error:  # links, special files, escapes, missing
        skipped.append({"path": path, "reason": str(error)})
        return
    if size > MAX_BYTES:
        skipped.append({"path": path, "reason": f"{size} bytes; the limit is {MAX_BYTES}"})
        return
    entry = {
        "path": path,
        "size": size,
        "sha256": hashlib.sha256(data).hexdigest(),
        "origin": "workspace",
    }
    found.append({**entry, **_ingest(store, PurePosixPath(path).name, data)})


def _ingest(store: DocumentStore | None, filename: str, data: bytes) -> dict[str, Any]:
    if store is None:
        return {"document_id": None, "ingest": "no document pipeline in this environment"}
    answer = store.document_add(filename, data, filename)
    if answer.get("rejected"):
        return {"document_id": None, "ingest": f"refused: {answer['rejected']}"}
    state = "queued" if answer.get("created") else "already stored"
    return {"document_id": answer["document_id"], "ingest": state}


def _stage(
    workspace: HostDirectory,
    store: DocumentStore | None,
    document_id: int,
    found: list[dict[str, Any]],
    skipped: list[dict[str, str]],
) -> None:
    if store is None:
        skipped.append({"path": f"document {document_id}", "reason": "no document pipeline here"})
        return
    try:
        stored = store.document_read(document_id, MAX_BYTES)
    except LookupError as error:
        skipped.append({"path": f"document {document_id}", "reason": str(error)})
        return
    # The title is the uploaded file's name unless someone chose another; it names the file.
    title = str(stored.get("title") or "")
    name = _safe_name(title if title.lower().endswith(SUFFIXES) else stored["filename"])
    if not name.lower().endswith(SUFFIXES):
        skipped.append({"path": f"document {document_id}", "reason": "not a PDF, XLSX or CSV file"})
        return
    path = f"{STAGED}/{document_id}-{name}"
    workspace.write(path, stored["data"])
    entry = {
        "path": path,
        "size": len(stored["data"]),
        "sha256": hashlib.sha256(stored["data"]).hexdigest(),
    }
    found.append(
        {**entry, "origin": "organization", "document_id": document_id, "ingest": "already stored"}
    )


def _safe_name(filename: str) -> str:
    name = re.sub(r"[^A-Za-z0-9._-]+", "-", PurePosixPath(filename).name).strip(".-")
    return name[-120:] or "document"
