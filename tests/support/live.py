"""The channel layer (core.fanout) from a test's own event loop."""

from __future__ import annotations

import asyncio
from typing import Any

from core.fanout import CATCH_UP


async def join(layer: Any, group: str, channel: str) -> None:
    """Joins `group` as this loop's first member and waits for the layer's catch-up, the sign
    that Redis confirmed the subscription: from then on every message sent to the group
    arrives."""
    await layer.group_add(group, channel)
    message = await asyncio.wait_for(layer.receive(channel), timeout=10)
    assert message == {"type": CATCH_UP, "group": group}
