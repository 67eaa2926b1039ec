"""vLLM launch specs for the GPU tiers, produced from settings.

`manage.py inference_command` prints them and docker-compose's `gpu` profile runs the same
command lines (tests/inference/test_vllm_spec.py keeps the two equal).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from django.conf import settings

TIERS = ("standard", "fast")
# n-gram (prompt lookup) proposals: free of a draft model and strong on agent traffic, which
# quotes its own context (code edits, tool results) back.
NGRAM_SPECULATION = {"method": "ngram", "num_speculative_tokens": 4, "prompt_lookup_max": 4}
EAGLE3_SPECULATIVE_TOKENS = 3


class SpecError(ValueError):
    """The requested layout cannot be served; the message says why and what to do."""


@dataclass(frozen=True)
class VllmSpec:
    tier: str
    argv: tuple[str, ...]
    notes: tuple[str, ...]


def tier_model(tier: str) -> str:
    return str(settings.LONGHAUL_FAST_MODEL if tier == "fast" else settings.LONGHAUL_STANDARD_MODEL)


def speculative_config() -> dict[str, object]:
    draft = settings.LONGHAUL_FAST_DRAFT_MODEL
    if draft:
        return {
            "method": "eagle3",
            "model": draft,
            "num_speculative_tokens": EAGLE3_SPECULATIVE_TOKENS,
        }
    return dict(NGRAM_SPECULATION)


def tier_devices(tier: str) -> tuple[str, ...]:
    """The host GPUs (device indexes) the tier's server is given, from settings."""
    if tier == "fast":
        return tuple(settings.LONGHAUL_FAST_GPU_DEVICES)
    return tuple(settings.LONGHAUL_STANDARD_GPU_DEVICES)


def tier_gpus(tier: str) -> int:
    """The tier's tensor-parallel size from settings: by default, the number of its GPUs."""
    return int(settings.LONGHAUL_FAST_GPUS if tier == "fast" else settings.LONGHAUL_STANDARD_GPUS)


def device_layout_problem() -> str | None:
    """Why the tiers' GPUs from settings cannot be served on one host, if they cannot."""
    shared = sorted(set(tier_devices("standard")) & set(tier_devices("fast")))
    if shared:
        return (
            f"LONGHAUL_STANDARD_GPU_DEVICES and LONGHAUL_FAST_GPU_DEVICES share GPU "
            f"{', '.join(shared)}: give each tier GPUs of its own"
        )
    for tier in TIERS:
        if tier_gpus(tier) != len(tier_devices(tier)):
            name = tier.upper()
            return (
                f"LONGHAUL_{name}_GPUS is {tier_gpus(tier)} but LONGHAUL_{name}_GPU_DEVICES "
                f"names {len(tier_devices(tier))} GPUs: the tensor-parallel size is their number"
            )
    return None


def vllm_spec(
    *,
    tier: str,
    gpus: int | None = None,
    nodes: int = 1,
    host: str = "0.0.0.0",
    port: int | None = None,
) -> VllmSpec:
    """`gpus` is GPUs per node: tensor parallel inside a node, pipeline parallel across nodes;
    without it, the tier's GPUs from settings (which must then make sense on one host)."""
    if gpus is None:
        if problem := device_layout_problem():
            raise SpecError(problem)
        gpus = tier_gpus(tier)
    _validate(tier, gpus, nodes)
    argv = [
        "vllm",
        "serve",
        tier_model(tier),
        "--served-model-name",
        tier,
        "--host",
        host,
        "--port",
        str(port or settings.LONGHAUL_VLLM_PORT),
        "--tensor-parallel-size",
        str(gpus),
        "--enable-prefix-caching",
    ]
    if tier == "fast":
        argv += [
            "--kv-cache-dtype",
            "fp8",
            "--speculative-config",
            json.dumps(speculative_config()),
        ]
    notes: tuple[str, ...] = ()
    if nodes > 1:
        argv += ["--pipeline-parallel-size", str(nodes), "--distributed-executor-backend", "ray"]
        notes = ray_notes(nodes)
    return VllmSpec(tier, tuple(argv), notes)


def _validate(tier: str, gpus: int, nodes: int) -> None:
    if tier not in TIERS:
        raise SpecError(f"unknown tier {tier!r}; choose one of {', '.join(TIERS)}")
    if gpus < 1 or nodes < 1:
        raise SpecError("--gpus and --nodes must be at least 1")
    if tier == "fast" and nodes > 1:
        raise SpecError(
            "vLLM does not combine speculative decoding with pipeline parallelism: give the "
            "fast tier a model that fits on one node, or serve the large model as standard"
        )


def ray_notes(nodes: int) -> tuple[str, ...]:
    return (
        f"Pipeline parallelism over {nodes} nodes runs on a Ray cluster:",
        "  head node:    ray start --head --port=6379",
        "  other nodes:  ray start --address=<head-ip>:6379",
        "Run the command below on the head node once `ray status` shows every node and GPU.",
        "Every node needs the same vLLM version, the model in its cache (or shared storage),",
        "and a fast interconnect; set NCCL_SOCKET_IFNAME / GLOO_SOCKET_IFNAME if several NICs.",
    )
