"""The fuzzed platform: the real ASGI app under uvicorn against the test PostgreSQL and Redis,
one organization with an object of every kind, and the scripted model server at the edge (chat
and embeddings, for /v1 and for memory alike).

The server starts once for the fuzz tests. Each module builds its world and commits it, because
the server is another process; the module's tests only talk to the server over HTTP, and the
database is flushed when the module ends, as pytest-django does after a transactional test."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import redis as redis_lib
from django.conf import settings
from django.core.management import call_command
from django.test import override_settings

from tests.fuzz.world import FuzzWorld, build_world
from tests.gateway.conftest import GATEWAY_ENV, REGISTRY_SETTLE_S
from tests.runs.fixtures import EXTRA_TOOLS, EXTRA_WORKFLOWS
from tests.support.clock import FakeMonotonic
from tests.support.fake_openai import FakeOpenAI, serve_fake_openai
from tests.support.processes import asgi_server


@pytest.fixture(scope="session")
def model_edge() -> Iterator[str]:
    """The scripted OpenAI-compatible server every model call ends at; its /v1 base URL."""
    with serve_fake_openai(FakeOpenAI()) as base:
        yield base


def _plugins(model_base: str) -> dict[str, Any]:
    """The settings the server and this process share: the test workflow and tools, and
    embeddings from the scripted server."""
    return {
        "LONGHAUL_EXTRA_WORKFLOWS": [EXTRA_WORKFLOWS],
        "LONGHAUL_EXTRA_TOOLS": [EXTRA_TOOLS],
        "LONGHAUL_EMBEDDING_PROVIDER": "openai",
        "LONGHAUL_EMBEDDING_URL": model_base,
        "LONGHAUL_EMBEDDING_MODEL": "embeddings",
    }


@pytest.fixture(scope="session")
def fuzz_server(
    django_db_setup: None,
    django_db_blocker: Any,
    model_edge: str,
    server_monotonic: FakeMonotonic,
) -> Iterator[str]:
    env = {
        name: ",".join(value) if isinstance(value, list) else value
        for name, value in _plugins(model_edge).items()
    }
    env.update(server_monotonic.env())
    with django_db_blocker.unblock(), asgi_server(**GATEWAY_ENV, **env) as base:
        yield base


@pytest.fixture(scope="module")
def world(
    fuzz_server: str, django_db_blocker: Any, model_edge: str, server_monotonic: FakeMonotonic
) -> Iterator[FuzzWorld]:
    """A fresh organization, its objects and the model tiers, committed for the server."""
    redis_lib.Redis.from_url(settings.REDIS_URL).flushdb()
    with django_db_blocker.unblock(), override_settings(**_plugins(model_edge)):
        try:
            built = build_world(fuzz_server, model_edge)
            server_monotonic.advance(REGISTRY_SETTLE_S)  # the server's registry sees the tiers
            yield built
        finally:
            call_command("flush", interactive=False, verbosity=0)
