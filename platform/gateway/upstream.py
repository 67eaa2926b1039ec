"""Shared httpx connection pools to the backends, one client per event loop."""

from __future__ import annotations

import asyncio

import httpx

from inference.selectors import BackendConfig

_clients: dict[int, httpx.AsyncClient] = {}

# Connect errors and broken connections before a response: safe to retry on another replica.
RETRYABLE = (
    httpx.ConnectError,
    httpx.ConnectTimeout,
    httpx.PoolTimeout,
    httpx.RemoteProtocolError,
    httpx.ReadError,
    httpx.WriteError,
)


def http_client() -> httpx.AsyncClient:
    loop_id = id(asyncio.get_running_loop())
    client = _clients.get(loop_id)
    if client is None:
        client = _clients[loop_id] = httpx.AsyncClient(
            limits=httpx.Limits(max_connections=2000, max_keepalive_connections=500),
            trust_env=False,  # a proxy from the environment must never sit between us and a backend
        )
    return client


def timeout_for(backend: BackendConfig) -> httpx.Timeout:
    return httpx.Timeout(
        backend.read_timeout_s,
        connect=backend.connect_timeout_s,
        pool=backend.connect_timeout_s,
    )


def headers_for(backend: BackendConfig, request_id: str) -> dict[str, str]:
    headers = {
        "content-type": "application/json",
        "accept-encoding": "identity",
        "x-request-id": request_id,
    }
    if backend.api_key:
        headers["authorization"] = f"Bearer {backend.api_key}"
    return headers
