"""Gateway overhead against calling the backend directly, with LiteLLM's proxy as the peer.

Everything runs in one go against one scripted backend with a fixed delay
(`python -m tests.support.fake_openai --delay-ms D`, a separate process):

- added latency p50/p99 (gateway minus direct) at concurrency 1 and 32;
- added streaming time to first token;
- the highest requests/s without errors, stepping the concurrency up;
- the CPU time each gateway spends per request (its whole process group);
- the same figures for LiteLLM's proxy (`litellm[proxy]`, the `bench` extra) on the same backend;
- with --compare PATH[:WORKERS]: the same for the gateway of another checkout;
- with --embedded: the embedded llama.cpp tiers' decode tokens/s raw vs streamed via the gateway.

Latency tables are measured in interleaved rounds (direct, then each target in a rotated
order) and report medians over the rounds, so a change in machine load hits every target.
The gateway runs as in production: uvicorn, against a `bench_gateway` database created and
dropped here, the usage ledger and quotas live (limits set high, not off), each gateway with a
private redis-server (or BENCH_REDIS_URL).
Run: .venv/bin/python bench/gateway.py [--delay-ms 20] [--requests 400] [--rounds 3] [--embedded]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import platform
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import aiohttp

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "platform"), str(ROOT)]

from bench.failures import Failures  # noqa: E402
from bench.scratch import scratch_database  # noqa: E402

BENCH_DB = "bench_gateway"
# Unset: every gateway gets a private redis-server, so no two share a ledger queue (whose
# flushing would land on whichever gateway holds the lock) and no one else's Redis is touched.
REDIS_URL = os.environ.get("BENCH_REDIS_URL", "")
BODY = {"model": "standard", "messages": [{"role": "user", "content": "Say ok."}], "max_tokens": 8}


# --- processes --------------------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_http(url: str, timeout: float = 90.0, headers: dict[str, str] | None = None) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            request = urllib.request.Request(url, headers=headers or {})
            with urllib.request.urlopen(request, timeout=5):
                return
        except OSError:
            time.sleep(0.2)
    raise TimeoutError(f"{url} did not answer in {timeout}s")


@contextmanager
def process(
    command: list[str],
    env: dict[str, str | None] | None = None,
    cwd: Path = ROOT,
    log: Path | None = None,
) -> Iterator[subprocess.Popen[bytes]]:
    output = log.open("ab") if log else subprocess.DEVNULL
    proc = subprocess.Popen(
        command,
        cwd=cwd,
        env={k: v for k, v in {**os.environ, **(env or {})}.items() if v is not None},
        start_new_session=True,
        stdout=output,
        stderr=output,
    )
    try:
        yield proc
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()


def private_redis(stack: ExitStack) -> str:
    """BENCH_REDIS_URL, or the URL of a redis-server started for this run (no persistence)."""
    if REDIS_URL:
        return REDIS_URL
    server = shutil.which("redis-server")
    if server is None:
        raise SystemExit("redis-server is not installed: install it or set BENCH_REDIS_URL")
    port = free_port()
    command = [server, "--port", str(port), "--bind", "127.0.0.1", "--save", ""]
    stack.enter_context(process([*command, "--appendonly", "no"]))
    url = f"redis://127.0.0.1:{port}/0"
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return url
        time.sleep(0.05)
    raise TimeoutError(f"redis-server on port {port} did not start")


# --- database and registry ----------------------------------------------------------------------
def setup_django(url: str, redis_url: str) -> None:
    os.environ["DATABASE_URL"] = url
    os.environ["REDIS_URL"] = redis_url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)


def seed(backend_urls: dict[str, tuple[str, str]]) -> str:
    """A tenant with a key, high (not disabled) quotas, and one backend per tier."""
    from accounts.actors import operator_actor
    from accounts.services import api_key_create, organization_create
    from gateway.services import quota_policy_set
    from inference.models import Backend, Tier

    org = organization_create(name="Bench", slug=f"bench-{os.getpid()}")
    key = api_key_create(
        actor=operator_actor(organization_id=org.id), name="bench", scopes=["inference"]
    )
    high = {"requests_per_minute": 10**9, "tokens_per_minute": 10**12, "monthly_tokens": 10**15}
    quota_policy_set(organization=org, **high)
    quota_policy_set(organization=org, api_key=key.api_key, **high)
    for tier, (url, served) in backend_urls.items():
        tier_row, _ = Tier.objects.get_or_create(name=tier)
        Backend.objects.create(
            tier=tier_row,
            name=f"{tier}-bench",
            base_url=url,
            served_model=served,
            max_concurrency=1024,
            max_queue=4096,
            read_timeout_s=300,
        )
    return key.plaintext


def litellm_config(directory: Path, backend: str) -> Path:
    path = directory / "litellm.yaml"
    path.write_text(
        "model_list:\n"
        "  - model_name: standard\n"
        "    litellm_params:\n"
        "      model: openai/standard\n"
        f"      api_base: {backend}\n"
        "      api_key: unused\n"
        "litellm_settings:\n"
        "  telemetry: false\n"
        "  drop_params: true\n"
        "general_settings:\n"
        "  master_key: sk-bench\n"
    )
    return path


# --- load ----------------------------------------------------------------------------------------
@dataclass
class Target:
    name: str
    base: str  # ends in /v1
    key: str
    pid: int | None = None  # its process group, whose CPU time is counted


def cpu_seconds(group: int | None) -> float:
    """User + system CPU time of every process in a process group (the server and its workers)."""
    if group is None:
        return 0.0
    ticks = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rpartition(")")[2].split()
        except OSError:
            continue
        if int(fields[2]) == group:
            ticks += int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")


@dataclass
class Result:
    latencies: list[float]
    errors: int
    seconds: float
    cpu_s: float = 0.0  # the target's own CPU time while it served this load

    @property
    def cpu_ms_per_request(self) -> float:
        return 1000 * self.cpu_s / len(self.latencies) if self.latencies else 0.0

    @property
    def rps(self) -> float:
        return len(self.latencies) / self.seconds if self.seconds else 0.0


def pct(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))] if ordered else 0.0


async def one(session: aiohttp.ClientSession, target: Target, stream: bool) -> float:
    """Seconds to the whole answer, or to the first content chunk when streaming."""
    body = {**BODY, "stream": True} if stream else BODY
    headers = {"Authorization": f"Bearer {target.key}"}
    started = time.perf_counter()
    async with session.post(f"{target.base}/chat/completions", json=body, headers=headers) as r:
        if r.status != 200:
            raise RuntimeError(f"{target.name}: HTTP {r.status}")
        if not stream:
            await r.read()
            return time.perf_counter() - started
        first = None
        async for line in r.content:
            if (
                first is None
                and line.startswith(b"data:")
                and b'"content": "' in line.replace(b'"content":"', b'"content": "')
                and b'"content": ""' not in line
                and b'"content":""' not in line
            ):
                first = time.perf_counter() - started
        return first if first is not None else time.perf_counter() - started


async def load(
    target: Target,
    *,
    concurrency: int,
    requests: int | None = None,
    seconds: float | None = None,
    stream: bool = False,
) -> Result:
    latencies: list[float] = []
    errors = 0
    deadline = time.perf_counter() + (seconds or 1e9)
    remaining = [requests if requests is not None else 10**9]
    connector = aiohttp.TCPConnector(limit=concurrency * 2, force_close=False)
    timeout = aiohttp.ClientTimeout(total=60)

    async def worker(session: aiohttp.ClientSession) -> None:
        nonlocal errors
        while remaining[0] > 0 and time.perf_counter() < deadline:
            remaining[0] -= 1
            try:
                latencies.append(await one(session, target, stream))
            except Exception:
                errors += 1

    async with aiohttp.ClientSession(connector=connector, timeout=timeout) as session:
        for _ in range(min(concurrency, 4)):  # warm connections and caches
            with contextlib.suppress(Exception):  # a refused warm-up is counted below, not fatal
                await one(session, target, stream)
        started, cpu = time.perf_counter(), cpu_seconds(target.pid)
        await asyncio.gather(*(worker(session) for _ in range(concurrency)))
        seconds = time.perf_counter() - started
        return Result(latencies, errors, seconds, cpu_seconds(target.pid) - cpu)


async def highest_rps(target: Target, step_seconds: float) -> tuple[Result | None, int]:
    best: Result | None = None
    best_c = 0
    for concurrency in (8, 16, 32, 64, 128, 256):
        result = await load(target, concurrency=concurrency, seconds=step_seconds)
        if result.errors:
            break
        if best is None or result.rps > best.rps:
            best, best_c = result, concurrency
        elif result.rps < best.rps * 0.9:
            break  # past saturation
    return best, best_c


# --- embedded decode speed ------------------------------------------------------------------
async def decode_rate(target: Target, tier: str, tokens: int) -> float:
    """Streamed tokens/s after the first token (decode only)."""
    body = {
        "model": tier,
        "messages": [{"role": "user", "content": "Write a long story about a lighthouse keeper."}],
        "max_tokens": tokens,
        "temperature": 0,
        "stream": True,
    }
    headers = {"Authorization": f"Bearer {target.key}"}
    stamps: list[float] = []
    async with (
        aiohttp.ClientSession() as session,
        session.post(f"{target.base}/chat/completions", json=body, headers=headers) as r,
    ):
        async for line in r.content:
            if line.startswith(b"data:") and b'"content"' in line and b'"content": ""' not in line:
                stamps.append(time.perf_counter())
    if len(stamps) < 3:
        return 0.0
    return (len(stamps) - 1) / (stamps[-1] - stamps[0])


# --- report ---------------------------------------------------------------------------------------
HEADER = (
    "| target | p50 ms | p99 ms | added p50 ms | added p99 ms | CPU ms/request | errors |\n"
    "|---|---|---|---|---|---|---|"
)


@dataclass
class Rounds:
    """One target's figures over interleaved rounds; each round's added latency is taken
    against the direct call measured just before it, and the report shows medians."""

    p50: list[float] = field(default_factory=list)
    p99: list[float] = field(default_factory=list)
    added_p50: list[float] = field(default_factory=list)
    added_p99: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    errors: int = 0

    def add(self, result: Result, direct: Result) -> None:
        p50, p99 = pct(result.latencies, 0.5) * 1000, pct(result.latencies, 0.99) * 1000
        self.p50.append(p50)
        self.p99.append(p99)
        self.added_p50.append(p50 - pct(direct.latencies, 0.5) * 1000)
        self.added_p99.append(p99 - pct(direct.latencies, 0.99) * 1000)
        if result.cpu_s:
            self.cpu.append(result.cpu_ms_per_request)
        self.errors += result.errors

    def row(self, name: str) -> str:
        med = statistics.median
        cpu = f"{med(self.cpu):.2f}" if self.cpu else "-"
        return (
            f"| {name} | {med(self.p50):.2f} | {med(self.p99):.2f} | {med(self.added_p50):+.2f} | "
            f"{med(self.added_p99):+.2f} | {cpu} | {self.errors} |"
        )


async def latency_table(
    title: str, targets: list[Target], direct: Target, args: argparse.Namespace, **how: Any
) -> None:
    """Direct, then each target in turn (in a rotated order each round), `args.rounds` times."""
    base, figures = Rounds(), {target.name: Rounds() for target in targets}
    for round_no in range(args.rounds):
        direct_result = await load(direct, **how)
        base.add(direct_result, direct_result)
        shift = round_no % len(targets)
        for target in targets[shift:] + targets[:shift]:
            figures[target.name].add(await load(target, **how), direct_result)
    med = statistics.median
    print(
        f"### {title} (median of {args.rounds} rounds; direct p50 {med(base.p50):.2f} ms, "
        f"p99 {med(base.p99):.2f} ms)\n"
    )
    print(HEADER)
    for target in targets:
        print(figures[target.name].row(target.name))
    print(flush=True)


async def measure(
    targets: list[Target], direct: Target, args: argparse.Namespace, failures: Failures
) -> None:
    print(f"\n## Gateway benchmark — {datetime.now(UTC):%Y-%m-%d %H:%M} UTC")
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}, "
        f"load average {os.getloadavg()[0]:.2f} at start; backend delay {args.delay_ms} ms\n"
    )
    rps: dict[str, float] = {}
    for concurrency in (1, 32):
        n = args.requests if concurrency == 1 else args.requests * 4
        title = f"concurrency {concurrency}, {n} requests a round"
        async with failures.async_section(title):
            await latency_table(title, targets, direct, args, concurrency=concurrency, requests=n)
    title = f"streaming, time to first token, concurrency 1, {args.requests // 2} requests a round"
    async with failures.async_section(title):
        await latency_table(
            title, targets, direct, args, concurrency=1, requests=args.requests // 2, stream=True
        )
    print("\n### highest requests/s without errors\n")
    print("| target | requests/s | at concurrency | CPU ms/request |")
    print("|---|---|---|---|")
    for target in [direct, *targets]:
        best, at = None, 0
        async with failures.async_section(f"highest requests/s of {target.name}"):
            best, at = await highest_rps(target, args.step_seconds)
        rps[target.name] = best.rps if best else 0.0
        cpu = f"{best.cpu_ms_per_request:.2f}" if best and best.cpu_s else "-"
        print(f"| {target.name} | {rps[target.name]:.0f} | {at} | {cpu} |")
    if rps.get("litellm"):
        print(f"\nlonghaul / litellm requests/s: {rps['longhaul'] / rps['litellm']:.2f}x")


async def measure_embedded(gateway: Target, raw: Target, tokens: int) -> None:
    print("\n### embedded llama.cpp: decode tokens/s, raw vs through the gateway\n")
    print("| tier | raw tok/s | via gateway tok/s | ratio |")
    print("|---|---|---|---|")
    for tier in ("standard", "fast"):
        await decode_rate(raw, tier, 8)  # warm the prompt cache for both paths alike
        raws, vias = [], []
        for _ in range(5):  # interleaved, so a change in machine load hits both sides
            raws.append(await decode_rate(raw, tier, tokens))
            vias.append(await decode_rate(gateway, f"llama-{tier}", tokens))
        r, v = statistics.median(raws), statistics.median(vias)
        print(f"| {tier} | {r:.1f} | {v:.1f} | {v / r if r else 0:.3f} |", flush=True)


def start_gateway(
    stack: ExitStack,
    name: str,
    tree: Path,
    key: str,
    env: dict[str, str | None],
    args: argparse.Namespace,
    workers: int | None = None,
) -> Target:
    """The gateway of the checkout at `tree` under uvicorn, as production runs it."""
    port = free_port()
    command = [
        sys.executable,
        *(["-m", "cProfile", "-o", args.profile] if args.profile else []),
        *["-m", "uvicorn", "config.asgi:application", "--port", str(port)],
        *["--no-access-log", "--log-level", "warning", "--lifespan", "off"],
        *["--workers", str(workers or args.workers)],
    ]
    tree_env = {
        **env,
        "REDIS_URL": private_redis(stack),
        "PYTHONPATH": f"{tree / 'platform'}:{tree}",
        "LONGHAUL_WEB_WORKERS": str(workers or args.workers),
    }
    log = Path(args.logs) / f"{name}.log" if args.logs else None
    proc = stack.enter_context(process(command, tree_env, cwd=tree, log=log))
    target = Target(name, f"http://127.0.0.1:{port}/v1", key, proc.pid)
    wait_http(f"{target.base}/models", headers={"Authorization": f"Bearer {key}"})
    return target


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--delay-ms", type=float, default=20.0)
    parser.add_argument("--requests", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds per table")
    parser.add_argument("--step-seconds", type=float, default=4.0)
    parser.add_argument("--embedded", action="store_true", help="also measure llama.cpp decode")
    parser.add_argument("--no-litellm", action="store_true")
    parser.add_argument("--embedded-only", action="store_true", help="only the llama.cpp part")
    parser.add_argument("--soak", type=float, default=0, help="only load the gateway N seconds")
    parser.add_argument("--soak-concurrency", type=int, default=8)
    parser.add_argument("--workers", type=int, default=1, help="gateway worker processes")
    parser.add_argument("--logs", default="", help="a directory for the gateways' output")
    parser.add_argument(
        "--compare",
        action="append",
        default=[],
        help="another Longhaul checkout to measure too: PATH or PATH:WORKERS",
    )
    parser.add_argument("--profile", default="", help="with --soak: cProfile the gateway here")
    args = parser.parse_args()
    python = sys.executable
    fake_port = free_port()
    fake = f"http://127.0.0.1:{fake_port}/v1"
    with ExitStack() as stack:
        stack.enter_context(
            process(
                [
                    python,
                    "-m",
                    "tests.support.fake_openai",
                    "--port",
                    str(fake_port),
                    "--delay-ms",
                    str(args.delay_ms),
                ]
            )
        )
        wait_http(f"{fake}/models")
        url = stack.enter_context(scratch_database(BENCH_DB))
        setup_django(url, private_redis(stack))
        backends = {"standard": (fake, "standard")}
        llama = None
        if args.embedded:
            llama_port = free_port()
            llama = f"http://127.0.0.1:{llama_port}/v1"
            data = stack.enter_context(tempfile.TemporaryDirectory())
            stack.enter_context(
                process(
                    [python, "manage.py", "serve_inference", "--port", str(llama_port)],
                    {"LONGHAUL_DATA_DIR": data, "DATABASE_URL": url},
                )
            )
            # Tiers named llama-<tier> route to the embedded server's <tier> alias.
            backends.update({f"llama-{t}": (llama, t) for t in ("standard", "fast")})
        key = seed(backends)
        env = {"DATABASE_URL": url, "DEBUG": "0", "LOG_LEVEL": "WARNING"}
        gateway = start_gateway(stack, "longhaul", ROOT, key, env, args)
        # Other checkouts of Longhaul (e.g. before a change), measured side by side.
        others = []
        for spec in args.compare:
            tree, _, workers = spec.partition(":")
            name = f"longhaul@{Path(tree).name}" + (f"x{workers}" if workers else "")
            workers_n = int(workers or args.workers)
            others.append(start_gateway(stack, name, Path(tree), key, env, args, workers_n))
        targets = [gateway, *others]
        if args.soak:
            print("gateway pid", gateway.pid, flush=True)
            result = asyncio.run(
                load(gateway, concurrency=args.soak_concurrency, seconds=args.soak)
            )
            print(
                f"soak: {result.rps:.0f} requests/s, {result.errors} errors, "
                f"{result.cpu_ms_per_request:.2f} gateway CPU ms/request"
            )
            return
        litellm = shutil.which("litellm", path=str(Path(python).parent))
        if litellm and not args.no_litellm:
            ll_port = free_port()
            config = litellm_config(Path(stack.enter_context(tempfile.TemporaryDirectory())), fake)
            ll = stack.enter_context(
                process(
                    [
                        litellm,
                        "--config",
                        str(config),
                        "--port",
                        str(ll_port),
                        "--num_workers",
                        "1",
                    ],
                    {
                        "LITELLM_LOG": "ERROR",
                        "LITELLM_TELEMETRY": "False",
                        "DISABLE_ADMIN_UI": "True",
                        # Unset: with a DATABASE_URL LiteLLM would try to use it (Prisma).
                        "DATABASE_URL": None,
                    },
                )
            )
            wait_http(f"http://127.0.0.1:{ll_port}/health/liveliness", timeout=180)
            targets.append(Target("litellm", f"http://127.0.0.1:{ll_port}/v1", "sk-bench", ll.pid))
        direct = Target("direct", fake, "unused")
        failures = Failures()
        if not args.embedded_only:
            asyncio.run(measure(targets, direct, args, failures))
        if llama is not None:
            with failures.section("embedded llama.cpp decode"):
                wait_http(f"{llama}/models", timeout=180)
                asyncio.run(measure_embedded(gateway, Target("raw", llama, "unused"), 64))
    failures.exit_if_any()


if __name__ == "__main__":
    main()
