from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.exceptions import ValidationError
from django.db import connection, transaction
from django.utils import timezone
from pgvector.django import CosineDistance

from memory.chunking import text_hash
from memory.embeddings import embed_texts
from memory.models import MemoryItem
from memory.search import Filters, Weights, memory_search
from memory.selectors import live_items, memory_item_get
from memory.services import memory_create, memory_delete, memory_expire
from tests.factories import TenantFixture, operator

pytestmark = pytest.mark.django_db

FACTS = [
    "The finance team closes the books on the third business day of each month.",
    "Our production database runs PostgreSQL 18 with the pgvector extension.",
    "The Lisbon office hosts the design team and opens at nine.",
    "Invoice INV-20931 was paid late because the purchase order was missing.",
]


def remember_all(tenant: TenantFixture, texts: list[str]) -> list[MemoryItem]:
    return [memory_create(organization_id=tenant.organization.id, text=t) for t in texts]


def test_identical_texts_in_two_organizations_never_cross(
    acme: TenantFixture, globex: TenantFixture
) -> None:
    acme_items = remember_all(acme, FACTS)
    globex_items = remember_all(globex, FACTS)

    acme_hits = memory_search(
        organization_id=acme.organization.id, query="when are the books closed", k=10
    )
    globex_hits = memory_search(
        organization_id=globex.organization.id, query="when are the books closed", k=10
    )

    assert {h["id"] for h in acme_hits} <= {i.id for i in acme_items}
    assert {h["id"] for h in globex_hits} <= {i.id for i in globex_items}
    assert acme_hits[0]["text"] == globex_hits[0]["text"] == FACTS[0]
    with pytest.raises(MemoryItem.DoesNotExist):
        memory_item_get(organization_id=acme.organization.id, item_id=globex_items[0].id)


@pytest.mark.parametrize("organization_id", [None, "1", True, 1.0])
def test_selectors_refuse_to_run_without_an_organization(organization_id: object) -> None:
    with pytest.raises(TypeError, match="organization"):
        memory_search(organization_id=organization_id, query="anything")  # type: ignore[arg-type]


def test_semantic_query_finds_the_right_fact_and_reports_scores(acme: TenantFixture) -> None:
    remember_all(acme, FACTS)

    hits = memory_search(
        organization_id=acme.organization.id, query="which database do we use?", k=3
    )

    assert hits[0]["text"] == FACTS[1]
    assert hits[0]["vector_rank"] == 1
    assert 0 < hits[0]["score"] <= 1
    assert hits[0]["similarity"] > hits[-1]["similarity"]
    assert [h["score"] for h in hits] == sorted((h["score"] for h in hits), reverse=True)
    assert hits[0]["provenance"] == {"source": "direct"}


def test_exact_identifiers_rank_first_through_full_text(acme: TenantFixture) -> None:
    remember_all(acme, FACTS)

    [hit, *_] = memory_search(organization_id=acme.organization.id, query="INV-20931", k=4)

    assert hit["text"] == FACTS[3]
    assert hit["text_rank"] == 1


def test_metadata_kind_and_scope_filters(acme: TenantFixture) -> None:
    org = acme.organization.id
    memory_create(
        organization_id=org,
        text="Client prefers quarterly reports.",
        metadata={"client": "initech"},
    )
    memory_create(
        organization_id=org, text="Client prefers monthly reports.", metadata={"client": "hooli"}
    )
    memory_create(
        organization_id=org,
        text="Run 7 drafted the report.",
        scope="run",
        scope_ref="7",
        kind="episode",
    )

    by_client = memory_search(
        organization_id=org, query="reports", filters=Filters(metadata={"client": "hooli"})
    )
    by_run = memory_search(
        organization_id=org, query="reports", filters=Filters(scope="run", scope_ref="7")
    )
    episodes = memory_search(
        organization_id=org, query="reports", filters=Filters(kinds=("episode",))
    )

    assert [h["text"] for h in by_client] == ["Client prefers monthly reports."]
    assert [h["text"] for h in by_run] == ["Run 7 drafted the report."]
    assert [h["kind"] for h in episodes] == ["episode"]


def test_filtered_search_through_hnsw_still_fills_k(
    acme: TenantFixture, globex: TenantFixture, settings: object
) -> None:
    settings.LONGHAUL_EXACT_SEARCH_MAX_ITEMS = 0  # type: ignore[attr-defined]
    # 300 of 305 rows belong to another organization. With the plan steered onto the HNSW
    # index, only an iterative scan finds all five of acme's rows.
    bulk_remember(
        globex, [f"Supplier note {i}: deliveries arrive on Tuesdays." for i in range(300)]
    )
    mine = remember_all(acme, [f"Acme note {i}: deliveries arrive on Fridays." for i in range(5)])

    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_seqscan = off")
        cursor.execute("SET LOCAL enable_sort = off")
        hits = memory_search(organization_id=acme.organization.id, query="deliveries", k=5)
        cursor.execute("SET LOCAL hnsw.iterative_scan = relaxed_order")
        sql, params = vector_query_sql(acme)
        cursor.execute(f"EXPLAIN {sql}", params)
        plan = " ".join(row[0] for row in cursor.fetchall())

    assert "memory_item_embedding_hnsw" in plan
    assert {h["id"] for h in hits} == {i.id for i in mine}


def bulk_remember(tenant: TenantFixture, texts: list[str]) -> None:
    """Test data in one embedding batch; memory_create embeds one text per call."""
    vectors = embed_texts(texts)
    MemoryItem.objects.bulk_create(
        MemoryItem(organization=tenant.organization, text=t, content_hash=text_hash(t), embedding=v)
        for t, v in zip(texts, vectors, strict=True)
    )


def vector_query_sql(tenant: TenantFixture) -> tuple[str, tuple]:
    query = (
        MemoryItem.objects.filter(organization=tenant.organization)
        .annotate(distance=CosineDistance("embedding", [0.05] * 384))
        .order_by("distance")
        .values_list("id")[:20]
    )
    return query.query.sql_with_params()


def test_importance_and_recency_weights_reorder_hits(acme: TenantFixture) -> None:
    org = acme.organization.id
    now = timezone.now()
    old = memory_create(
        organization_id=org,
        text="The office plant needs water.",
        importance=0.1,
        now=now - timedelta(days=90),
    )
    new = memory_create(
        organization_id=org, text="The office plant needs water weekly.", importance=0.9, now=now
    )
    query = "office plant water"

    by_recency = memory_search(
        organization_id=org, query=query, weights=Weights(recency=0.9), now=now
    )
    by_importance = memory_search(
        organization_id=org, query=query, weights=Weights(importance=0.9), now=now
    )

    assert by_recency[0]["id"] == new.id
    assert by_importance[0]["id"] == new.id
    assert by_recency[-1]["id"] == old.id
    with pytest.raises(ValidationError):
        memory_search(
            organization_id=org, query=query, weights=Weights(recency=0.7, importance=0.7)
        )


def test_ttl_expiry_with_a_fake_clock(acme: TenantFixture) -> None:
    org = acme.organization.id
    start = timezone.now()
    lasting = memory_create(organization_id=org, text="Keep this forever.", now=start)
    brief = memory_create(
        organization_id=org, text="Door code is 4711 today.", ttl_seconds=3600, now=start
    )

    before = memory_search(
        organization_id=org, query="door code", now=start + timedelta(minutes=59)
    )
    after = memory_search(organization_id=org, query="door code", now=start + timedelta(minutes=61))
    removed = memory_expire(now=start + timedelta(minutes=61))

    assert brief.id in {h["id"] for h in before}
    assert brief.id not in {h["id"] for h in after}
    assert removed == 1
    assert list(live_items(organization_id=org).values_list("id", flat=True)) == [lasting.id]


def test_remembering_the_same_text_twice_stores_it_once(acme: TenantFixture) -> None:
    org = acme.organization.id
    first = memory_create(organization_id=org, text="Payroll runs on the 25th.")
    again = memory_create(organization_id=org, text="  Payroll runs on the 25th. ")
    other_scope = memory_create(
        organization_id=org, text="Payroll runs on the 25th.", scope="user", scope_ref="7"
    )

    assert again.id == first.id
    assert other_scope.id != first.id


def test_delete_by_item_is_scoped_to_the_organization(
    acme: TenantFixture, globex: TenantFixture
) -> None:
    [item] = remember_all(acme, FACTS[:1])

    assert memory_delete(actor=operator(globex.organization), item_id=item.id) is False
    assert memory_delete(actor=operator(acme.organization), item_id=item.id) is True
    assert not MemoryItem.objects.filter(id=item.id).exists()


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"text": "   "}, "text"),
        ({"text": "x", "scope": "galaxy"}, "scope"),
        ({"text": "x", "kind": "chunk"}, "kind"),
        ({"text": "x", "importance": 2.0}, "importance"),
        ({"text": "x", "ttl_seconds": 0}, "ttl_seconds"),
    ],
)
def test_bad_items_are_refused_before_anything_is_stored(
    acme: TenantFixture, kwargs: dict, field: str
) -> None:
    with pytest.raises(ValidationError) as caught:
        memory_create(organization_id=acme.organization.id, **kwargs)
    assert field in caught.value.message_dict
    assert not MemoryItem.objects.exists()


def test_the_beat_schedule_runs_the_expiry_task(acme: TenantFixture) -> None:
    from django.conf import settings

    from memory.tasks import memory_expire_task

    past = timezone.now() - timedelta(hours=2)
    memory_create(organization_id=acme.organization.id, text="Stale", ttl_seconds=60, now=past)

    entry = settings.CELERY_BEAT_SCHEDULE["memory-expire"]

    assert entry["task"] == memory_expire_task.name
    assert memory_expire_task.apply().get() == 1
    assert not MemoryItem.objects.exists()
