from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import redis as redis_lib
from django.conf import settings

from tests.factories import TenantFixture, make_tenant
from tests.support.clock import FakeMonotonic
from tests.support.processes import asgi_server


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Files holding a `slow` test run first (each file's own order kept). With two workers
    taking a file at a time (`make test`: --dist loadfile, --no-loadscope-reorder), the long
    files start early on either worker and the short ones fill the gaps, instead of one long file
    starting last and running alone."""
    slow_files = {item.path for item in items if item.get_closest_marker("slow")}
    items.sort(key=lambda item: item.path not in slow_files)


@pytest.fixture
def redis_client() -> Iterator[redis_lib.Redis]:
    """The real Redis, on the test database number, emptied before each test that asks for it."""
    client = redis_lib.Redis.from_url(settings.REDIS_URL)
    client.flushdb()
    yield client
    client.close()


@pytest.fixture
def acme(db: None) -> TenantFixture:
    return make_tenant("acme")


@pytest.fixture
def globex(db: None) -> TenantFixture:
    return make_tenant("globex")


@pytest.fixture
def live_server_url(transactional_db: None) -> Iterator[str]:
    """The real ASGI app under uvicorn, against the test database."""
    with asgi_server() as base:
        yield base


@pytest.fixture(scope="session")
def server_monotonic(tmp_path_factory: pytest.TempPathFactory) -> FakeMonotonic:
    """The monotonic clock of the servers that tests start with its `env()`, for a test to age
    their in-process caches (registry, API keys, breakers) instead of sleeping."""
    return FakeMonotonic(tmp_path_factory.mktemp("server-monotonic") / "offset")


@pytest.fixture
def monotonic(tmp_path: Path, settings: Any, monkeypatch: pytest.MonkeyPatch) -> FakeMonotonic:
    """This process's monotonic clock (core.clock.monotonic), for the test to move forward
    past a cache's or a window's expiry instead of sleeping."""
    clock = FakeMonotonic(tmp_path / "monotonic")
    for name, value in clock.env().items():
        monkeypatch.setenv(name, value)
    settings.LONGHAUL_MONOTONIC = clock.env()["LONGHAUL_MONOTONIC"]
    return clock
