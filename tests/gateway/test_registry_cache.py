"""The gateway's in-process registry of tiers follows the database once its lifetime has passed on
the monotonic clock (core.clock.monotonic), and not before."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from gateway.registry import RegistryCache
from inference.models import Tier
from tests.support.clock import FakeMonotonic

pytestmark = pytest.mark.django_db(transaction=True)


def tiers(cache: RegistryCache) -> set[str]:
    async def read() -> set[str]:
        return set((await cache.get()).tiers)

    return asyncio.run(read())


def test_a_new_tier_is_routable_once_the_registry_has_aged_and_not_before(
    settings: Any, monotonic: FakeMonotonic
) -> None:
    # Given: a registry read a moment ago, kept for a minute
    settings.LONGHAUL_GATEWAY_REGISTRY_SECONDS = 60
    cache = RegistryCache()
    tiers(cache)

    # When: a tier is added, and the clock passes the registry's lifetime (twice: the first
    # read after one lifetime still answers from the old registry while reloading)
    Tier.objects.create(name="fresh")
    seen_at_once = tiers(cache)
    monotonic.advance(121)
    seen_later = tiers(cache)

    # Then
    assert "fresh" not in seen_at_once
    assert "fresh" in seen_later
