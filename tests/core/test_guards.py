"""Which limit a request body gets, decided from its route and content type alone."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from django.conf import settings
from django.urls import URLPattern, URLResolver, get_resolver
from rest_framework.parsers import FileUploadParser, MultiPartParser

from core.guards import MULTIPART_ALLOWANCE, body_limit, route_name

MULTIPART = "multipart/form-data; boundary=x"


def test_each_kind_of_body_gets_its_own_limit() -> None:
    workspace = settings.LONGHAUL_MAX_WORKSPACE_BYTES + MULTIPART_ALLOWANCE
    document = settings.LONGHAUL_MAX_UPLOAD_BYTES + MULTIPART_ALLOWANCE
    assert body_limit("/api/runs", MULTIPART).size == workspace
    assert body_limit("/runs/new", MULTIPART).size == workspace
    assert body_limit("/api/documents", MULTIPART).size == document
    assert body_limit("/documents/upload", MULTIPART).size == document
    # The same upload routes read JSON and forms under the small limits
    assert body_limit("/api/runs", "application/json").size == settings.LONGHAUL_MAX_JSON_BODY_BYTES
    form = settings.LONGHAUL_MAX_FORM_BODY_BYTES
    assert body_limit("/login/", "application/x-www-form-urlencoded").size == form
    # Multipart where no file is taken, unknown paths, odd or missing types: never the upload's
    assert body_limit("/login/", MULTIPART).size == form
    assert body_limit("/no/such/path", MULTIPART).size == form
    assert body_limit("/api/runs", "MULTIPART/FORM-DATA").size == workspace
    assert body_limit("/api/runs", "").size == settings.LONGHAUL_MAX_JSON_BODY_BYTES
    assert body_limit("/api/runs\x00", MULTIPART).size == form


def _views(patterns: list[Any], namespace: str = "") -> Iterator[tuple[str, Any]]:
    for entry in patterns:
        if isinstance(entry, URLResolver):
            inner = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
            yield from _views(entry.url_patterns, inner)
        elif isinstance(entry, URLPattern) and entry.name:
            yield f"{namespace}{entry.name}", getattr(entry.callback, "cls", None)


def test_every_api_route_that_reads_files_has_an_upload_limit() -> None:
    reading_files = {
        name
        for name, view in _views(get_resolver().url_patterns)
        if view is not None
        and any(
            issubclass(parser, (MultiPartParser, FileUploadParser))
            for parser in getattr(view, "parser_classes", [])
        )
    }
    assert reading_files
    assert reading_files <= set(settings.LONGHAUL_UPLOAD_ROUTES)
    assert all(route_name(f"/{path}") for path in ("api/runs", "runs/new", "documents/upload"))
