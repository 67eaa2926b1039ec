"""The web process `make up` runs; the gateway URL (config.settings.gateway) follows it unless set."""

from __future__ import annotations

from config.env import env_int, env_str

LONGHAUL_WEB_HOST = env_str("LONGHAUL_WEB_HOST", "127.0.0.1")
LONGHAUL_WEB_PORT = env_int("LONGHAUL_WEB_PORT", 8000)
# uvicorn worker processes; the gateway splits each backend's slots and queue between them and
# /metrics adds up all of them (core.metrics). Two by default: a two-core machine runs them
# beside the worker and the embedded model, whose two slots give each process one.
LONGHAUL_WEB_WORKERS = max(1, env_int("LONGHAUL_WEB_WORKERS", 2))
# The URL people reach the platform by (behind a TLS proxy, say); ALLOWED_HOSTS and
# CSRF_TRUSTED_ORIGINS include its host and origin (config.hosts).
LONGHAUL_PUBLIC_URL = env_str("LONGHAUL_PUBLIC_URL", "")
