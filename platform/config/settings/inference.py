"""Inference (platform/inference): tier seeds, the embedded CPU server, vLLM launch specs, probes.

Each tier's default backend follows LONGHAUL_<TIER>_URL / _SERVED_MODEL / _API_KEY_ENV.
"""

from __future__ import annotations

from config.env import env_bool, env_choice, env_float, env_int, env_list, env_str

LONGHAUL_EMBEDDED_INFERENCE = env_bool("LONGHAUL_EMBEDDED_INFERENCE", True)
LONGHAUL_INFERENCE_HOST = env_str("LONGHAUL_INFERENCE_HOST", "127.0.0.1")
LONGHAUL_INFERENCE_PORT = env_int("LONGHAUL_INFERENCE_PORT", 8100)
LONGHAUL_STANDARD_URL = env_str("LONGHAUL_STANDARD_URL", "")
LONGHAUL_FAST_URL = env_str("LONGHAUL_FAST_URL", "")
LONGHAUL_UPSTREAM_TIMEOUT_SECONDS = env_float("LONGHAUL_UPSTREAM_TIMEOUT_SECONDS", 120.0)
LONGHAUL_STANDARD_SERVED_MODEL = env_str("LONGHAUL_STANDARD_SERVED_MODEL", "standard")
LONGHAUL_FAST_SERVED_MODEL = env_str("LONGHAUL_FAST_SERVED_MODEL", "fast")
LONGHAUL_STANDARD_API_KEY_ENV = env_str("LONGHAUL_STANDARD_API_KEY_ENV", "")
LONGHAUL_FAST_API_KEY_ENV = env_str("LONGHAUL_FAST_API_KEY_ENV", "")
LONGHAUL_STANDARD_CONTEXT = env_int("LONGHAUL_STANDARD_CONTEXT", 8192)
LONGHAUL_FAST_CONTEXT = env_int("LONGHAUL_FAST_CONTEXT", 4096)
# How a seeded tier's runs work when their input leaves it to the tier (inference.Tier): unset,
# the repair engine where the embedded server's small model serves the tier, the free-form agent
# loop where LONGHAUL_<TIER>_URL names a backend.
LONGHAUL_STANDARD_AGENT_STRATEGY = env_choice(
    "LONGHAUL_STANDARD_AGENT_STRATEGY", ("agent", "repair")
)
LONGHAUL_FAST_AGENT_STRATEGY = env_choice("LONGHAUL_FAST_AGENT_STRATEGY", ("agent", "repair"))
# The `embeddings` tier: the embedded server's MiniLM unless LONGHAUL_EMBEDDINGS_URL names another.
LONGHAUL_EMBEDDINGS_URL = env_str("LONGHAUL_EMBEDDINGS_URL", "")
LONGHAUL_EMBEDDINGS_SERVED_MODEL = env_str("LONGHAUL_EMBEDDINGS_SERVED_MODEL", "embeddings")
LONGHAUL_EMBEDDINGS_API_KEY_ENV = env_str("LONGHAUL_EMBEDDINGS_API_KEY_ENV", "")
LONGHAUL_EMBEDDINGS_CONTEXT = env_int("LONGHAUL_EMBEDDINGS_CONTEXT", 512)
LONGHAUL_INFERENCE_THREADS = env_int("LONGHAUL_INFERENCE_THREADS", 0)  # 0: all cores but one
# A second, smaller GGUF file for the embedded fast tier; empty: the bundled model, as standard.
LONGHAUL_EMBEDDED_FAST_MODEL = env_str("LONGHAUL_EMBEDDED_FAST_MODEL", "")
LONGHAUL_STANDARD_MODEL = env_str("LONGHAUL_STANDARD_MODEL", "Qwen/Qwen3-8B")
LONGHAUL_FAST_MODEL = env_str("LONGHAUL_FAST_MODEL", "Qwen/Qwen3-8B")
LONGHAUL_FAST_DRAFT_MODEL = env_str("LONGHAUL_FAST_DRAFT_MODEL", "")
LONGHAUL_VLLM_PORT = env_int("LONGHAUL_VLLM_PORT", 8000)
# The GPUs of each vLLM tier on its host (docker-compose's gpu profile, `inference_command`):
# device indexes, comma-separated, distinct between the tiers; the tensor-parallel size is
# their number unless LONGHAUL_<TIER>_GPUS says otherwise.
LONGHAUL_STANDARD_GPU_DEVICES = env_list("LONGHAUL_STANDARD_GPU_DEVICES", ["0"])
LONGHAUL_FAST_GPU_DEVICES = env_list("LONGHAUL_FAST_GPU_DEVICES", ["1"])
LONGHAUL_STANDARD_GPUS = env_int("LONGHAUL_STANDARD_GPUS", len(LONGHAUL_STANDARD_GPU_DEVICES))
LONGHAUL_FAST_GPUS = env_int("LONGHAUL_FAST_GPUS", len(LONGHAUL_FAST_GPU_DEVICES))
LONGHAUL_PROBE_INTERVAL_SECONDS = env_float("LONGHAUL_PROBE_INTERVAL_SECONDS", 15.0)
