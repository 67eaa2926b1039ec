"""Embedded CPU tiers: fast / standard on three workloads, and each lever's effect alone.

Starts the real embedded server (`manage.py serve_inference`, llama.cpp, the bundled model) with
the product's own config (`serve_inference --print-config`) plus, unless --quick, one extra
alias per lever: the standard tier's settings with that one setting changed. Then, in one run:

  * three workloads, each sent greedily (temperature 0) to every alias: a short chat, the same
    questions behind a ~1,400-token system prompt, and a recorded step of the coding agent (its
    real system prompt and transcript, the file it just read, and a reply that rewrites that
    file: a patch-shaped answer that copies its input);
  * rounds interleaved (the order of aliases alternates, ABAB), one untimed round first so that
    every timed request finds its prompt prefix cached, as an agent's next step does;
  * per alias and workload, medians of: tokens/s end to end (first byte of the request to the
    last token), time to first token, and the server's CPU seconds per request (its whole
    process, from /proc: on a shared machine this moves much less with the neighbours' load
    than wall time does, and with one inference thread it is what a quiet machine would take);
  * ratios against `standard` measured in the same run, and whether each alias's greedy answers
    are identical to standard's (they must be wherever the model is the same);
  * time to first token with the repeated system prompt, cached / uncached.

Usage: .venv/bin/python bench/inference.py [--quick] [--rounds N] [--levers a,b]
  --quick: standard and fast only, 2 timed rounds (a few minutes on a quiet 2-core machine).
  --levers: only these levers (what speculation alone buys: --levers prompt-lookup,ctx-4096).
LONGHAUL_INFERENCE_THREADS applies as it does to the server.
"""

from __future__ import annotations

import argparse
import json
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
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO)]

from bench.inference_workloads import WORKLOADS, Workload, long_context  # noqa: E402

ENGINES_KEY = "longhaul_engines"  # inference.embedded.ENGINES_KEY (no Django in this process)
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def _with(**changes: Any) -> Callable[[dict[str, Any]], dict[str, Any]]:
    return lambda standard: {**standard, **changes}


# Each lever alone: standard's settings with one change (engine: the engine config of that
# alias, see inference.embedded_llama: "standard" and "fast" copy those tiers'; "stock" is
# llama-cpp-python's own engine). `fast` differs from `standard` by speculation and context
# size, so "prompt-lookup" (speculation alone) and "ctx-4096" (context alone) split its lead.
LEVERS: dict[str, tuple[str, Callable[[dict[str, Any]], dict[str, Any]], str]] = {
    "prompt-lookup": ("+ fast's prompt-lookup speculation (speculation alone)", _with(), "fast"),
    "ctx-4096": ("4,096-token context, as fast (standard: 8,192)", _with(n_ctx=4096), "standard"),
    "stock-logits-all": ("llama-cpp-python's stock engine, logits_all on (the earlier standard)", _with(logits_all=True), "stock"),
    "stock-engine": ("llama-cpp-python's stock engine, logits_all off", _with(), "stock"),
    "kv-q8_0": ("8-bit (q8_0) KV cache", _with(type_k=8, type_v=8), "standard"),
    "no-flash-attn": ("flash attention off", _with(flash_attn=False), "standard"),
    "batch-2048": ("n_batch = n_ubatch = 2048 (standard: 512)", _with(n_batch=2048, n_ubatch=2048), "standard"),
    "threads+1": ("one more thread", lambda s: {**s, "n_threads": s["n_threads"] + 1, "n_threads_batch": s["n_threads_batch"] + 1}, "standard"),
    "no-prompt-cache": ("RAM prompt-state cache off", _with(cache=False), "standard"),
}  # fmt: skip


@dataclass
class Sample:
    seconds: float
    ttft_s: float
    tokens: int
    cpu_s: float
    text: str


@dataclass
class Results:
    samples: dict[tuple[str, str], list[Sample]] = field(default_factory=dict)

    def add(self, alias: str, workload: str, sample: Sample) -> None:
        self.samples.setdefault((alias, workload), []).append(sample)

    def median(self, alias: str, workload: str, measure: Callable[[Sample], float]) -> float:
        return statistics.median(measure(s) for s in self.samples[(alias, workload)])

    def identical(self, alias: str, workload: str) -> bool:
        ours = [s.text for s in self.samples[(alias, workload)]]
        return ours == [s.text for s in self.samples[("standard", workload)]]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def server_env(data_dir: str) -> dict[str, str]:
    return {
        **os.environ,
        "PYTHONPATH": f"{REPO / 'platform'}:{REPO}",
        "LONGHAUL_DATA_DIR": data_dir,
        # The inference process never touches the database; this keeps it from starting one.
        "DATABASE_URL": "postgresql://127.0.0.1:1/unused",
    }


def product_config(env: dict[str, str]) -> dict[str, Any]:
    command = [sys.executable, str(REPO / "manage.py"), "serve_inference", "--print-config"]
    return dict(
        json.loads(
            subprocess.run(command, env=env, cwd=REPO, check=True, capture_output=True).stdout
        )
    )


def bench_config(config: dict[str, Any], port: int, levers: list[str]) -> dict[str, Any]:
    """The product's config on `port`, plus an alias per lever derived from standard's."""
    models = {model["model_alias"]: model for model in config["models"]}
    engines = dict(config.get(ENGINES_KEY, {}))
    for name in levers:
        _, change, engine_of = LEVERS[name]
        models[name] = {**change(models["standard"]), "model_alias": name}
        if engine_of in engines:
            engines[name] = engines[engine_of]
    return {**config, "port": port, "models": list(models.values()), ENGINES_KEY: engines}


def start_server(config_path: Path, port: int, env: dict[str, str]) -> subprocess.Popen[bytes]:
    command = [
        sys.executable,
        str(REPO / "manage.py"),
        "serve_inference",
        "--config-file",
        str(config_path),
    ]
    process = subprocess.Popen(command, env=env, cwd=REPO, start_new_session=True)
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"serve_inference exited with {process.returncode}")
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=1)
            return process
        except OSError:
            time.sleep(0.5)
    raise SystemExit("serve_inference did not start within 600 s")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of the server process, all its threads."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def ask(
    client: httpx.Client, pid: int, alias: str, messages: list[dict[str, str]], max_tokens: int
) -> Sample:
    body = {
        "model": alias,
        "messages": messages,
        "max_tokens": max_tokens,
        "temperature": 0,
        "stream": True,
    }
    cpu, started = cpu_seconds(pid), time.perf_counter()
    stamps: list[float] = []
    parts: list[str] = []
    with client.stream("POST", "/chat/completions", json=body) as reply:
        reply.raise_for_status()
        for line in reply.iter_lines():
            if not line.startswith("data: ") or line == "data: [DONE]":
                continue
            delta = json.loads(line[6:])["choices"][0]["delta"].get("content")
            if delta:
                stamps.append(time.perf_counter())
                parts.append(delta)
    ended = time.perf_counter()
    ttft = (stamps[0] if stamps else ended) - started
    return Sample(ended - started, ttft, len(stamps), cpu_seconds(pid) - cpu, "".join(parts))


def run_rounds(
    client: httpx.Client, pid: int, aliases: list[str], rounds: int, results: Results
) -> None:
    for round_number in range(rounds + 1):  # round 0 primes every alias's prompt cache
        order = aliases if round_number % 2 else aliases[::-1]
        for workload in WORKLOADS:
            messages = workload.messages(round_number)
            for alias in order:
                sample = ask(client, pid, alias, messages, workload.max_tokens)
                if round_number:
                    results.add(alias, workload.name, sample)
        if round_number:
            print(f"  round {round_number}/{rounds} done")


def prefix_cache(client: httpx.Client, pid: int, rounds: int) -> tuple[float, float]:
    system = long_context()
    cached, uncached = [], []
    for index in range(rounds):
        question = [{"role": "user", "content": f"Question {index}: what is a tier?"}]
        fresh = [{"role": "system", "content": f"Session {uuid.uuid4()}.\n{system}"}, *question]
        uncached.append(ask(client, pid, "standard", fresh, 4).ttft_s)
        warm = [{"role": "system", "content": system}, *question]
        cached.append(ask(client, pid, "standard", warm, 4).ttft_s)
    return statistics.median(cached), statistics.median(uncached)


def report(results: Results, aliases: list[str], workloads: list[Workload]) -> None:
    def rate(s: Sample) -> float:
        return s.tokens / s.seconds

    print()
    print(
        "| alias | workload | tokens | tok/s | TTFT s | CPU s | speed vs standard | CPU vs standard | greedy = standard |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for alias in aliases:
        for workload in workloads:
            name = workload.name
            speed = results.median(alias, name, rate)
            cpu = results.median(alias, name, lambda s: s.cpu_s)
            tokens = results.median(alias, name, lambda s: s.tokens)
            ttft = results.median(alias, name, lambda s: s.ttft_s)
            vs_speed = speed / results.median("standard", name, rate)
            vs_cpu = results.median("standard", name, lambda s: s.cpu_s) / cpu
            same = "yes" if results.identical(alias, name) else "**no**"
            print(
                f"| {alias} | {name} | {tokens:.0f} | {speed:.1f} | {ttft:.2f} | {cpu:.2f} | "
                f"{vs_speed:.2f} | {vs_cpu:.2f} | {same} |"
            )  # fmt: skip


def describe_levers(levers: list[str]) -> None:
    for name in levers:
        print(f"  lever {name}: {LEVERS[name][0]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="standard and fast only, 2 rounds")
    parser.add_argument(
        "--rounds", type=int, default=None, help="timed rounds (default 3; quick 2)"
    )
    parser.add_argument(
        "--levers", default=None, help=f"comma-separated, of: {', '.join(LEVERS)} (default all)"
    )
    args = parser.parse_args()
    rounds = args.rounds or (2 if args.quick else 3)
    levers = [] if args.quick else (args.levers.split(",") if args.levers else list(LEVERS))
    unknown = sorted(set(levers) - set(LEVERS))
    if unknown:
        parser.error(f"unknown levers {unknown}")
    sys.stdout.reconfigure(line_buffering=True)  # type: ignore[union-attr]
    # Turn SIGTERM into an exception so the server is stopped on the way out.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    port = free_port()
    with tempfile.TemporaryDirectory() as data_dir:
        env = server_env(data_dir)
        config = bench_config(product_config(env), port, levers)
        config_path = Path(data_dir) / "bench-config.json"
        config_path.write_text(json.dumps(config, indent=2))
        same_model = len({model["model"] for model in config["models"]}) == 1
        process = start_server(config_path, port, env)
        try:
            with httpx.Client(base_url=f"http://127.0.0.1:{port}/v1", timeout=1800) as client:
                print(
                    f"machine: {stdlib_platform.machine()}, {os.cpu_count()} CPUs, load "
                    f"{os.getloadavg()[0]:.1f}; {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; "
                    f"threads {config['models'][0]['n_threads']}; {rounds} rounds"
                )  # fmt: skip
                if not same_model:
                    print("fast serves another model: greedy answers are not expected to match")
                describe_levers(levers)
                results = Results()
                aliases = ["standard", "fast", *levers]
                run_rounds(client, process.pid, aliases, rounds, results)
                report(results, aliases, WORKLOADS)
                cached, uncached = prefix_cache(client, process.pid, rounds)
                print(
                    f"\nTTFT with the repeated system prompt: cached {cached:.2f} s, uncached "
                    f"{uncached:.2f} s, cached/uncached {cached / uncached:.3f} (target <= 0.2)"
                )
        finally:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=60)


if __name__ == "__main__":
    main()
