"""Check the fast tier against standard on any two OpenAI-compatible servers (vLLM on GPUs).

Sends bench/inference.py's three workloads (short chat, long system prompt, a recorded
coding-agent step whose reply copies its input) greedily to both, in interleaved rounds (ABAB),
and prints per workload: output tokens/s end to end, time to first token, fast / standard, and
whether the greedy answers agree. Exits 1 when fast is slower than standard on a workload, or,
with --expect-identical, when an answer differs.

vLLM's fast tier keeps its KV cache in FP8, so its greedy answers may drift from standard's
after a while even with the same model; speculative decoding itself is lossless. Use
--expect-identical for servers whose only difference is speculation.

Usage (docker compose --profile gpu up; or any two URLs, or the gateway with two tier names):
  .venv/bin/python bench/gpu_tiers.py --standard-url http://127.0.0.1:8200/v1 \\
      --fast-url http://127.0.0.1:8201/v1 [--rounds 3] [--api-key KEY] [--expect-identical]
  .venv/bin/python bench/gpu_tiers.py ... --dry-run   # what would be sent, without sending
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

sys.path[:0] = [str(Path(__file__).resolve().parents[1])]

from bench.inference_workloads import WORKLOADS  # noqa: E402


@dataclass(frozen=True)
class Tier:
    name: str
    url: str
    model: str


@dataclass
class Answer:
    seconds: float
    ttft_s: float
    tokens: int
    text: str

    @property
    def rate(self) -> float:
        return self.tokens / self.seconds if self.seconds > 0 else 0.0


def ask(
    client: httpx.Client, tier: Tier, messages: list[dict[str, Any]], max_tokens: int
) -> Answer:
    body = {
        "model": tier.model,
        "messages": messages,
        "max_tokens": max_tokens,
        "temperature": 0,
        "stream": True,
        "stream_options": {"include_usage": True},
    }
    started = time.perf_counter()
    first: float | None = None
    chunks, usage, parts = 0, None, []
    with client.stream("POST", f"{tier.url.rstrip('/')}/chat/completions", json=body) as reply:
        reply.raise_for_status()
        for line in reply.iter_lines():
            if not line.startswith("data: ") or line == "data: [DONE]":
                continue
            event = json.loads(line[6:])
            usage = event.get("usage") or usage
            for choice in event.get("choices") or []:
                content = (choice.get("delta") or {}).get("content")
                if content:
                    first = first or time.perf_counter()
                    chunks += 1
                    parts.append(content)
    ended = time.perf_counter()
    # Servers that stream no usage: one content chunk per token, as vLLM and llama.cpp send.
    tokens = int(usage["completion_tokens"]) if usage else chunks
    return Answer(ended - started, (first or ended) - started, tokens, "".join(parts))


def common_prefix(a: str, b: str) -> int:
    size = min(len(a), len(b))
    return next((i for i in range(size) if a[i] != b[i]), size)


def run(
    client: httpx.Client, tiers: tuple[Tier, Tier], rounds: int
) -> dict[str, dict[str, list[Answer]]]:
    answers: dict[str, dict[str, list[Answer]]] = {
        w.name: {t.name: [] for t in tiers} for w in WORKLOADS
    }
    for round_number in range(rounds + 1):  # round 0 warms both servers' prefix caches
        for workload in WORKLOADS:
            messages = workload.messages(round_number)
            order = tiers if round_number % 2 else tiers[::-1]
            for tier in order:
                answer = ask(client, tier, messages, workload.max_tokens)
                if round_number:
                    answers[workload.name][tier.name].append(answer)
    return answers


def report(answers: dict[str, dict[str, list[Answer]]], expect_identical: bool) -> bool:
    """Prints the table; False when fast is slower somewhere, or differs where it must not."""
    ok = True
    print(
        "| workload | standard tok/s | fast tok/s | fast / standard | TTFT standard / fast s | greedy answers |"
    )
    print("|---|---|---|---|---|---|")
    for workload, by_tier in answers.items():
        standard, fast = by_tier["standard"], by_tier["fast"]
        rate_s = statistics.median(a.rate for a in standard)
        rate_f = statistics.median(a.rate for a in fast)
        ttft_s = statistics.median(a.ttft_s for a in standard)
        ttft_f = statistics.median(a.ttft_s for a in fast)
        same = all(a.text == b.text for a, b in zip(standard, fast, strict=True))
        agree = (
            "identical"
            if same
            else (
                f"differ after {min(common_prefix(a.text, b.text) for a, b in zip(standard, fast, strict=True))} chars"
            )
        )
        ratio = rate_f / rate_s if rate_s else 0.0
        print(
            f"| {workload} | {rate_s:.1f} | {rate_f:.1f} | {ratio:.2f} | {ttft_s:.2f} / {ttft_f:.2f} | {agree} |"
        )
        ok = ok and ratio >= 1.0 and (same or not expect_identical)
    return ok


def parse() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument(
        "--standard-url", required=True, help="OpenAI-compatible base, ending in /v1"
    )
    parser.add_argument("--fast-url", required=True)
    parser.add_argument(
        "--standard-model", default="standard", help="model name sent (default: standard)"
    )
    parser.add_argument("--fast-model", default="fast")
    parser.add_argument("--api-key", default=os.environ.get("LONGHAUL_BENCH_API_KEY", ""))
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds per request")
    parser.add_argument("--expect-identical", action="store_true", help="fail on differing answers")
    parser.add_argument("--dry-run", action="store_true", help="print the requests, send nothing")
    return parser.parse_args()


def main() -> int:
    args = parse()
    tiers = (
        Tier("standard", args.standard_url, args.standard_model),
        Tier("fast", args.fast_url, args.fast_model),
    )
    if args.dry_run:
        for workload in WORKLOADS:
            size = len(json.dumps(workload.messages(0)))
            print(
                f"{workload.name}: {size} characters of messages, max_tokens {workload.max_tokens}"
            )
        for tier in tiers:
            print(f"{tier.name}: POST {tier.url.rstrip('/')}/chat/completions model={tier.model}")
        return 0
    headers = {"Authorization": f"Bearer {args.api_key}"} if args.api_key else {}
    with httpx.Client(timeout=args.timeout, headers=headers) as client:
        answers = run(client, tiers, args.rounds)
    ok = report(answers, args.expect_identical)
    print("OK: fast is at least as fast as standard everywhere" if ok else "FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
