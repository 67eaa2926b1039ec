"""Start-up check: the configured embedding width must match the memory column."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.checks import CheckMessage, Error, register

from memory.embeddings import EmbeddingError, column_dimensions, get_provider


@register("memory")
def check_embedding_dimensions(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    expected = column_dimensions()
    configured = settings.LONGHAUL_EMBEDDING_DIMENSIONS
    if configured != expected:
        return [_mismatch("LONGHAUL_EMBEDDING_DIMENSIONS", configured, expected)]
    try:
        declared = get_provider().declared_dimensions()
    except EmbeddingError as error:
        return [Error(str(error), id="memory.E002")]
    if declared is not None and declared != expected:
        provider = settings.LONGHAUL_EMBEDDING_PROVIDER
        return [_mismatch(f"embedding provider {provider!r}", declared, expected)]
    return []


def _mismatch(source: str, found: int, expected: int) -> Error:
    return Error(
        f"{source} gives {found}-dimensional embeddings but the memory column "
        f"(memory_memoryitem.embedding) holds {expected}.",
        hint=f"Use an embedding model with {expected} dimensions, or set "
        f"LONGHAUL_EMBEDDING_DIMENSIONS={expected}.",
        id="memory.E001",
    )
