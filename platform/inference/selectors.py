"""Reads of the tier registry, in the plain shapes the gateway routes with."""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from django.db.models import Prefetch, QuerySet

from core.secrets import SecretError, decrypt_secret
from inference.models import Backend, Price, Tier

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class BackendConfig:
    name: str
    tier: str
    base_url: str
    served_model: str
    weight: int
    max_concurrency: int
    max_queue: int
    connect_timeout_s: float
    read_timeout_s: float
    api_key: str | None
    supports_tools: bool
    supports_json_schema: bool
    dialect: str = "openai"
    supports_logprobs: bool = True

    @property
    def root_url(self) -> str:
        """The server's root (the base URL without its /v1), where /health and /tokenize live."""
        return self.base_url.removesuffix("/v1")


@dataclass(frozen=True)
class TierConfig:
    name: str
    fallback: str | None
    context_window: int
    backends: tuple[BackendConfig, ...]
    kind: str = "chat"


def tier_registry() -> dict[str, TierConfig]:
    """Active tiers with their enabled backends (healthy or not) and upstream keys resolved.

    Health is left to the caller: the gateway combines the probe's `healthy` flag with its own
    passive ejection, and a tier whose backends are all down must still be known to fall back.
    """
    enabled = Backend.objects.filter(enabled=True).order_by("name")
    tiers = (
        Tier.objects.filter(is_active=True)
        .select_related("fallback")
        .prefetch_related(Prefetch("backends", queryset=enabled))
    )
    return {tier.name: _tier_config(tier) for tier in tiers}


def tier_exists(*, name: str) -> bool:
    return Tier.objects.filter(name=name).exists()


@dataclass(frozen=True)
class TierProfile:
    """What a run on the tier works with when its input leaves it to the tier."""

    agent_strategy: str
    context_window: int | None  # None: the tier is not registered, so nothing is known


def tier_profile(*, name: str) -> TierProfile:
    """A tier that is not registered has the field defaults and no known context window."""
    found = Tier.objects.filter(name=name).values("agent_strategy", "context_window").first()
    if found is None:
        return TierProfile(Tier.AgentStrategy.AGENT, None)
    return TierProfile(str(found["agent_strategy"]), int(found["context_window"]))


def _tier_config(tier: Tier) -> TierConfig:
    fallback = tier.fallback.name if tier.fallback and tier.fallback.is_active else None
    backends = tuple(backend_config(backend) for backend in tier.backends.all())
    return TierConfig(tier.name, fallback, tier.context_window, backends, tier.kind)


def backend_config(backend: Backend) -> BackendConfig:
    return BackendConfig(
        name=backend.name,
        tier=backend.tier.name,
        base_url=backend.base_url.rstrip("/"),
        served_model=backend.served_model,
        weight=backend.weight,
        max_concurrency=backend.max_concurrency,
        max_queue=backend.max_queue,
        connect_timeout_s=backend.connect_timeout_s,
        read_timeout_s=backend.read_timeout_s,
        api_key=backend_api_key(backend),
        supports_tools=backend.supports_tools,
        supports_json_schema=backend.supports_json_schema,
        dialect=backend.dialect,
        supports_logprobs=backend.supports_logprobs,
    )


def backend_api_key(backend: Backend) -> str | None:
    """The environment variable wins over the stored key, so operators can rotate without the DB."""
    if backend.api_key_env:
        from_env = os.environ.get(backend.api_key_env, "")
        if from_env:
            return from_env
    if backend.api_key_encrypted:
        try:
            return decrypt_secret(backend.api_key_encrypted)
        except SecretError:
            logger.error("backend %s: stored API key is unreadable; set it again", backend.name)
    return None


def backends_enabled() -> QuerySet[Backend]:
    return Backend.objects.filter(enabled=True).select_related("tier").order_by("name")


def backends_healthy() -> dict[str, bool]:
    """{backend name: its last active probe's verdict} for the enabled backends."""
    return dict(Backend.objects.filter(enabled=True).values_list("name", "healthy"))


def price_rows() -> Iterator[tuple[str, str, datetime, Decimal, Decimal]]:
    """Every price version as (tier, backend or "", effective from, input and output per
    million tokens): a small table, read whole."""
    rows = Price.objects.values_list(
        "tier__name", "backend__name", "effective_from", "input_per_million", "output_per_million"
    )
    for tier, backend, start, price_in, price_out in rows:
        yield tier, backend or "", start, price_in, price_out
