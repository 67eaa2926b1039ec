from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator

import pytest
from django.core.management import call_command
from django.core.management.base import SystemCheckError

from memory.checks import check_embedding_dimensions
from memory.embeddings import EmbeddingDimensionError, LocalEmbeddings, embed_texts
from memory.models import MemoryItem
from memory.search import memory_search
from memory.services import memory_create
from tests.factories import TenantFixture
from tests.support.fake_openai import FakeOpenAI, serve_fake_openai
from tests.support.processes import REPO

WIDE = "tests.memory.wide_provider.WideEmbeddings"


@pytest.fixture
def fake_backend(settings: object) -> Iterator[FakeOpenAI]:
    fake = FakeOpenAI()
    with serve_fake_openai(fake) as base_url:
        settings.LONGHAUL_EMBEDDING_PROVIDER = "openai"  # type: ignore[attr-defined]
        settings.LONGHAUL_EMBEDDING_URL = base_url  # type: ignore[attr-defined]
        settings.LONGHAUL_EMBEDDING_MODEL = "text-embed-test"  # type: ignore[attr-defined]
        yield fake


def test_the_bundled_model_matches_the_column() -> None:
    assert LocalEmbeddings().declared_dimensions() == 384
    assert check_embedding_dimensions() == []


def test_local_embeddings_are_normalised_and_semantic() -> None:
    cat, kitten, invoice = embed_texts(
        ["a cat sleeps", "a kitten naps", "quarterly invoice totals"]
    )

    def cosine(a: list[float], b: list[float]) -> float:
        return sum(x * y for x, y in zip(a, b, strict=True))

    assert abs(cosine(cat, cat) - 1.0) < 1e-4
    assert cosine(cat, kitten) > cosine(cat, invoice) + 0.2


def test_a_mismatched_dimension_setting_fails_the_start_up_check(settings: object) -> None:
    settings.LONGHAUL_EMBEDDING_DIMENSIONS = 768  # type: ignore[attr-defined]

    [error] = check_embedding_dimensions()

    assert error.id == "memory.E001"
    assert "768" in error.msg and "384" in error.msg  # noqa: PT018
    with pytest.raises(SystemCheckError, match=r"memory\.E001"):
        call_command("check")


def test_a_provider_with_wider_vectors_fails_the_start_up_check(settings: object) -> None:
    settings.LONGHAUL_EMBEDDING_PROVIDER = WIDE  # type: ignore[attr-defined]

    [error] = check_embedding_dimensions()

    assert error.id == "memory.E001"
    assert WIDE in error.msg


def test_an_unknown_provider_is_a_start_up_error(settings: object) -> None:
    settings.LONGHAUL_EMBEDDING_PROVIDER = "memory.nowhere.Provider"  # type: ignore[attr-defined]

    [error] = check_embedding_dimensions()

    assert error.id == "memory.E002"


def test_the_platform_refuses_to_start_with_a_mismatch() -> None:
    env = {
        **os.environ,
        "LONGHAUL_EMBEDDING_DIMENSIONS": "1536",
        "PYTHONPATH": f"{REPO / 'platform'}:{REPO}",
    }

    result = subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )

    assert result.returncode != 0
    assert "memory.E001" in result.stderr
    assert "1536-dimensional" in result.stderr


@pytest.mark.django_db
def test_openai_compatible_backend_embeds_items_and_queries(
    acme: TenantFixture, fake_backend: FakeOpenAI
) -> None:
    item = memory_create(organization_id=acme.organization.id, text="Backups run nightly at 02:00.")
    hits = memory_search(
        organization_id=acme.organization.id, query="Backups run nightly at 02:00."
    )

    assert hits[0]["id"] == item.id
    assert hits[0]["similarity"] == pytest.approx(1.0, abs=1e-5)
    bodies = [r["body"] for r in fake_backend.requests if r["path"].endswith("/embeddings")]
    assert [b["model"] for b in bodies] == ["text-embed-test", "text-embed-test"]


@pytest.mark.django_db
def test_a_backend_returning_the_wrong_width_stores_nothing(
    acme: TenantFixture, fake_backend: FakeOpenAI
) -> None:
    fake_backend.embedding_dimensions = 768

    with pytest.raises(EmbeddingDimensionError, match="768 dimensions"):
        memory_create(organization_id=acme.organization.id, text="This must not be stored.")

    assert not MemoryItem.objects.exists()


def test_the_gateway_provider_asks_the_gateway_for_its_own_embeddings_model(
    settings: object,
) -> None:
    # Given the `gateway` provider with no URL and no model named
    fake = FakeOpenAI()
    with serve_fake_openai(fake) as base_url:
        settings.LONGHAUL_EMBEDDING_PROVIDER = "gateway"  # type: ignore[attr-defined]
        settings.LONGHAUL_EMBEDDING_URL = ""  # type: ignore[attr-defined]
        settings.LONGHAUL_EMBEDDING_MODEL = ""  # type: ignore[attr-defined]
        settings.LONGHAUL_GATEWAY_URL = base_url  # type: ignore[attr-defined]

        # When a text is embedded
        [vector] = embed_texts(["hello"])

    # Then the call went to the gateway for the model it serves embeddings under
    assert len(vector) == 384
    [body] = [r["body"] for r in fake.requests if r["path"].endswith("/embeddings")]
    assert body["model"] == settings.LONGHAUL_EMBEDDINGS_SERVED_MODEL  # type: ignore[attr-defined]
