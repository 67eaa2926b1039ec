"""Memory retrieval and ingestion on the product's own schema.

100,000 x 384 clustered unit vectors (a Gaussian mixture around 1,000 centres drawn from a
48-dimensional subspace, so neighbours are close together and hard to tell apart, unlike
isotropic random vectors) are loaded into memory_memoryitem of a scratch database, and then:

- HNSW index build time (the migration's definition: m=16, ef_construction=64, cosine);
- exact search (sequential scan) as the baseline: p50/p95 latency, QPS;
- HNSW search at several ef_search values: recall@10 against exact, p50/p95, QPS, speed-up;
- an organization filter keeping 1% of rows: the plan the product gets, and HNSW with and
  without pgvector 0.8 iterative scans;
- ingestion: chunks embedded per second by the local provider, and end-to-end chunks per
  second for a generated PDF (extract, chunk, embed, write).

It creates the database `bench_memory` on the configured server and drops it afterwards.
Run: .venv/bin/python bench/memory.py [--rows N] [--queries N]
"""

from __future__ import annotations

import argparse
import os
import platform as host_platform
import statistics
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO / "platform"), str(REPO)]
BENCH_DATABASE = "bench_memory"
DIMENSIONS = 384
ORGANIZATIONS = 100  # one organization = 1% of the rows
K = 10


def clustered_vectors(
    rows: int, queries: int, seed: int = 7
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    basis = rng.normal(size=(48, DIMENSIONS))
    centres = rng.normal(size=(1000, 48)) @ basis
    centres /= np.linalg.norm(centres, axis=1, keepdims=True)

    def draw(count: int) -> tuple[np.ndarray, np.ndarray]:
        labels = rng.integers(0, len(centres), size=count)
        points = centres[labels] + rng.normal(scale=0.045, size=(count, DIMENSIONS))
        return (points / np.linalg.norm(points, axis=1, keepdims=True)).astype(np.float32), labels

    data, _ = draw(rows)
    query, _ = draw(queries)
    organizations = rng.permutation(np.arange(rows) % ORGANIZATIONS)
    return data, query, organizations


def exact_neighbours(
    data: np.ndarray, queries: np.ndarray, mask: np.ndarray | None = None
) -> list[set[int]]:
    ids = np.arange(len(data)) if mask is None else np.flatnonzero(mask)
    scores = queries @ data[ids].T
    top = np.argsort(-scores, axis=1)[:, :K]
    return [set((ids[row] + 1).tolist()) for row in top]  # rows are inserted with id = index + 1


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def server_url(database: str) -> str:
    from config.startup import prepare_environment

    prepare_environment("config.settings.local")
    parts = urlsplit(os.environ["DATABASE_URL"])
    return urlunsplit((parts.scheme, parts.netloc, f"/{database}", parts.query, parts.fragment))


def recreate_database() -> str:
    import psycopg

    with psycopg.connect(server_url("postgres"), autocommit=True) as admin:
        admin.execute(f"DROP DATABASE IF EXISTS {BENCH_DATABASE} WITH (FORCE)")
        admin.execute(f"CREATE DATABASE {BENCH_DATABASE}")
    return server_url(BENCH_DATABASE)


def drop_database() -> None:
    import psycopg
    from django.db import connections

    connections.close_all()
    with psycopg.connect(server_url("postgres"), autocommit=True) as admin:
        admin.execute(f"DROP DATABASE IF EXISTS {BENCH_DATABASE} WITH (FORCE)")


def setup_django(url: str) -> None:
    os.environ["DATABASE_URL"] = url
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings.local"
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0, interactive=False)


def load_rows(url: str, data: np.ndarray, organizations: np.ndarray) -> list[int]:
    import psycopg
    from pgvector.psycopg import register_vector

    from accounts.models import Organization

    orgs = Organization.objects.bulk_create(
        Organization(name=f"Bench {i}", slug=f"bench-{i}") for i in range(ORGANIZATIONS)
    )
    org_ids = [o.id for o in orgs]
    with psycopg.connect(url, autocommit=True) as conn:
        register_vector(conn)
        conn.execute("DROP INDEX memory_item_embedding_hnsw")
        columns = "id, organization_id, scope, scope_ref, kind, text, content_hash, embedding, metadata, importance, section, source_run, source_step, created_at"
        with conn.cursor().copy(f"COPY memory_memoryitem ({columns}) FROM STDIN") as copy:
            now = datetime.now(UTC).isoformat()
            for index, vector in enumerate(data):
                text = f"note {index} about topic {index % 997}"
                copy.write_row(
                    (index + 1, org_ids[organizations[index]], "organization", "", "fact", text,
                     f"{index:064x}", vector, "{}", 0.5, "", "", "", now)
                )  # fmt: skip
        conn.execute(
            "SELECT setval(pg_get_serial_sequence('memory_memoryitem', 'id'), max(id)) "
            "FROM memory_memoryitem"
        )
        conn.execute("ANALYZE memory_memoryitem")
    return org_ids


def build_index(url: str) -> float:
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("SET maintenance_work_mem = '1GB'")
        started = time.perf_counter()
        conn.execute(
            "CREATE INDEX memory_item_embedding_hnsw ON memory_memoryitem "
            "USING hnsw (embedding vector_cosine_ops) WITH (m = 16, ef_construction = 64)"
        )
        elapsed = time.perf_counter() - started
        conn.execute("ANALYZE memory_memoryitem")
    return elapsed


def run_queries(
    url: str, queries: np.ndarray, sql: str, settings: dict[str, str]
) -> tuple[list[set[int]], list[float]]:
    import psycopg
    from pgvector.psycopg import register_vector

    with psycopg.connect(url, autocommit=True) as conn:
        register_vector(conn)
        conn.prepare_threshold = None  # like Django: no server-side prepared plans
        for name, value in settings.items():
            conn.execute(f"SET {name} = {value}")
        for vector in queries[:5]:  # warm the cache and the plan
            conn.execute(sql, (vector,)).fetchall()
        found, latencies = [], []
        for vector in queries:
            started = time.perf_counter()
            rows = conn.execute(sql, (vector,)).fetchall()
            latencies.append((time.perf_counter() - started) * 1000)
            found.append({row[0] for row in rows})
    return found, latencies


def recall(found: list[set[int]], truth: list[set[int]]) -> float:
    return statistics.fmean(len(f & t) / K for f, t in zip(found, truth, strict=True))


def report(
    name: str,
    found: list[set[int]] | None,
    truth: list[set[int]],
    latencies: list[float],
    baseline_p50: float | None,
) -> dict[str, object]:
    row = {
        "case": name,
        "recall@10": None if found is None else round(recall(found, truth), 4),
        "p50 ms": round(percentile(latencies, 0.5), 2),
        "p95 ms": round(percentile(latencies, 0.95), 2),
        "QPS": round(1000 / statistics.fmean(latencies), 1),
        "speed-up vs exact (p50)": None
        if baseline_p50 is None
        else round(baseline_p50 / percentile(latencies, 0.5), 1),
    }
    print("  " + " | ".join(f"{k}: {v}" for k, v in row.items() if v is not None), flush=True)
    return row


NEAREST = "SELECT id FROM memory_memoryitem ORDER BY embedding <=> %s LIMIT 10"
NEAREST_IN_ORG = (
    "SELECT id FROM memory_memoryitem WHERE organization_id = %s ORDER BY embedding <=> %s LIMIT 10"
)
# What memory.search runs for an organization with few items: `+ 0` keeps HNSW out of the plan.
NEAREST_IN_ORG_EXACT = (
    "SELECT id FROM memory_memoryitem WHERE organization_id = %s "
    "ORDER BY (embedding <=> %s) + 0 LIMIT 10"
)
# Steers the planner to HNSW for the filtered query (the sorts of an exact plan are disabled).
FORCE_HNSW = {
    "hnsw.ef_search": "100",
    "enable_seqscan": "off",
    "enable_bitmapscan": "off",
    "enable_sort": "off",
}
# `+ 0` hides the column from its b-tree index, so the planner must use HNSW and filter after it.
NEAREST_IN_ORG_VIA_HNSW = "SELECT id FROM memory_memoryitem WHERE organization_id + 0 = %s ORDER BY embedding <=> %s LIMIT 10"


def vector_benchmarks(
    url: str, data: np.ndarray, queries: np.ndarray, organizations: np.ndarray, org_ids: list[int]
) -> list[dict[str, object]]:
    rows = []
    truth = exact_neighbours(data, queries)
    print("exact search (sequential scan, the baseline):", flush=True)
    exact_found, exact_ms = run_queries(url, queries, NEAREST, {"enable_indexscan": "off"})
    rows.append(report("exact, all rows", exact_found, truth, exact_ms, None))
    base = percentile(exact_ms, 0.5)
    print("HNSW:", flush=True)
    for ef in (40, 100, 200):
        found, ms = run_queries(url, queries, NEAREST, {"hnsw.ef_search": str(ef)})
        rows.append(report(f"HNSW ef_search={ef}", found, truth, ms, base))

    org_of_query = [i % ORGANIZATIONS for i in range(len(queries))]
    org_truth = [
        exact_neighbours(data, queries[i : i + 1], organizations == org_of_query[i])[0]
        for i in range(len(queries))
    ]

    print("organization filter keeping 1% of rows:", flush=True)
    filtered_rows = []
    cases = [
        (
            "filtered exact (sequential scan)",
            NEAREST_IN_ORG_VIA_HNSW,
            {"enable_indexscan": "off", "enable_bitmapscan": "off"},
        ),
        (
            "filtered, product plan (exact: the organization has <= 10,000 items)",
            NEAREST_IN_ORG_EXACT,
            {},
        ),
        *(
            (
                f"filtered HNSW ef_search={ef}, iterative scan",
                NEAREST_IN_ORG_VIA_HNSW,
                {**FORCE_HNSW, "hnsw.ef_search": str(ef), "hnsw.iterative_scan": "relaxed_order"},
            )
            for ef in (100, 200, 400)
        ),
        (
            "filtered HNSW ef_search=100, no iterative scan",
            NEAREST_IN_ORG_VIA_HNSW,
            {**FORCE_HNSW, "hnsw.iterative_scan": "off"},
        ),
    ]
    filtered_base = None
    for name, sql, settings in cases:
        found, ms = run_filtered(url, queries, sql, settings, [org_ids[o] for o in org_of_query])
        plan = plan_of_filtered(url, sql, queries[0], org_ids[org_of_query[0]], settings)
        row = report(f"{name} [{plan}]", found, org_truth, ms, filtered_base)
        filtered_base = filtered_base or percentile(ms, 0.5)
        filtered_rows.append(row)
    return rows + filtered_rows


def run_filtered(
    url: str, queries: np.ndarray, sql: str, settings: dict[str, str], orgs: list[int]
) -> tuple[list[set[int]], list[float]]:
    import psycopg
    from pgvector.psycopg import register_vector

    with psycopg.connect(url, autocommit=True) as conn:
        register_vector(conn)
        conn.prepare_threshold = None  # like Django: no server-side prepared plans
        for name, value in settings.items():
            conn.execute(f"SET {name} = {value}")
        for index in range(5):
            conn.execute(sql, (orgs[index], queries[index])).fetchall()
        found, latencies = [], []
        for index, vector in enumerate(queries):
            started = time.perf_counter()
            rows = conn.execute(sql, (orgs[index], vector)).fetchall()
            latencies.append((time.perf_counter() - started) * 1000)
            found.append({row[0] for row in rows})
    return found, latencies


def plan_of_filtered(
    url: str, sql: str, vector: np.ndarray, org: int, settings: dict[str, str]
) -> str:
    import psycopg
    from pgvector.psycopg import register_vector

    with psycopg.connect(url, autocommit=True) as conn:
        register_vector(conn)
        conn.prepare_threshold = None  # like Django: no server-side prepared plans
        for name, value in settings.items():
            conn.execute(f"SET {name} = {value}")
        lines = [row[0] for row in conn.execute("EXPLAIN " + sql, (org, vector)).fetchall()]
    text = " ".join(lines)
    if "memory_item_embedding_hnsw" in text:
        return "HNSW index scan"
    if "Index Scan" in text or "Bitmap" in text:
        return "b-tree on organization, then exact sort"
    return "sequential scan"


def generated_corpus(count: int) -> list[str]:
    rng = np.random.default_rng(3)
    subjects = [
        "revenue",
        "churn",
        "latency",
        "invoice",
        "supplier",
        "warehouse",
        "hiring",
        "audit",
        "forecast",
        "pricing",
    ]
    verbs = ["rose", "fell", "stabilised", "was reviewed", "was delayed", "doubled", "was audited"]
    places = ["Lisbon", "Porto", "Berlin", "Austin", "Osaka", "Nairobi", "Lima"]
    texts = []
    for i in range(count):
        words = [f"In quarter {1 + i % 4} the {rng.choice(subjects)} in {rng.choice(places)} {rng.choice(verbs)}"
                 f" by {rng.integers(1, 40)} percent" for _ in range(8)]  # fmt: skip
        texts.append(". ".join(words) + ".")
    return texts


def ingestion_benchmarks(chunks: int) -> list[dict[str, object]]:
    from accounts.actors import operator_actor
    from memory.documents import document_delete, document_ingest, document_upload
    from memory.embeddings import embed_texts, get_provider

    provider = get_provider()
    embed_texts(["warm up the model"])  # loading the weights is a one-off per process
    texts = generated_corpus(chunks)
    started = time.perf_counter()
    embed_texts(texts)
    embed_rate = chunks / (time.perf_counter() - started)
    print(f"  embedding ({provider.name} provider): {embed_rate:.1f} chunks/s", flush=True)

    import io

    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen import canvas

    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, pagesize=A4)
    for page in range(40):
        for line, text in enumerate(generated_corpus(45)[page : page + 45]):
            pdf.drawString(40, 800 - 17 * line, text[:110])
        pdf.showPage()
    pdf.save()
    from accounts.models import Organization

    org = Organization.objects.create(name="Ingest bench", slug="ingest-bench")
    upload = document_upload(organization_id=org.id, filename="bench.pdf", data=buffer.getvalue())
    started = time.perf_counter()
    document = document_ingest(document_id=upload.document.id)
    elapsed = time.perf_counter() - started
    if document is None or document.status != "ready":
        raise RuntimeError(f"ingestion failed: {document and document.error}")
    pipeline_rate = document.chunk_count / elapsed
    operator = operator_actor(organization_id=org.id)
    document_delete(actor=operator, document_id=document.id)  # removes the stored file
    print(
        f"  40-page PDF end to end: {document.chunk_count} chunks in {elapsed:.1f} s = {pipeline_rate:.1f} chunks/s",
        flush=True,
    )
    return [
        {"case": f"embed only ({provider.name})", "chunks/s": round(embed_rate, 1)},
        {
            "case": "PDF extract+chunk+embed+write",
            "chunks/s": round(pipeline_rate, 1),
            "chunks": document.chunk_count,
        },
    ]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=100_000)
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--chunks", type=int, default=256)
    args = parser.parse_args()
    # Ingestion throughput on every core (the product's default is one thread per process).
    os.environ.setdefault("LONGHAUL_EMBEDDING_THREADS", "0")
    print(f"memory benchmark: {args.rows} x {DIMENSIONS} clustered vectors, {args.queries} queries, "
          f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC, {host_platform.processor() or host_platform.machine()}, "
          f"{os.cpu_count()} CPUs", flush=True)  # fmt: skip
    data, queries, organizations = clustered_vectors(args.rows, args.queries)
    url = recreate_database()
    try:
        setup_django(url)
        started = time.perf_counter()
        org_ids = load_rows(url, data, organizations)
        print(f"loaded {args.rows} rows in {time.perf_counter() - started:.1f} s", flush=True)
        build = build_index(url)
        print(f"HNSW index build (m=16, ef_construction=64): {build:.1f} s", flush=True)
        vector_benchmarks(url, data, queries, organizations, org_ids)
        print("ingestion:", flush=True)
        ingestion_benchmarks(args.chunks)
    finally:
        drop_database()


if __name__ == "__main__":
    main()
