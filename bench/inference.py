"""Embedded CPU tiers: decode tokens/s for standard vs fast, and the prompt-prefix cache.

Starts `manage.py serve_inference` on a free port (the real llama.cpp server with the bundled
model) and measures, in one run against that one server:
  * decode tokens/s per tier on the same prompts (short chat and a long agent-style context),
    tiers interleaved so machine noise hits both alike; reported as fast / standard;
  * time to first token with a repeated ~1,500-token system prompt, cached / uncached
    (uncached: a fresh nonce at the start of the system prompt defeats every prefix cache).

Usage: .venv/bin/python bench/inference.py [--rounds N]
"""

from __future__ import annotations

import argparse
import os
import platform as stdlib_platform
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from dataclasses import dataclass
from pathlib import Path

import httpx

REPO = Path(__file__).resolve().parents[1]
# About 1,500 tokens of this project's markdown with the bundled model's tokenizer.
SYSTEM_PROMPT_WORDS = 740
QUESTIONS = [
    "List three practical uses of a hash map, one line each.",
    "Explain what a race condition is to a new programmer.",
    "Describe the steps to make a cup of tea.",
]


@dataclass
class Timing:
    ttft_s: float
    tokens: int
    decode_tps: float


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_server(port: int, data_dir: str) -> subprocess.Popen[bytes]:
    env = {
        **os.environ,
        "PYTHONPATH": f"{REPO / 'platform'}:{REPO}",
        "LONGHAUL_DATA_DIR": data_dir,
        # The inference process never touches the database; this keeps it from starting one.
        "DATABASE_URL": "postgresql://127.0.0.1:1/unused",
    }
    command = [sys.executable, str(REPO / "manage.py"), "serve_inference", "--port", str(port)]
    process = subprocess.Popen(command, env=env, cwd=REPO, start_new_session=True)
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"serve_inference exited with {process.returncode}")
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/v1/models", timeout=1)
            return process
        except OSError:
            time.sleep(0.5)
    raise SystemExit("serve_inference did not start within 300 s")


def stream_chat(
    client: httpx.Client, tier: str, messages: list[dict[str, str]], max_tokens: int
) -> Timing:
    body = {
        "model": tier,
        "messages": messages,
        "max_tokens": max_tokens,
        "temperature": 0,
        "stream": True,
    }
    started = time.perf_counter()
    stamps: list[float] = []
    with client.stream("POST", "/chat/completions", json=body) as reply:
        reply.raise_for_status()
        for line in reply.iter_lines():
            if line.startswith("data: ") and '"content"' in line and '"content":""' not in line:
                stamps.append(time.perf_counter())
    if len(stamps) < 2:
        return Timing(stamps[0] - started if stamps else float("nan"), len(stamps), float("nan"))
    return Timing(stamps[0] - started, len(stamps), (len(stamps) - 1) / (stamps[-1] - stamps[0]))


def long_context() -> str:
    text = (REPO / "docs" / "architecture.md").read_text() + (REPO / "README.md").read_text()
    words = text.split()
    while len(words) < SYSTEM_PROMPT_WORDS:
        words += words
    return " ".join(words[:SYSTEM_PROMPT_WORDS])


def decode_rates(client: httpx.Client, rounds: int) -> dict[tuple[str, str], list[float]]:
    system = long_context()
    rates: dict[tuple[str, str], list[float]] = {}
    for round_number in range(rounds):
        for question in QUESTIONS:
            for tier in ("standard", "fast") if round_number % 2 == 0 else ("fast", "standard"):
                short = [{"role": "user", "content": question}]
                long = [{"role": "system", "content": system}, *short]
                for kind, messages in (("short", short), ("long", long)):
                    timing = stream_chat(client, tier, messages, max_tokens=64)
                    rates.setdefault((tier, kind), []).append(timing.decode_tps)
    return rates


def prefix_cache(client: httpx.Client, rounds: int) -> tuple[list[float], list[float]]:
    system = long_context()
    cached, uncached = [], []
    stream_chat(
        client,
        "standard",
        [{"role": "system", "content": system}, {"role": "user", "content": "Hello."}],
        max_tokens=1,
    )
    for index in range(rounds * len(QUESTIONS)):
        question = QUESTIONS[index % len(QUESTIONS)]
        fresh = f"Session {uuid.uuid4()}.\n{system}"
        timing = stream_chat(
            client,
            "standard",
            [{"role": "system", "content": fresh}, {"role": "user", "content": question}],
            4,
        )
        uncached.append(timing.ttft_s)
        timing = stream_chat(
            client,
            "standard",
            [{"role": "system", "content": system}, {"role": "user", "content": question}],
            4,
        )
        cached.append(timing.ttft_s)
    return cached, uncached


def prompt_tokens(client: httpx.Client) -> int:
    body = {
        "model": "standard",
        "max_tokens": 1,
        "messages": [{"role": "system", "content": long_context()}],
    }
    return int(client.post("/chat/completions", json=body).json()["usage"]["prompt_tokens"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    sys.stdout.reconfigure(line_buffering=True)  # type: ignore[union-attr]
    # Turn SIGTERM into an exception so the server is stopped on the way out.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    port = free_port()
    with tempfile.TemporaryDirectory() as data_dir:
        process = start_server(port, data_dir)
        try:
            with httpx.Client(base_url=f"http://127.0.0.1:{port}/v1", timeout=600) as client:
                report(client, args.rounds)
        finally:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=30)


def report(client: httpx.Client, rounds: int) -> None:
    print(
        f"machine: {stdlib_platform.machine()}, {os.cpu_count()} CPUs, "
        f"load {os.getloadavg()[0]:.1f}; {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}"
    )
    print(f"long system prompt: {prompt_tokens(client)} tokens")
    rates = decode_rates(client, rounds)
    for kind in ("short", "long"):
        standard = statistics.median(rates[("standard", kind)])
        fast = statistics.median(rates[("fast", kind)])
        print(
            f"decode tokens/s, {kind:5} prompt: standard {standard:6.1f}  fast {fast:6.1f}  "
            f"fast/standard {fast / standard:.2f}"
        )
    cached, uncached = prefix_cache(client, rounds)
    ratio = statistics.median(cached) / statistics.median(uncached)
    print(
        f"TTFT with the repeated system prompt: cached {statistics.median(cached) * 1000:.0f} ms, "
        f"uncached {statistics.median(uncached) * 1000:.0f} ms, cached/uncached {ratio:.3f} "
        f"(target <= 0.2)"
    )


if __name__ == "__main__":
    main()
