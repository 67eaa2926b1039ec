"""Hybrid retrieval: HNSW vector search + PostgreSQL full text, fused by reciprocal rank.

score = (1 - recency_weight - importance_weight) * rrf / rrf_max
        + recency_weight * 0.5 ** (age / recency_half_life)
        + importance_weight * importance
where rrf = sum over the two rankings of 1 / (RRF_K + rank), so every score lies in [0, 1].
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.postgres.search import SearchQuery, SearchRank
from django.core.exceptions import ValidationError
from django.db import connection, transaction
from django.db.models import F, FloatField, QuerySet, Value
from django.utils import timezone
from pgvector.django import CosineDistance

from memory.embeddings import embed_texts
from memory.models import TEXT_SEARCH_CONFIG, Kind, MemoryItem, Scope
from memory.selectors import item_as_dict, live_items

RRF_K = 60
MAX_K = 100


@dataclass(frozen=True)
class Filters:
    kinds: tuple[str, ...] = ()
    scope: str | None = None
    scope_ref: str | None = None
    document_id: int | None = None
    metadata: dict[str, Any] = field(default_factory=dict)
    created_after: datetime | None = None

    def validate(self) -> None:
        unknown = set(self.kinds) - set(Kind.values)
        if unknown:
            raise ValidationError({"kinds": f"Unknown kinds {sorted(unknown)}; use {Kind.values}."})
        if self.scope is not None and self.scope not in Scope.values:
            raise ValidationError({"scope": f"Unknown scope {self.scope!r}; use {Scope.values}."})

    def apply(self, items: QuerySet[MemoryItem]) -> QuerySet[MemoryItem]:
        if self.kinds:
            items = items.filter(kind__in=self.kinds)
        if self.scope is not None:
            items = items.filter(scope=self.scope)
        if self.scope_ref is not None:
            items = items.filter(scope_ref=self.scope_ref)
        if self.document_id is not None:
            items = items.filter(document_id=self.document_id)
        if self.metadata:
            items = items.filter(metadata__contains=self.metadata)
        if self.created_after is not None:
            items = items.filter(created_at__gt=self.created_after)
        return items


@dataclass(frozen=True)
class Weights:
    recency: float = 0.0
    importance: float = 0.0
    recency_half_life: timedelta = timedelta(days=30)

    def validate(self) -> None:
        if min(self.recency, self.importance) < 0 or self.recency + self.importance > 1:
            raise ValidationError(
                {"weights": "recency and importance weights must be ≥ 0 and sum to at most 1."}
            )


def memory_search(
    *,
    organization_id: int,
    query: str,
    k: int = 10,
    filters: Filters | None = None,
    weights: Weights | None = None,
    now: datetime | None = None,
) -> list[dict[str, Any]]:
    """The k best items for `query` in one organization; each hit has score and provenance."""
    filters, weights = filters or Filters(), weights or Weights()
    _validate(query, k, filters, weights)
    moment = now or timezone.now()
    items = filters.apply(live_items(organization_id=organization_id, now=moment))
    pool = max(4 * k, 40)
    [vector] = embed_texts([query])
    by_vector = _vector_ranking(items, vector, pool, organization_id)
    by_text = _text_ranking(items, query, pool)
    fused = _fuse(by_vector, by_text)
    return _hits(fused, by_vector, by_text, weights, moment, k)


def _validate(query: str, k: int, filters: Filters, weights: Weights) -> None:
    if not query or not query.strip():
        raise ValidationError({"query": "A query is required."})
    if not 1 <= k <= MAX_K:
        raise ValidationError({"k": f"k must be between 1 and {MAX_K}."})
    filters.validate()
    weights.validate()


def _vector_ranking(
    items: QuerySet[MemoryItem], vector: list[float], pool: int, organization_id: int
) -> dict[int, tuple[int, float]]:
    """id -> (rank, cosine distance).

    An organization with few items is searched exactly (its b-tree, then a sort): that is both
    faster and complete. A large one goes through HNSW, where iterative scans keep a filtered
    query from running dry.
    """
    distance = CosineDistance("embedding", vector)
    exact = _is_small(organization_id)
    # `+ 0` no longer matches the HNSW operator, so the planner cannot pick the index.
    order = distance + Value(0.0, output_field=FloatField()) if exact else distance
    with transaction.atomic(), connection.cursor() as cursor:
        if not exact:
            cursor.execute("SELECT set_config('hnsw.iterative_scan', 'relaxed_order', true)")
            ef_search = str(max(settings.LONGHAUL_HNSW_EF_SEARCH, pool))
            cursor.execute("SELECT set_config('hnsw.ef_search', %s, true)", [ef_search])
        rows = list(
            items.annotate(distance=distance, order=order)
            .order_by("order")
            .values_list("id", "distance")[:pool]
        )
    # relaxed_order may return neighbours slightly out of order; rank them exactly here.
    rows.sort(key=lambda row: row[1])
    return {item_id: (rank, distance) for rank, (item_id, distance) in enumerate(rows, start=1)}


def _is_small(organization_id: int) -> bool:
    limit = settings.LONGHAUL_EXACT_SEARCH_MAX_ITEMS
    # Counting stops at the limit, so this costs at most `limit` index entries.
    head = MemoryItem.objects.filter(organization_id=organization_id).values("id")[: limit + 1]
    return head.count() <= limit


def _text_ranking(
    items: QuerySet[MemoryItem], query: str, pool: int
) -> dict[int, tuple[int, float]]:
    search = SearchQuery(query, config=TEXT_SEARCH_CONFIG, search_type="websearch")
    rows = (
        items.filter(search=search)
        .annotate(rank=SearchRank(F("search"), search))
        .order_by("-rank", "id")
        .values_list("id", "rank")[:pool]
    )
    return {item_id: (rank, score) for rank, (item_id, score) in enumerate(rows, start=1)}


def _fuse(*rankings: dict[int, tuple[int, float]]) -> dict[int, float]:
    fused: dict[int, float] = {}
    for ranking in rankings:
        for item_id, (rank, _) in ranking.items():
            fused[item_id] = fused.get(item_id, 0.0) + 1.0 / (RRF_K + rank)
    best_possible = len(rankings) / (RRF_K + 1)
    return {item_id: score / best_possible for item_id, score in fused.items()}


def _hits(
    fused: dict[int, float],
    by_vector: dict[int, tuple[int, float]],
    by_text: dict[int, tuple[int, float]],
    weights: Weights,
    now: datetime,
    k: int,
) -> list[dict[str, Any]]:
    items = MemoryItem.objects.select_related("document").defer("embedding").in_bulk(list(fused))
    scored = [(_score(fused[i], item, weights, now), item) for i, item in items.items()]
    scored.sort(key=lambda pair: (-pair[0], pair[1].id))
    hits = []
    for score, item in scored[:k]:
        hit = item_as_dict(item)
        vector_rank, distance = by_vector.get(item.id, (None, None))
        hit.update(
            score=round(score, 6),
            similarity=None if distance is None else round(1.0 - distance, 6),
            vector_rank=vector_rank,
            text_rank=by_text.get(item.id, (None, None))[0],
        )
        hits.append(hit)
    return hits


def _score(relevance: float, item: MemoryItem, weights: Weights, now: datetime) -> float:
    age = max((now - item.created_at).total_seconds(), 0.0)
    recency = 0.5 ** (age / weights.recency_half_life.total_seconds())
    rest = 1.0 - weights.recency - weights.importance
    return rest * relevance + weights.recency * recency + weights.importance * item.importance
