"""The REST rate limits when their counters cannot be reached."""

from __future__ import annotations

import asyncio
from typing import Any

from gateway.rest_limits import rate_limit_requests


def test_without_redis_requests_go_on_uncounted(settings: Any) -> None:
    settings.REDIS_URL = "redis://127.0.0.1:1/0"  # nothing listens there
    settings.LONGHAUL_REST_ADDRESS_RPM = 1
    reached: list[str] = []

    async def django(scope: Any, receive: Any, send: Any) -> None:
        reached.append(scope["path"])

    scope = {
        "type": "http",
        "path": "/api/me",
        "method": "GET",
        "headers": [],
        "client": ("10.9.8.7", 1),
    }

    async def nothing_to_receive() -> Any:
        raise AssertionError("the layer never reads the body")

    async def nothing_sent(message: Any) -> None:
        raise AssertionError(f"the layer answered by itself: {message}")

    async def three_calls() -> None:
        for _ in range(3):
            await rate_limit_requests(django)(scope, nothing_to_receive, nothing_sent)

    asyncio.run(three_calls())

    assert reached == ["/api/me"] * 3
