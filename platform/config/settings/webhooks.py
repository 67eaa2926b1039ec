"""Webhooks (platform/webhooks, docs/approvals.md#webhooks): signed deliveries, retried."""

from __future__ import annotations

from config.env import env_bool, env_float, env_int, env_list

LONGHAUL_WEBHOOK_TIMEOUT_SECONDS = env_float("LONGHAUL_WEBHOOK_TIMEOUT_SECONDS", 5.0)
LONGHAUL_WEBHOOK_MAX_ATTEMPTS = env_int("LONGHAUL_WEBHOOK_MAX_ATTEMPTS", 8)
LONGHAUL_WEBHOOK_RETRY_FIRST_SECONDS = env_float("LONGHAUL_WEBHOOK_RETRY_FIRST_SECONDS", 10.0)
LONGHAUL_WEBHOOK_RETRY_MAX_SECONDS = env_float("LONGHAUL_WEBHOOK_RETRY_MAX_SECONDS", 3600.0)
LONGHAUL_WEBHOOK_SWEEP_SECONDS = env_float("LONGHAUL_WEBHOOK_SWEEP_SECONDS", 60.0)
LONGHAUL_WEBHOOK_REQUIRE_HTTPS = env_bool("LONGHAUL_WEBHOOK_REQUIRE_HTTPS", False)
# Hosts webhooks may reach although they resolve to private or loopback addresses.
LONGHAUL_WEBHOOK_ALLOWED_PRIVATE_HOSTS = env_list("LONGHAUL_WEBHOOK_ALLOWED_PRIVATE_HOSTS", [])
