"""The gateway over capacity and through faults, measured on loopback in one run:

- overload: requests arrive at a fixed rate (open loop) at half, then twice, the capacity of one
  scripted backend (max_concurrency / delay); the latency of refusals (429) against that of
  served requests at half capacity (the baseline, same run), and the count of 5xx;
- a backend killed mid-load: two replicas, one killed with SIGKILL while requests arrive; lost
  requests, and latency before and after the kill;
- a Redis restart mid-load: the gateway's own redis-server killed and started again; how the
  requests in between ended, how soon refusals began and serving resumed, the longest request.

The gateway runs as in production (uvicorn, quotas and the ledger on) against a scratch database
and a private redis-server; backends are the scripted model server in processes of their own.
The backends are slow (500 ms) and narrow (8 slots, 8 queued) by default, so that twice their
capacity is a few dozen requests a second: the gateway's admission is measured, not the
machine's CPU running out.
Run: .venv/bin/python bench/overload.py [--seconds 10] [--delay-ms 500] [--slots 8]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import signal
import subprocess
import sys
import time
import uuid
from collections import Counter
from collections.abc import Awaitable, Callable
from contextlib import ExitStack
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import aiohttp

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "platform"), str(ROOT)]

from bench.failures import Failures  # noqa: E402
from bench.scratch import scratch_database  # noqa: E402
from tests.support.processes import (  # noqa: E402
    RedisServer,
    free_port,
    scripted_model_server,
    stop_process,
    wait_for_http,
)

BENCH_DB = "bench_overload"


@dataclass(frozen=True)
class Outcome:
    status: int  # 0: no answer within the client's timeout
    seconds: float
    started: float  # perf_counter at send
    request_id: str


async def one(session: aiohttp.ClientSession, base: str, key: str, model: str) -> Outcome:
    body = {"model": model, "messages": [{"role": "user", "content": "Say ok."}], "max_tokens": 4}
    request_id = uuid.uuid4().hex
    headers = {"Authorization": f"Bearer {key}", "X-Request-Id": request_id}
    started = time.perf_counter()
    try:
        async with session.post(f"{base}/v1/chat/completions", json=body, headers=headers) as r:
            await r.read()
            status = r.status
    except TimeoutError:
        status = 0
    return Outcome(status, time.perf_counter() - started, started, request_id)


async def open_loop(
    base: str,
    key: str,
    model: str,
    *,
    rate: float,
    seconds: float,
    at: dict[float, Callable[[], Awaitable[None] | None]] | None = None,
) -> list[Outcome]:
    """Requests arrive at `rate` per second for `seconds`, whatever the answers (open loop);
    `at` runs actions (a kill) that many seconds into the load."""
    actions = sorted((at or {}).items())
    connector = aiohttp.TCPConnector(limit=0)
    timeout = aiohttp.ClientTimeout(total=30)
    async with aiohttp.ClientSession(connector=connector, timeout=timeout) as session:
        await one(session, base, key, model)  # warm caches
        start, tasks = time.perf_counter(), []
        for i in range(int(rate * seconds)):
            due = start + i / rate
            while actions and due - start >= actions[0][0]:
                result = actions.pop(0)[1]()
                if result is not None:
                    await result
            await asyncio.sleep(max(0.0, due - time.perf_counter()))
            tasks.append(asyncio.ensure_future(one(session, base, key, model)))
        return list(await asyncio.gather(*tasks))


def gateway_seconds(outcomes: list[Outcome], status: int) -> list[float]:
    """The gateway's own time for these requests (its ledger's latency), which leaves out the
    client's share of a loaded machine."""
    from gateway.models import UsageRecord
    from gateway.services import usage_flush

    time.sleep(1.5)  # the gateway's flusher moves its records within a second
    usage_flush()
    ids = [outcome.request_id for outcome in outcomes if outcome.status == status]
    records = UsageRecord.objects.filter(request_id__in=ids, status=status)
    return [latency / 1000 for latency in records.values_list("latency_ms", flat=True)]


def pct(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))] if ordered else 0.0


def ms(samples: list[float], fraction: float) -> str:
    return f"{pct(samples, fraction) * 1000:.1f}" if samples else "—"


def statuses(outcomes: list[Outcome]) -> str:
    counts = Counter(outcome.status for outcome in outcomes)
    return ", ".join(f"{status or 'no answer'}: {n}" for status, n in sorted(counts.items()))


# --- setup -------------------------------------------------------------------------------------
def setup_django(database_url: str, redis_url: str) -> None:
    os.environ.update(DATABASE_URL=database_url, REDIS_URL=redis_url)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)


def seed(tiers: dict[str, list[str]], slots: int) -> str:
    """A tenant whose quotas never refuse, and the tiers' backends (`slots` in flight and
    `slots` queued each)."""
    from accounts.actors import operator_actor
    from accounts.services import api_key_create, organization_create
    from gateway.services import quota_policy_set
    from inference.models import Backend, Tier

    organization = organization_create(name="Overload", slug=f"overload-{os.getpid()}")
    key = api_key_create(
        actor=operator_actor(organization_id=organization.id), name="bench", scopes=["inference"]
    )
    high = {"requests_per_minute": 10**9, "tokens_per_minute": 10**12, "monthly_tokens": 10**15}
    quota_policy_set(organization=organization, **high)
    quota_policy_set(organization=organization, api_key=key.api_key, **high)
    for tier, urls in tiers.items():
        row, _ = Tier.objects.get_or_create(name=tier)
        for n, url in enumerate(urls):
            Backend.objects.create(
                tier=row,
                name=f"{tier}-{n}",
                base_url=url,
                served_model=tier,
                max_concurrency=slots,
                max_queue=slots,
                read_timeout_s=30,
            )
    return key.plaintext


def start_gateway(stack: ExitStack, database_url: str, redis: RedisServer) -> str:
    port = free_port()
    command = [sys.executable, "-m", "uvicorn", "config.asgi:application", "--port", str(port)]
    command += ["--no-access-log", "--log-level", "critical", "--lifespan", "off"]
    env = {
        "DATABASE_URL": database_url,
        "REDIS_URL": redis.url(),
        "PYTHONPATH": f"{ROOT / 'platform'}:{ROOT}",
        "LOG_LEVEL": "CRITICAL",
        "LONGHAUL_GATEWAY_BREAKER_COOLDOWN_SECONDS": "2",
    }
    server = subprocess.Popen(
        command,
        env={**os.environ, **env},
        cwd=ROOT,
        start_new_session=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    stack.callback(stop_process, server)
    base = f"http://127.0.0.1:{port}"
    wait_for_http(f"{base}/healthz", timeout=90, process=server)
    return base


# --- scenarios ---------------------------------------------------------------------------------
async def overload(base: str, key: str, args: argparse.Namespace) -> None:
    capacity = args.slots / (args.delay_ms / 1000)  # requests/s one backend completes
    baseline = await round_trips(base, key)
    half = await open_loop(base, key, "standard", rate=capacity / 2, seconds=args.seconds)
    double = await open_loop(base, key, "standard", rate=capacity * 2, seconds=args.seconds)
    served = [o.seconds for o in half if o.status == 200]
    refused = [o.seconds for o in double if o.status == 429]
    refused_inside = await asyncio.to_thread(gateway_seconds, double, 429)
    served_double = [o.seconds for o in double if o.status == 200]
    errors = sum(o.status >= 500 or o.status == 0 for o in half + double)
    print(
        f"### Twice the capacity ({capacity:.0f} requests/s: {args.slots} slots and "
        f"{args.slots} queued, {args.delay_ms:g} ms backend)\n"
    )
    print("| load | answers | served p50 / p99 ms | 429 p50 / p99 ms, client | 429, gateway |")
    print("|---|---|---|---|---|")
    print(
        f"| 0.5x ({capacity / 2:.0f}/s) | {statuses(half)} | "
        f"{ms(served, 0.5)} / {ms(served, 0.99)} | — | — |"
    )
    print(
        f"| 2x ({capacity * 2:.0f}/s) | {statuses(double)} | "
        f"{ms(served_double, 0.5)} / {ms(served_double, 0.99)} | "
        f"**{ms(refused, 0.5)} / {ms(refused, 0.99)}** | "
        f"{ms(refused_inside, 0.5)} / {ms(refused_inside, 0.99)} |"
    )
    ratio = f"{pct(refused, 0.99) / pct(baseline, 0.99):.2f}" if refused else "—"

    print(
        f"\nbaseline, the gateway's cheapest answer (GET /v1/models, one at a time): p50 "
        f"{ms(baseline, 0.5)} ms, p99 {ms(baseline, 0.99)} ms; 429 p99 at 2x / baseline p99: "
        f"**{ratio}**; 429 p99 {ms(refused, 0.99)} ms (target ≤ 100 ms); 5xx or no answer: "
        f"**{errors}**\n"
    )


async def round_trips(base: str, key: str, count: int = 200) -> list[float]:
    """Seconds for GET /v1/models (authentication, the registry; no backend), one at a time."""
    headers = {"Authorization": f"Bearer {key}"}
    samples = []
    async with aiohttp.ClientSession() as session:
        for n in range(count + 1):
            started = time.perf_counter()
            async with session.get(f"{base}/v1/models", headers=headers) as response:
                await response.read()
                response.raise_for_status()
            if n:  # the first warms the connection and caches
                samples.append(time.perf_counter() - started)
    return samples


async def killed_backend(base: str, key: str, doomed: int, args: argparse.Namespace) -> None:
    # What the survivor alone can carry, so that every request can be served after the kill.
    rate, kill_at = args.slots / (args.delay_ms / 1000) * 0.75, args.seconds / 3

    def kill() -> None:
        os.killpg(doomed, signal.SIGKILL)

    outcomes = await open_loop(
        base, key, "pair", rate=rate, seconds=args.seconds, at={kill_at: kill}
    )
    first = min(o.started for o in outcomes)
    before = [o.seconds for o in outcomes if o.started - first < kill_at - 0.2]
    around = [o.seconds for o in outcomes if abs(o.started - first - kill_at) <= 1.0]
    lost = sum(o.status != 200 for o in outcomes)
    print(
        f"### One of two backends killed mid-load ({rate:.0f} requests/s, kill at "
        f"{kill_at:.1f} s of {args.seconds:g} s)\n"
    )
    print("| requests | not served | p50 / p99 ms before the kill | p50 / p99 ms ±1 s of it |")
    print("|---|---|---|---|")
    print(
        f"| {len(outcomes)} | **{lost}** ({statuses(outcomes)}) | "
        f"{ms(before, 0.5)} / {ms(before, 0.99)} | "
        f"{ms(around, 0.5)} / {ms(around, 0.99)} |\n"
    )


async def redis_restart(base: str, key: str, redis: RedisServer, args: argparse.Namespace) -> None:
    rate = args.slots / (args.delay_ms / 1000) / 2
    down_at, up_at = args.seconds / 3, 2 * args.seconds / 3
    moments: dict[str, float] = {}

    def down() -> None:
        moments["down"] = time.perf_counter()
        redis.kill()

    async def up() -> None:
        await asyncio.to_thread(redis.start)
        moments["up"] = time.perf_counter()

    outcomes = await open_loop(
        base, key, "standard", rate=rate, seconds=args.seconds, at={down_at: down, up_at: up}
    )
    ends = sorted(outcomes, key=lambda o: o.started + o.seconds)
    first_503 = next((o for o in ends if o.status == 503), None)
    served_again = next((o for o in ends if o.status == 200 and o.started >= moments["up"]), None)
    refused_for = (first_503.started + first_503.seconds - moments["down"]) if first_503 else 0
    back_after = (served_again.started - moments["up"]) if served_again else float("nan")
    unclear = sum(o.status not in (200, 503) for o in outcomes)
    print(
        f"### Redis killed mid-load and started again ({rate:.0f} requests/s; down from "
        f"{down_at:.1f} s to {up_at:.1f} s)\n"
    )
    print(
        "| answers | other than 200/503 | first 503 after the kill | first request served "
        "after the restart was sent | longest request |"
    )
    print("|---|---|---|---|---|")
    print(
        f"| {statuses(outcomes)} | **{unclear}** | {refused_for * 1000:.0f} ms | "
        f"{back_after * 1000:.0f} ms after | {max(o.seconds for o in outcomes) * 1000:.0f} ms |\n"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=10.0, help="length of each load")
    parser.add_argument("--delay-ms", type=float, default=500.0, help="backend latency")
    parser.add_argument("--slots", type=int, default=8, help="each backend's max_concurrency")
    args = parser.parse_args()
    with ExitStack() as stack:
        delay = ["--delay-ms", str(args.delay_ms)]
        single, _ = stack.enter_context(scripted_model_server(*delay))
        pair = [stack.enter_context(scripted_model_server(*delay)) for _ in range(2)]
        redis = RedisServer()
        redis.start()
        stack.callback(redis.stop)
        database_url = stack.enter_context(scratch_database(BENCH_DB))
        setup_django(database_url, redis.url())
        key = seed({"standard": [single], "pair": [url for url, _ in pair]}, args.slots)
        base = start_gateway(stack, database_url, redis)
        print(f"\n## Overload and faults — {datetime.now(UTC):%Y-%m-%d %H:%M} UTC")
        print(
            f"machine: {platform.machine()}, {os.cpu_count()} CPUs, Python "
            f"{platform.python_version()}, load average {os.getloadavg()[0]:.2f} at start\n"
        )
        failures = Failures()
        with failures.section("overload"):
            asyncio.run(overload(base, key, args))
        with failures.section("a killed backend"):
            asyncio.run(killed_backend(base, key, pair[0][1].pid, args))
        with failures.section("a Redis restart"):
            asyncio.run(redis_restart(base, key, redis, args))
        print(f"load average {os.getloadavg()[0]:.2f} at the end")
    failures.exit_if_any()


if __name__ == "__main__":
    main()
