"""The platform on the bundled model (SmolLM2-135M under llama.cpp): what the end-to-end tests of
each workflow with a real, tiny model share."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from inference.models import Backend, Tier
from tests.support.processes import asgi_server, celery_worker, embedded_inference_server

CONTEXT = 2048


@contextmanager
def platform_on_bundled_model(
    directory: Path, *, env: dict[str, str] | None = None, **backend: Any
) -> Iterator[str]:
    """Starts the bundled model as the standard tier's only backend (`backend`: its further
    fields; the dialect is llama-cpp-python's unless given), the ASGI server and one worker whose agents call the model through the gateway;
    yields the server's base URL. `env` goes to both processes. Needs a transactional database."""
    env = env or {}
    with embedded_inference_server(directory, standard_context=CONTEXT) as (llama, _):
        tier, _ = Tier.objects.get_or_create(name="standard", defaults={"context_window": CONTEXT})
        Backend.objects.create(
            tier=tier,
            name="bundled",
            base_url=llama,
            served_model="standard",
            read_timeout_s=120.0,
            **{"dialect": Backend.Dialect.LLAMA_CPP_PYTHON, **backend},
        )
        with asgi_server(LONGHAUL_GATEWAY_REGISTRY_SECONDS="0.1", **env) as base:
            gateway = {"LONGHAUL_GATEWAY_URL": f"{base}/v1", "LONGHAUL_AGENT_MODEL_URL": ""}
            with celery_worker(concurrency=1, **gateway, **env):
                yield base
