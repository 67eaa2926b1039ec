"""A run event's way from the worker's commit to 1, 100 and 1,000 connected websocket clients.

The producer (this process, standing in for a Celery worker) appends an event in a transaction
exactly as a step does (`runs.events.event_append`), stamping the wall-clock time just before
COMMIT; after commit the event is published to the channel layer (Redis), and the ASGI server's
`/ws/runs/{id}` consumers send it to their clients. The clients (another process) note when each
copy arrives. Cases, interleaved round by round so machine load affects all alike:

- platform, N clients                    /ws/runs/{id} under uvicorn, N subscribers (1, 100, 1000)
- baseline: bare broadcast, N clients    the same transaction, then a plain Redis PUBLISH that
                                         a minimal `websockets` server relays to N clients
                                         (the floor: no Channels, no Django, no consumer)

`--layer core` or `--layer pubsub` runs the platform's cases with one of channels_redis' channel
layers in every process instead of the platform's own (core.fanout), for comparison.

Uses the embedded PostgreSQL (a `bench_events` database created and dropped here) and Redis
(BENCH_REDIS_URL, default redis://127.0.0.1:6379/15). Run: .venv/bin/python bench/events.py
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import json
import os
import platform
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "platform"), str(ROOT)]

BENCH_DB = "bench_events"
REDIS_URL = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/15")
BARE_CHANNEL = "bench-events-bare"
CLIENTS = (1, 100, 1000)
# Events this far apart are each measured alone (a run emits a few per second at most).
INTERVAL_S = 0.1
LAYERS = {
    "fanout": "config.settings.local",
    "core": "bench.events_settings",
    "pubsub": "bench.events_settings",
}
SETTINGS = LAYERS[os.environ.get("BENCH_LAYER", "fanout")]


# --- the clients (a child process) -------------------------------------------------------------
async def clients_main(url: str, count: int, events: int, key: str) -> None:
    """Opens `count` sockets, says "ready", then prints each copy's delay per event as JSON."""
    from websockets.asyncio.client import connect

    headers = {"Authorization": f"Bearer {key}"} if key else {}
    sockets = [await connect(url, additional_headers=headers, max_size=None) for _ in range(count)]
    print("ready", flush=True)
    delays: list[float] = []

    async def listen(socket: Any) -> None:
        for _ in range(events):
            message = json.loads(await socket.recv())
            stamp = message["data"]["t"] if "data" in message else message["t"]
            delays.append(time.time() - stamp)

    await asyncio.gather(*(listen(socket) for socket in sockets))
    for socket in sockets:
        await socket.close()
    print(json.dumps(delays), flush=True)


# --- the bare baseline server (a child process) ------------------------------------------------
async def bare_server_main(port: int) -> None:
    import redis.asyncio as redis
    from websockets.asyncio.server import broadcast, serve

    connected: set[Any] = set()

    async def handler(socket: Any) -> None:
        connected.add(socket)
        try:
            await socket.wait_closed()
        finally:
            connected.discard(socket)

    async with serve(handler, "127.0.0.1", port):
        pubsub = redis.Redis.from_url(REDIS_URL).pubsub()
        await pubsub.subscribe(BARE_CHANNEL)
        print("ready", flush=True)
        async for message in pubsub.listen():
            if message["type"] == "message":
                broadcast(connected, message["data"].decode())


# --- the producer (this process) ---------------------------------------------------------------
def child_env(url: str) -> dict[str, str]:
    return {
        **os.environ,
        "DATABASE_URL": url,
        "REDIS_URL": REDIS_URL,
        "DJANGO_SETTINGS_MODULE": SETTINGS,
        "PYTHONPATH": f"{ROOT / 'platform'}:{ROOT}",
        "LOG_LEVEL": "WARNING",
    }


def spawn(args: list[str], env: dict[str, str]) -> subprocess.Popen[str]:
    process = subprocess.Popen(
        [sys.executable, *args], env=env, cwd=ROOT, stdout=subprocess.PIPE, text=True
    )
    assert process.stdout is not None
    line = process.stdout.readline().strip()
    if line != "ready":
        process.kill()
        raise RuntimeError(f"{args[:2]} did not start: {line!r}")
    return process


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_uvicorn(env: dict[str, str]) -> tuple[subprocess.Popen[bytes], str]:
    import urllib.request

    port = free_port()
    command = [sys.executable, "-m", "uvicorn", "config.asgi:application", "--port", str(port),
               "--no-access-log", "--lifespan", "off", "--log-level", "warning"]  # fmt: skip
    server = subprocess.Popen(command, env={**env, "LONGHAUL_WEB_PORT": str(port)}, cwd=ROOT)
    base = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            urllib.request.urlopen(f"{base}/healthz", timeout=1)
            return server, base
        except OSError:
            time.sleep(0.1)
    server.kill()
    raise RuntimeError("uvicorn did not start")


def produce(run_id: str, events: int, interval: float, bare: bool) -> None:
    """Appends `events` events like a worker's step does; `bare` also publishes the stamp on a
    plain Redis channel (and the channel layer publish still happens, as it always does)."""
    import redis
    from django.db import transaction

    from runs.events import event_append

    client = redis.Redis.from_url(REDIS_URL)
    for _ in range(events):
        with transaction.atomic():
            stamp = time.time()
            event_append(run_id=run_id, kind="bench.tick", data={"t": stamp})
            if bare:
                payload = json.dumps({"t": stamp})
                transaction.on_commit(lambda p=payload: client.publish(BARE_CHANNEL, p))
        time.sleep(interval)


def measure(url: str, key: str, count: int, events: int, run_id: str, bare: bool) -> list[float]:
    from runs.models import Run

    if not bare:  # only new events: no backfill of the earlier cases' ones
        url = f"{url}?after={Run.objects.values_list('event_seq', flat=True).get(id=run_id)}"
    args = [__file__, "--clients", url, str(count), str(events), key]
    clients = spawn(args, child_env(""))
    time.sleep(0.2)  # the consumers' group subscriptions settle after the handshake
    produce(run_id, events, INTERVAL_S, bare)
    out, _ = clients.communicate(timeout=120)
    return [float(d) for d in json.loads(out.strip().splitlines()[-1])]


def setup(url: str) -> tuple[str, str]:
    os.environ.update({"DATABASE_URL": url, "REDIS_URL": REDIS_URL})
    os.environ["DJANGO_SETTINGS_MODULE"] = SETTINGS
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)
    from accounts.actors import operator_actor
    from accounts.services import api_key_create, organization_create
    from runs.models import Run

    organization = organization_create(name="Bench", slug="bench-events")
    key = api_key_create(
        actor=operator_actor(organization_id=organization.id), name="bench"
    ).plaintext
    run = Run.objects.create(organization=organization, workflow="bench", budgets={})
    return str(run.id), key


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--events", type=int, default=20, help="events per case and round")
    parser.add_argument(
        "--layer",
        choices=sorted(LAYERS),
        default="fanout",
        help="the channel layer: the platform's (fanout) or one of channels_redis' (core, pubsub)",
    )
    parser.add_argument(
        "--counts", type=int, nargs="+", default=list(CLIENTS), help="the client counts"
    )
    args = parser.parse_args()
    if args.layer != os.environ.get("BENCH_LAYER", "fanout"):  # settings are read once: again
        os.execve(
            sys.executable, [sys.executable, *sys.argv], {**os.environ, "BENCH_LAYER": args.layer}
        )
    from bench.scratch import scratch_database

    raise_open_files_limit()
    load = os.getloadavg()
    print(f"# {datetime.now(UTC):%Y-%m-%d %H:%M} UTC, {platform.node()}, {os.cpu_count()} CPUs, "
          f"Python {platform.python_version()}, {args.rounds} rounds x {args.events} events, "
          f"{args.layer} channel layer, load {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}")  # fmt: skip
    with scratch_database(BENCH_DB) as url:
        run_id, key = setup(url)
        env = child_env(url)
        server, base = start_uvicorn(env)
        bare_port = free_port()
        bare = spawn([__file__, "--bare-server", str(bare_port)], env)
        try:
            cases = make_cases(f"{base.replace('http', 'ws')}/ws/runs/{run_id}",
                               f"ws://127.0.0.1:{bare_port}", key, run_id, args)  # fmt: skip
            for call in cases.values():  # warm up connections, caches, imports
                call()
            samples: dict[str, list[float]] = {name: [] for name in cases}
            for _ in range(args.rounds):
                for name, call in cases.items():
                    samples[name].extend(call())
        finally:
            for process in (server, bare):
                process.terminate()
                process.wait(timeout=10)
    load = os.getloadavg()
    print(f"# load at the end {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}")
    report(samples)


def make_cases(
    ws: str, bare: str, key: str, run_id: str, args: argparse.Namespace
) -> dict[str, Any]:
    cases: dict[str, Any] = {}
    for count in args.counts:
        cases[platform_case(count)] = functools.partial(
            measure, ws, key, count, args.events, run_id, False
        )
        if count > 1:
            cases[bare_case(count)] = functools.partial(
                measure, bare, "", count, args.events, run_id, True
            )
    return cases


def platform_case(count: int) -> str:
    return f"platform, {count} client{'s' if count > 1 else ''}"


def bare_case(count: int) -> str:
    return f"baseline: bare broadcast, {count} clients"


def raise_open_files_limit() -> None:
    """1,000 clients and their server's sockets need more descriptors than a shell's default."""
    import resource

    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def report(samples: dict[str, list[float]]) -> None:
    print(f"{'case':<40} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8} {'copies':>7}")
    for name, values in samples.items():
        p50, p95 = percentile(values, 0.5) * 1e3, percentile(values, 0.95) * 1e3
        print(f"{name:<40} {p50:>8.2f} {p95:>8.2f} {max(values) * 1e3:>8.2f} {len(values):>7}")
    for name in samples:
        count = int(name.split(", ")[1].split()[0])
        if name.startswith("platform") and bare_case(count) in samples:
            ours, floor = samples[name], samples[bare_case(count)]
            print(f"{name} / bare broadcast: "
                  f"p50 x{percentile(ours, 0.5) / percentile(floor, 0.5):.2f}, "
                  f"p95 x{percentile(ours, 0.95) / percentile(floor, 0.95):.2f}")  # fmt: skip


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--clients":
        url, count, events, key = sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
        asyncio.run(clients_main(url, count, events, key))
    elif len(sys.argv) > 1 and sys.argv[1] == "--bare-server":
        asyncio.run(bare_server_main(int(sys.argv[2])))
    else:
        main()
