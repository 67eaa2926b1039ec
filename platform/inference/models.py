"""The tier registry: named model tiers, each a pool of OpenAI-compatible backends, and their
prices."""

from __future__ import annotations

from decimal import Decimal

from django.core.exceptions import ValidationError
from django.core.validators import MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils import timezone


class Tier(models.Model):
    """A model tier that callers name as the `model` (e.g. "standard", "fast", "embeddings")."""

    class Kind(models.TextChoices):
        CHAT = "chat", "chat completions"
        EMBEDDINGS = "embeddings", "embeddings"

    name = models.SlugField(max_length=64, unique=True)
    kind = models.CharField(
        max_length=16,
        choices=Kind.choices,
        default=Kind.CHAT,
        help_text="Which /v1 endpoint this tier serves.",
    )
    description = models.CharField(max_length=300, blank=True)
    # Used by the gateway when this tier has no healthy backend and the key's policy allows it.
    fallback = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="fallback_for"
    )

    class AgentStrategy(models.TextChoices):
        AGENT = "agent", "free-form agent loop (a capable model)"
        REPAIR = "repair", "repair engine first (a small model: validated candidate edits)"

    context_window = models.PositiveIntegerField(default=8192, validators=[MinValueValidator(1)])
    # How agents that can work either way (the coding workflow) use this tier's model when a
    # run does not choose: a small model cannot drive a free-form loop, so it proposes candidate
    # edits that tests validate instead.
    agent_strategy = models.CharField(
        max_length=16,
        choices=AgentStrategy.choices,
        default=AgentStrategy.AGENT,
        help_text="What a run on this tier does when its input leaves the strategy to the tier.",
    )
    is_active = models.BooleanField(default=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Backend(models.Model):
    """One OpenAI-compatible server (vLLM, SGLang, llama.cpp, a hosted API) serving a tier."""

    class Dialect(models.TextChoices):
        OPENAI = "openai", "OpenAI-compatible (vLLM, SGLang, llama.cpp server, hosted APIs)"
        LLAMA_CPP_PYTHON = "llama_cpp_python", "llama-cpp-python server (the embedded one)"

    class ProbeStatus(models.TextChoices):
        UP = "up", "up"
        BUSY = "busy", "alive, busy"
        DOWN = "down", "down"

    tier = models.ForeignKey(Tier, on_delete=models.CASCADE, related_name="backends")
    name = models.SlugField(max_length=100, unique=True)
    base_url = models.URLField(max_length=500, help_text="OpenAI-compatible base, ending in /v1")
    served_model = models.CharField(max_length=200, help_text="the model name sent upstream")
    weight = models.PositiveIntegerField(default=1, validators=[MinValueValidator(1)])
    max_concurrency = models.PositiveIntegerField(default=8, validators=[MinValueValidator(1)])
    max_queue = models.PositiveIntegerField(default=32)
    connect_timeout_s = models.FloatField(default=2.0, validators=[MinValueValidator(0.01)])
    read_timeout_s = models.FloatField(default=120.0, validators=[MinValueValidator(0.01)])
    api_key_env = models.CharField(
        max_length=200, blank=True, help_text="environment variable holding the upstream API key"
    )
    # Fernet token; see core.secrets. Never the plaintext key.
    api_key_encrypted = models.TextField(blank=True, editable=False)
    enabled = models.BooleanField(default=True)
    dialect = models.CharField(
        max_length=32,
        choices=Dialect.choices,
        default=Dialect.OPENAI,
        help_text="What the gateway translates for this server (see docs/gateway.md).",
    )
    supports_tools = models.BooleanField(default=True)
    supports_json_schema = models.BooleanField(default=True)
    supports_logprobs = models.BooleanField(
        default=True,
        help_text="Whether the server answers `logprobs` (the embedded fast tier does not).",
    )
    healthy = models.BooleanField(default=True)
    # A busy backend is alive and routable: `healthy` is false only when it is down.
    probe_status = models.CharField(
        max_length=8, choices=ProbeStatus.choices, default=ProbeStatus.UP
    )
    probe_in_flight = models.PositiveIntegerField(null=True, blank=True)
    probe_waiting = models.PositiveIntegerField(null=True, blank=True)
    last_probe_at = models.DateTimeField(null=True, blank=True)
    last_probe_error = models.CharField(max_length=500, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["tier__name", "name"]

    def __str__(self) -> str:
        return f"{self.name} ({self.tier.name})"


class Price(models.Model):
    """What a tier, or one of its backends, costs per million tokens from a moment on.

    Prices are versioned, never edited in place once in force: a change is a new row with a
    later `effective_from`, so the ledger's history stays true. A request is priced by the row
    in force at its time, its backend's own row before its tier's."""

    tier = models.ForeignKey(Tier, on_delete=models.CASCADE, related_name="prices")
    backend = models.ForeignKey(
        Backend,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="prices",
        help_text="Blank: every backend of the tier that has no price of its own.",
    )
    effective_from = models.DateTimeField(
        default=timezone.now, help_text="The price applies to requests from this moment on."
    )
    input_per_million = models.DecimalField(
        max_digits=16,
        decimal_places=6,
        validators=[MinValueValidator(Decimal(0))],
        help_text="Per million prompt (input) tokens, in the currency setting.",
    )
    output_per_million = models.DecimalField(
        max_digits=16,
        decimal_places=6,
        validators=[MinValueValidator(Decimal(0))],
        help_text="Per million completion (output) tokens, in the currency setting.",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tier__name", "backend__name", "-effective_from"]
        constraints = [
            models.UniqueConstraint(
                fields=["tier", "backend", "effective_from"],
                name="inference_one_backend_price_per_moment",
                condition=Q(backend__isnull=False),
            ),
            models.UniqueConstraint(
                fields=["tier", "effective_from"],
                name="inference_one_tier_price_per_moment",
                condition=Q(backend__isnull=True),
            ),
        ]

    def __str__(self) -> str:
        target = self.backend.name if self.backend else self.tier.name
        return f"{target} from {self.effective_from:%Y-%m-%d %H:%M}"

    def clean(self) -> None:
        if self.backend is not None and self.backend.tier_id != self.tier_id:
            raise ValidationError({"backend": "The backend serves another tier."})
