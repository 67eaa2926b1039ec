"""The tier registry: seeding from settings, encrypted upstream keys, tier_registry()."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from django.db import connection

from core.secrets import SecretError, decrypt_secret, encrypt_secret
from inference.models import Backend, Tier
from inference.selectors import tier_registry
from inference.services import backend_secret_set, tiers_seed_from_settings

pytestmark = pytest.mark.django_db


def make_backend(tier: Tier, name: str, **fields: object) -> Backend:
    values: dict[str, object] = {
        "base_url": "http://127.0.0.1:9/v1",
        "served_model": "m",
        **fields,
    }
    return Backend.objects.create(tier=tier, name=name, **values)


def test_seed_without_urls_points_both_tiers_at_the_embedded_server(settings) -> None:
    settings.LONGHAUL_STANDARD_URL = ""
    settings.LONGHAUL_FAST_URL = ""
    settings.LONGHAUL_INFERENCE_HOST, settings.LONGHAUL_INFERENCE_PORT = "127.0.0.1", 8123

    tiers_seed_from_settings()

    registry = tier_registry()
    assert set(registry) == {"standard", "fast", "embeddings"}
    assert registry["embeddings"].kind == "embeddings"
    assert registry["fast"].fallback == "standard"
    assert registry["standard"].fallback is None
    for name in ("standard", "fast"):
        (backend,) = registry[name].backends
        assert backend.base_url == "http://127.0.0.1:8123/v1"
        assert backend.served_model == name
        assert backend.api_key is None
        assert backend.max_concurrency == 2
        assert backend.dialect == "llama_cpp_python"  # the gateway translates json_schema
        assert backend.supports_json_schema is True
    assert registry["standard"].context_window > registry["fast"].context_window
    # The embedded fast engine computes no logits for prompt positions.
    assert registry["standard"].backends[0].supports_logprobs is True
    assert registry["fast"].backends[0].supports_logprobs is False


def test_seed_is_idempotent_and_follows_changed_urls(settings) -> None:
    settings.LONGHAUL_STANDARD_URL = "http://gpu-a:8000/v1"
    settings.LONGHAUL_FAST_URL = "http://gpu-b:8000/v1"
    tiers_seed_from_settings()
    tiers_seed_from_settings()
    assert Tier.objects.count() == 3
    assert Backend.objects.count() == 3
    assert Backend.objects.get(name="fast-default").base_url == "http://gpu-b:8000/v1"
    assert Backend.objects.get(name="fast-default").max_concurrency == 8
    assert Backend.objects.get(name="fast-default").supports_json_schema is True
    assert Backend.objects.get(name="fast-default").dialect == "openai"
    assert Backend.objects.get(name="fast-default").supports_logprobs is True  # e.g. vLLM

    settings.LONGHAUL_FAST_URL = "http://gpu-c:8000/v1"
    tiers_seed_from_settings()
    assert Backend.objects.count() == 3
    assert tier_registry()["fast"].backends[0].base_url == "http://gpu-c:8000/v1"


def test_seed_keeps_admin_edits_to_tiers_and_extra_backends(settings) -> None:
    tiers = tiers_seed_from_settings()
    fast = tiers["fast"]
    fast.fallback, fast.context_window = None, 2048
    fast.save()
    make_backend(fast, "fast-extra", weight=3)

    tiers_seed_from_settings()

    registry = tier_registry()
    assert registry["fast"].fallback is None
    assert registry["fast"].context_window == 2048
    assert [b.name for b in registry["fast"].backends] == ["fast-default", "fast-extra"]


def test_seed_reads_served_model_and_key_variable_from_settings(settings) -> None:
    settings.LONGHAUL_STANDARD_URL = "https://api.example.com/v1"
    settings.LONGHAUL_STANDARD_SERVED_MODEL = "vendor-large"
    settings.LONGHAUL_STANDARD_API_KEY_ENV = "VENDOR_KEY"
    tiers_seed_from_settings()
    backend = Backend.objects.get(name="standard-default")
    assert (backend.served_model, backend.api_key_env) == ("vendor-large", "VENDOR_KEY")


def test_encryption_round_trip_and_no_plaintext_in_the_database() -> None:
    tiers = tiers_seed_from_settings()
    backend = make_backend(tiers["standard"], "hosted")
    secret = "sk-live-7f3a9c2e-very-secret"

    backend_secret_set(backend=backend, api_key=secret)

    with connection.cursor() as cursor:
        cursor.execute("SELECT * FROM inference_backend WHERE name = 'hosted'")
        row = cursor.fetchone()
    assert row is not None
    assert not any(secret in str(value) for value in row)
    stored = Backend.objects.get(name="hosted").api_key_encrypted
    assert decrypt_secret(stored) == secret
    (hosted,) = [b for b in tier_registry()["standard"].backends if b.name == "hosted"]
    assert hosted.api_key == secret


def test_a_key_encrypted_under_another_secret_key_is_refused(settings) -> None:
    token = encrypt_secret("sk-old")
    settings.SECRET_KEY = "a-different-secret-key-for-this-test-only-0123456789"
    with pytest.raises(SecretError):
        decrypt_secret(token)


# Encrypted by the secret store before it moved to core, under the development SECRET_KEY.
STORED_BEFORE = (
    "gAAAAABrEJxpVFQXSufWnXw6kdQ3gafSGYXqhcnMMnfy1n_TdXpgZnePCZP7GUn8gWiN3Yj4V9KpBrY9FfKNCx"
    "sDKWcxRb7RNFB9zApcODdmsnyxFAxsGcQ="
)


def test_secrets_stored_by_earlier_releases_still_decrypt(settings) -> None:
    settings.SECRET_KEY = "longhaul-insecure-development-key-change-me-in-production"
    assert decrypt_secret(STORED_BEFORE) == "sk-upstream-from-before"


def test_registry_resolves_keys_from_the_environment_first(monkeypatch) -> None:
    tiers = tiers_seed_from_settings()
    from_env = make_backend(tiers["fast"], "env-key", api_key_env="LONGHAUL_TEST_UPSTREAM_KEY")
    backend_secret_set(backend=from_env, api_key="sk-stored")
    monkeypatch.setenv("LONGHAUL_TEST_UPSTREAM_KEY", "sk-from-env")
    keys = {b.name: b.api_key for b in tier_registry()["fast"].backends}
    assert keys["env-key"] == "sk-from-env"

    monkeypatch.delenv("LONGHAUL_TEST_UPSTREAM_KEY")
    keys = {b.name: b.api_key for b in tier_registry()["fast"].backends}
    assert keys["env-key"] == "sk-stored"


def test_registry_leaves_out_inactive_tiers_and_disabled_backends() -> None:
    tiers = tiers_seed_from_settings()
    make_backend(tiers["standard"], "off", enabled=False)
    Tier.objects.filter(name__in=["fast", "embeddings"]).update(is_active=False)
    registry = tier_registry()
    assert set(registry) == {"standard"}
    assert [b.name for b in registry["standard"].backends] == ["standard-default"]


def test_seed_tiers_command_seeds_and_reports(settings) -> None:
    settings.LONGHAUL_STANDARD_URL = "http://gpu-a:8000/v1"
    settings.LONGHAUL_FAST_URL = ""
    out = StringIO()
    call_command("seed_tiers", stdout=out)
    call_command("seed_tiers", stdout=out)
    assert Backend.objects.count() == 3
    assert "standard: standard-default -> http://gpu-a:8000/v1 (standard)" in out.getvalue()
