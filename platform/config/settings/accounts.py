"""Accounts (platform/accounts): API keys and websocket tickets."""

from __future__ import annotations

from config.env import env_int

API_KEY_CACHE_SECONDS = env_int("LONGHAUL_API_KEY_CACHE_SECONDS", 5)
# How long a websocket ticket (POST /api/runs/{id}/ws-ticket) may wait to be redeemed, once.
LONGHAUL_WS_TICKET_SECONDS = env_int("LONGHAUL_WS_TICKET_SECONDS", 30)
