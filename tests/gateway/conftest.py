"""The gateway under test: the real ASGI app under uvicorn (one per test session, that is per xdist
worker, shared by the modules that ask for it: each test's backends and keys are its own, and
Redis and the tables are emptied between tests), real PostgreSQL and Redis, and scripted
OpenAI-compatible backends served over real sockets."""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from typing import Any

import pytest
import redis as redis_lib
from openai import OpenAI

from inference.models import Backend, Tier
from tests.support.clock import FakeMonotonic, FrozenClock
from tests.support.fake_openai import FakeOpenAI, serve_fake_openai
from tests.support.processes import asgi_server, embedded_inference_server

# Short caches so that rows a test writes reach the running server quickly.
GATEWAY_ENV = {
    "LONGHAUL_GATEWAY_REGISTRY_SECONDS": "0.1",
    "LONGHAUL_GATEWAY_LEDGER_FLUSH_SECONDS": "0.1",
    "LONGHAUL_GATEWAY_BREAKER_FAILURES": "3",
    "LONGHAUL_GATEWAY_BREAKER_COOLDOWN_SECONDS": "2",
    "LONGHAUL_GATEWAY_QUEUE_TIMEOUT_SECONDS": "5",
    "LONGHAUL_GATEWAY_MAX_BODY_BYTES": "200000",
}
# Past twice the registry's lifetime: the next request waits for a fresh registry.
REGISTRY_SETTLE_S = 0.25
# A tool every client of the embedded backend is asked to call.
WEATHER = {
    "type": "function",
    "function": {
        "name": "get_weather",
        "description": "The current weather in a city.",
        "parameters": {
            "type": "object",
            "properties": {"city": {"type": "string"}},
            "required": ["city"],
        },
    },
}


@pytest.fixture(scope="session")
def gateway_clock(tmp_path_factory: pytest.TempPathFactory) -> FrozenClock:
    return FrozenClock(tmp_path_factory.mktemp("gateway-clock") / "now")


@pytest.fixture(scope="session")
def gateway_url(
    django_db_setup: None,
    django_db_blocker: Any,
    gateway_clock: FrozenClock,
    server_monotonic: FakeMonotonic,
) -> Iterator[str]:
    env = {**GATEWAY_ENV, **gateway_clock.env(), **server_monotonic.env()}
    with django_db_blocker.unblock(), asgi_server(**env) as base:
        yield base


@pytest.fixture
def clock(gateway_clock: FrozenClock) -> Iterator[FrozenClock]:
    """The running gateway's wall clock (quota windows, prices in force), for the test to stop
    at a moment of its choosing; the real time again after the test."""
    yield gateway_clock
    gateway_clock.release()


@pytest.fixture
def gateway(gateway_url: str, redis_client: redis_lib.Redis, transactional_db: None) -> str:
    """The running gateway, with Redis emptied (quota counters, ledger queue) for this test."""
    return gateway_url


def client_for(base: str, key: str, **options: Any) -> OpenAI:
    return OpenAI(
        **{"base_url": f"{base}/v1", "api_key": key, "max_retries": 0, "timeout": 15, **options}
    )


class Backends:
    """Scripted backends for one test, registered as tier backends in the database, for gateways
    started with `monotonic.env()`."""

    def __init__(self, stack: ExitStack, monotonic: FakeMonotonic) -> None:
        self.stack = stack
        self.monotonic = monotonic

    def tier(self, name: str, *, context_window: int = 8192, fallback: str | None = None) -> Tier:
        kind = Tier.Kind.EMBEDDINGS if name == "embeddings" else Tier.Kind.CHAT
        tier, _ = Tier.objects.get_or_create(
            name=name, defaults={"context_window": context_window, "kind": kind}
        )
        if fallback:
            tier.fallback = Tier.objects.get(name=fallback)
            tier.save()
        return tier

    def add(
        self, tier: str, fake: FakeOpenAI | None = None, **fields: Any
    ) -> tuple[FakeOpenAI, Backend]:
        fake = fake or FakeOpenAI()
        url = fields.pop("base_url", None) or self.stack.enter_context(serve_fake_openai(fake))
        backend = Backend.objects.create(
            tier=self.tier(tier),
            name=f"{tier}-{uuid.uuid4().hex[:8]}",
            base_url=url,
            served_model=fields.pop("served_model", f"{tier}-model"),
            **{"connect_timeout_s": 1.0, "read_timeout_s": 10.0, **fields},
        )
        return fake, backend

    def settle(self) -> None:
        """The running gateways see the rows written so far (their registry cache expires)."""
        self.monotonic.advance(REGISTRY_SETTLE_S)


@pytest.fixture(scope="session")
def llama_base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The real embedded server (`manage.py serve_inference`, the bundled SmolLM2 and MiniLM),
    started once for every gateway test that needs it."""
    with embedded_inference_server(tmp_path_factory.mktemp("gateway-llama"), timeout=120) as (
        base,
        _,
    ):
        yield base


def register_embedded(backends: Backends, base: str) -> dict[str, Backend]:
    """Registers the embedded server as it is seeded: both chat tiers and the embeddings tier."""
    registered = {}
    for tier in ("standard", "fast", "embeddings"):
        chat = tier != "embeddings"
        _, registered[tier] = backends.add(
            tier,
            base_url=base,
            served_model=tier,
            read_timeout_s=120.0,
            max_concurrency=2,
            dialect=Backend.Dialect.LLAMA_CPP_PYTHON,
            supports_tools=chat,
            supports_json_schema=chat,
            supports_logprobs=tier == "standard",
        )
    backends.settle()
    return registered


@pytest.fixture
def llama(gateway: str, llama_base: str, backends: Backends) -> str:
    """The embedded server registered behind the running gateway; its base URL."""
    register_embedded(backends, llama_base)
    return llama_base


@pytest.fixture
def backends(server_monotonic: FakeMonotonic) -> Iterator[Backends]:
    with ExitStack() as stack:
        yield Backends(stack, server_monotonic)


def wait_for(predicate: Callable[[], Any], timeout: float = 10.0) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)  # the running gateway (another process) or a scripted backend works
    raise AssertionError("condition not met in time")
