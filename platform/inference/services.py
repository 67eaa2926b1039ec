"""Writes to the tier registry: seeding from settings, probe results, upstream secrets."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from core.secrets import encrypt_secret
from inference.models import Backend, Tier

TIER_DESCRIPTIONS = {
    "standard": "Full context and quality; the default for agent reasoning.",
    "fast": "Lower latency: speculative decoding and a smaller context.",
    "embeddings": "Text embeddings for /v1/embeddings (all-MiniLM-L6-v2 on the embedded server).",
}
SEEDED_TIERS = ("standard", "fast", "embeddings")


@dataclass(frozen=True)
class TierSeed:
    name: str
    base_url: str
    served_model: str
    api_key_env: str
    context_window: int
    agent_strategy: str = Tier.AgentStrategy.AGENT

    @property
    def kind(self) -> str:
        return Tier.Kind.EMBEDDINGS if self.name == "embeddings" else Tier.Kind.CHAT


def _seeded_strategy(upper: str) -> str:
    """LONGHAUL_<TIER>_AGENT_STRATEGY, else the repair engine for a tier the embedded server
    (its small bundled model) serves and the free-form loop for a configured backend."""
    chosen = getattr(settings, f"LONGHAUL_{upper}_AGENT_STRATEGY", "")
    if chosen:
        return str(chosen)
    if getattr(settings, f"LONGHAUL_{upper}_URL"):
        return Tier.AgentStrategy.AGENT
    return Tier.AgentStrategy.REPAIR


def embedded_base_url() -> str:
    return f"http://{settings.LONGHAUL_INFERENCE_HOST}:{settings.LONGHAUL_INFERENCE_PORT}/v1"


def tier_seeds() -> list[TierSeed]:
    """standard, fast and embeddings, from LONGHAUL_<TIER>_* settings or else the embedded
    server (which serves all three)."""
    seeds = []
    for name in SEEDED_TIERS:
        upper = name.upper()
        seeds.append(
            TierSeed(
                name=name,
                base_url=getattr(settings, f"LONGHAUL_{upper}_URL") or embedded_base_url(),
                served_model=getattr(settings, f"LONGHAUL_{upper}_SERVED_MODEL"),
                api_key_env=getattr(settings, f"LONGHAUL_{upper}_API_KEY_ENV"),
                context_window=getattr(settings, f"LONGHAUL_{upper}_CONTEXT"),
                agent_strategy=_seeded_strategy(upper),
            )
        )
    return seeds


@transaction.atomic
def tiers_seed_from_settings() -> dict[str, Tier]:
    """Idempotent. Tiers are created once (admin edits to them stay); each tier's
    `<tier>-default` backend follows the settings for its URL, model and key variable, so
    changing LONGHAUL_<TIER>_URL and restarting re-points it. Other backends are left alone."""
    tiers, created = {}, set()
    for seed in tier_seeds():
        tier, was_created = Tier.objects.get_or_create(
            name=seed.name,
            defaults={
                "description": TIER_DESCRIPTIONS[seed.name],
                "context_window": seed.context_window,
                "agent_strategy": seed.agent_strategy,
                "kind": seed.kind,
            },
        )
        _seed_default_backend(tier, seed)
        tiers[seed.name] = tier
        if was_created:
            created.add(seed.name)
    # Only on creation: an operator who removes the fallback in the admin keeps it removed.
    fast = tiers["fast"]
    if "fast" in created:
        fast.fallback = tiers["standard"]
        fast.save(update_fields=["fallback", "updated_at"])
    return tiers


def _seed_default_backend(tier: Tier, seed: TierSeed) -> Backend:
    backend, created = Backend.objects.select_for_update().get_or_create(
        name=f"{seed.name}-default",
        defaults={
            "tier": tier,
            "base_url": seed.base_url,
            "served_model": seed.served_model,
            "api_key_env": seed.api_key_env,
            "read_timeout_s": settings.LONGHAUL_UPSTREAM_TIMEOUT_SECONDS,
            **_embedded_defaults(seed),
        },
    )
    wanted = {
        "base_url": seed.base_url,
        "served_model": seed.served_model,
        "api_key_env": seed.api_key_env,
    }
    if backend.base_url != seed.base_url:  # another server: its dialect follows the URL
        wanted["dialect"] = str(_embedded_defaults(seed).get("dialect", Backend.Dialect.OPENAI))
    changed = [field for field, value in wanted.items() if getattr(backend, field) != value]
    if not created and changed:
        for field in changed:
            setattr(backend, field, wanted[field])
        backend.save(update_fields=[*changed, "updated_at"])
    return backend


def _embedded_defaults(seed: TierSeed) -> dict[str, int | bool | str]:
    """The embedded server decodes one request at a time for both tiers; a short in-flight
    limit keeps the rest waiting in the gateway's queue, where they count and can time out.
    Its dialect tells the gateway what to translate (json_schema, forced tools, stream usage).
    An embeddings backend pointing at an embedded server that is switched off starts disabled,
    so deployments that move chat elsewhere are not reported unready for it."""
    chat = seed.kind == Tier.Kind.CHAT
    if seed.base_url != embedded_base_url():
        if chat:
            return {}
        return {"supports_tools": False, "supports_json_schema": False, "supports_logprobs": False}
    return {
        "max_concurrency": 2,
        "dialect": Backend.Dialect.LLAMA_CPP_PYTHON,
        "supports_json_schema": chat,
        "supports_tools": chat,
        # The fast engine speculates and answers no logprobs (inference.embedded).
        "supports_logprobs": chat and seed.name != "fast",
        "enabled": chat or settings.LONGHAUL_EMBEDDED_INFERENCE,
    }


def backend_record_probe(
    *,
    backend: Backend,
    status: str,
    error: str = "",
    in_flight: int | None = None,
    waiting: int | None = None,
    at: datetime | None = None,
) -> Backend:
    """Store one active probe's outcome; only the probe fields are written. A busy backend
    stays routable (`healthy`): it is alive, its queue is merely full."""
    backend.probe_status = status
    backend.healthy = status != Backend.ProbeStatus.DOWN
    backend.last_probe_error = "" if backend.healthy else error[:500]
    backend.probe_in_flight, backend.probe_waiting = in_flight, waiting
    backend.last_probe_at = at or timezone.now()
    fields = ["healthy", "probe_status", "probe_in_flight", "probe_waiting", "last_probe_error"]
    backend.save(update_fields=[*fields, "last_probe_at", "updated_at"])
    return backend


def backend_secret_set(*, backend: Backend, api_key: str) -> Backend:
    """Store an upstream API key encrypted; an empty key clears the stored one."""
    backend.api_key_encrypted = encrypt_secret(api_key) if api_key else ""
    backend.save(update_fields=["api_key_encrypted", "updated_at"])
    return backend
