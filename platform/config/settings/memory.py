"""Memory (platform/memory): pgvector memory, documents, chunks and embeddings."""

from __future__ import annotations

from pathlib import Path

from config.env import env_float, env_int, env_str
from config.settings.paths import DATA_DIR

LONGHAUL_EMBEDDING_PROVIDER = env_str("LONGHAUL_EMBEDDING_PROVIDER", "local")
LONGHAUL_EMBEDDING_DIMENSIONS = env_int("LONGHAUL_EMBEDDING_DIMENSIONS", 384)
LONGHAUL_DOCUMENTS_DIR = Path(
    env_str("LONGHAUL_DOCUMENTS_DIR", str(DATA_DIR / "documents"))
).resolve()
LONGHAUL_MAX_UPLOAD_BYTES = env_int("LONGHAUL_MAX_UPLOAD_BYTES", 50 * 1024 * 1024)
# Provider `openai` calls this OpenAI-compatible base URL (the gateway's /v1 when empty).
LONGHAUL_EMBEDDING_URL = env_str("LONGHAUL_EMBEDDING_URL", "")
# Empty: the gateway's own embeddings model when calling the gateway, all-MiniLM-L6-v2 elsewhere.
LONGHAUL_EMBEDDING_MODEL = env_str("LONGHAUL_EMBEDDING_MODEL", "")
LONGHAUL_EMBEDDING_API_KEY = env_str("LONGHAUL_EMBEDDING_API_KEY", "")
LONGHAUL_EMBEDDING_BATCH_SIZE = env_int("LONGHAUL_EMBEDDING_BATCH_SIZE", 64)
# CPU threads of the `local` provider in each process (0: one per core). One keeps a query's
# embedding fast on a machine that agent steps keep busy (agents.minilm).
LONGHAUL_EMBEDDING_THREADS = env_int("LONGHAUL_EMBEDDING_THREADS", 1)
# ~1,000 characters stay within the 256 word pieces all-MiniLM-L6-v2 embeds.
LONGHAUL_CHUNK_CHARS = env_int("LONGHAUL_CHUNK_CHARS", 1000)
LONGHAUL_CHUNK_OVERLAP_CHARS = env_int("LONGHAUL_CHUNK_OVERLAP_CHARS", 150)
LONGHAUL_MAX_DOCUMENT_CHUNKS = env_int("LONGHAUL_MAX_DOCUMENT_CHUNKS", 20000)
# HNSW candidate list per query; with iterative scans filtered queries keep this recall.
LONGHAUL_HNSW_EF_SEARCH = env_int("LONGHAUL_HNSW_EF_SEARCH", 100)
# An organization with at most this many items is searched exactly instead of through HNSW.
LONGHAUL_EXACT_SEARCH_MAX_ITEMS = env_int("LONGHAUL_EXACT_SEARCH_MAX_ITEMS", 10000)
# How often beat deletes memories whose time to live has passed.
LONGHAUL_MEMORY_EXPIRE_SECONDS = env_float("LONGHAUL_MEMORY_EXPIRE_SECONDS", 300.0)
