"""Gateway (platform/gateway): /v1, routing, quotas, the usage ledger and /metrics."""

from __future__ import annotations

from config.env import env_bool, env_float, env_int, env_str, local_url
from config.settings.web import LONGHAUL_WEB_HOST, LONGHAUL_WEB_PORT

# Where agents and the embedding client reach /v1: this web process unless set explicitly
# (containers set it to the web service's name).
LONGHAUL_GATEWAY_URL = env_str(
    "LONGHAUL_GATEWAY_URL", local_url(LONGHAUL_WEB_HOST, LONGHAUL_WEB_PORT, "/v1")
)
LONGHAUL_GATEWAY_MAX_BODY_BYTES = env_int("LONGHAUL_GATEWAY_MAX_BODY_BYTES", 8 * 1024 * 1024)
LONGHAUL_GATEWAY_REGISTRY_SECONDS = env_float("LONGHAUL_GATEWAY_REGISTRY_SECONDS", 3.0)
LONGHAUL_GATEWAY_MAX_RETRIES = env_int("LONGHAUL_GATEWAY_MAX_RETRIES", 2)
LONGHAUL_GATEWAY_QUEUE_TIMEOUT_SECONDS = env_float("LONGHAUL_GATEWAY_QUEUE_TIMEOUT_SECONDS", 30.0)
# A backend's freed slot goes to the highest priority waiting, but after this many handoffs that
# passed an older request over, to the oldest request of any priority (nothing starves).
LONGHAUL_GATEWAY_PRIORITY_SKIPS = env_int("LONGHAUL_GATEWAY_PRIORITY_SKIPS", 3)
LONGHAUL_GATEWAY_BREAKER_FAILURES = env_int("LONGHAUL_GATEWAY_BREAKER_FAILURES", 3)
LONGHAUL_GATEWAY_BREAKER_COOLDOWN_SECONDS = env_float(
    "LONGHAUL_GATEWAY_BREAKER_COOLDOWN_SECONDS", 10.0
)
LONGHAUL_GATEWAY_AUTO_FAST_BUDGET_MS = env_int("LONGHAUL_GATEWAY_AUTO_FAST_BUDGET_MS", 2000)
LONGHAUL_GATEWAY_AUTO_FAST_MAX_PROMPT_TOKENS = env_int(
    "LONGHAUL_GATEWAY_AUTO_FAST_MAX_PROMPT_TOKENS", 1000
)
LONGHAUL_GATEWAY_COMPLETION_RESERVE_TOKENS = env_int(
    "LONGHAUL_GATEWAY_COMPLETION_RESERVE_TOKENS", 512
)
# Quota defaults for keys and organizations without a QuotaPolicy row; 0 means unlimited.
LONGHAUL_GATEWAY_KEY_RPM = env_int("LONGHAUL_GATEWAY_KEY_RPM", 600)
LONGHAUL_GATEWAY_KEY_TPM = env_int("LONGHAUL_GATEWAY_KEY_TPM", 1_000_000)
LONGHAUL_GATEWAY_KEY_MONTHLY_TOKENS = env_int("LONGHAUL_GATEWAY_KEY_MONTHLY_TOKENS", 0)
LONGHAUL_GATEWAY_ORG_RPM = env_int("LONGHAUL_GATEWAY_ORG_RPM", 3000)
LONGHAUL_GATEWAY_ORG_TPM = env_int("LONGHAUL_GATEWAY_ORG_TPM", 5_000_000)
LONGHAUL_GATEWAY_ORG_MONTHLY_TOKENS = env_int("LONGHAUL_GATEWAY_ORG_MONTHLY_TOKENS", 0)
LONGHAUL_GATEWAY_SOFT_BUDGET_PERCENT = env_int("LONGHAUL_GATEWAY_SOFT_BUDGET_PERCENT", 80)
LONGHAUL_GATEWAY_ALLOW_FALLBACK = env_bool("LONGHAUL_GATEWAY_ALLOW_FALLBACK", True)
# `auto` uses this tier when set; empty: fast for short prompts, standard otherwise.
LONGHAUL_GATEWAY_AUTO_DEFAULT_TIER = env_str("LONGHAUL_GATEWAY_AUTO_DEFAULT_TIER", "")
LONGHAUL_GATEWAY_LEDGER_FLUSH_SECONDS = env_float("LONGHAUL_GATEWAY_LEDGER_FLUSH_SECONDS", 1.0)
LONGHAUL_GATEWAY_LEDGER_BATCH = env_int("LONGHAUL_GATEWAY_LEDGER_BATCH", 500)
# The currency of prices, costs and budgets in currency (ISO 4217); amounts are never converted.
LONGHAUL_CURRENCY = env_str("LONGHAUL_CURRENCY", "USD")
# Empty: /metrics answers loopback clients only; set: it needs `Authorization: Bearer <token>`.
LONGHAUL_METRICS_TOKEN = env_str("LONGHAUL_METRICS_TOKEN", "")
# Set: a Celery worker serves its host's metrics on this port too (hosts without a web process);
# it asks for no token, so bind it to an address only the scraper reaches.
LONGHAUL_WORKER_METRICS_PORT = env_int("LONGHAUL_WORKER_METRICS_PORT", 0)
LONGHAUL_WORKER_METRICS_HOST = env_str("LONGHAUL_WORKER_METRICS_HOST", "127.0.0.1")
