"""Scheduling under load: one tenant's backlog against another's single run, shares of slots by
weight, and interactive work (ingestion, search) while agent runs saturate the step workers.

Real processes: a step worker (`-Q longhaul`), an interactive worker (`-Q longhaul.interactive`),
beat, uvicorn, and the scripted model server (tests.support.fake_openai) answering every chat
call after a fixed delay, so every step of the bench workflow takes the same time. In one run:

1. organization A submits --backlog runs; once every slot is busy, organization B submits 1.
   Reported: from B's submission to the start of its first step (the worker taking its
   lease), against one step's duration (the median gap between consecutive steps of a run);
   also the earlier estimate, its first step's end minus one step, which counts a first step
   that is slower than the others as waiting.
2. B submits a backlog too; with both backlogged, each organization's share of the steps
   completed in a window (steps take a fixed time, so steps are slot time), against its weight
   (LONGHAUL_ORG_WEIGHTS: A=1, B=3).
3. during phase 2, a document is uploaded over REST: the delay until its ingestion starts; and
   the document search answers over REST: p50/p95 latency.

Uses the embedded PostgreSQL (a `bench_scheduling` database created and dropped here) and Redis
database 9 unless BENCH_REDIS_URL says otherwise.
Run: .venv/bin/python bench/scheduling.py [--backlog 200] [--step-ms 250] [--slots 4] [--burst 1]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time
import urllib.request
from collections import Counter
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "platform"), str(ROOT)]

from agents.engine.types import Finish, Update, Workflow  # noqa: E402
from bench.scratch import scratch_database  # noqa: E402

STEPS = 4
BENCH_DB = "bench_scheduling"
WEIGHTS = {"bench-a": 1.0, "bench-b": 3.0}


def chat_step(state: dict[str, Any], ctx: Any) -> Update | Finish:
    ctx.chat([{"role": "user", "content": f"step {state['count']}"}])
    if state["count"] + 1 >= STEPS:
        return Finish("succeeded", {"count": state["count"] + 1})
    return Update({"count": state["count"] + 1}, "step")


def build_workflow() -> Workflow:
    return Workflow(
        "bench-scheduling",
        {"step": chat_step},
        "step",
        {"step": ("step",)},
        initial=lambda i: {"count": 0},
    )


def spawn(command: list[str], env: dict[str, str]) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, *command],
        env=env,
        cwd=ROOT,
        start_new_session=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


@contextmanager
def running(command: list[str], env: dict[str, str]) -> Iterator[subprocess.Popen[bytes]]:
    from tests.support.processes import stop_process

    process = spawn(command, env)
    try:
        yield process
    finally:
        stop_process(process)


def child_env(url: str, redis_url: str, model_url: str, slots: int, burst: int) -> dict[str, str]:
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings.local",
        "DATABASE_URL": url,
        "REDIS_URL": redis_url,
        "CELERY_BROKER_URL": redis_url,
        "CELERY_KEY_PREFIX": "bench-scheduling:",
        "PYTHONPATH": f"{ROOT / 'platform'}:{ROOT}",
        "LONGHAUL_AGENT_MODEL_URL": model_url,
        "LONGHAUL_EXTRA_WORKFLOWS": "bench-scheduling=bench.scheduling:build_workflow",
        "LONGHAUL_RUN_SLOTS": str(slots),
        "LONGHAUL_RUN_BURST_SLOTS": str(burst),
        "LONGHAUL_ORG_WEIGHTS": ",".join(f"{s}={w:g}" for s, w in WEIGHTS.items()),
        "LONGHAUL_SCHEDULER_SECONDS": "1",
    }


def setup_django(env: dict[str, str]) -> None:
    os.environ.update({k: v for k, v in env.items() if k.startswith(("LONGHAUL_", "DATABASE"))})
    for name in ("REDIS_URL", "CELERY_BROKER_URL", "CELERY_KEY_PREFIX"):
        os.environ[name] = env[name]
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)


def organizations() -> tuple[Any, Any, str]:
    from accounts.actors import operator_actor
    from accounts.services import api_key_create, organization_create

    a = organization_create(name="Bench A", slug="bench-a")
    b = organization_create(name="Bench B", slug="bench-b")
    return a, b, api_key_create(actor=operator_actor(organization_id=b.id), name="bench").plaintext


def submit(organization: Any, count: int) -> list[str]:
    from runs.services import run_start

    return [
        str(run_start(organization=organization, workflow="bench-scheduling", input={}).id)
        for _ in range(count)
    ]


def wait_until(condition: Any, timeout: float = 600.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError("the bench stalled")
        time.sleep(0.05)


def running_count() -> int:
    from runs.models import Run

    return Run.objects.filter(status="running").count()


def first_step_at(run_id: str) -> datetime | None:
    from runs.models import RunEvent

    event = RunEvent.objects.filter(run_id=run_id, kind="step.completed").order_by("seq").first()
    return None if event is None else event.created_at


def step_seconds() -> float:
    """One step's duration: the median gap between consecutive steps of one run."""
    from runs.models import Step

    gaps: list[float] = []
    rows = Step.objects.order_by("run_id", "number").values_list("run_id", "created_at")
    previous: tuple[Any, datetime] | None = None
    for run_id, created in rows:
        if previous and previous[0] == run_id:
            gaps.append((created - previous[1]).total_seconds())
        previous = (run_id, created)
    return statistics.median(gaps)


def phase_single_run(a: Any, b: Any, backlog: int, slots: int) -> dict[str, float]:
    from runs.models import Run

    submit(a, backlog)
    wait_until(lambda: running_count() >= slots)
    time.sleep(1.0)  # into the middle of A's steps
    ahead = Run.objects.filter(organization=a, started_at__isnull=True).count()
    (single,) = submit(b, 1)
    submitted = Run.objects.get(id=single).created_at
    wait_until(lambda: first_step_at(single) is not None)
    first = first_step_at(single)
    assert first is not None
    # Were its first step as long as the others, it would have started one step before it ended.
    waited = (first - submitted).total_seconds() - step_seconds()
    # One FIFO queue (no scheduler) would have started B after every run of A's ahead of it.
    fifo = ahead * STEPS * step_seconds() / slots
    return {
        "b_wait_s": waited,
        "step_s": step_seconds(),
        "fifo_s": fifo,
        "ahead": ahead,
        **timeline(single, submitted),
        "a_first_step_s": first_step_seconds(a),
    }


def first_step_seconds(organization: Any) -> float:
    """From a run's lease to its first step's commit, median over the organization's runs."""
    from runs.models import Run, Step

    started = dict(Run.objects.filter(organization=organization).values_list("id", "started_at"))
    firsts = Step.objects.filter(run__organization=organization, number=0)
    gaps = [
        (created - started[run_id]).total_seconds()
        for run_id, created in firsts.values_list("run_id", "created_at")
        if started.get(run_id)
    ]
    return statistics.median(gaps)


def timeline(run_id: str, submitted: datetime) -> dict[str, float]:
    """Where B's wait went: until the scheduler admitted B, until a worker started B's first
    step (its lease); and when the first of A's runs gave a slot back (a yield at a step
    boundary, or its end) after B arrived."""
    from runs.models import Run, RunEvent

    def first(*kinds: str, **where: Any) -> datetime:
        events = RunEvent.objects.filter(kind__in=kinds, created_at__gte=submitted, **where)
        event = events.order_by("created_at").first()
        return submitted if event is None else event.created_at

    yielded = first("run.yielded", "run.finished")
    admitted = first("run.admitted", run_id=run_id)
    started = Run.objects.get(id=run_id).started_at or admitted
    steps = RunEvent.objects.filter(run_id=run_id, kind="step.completed").order_by("seq")
    return {
        "first_step_s": (steps[0].created_at - started).total_seconds(),
        "to_yield_s": (yielded - submitted).total_seconds(),
        "to_admit_s": (admitted - submitted).total_seconds(),
        "start_s": (started - submitted).total_seconds(),
    }


def phase_shares(a: Any, b: Any, base: str, key: str, window: float) -> dict[str, Any]:
    from runs.models import RunEvent, Step

    submit(b, 100)
    time.sleep(3.0)  # let the yields settle into the weights
    search_latencies(base, key, until=0.0, count=1)  # the web process loads its embedder once
    start = datetime.now(UTC)
    with holding_sampler() as held:
        ingest = ingestion_delay(base, key)
        latencies = search_latencies(base, key, until=time.monotonic() + window)
    end = datetime.now(UTC)
    steps = Step.objects.filter(created_at__gte=start, created_at__lt=end)
    counts = Counter(steps.values_list("run__organization__slug", flat=True))
    total = sum(counts.values()) or 1
    bursts = RunEvent.objects.filter(
        kind="run.admitted", data__burst=True, created_at__gte=start, created_at__lt=end
    )
    return {
        "held": held,
        "bursts": Counter(bursts.values_list("run__organization__slug", flat=True)),
        "shares": {slug: counts[slug] / total for slug in WEIGHTS},
        "ingestion_start_s": ingest,
        "search_p50_s": statistics.median(latencies),
        "search_p95_s": percentile(latencies, 0.95),
        "searches": len(latencies),
        "window_steps": total,
    }


@contextmanager
def holding_sampler() -> Iterator[dict[str, float]]:
    """Slots each organization holds (admitted or running runs), and of them those asked to
    yield, sampled every 0.25 s: the mean of each, filled in when the block ends."""
    import threading

    from django.db import connection

    from runs.models import Run

    samples: list[Counter[str]] = []
    stop = threading.Event()

    def sample() -> None:
        while not stop.wait(0.25):
            held = Run.objects.filter(admitted_at__isnull=False, status__in=("running", "queued"))
            counts = Counter(held.values_list("organization__slug", flat=True))
            yielding = held.filter(yield_requested=True).values_list(
                "organization__slug", flat=True
            )
            counts.update(f"{slug} yielding" for slug in yielding)
            samples.append(counts)
        connection.close()

    means: dict[str, float] = {}
    thread = threading.Thread(target=sample)
    thread.start()
    try:
        yield means
    finally:
        stop.set()
        thread.join()
        for name in {name for counts in samples for name in counts}:
            means[name] = sum(counts[name] for counts in samples) / max(1, len(samples))


def ingestion_delay(base: str, key: str) -> float:
    from memory.models import Document

    body, content_type = multipart_text("notes.txt", "Quarterly revenue grew by 12 percent.\n" * 40)
    request = urllib.request.Request(f"{base}/api/documents", data=body, method="POST")
    request.add_header("Authorization", f"Bearer {key}")
    request.add_header("Content-Type", content_type)
    sent = time.monotonic()
    with urllib.request.urlopen(request, timeout=30) as reply:
        document_id = json.loads(reply.read())["id"]
    wait_until(
        lambda: Document.objects.filter(id=document_id).exclude(status="pending").exists(),
        timeout=120,
    )
    return time.monotonic() - sent


def multipart_text(filename: str, text: str) -> tuple[bytes, str]:
    boundary = "bench-boundary"
    head = (
        f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="{filename}"\r\n'
        "Content-Type: text/plain\r\n\r\n"
    )
    return (
        head.encode() + text.encode() + f"\r\n--{boundary}--\r\n".encode(),
        f"multipart/form-data; boundary={boundary}",
    )


def search_latencies(base: str, key: str, *, until: float, count: int = 20) -> list[float]:
    samples: list[float] = []
    body = json.dumps({"query": "how much did revenue grow", "k": 5}).encode()
    while time.monotonic() < until or len(samples) < count:
        request = urllib.request.Request(f"{base}/api/memory/search", data=body, method="POST")
        request.add_header("Authorization", f"Bearer {key}")
        request.add_header("Content-Type", "application/json")
        started = time.monotonic()
        with urllib.request.urlopen(request, timeout=60) as reply:
            reply.read()
        samples.append(time.monotonic() - started)
        time.sleep(0.2)
    return samples


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def report(args: argparse.Namespace, single: dict[str, float], shares: dict[str, Any]) -> None:
    weight_total = sum(WEIGHTS.values())
    print(f"step duration (median)            {single['step_s'] * 1e3:8.0f} ms")
    step = single["step_s"]
    print(
        f"B's first step started after       {single['start_s'] * 1e3:8.0f} ms"
        f"   ({single['start_s'] / step:.2f} steps; admitted at {single['to_admit_s'] * 1e3:.0f},"
        f" A's first slot given back at {single['to_yield_s'] * 1e3:.0f})"
    )
    print(
        f"  its end minus one step            {single['b_wait_s'] * 1e3:8.0f} ms"
        f"   ({single['b_wait_s'] / step:.2f} steps; its first step took "
        f"{single['first_step_s'] * 1e3:.0f}, A's first steps {single['a_first_step_s'] * 1e3:.0f})"
    )
    print(
        f"  one FIFO queue instead (computed) {single['fifo_s'] * 1e3:8.0f} ms"
        f"   ({single['ahead']} of A's runs not yet started)"
    )
    for slug, share in shares["shares"].items():
        weight = WEIGHTS[slug] / weight_total
        print(f"share of slots {slug:<18} {share:8.1%}   (weight {weight:.1%})")
    bursts = ", ".join(f"{slug} {shares['bursts'][slug]}" for slug in WEIGHTS)
    print(f"  over {shares['window_steps']} steps in a {args.window:.0f} s window")
    print(f"  runs admitted to a burst slot in it: {bursts}")
    held = ", ".join(f"{name} {mean:.2f}" for name, mean in sorted(shares["held"].items()))
    print(f"  slots held on average: {held}")
    print(f"ingestion start delay             {shares['ingestion_start_s'] * 1e3:8.0f} ms")
    print(
        f"search latency p50 / p95          {shares['search_p50_s'] * 1e3:8.0f} / "
        f"{shares['search_p95_s'] * 1e3:.0f} ms   ({shares['searches']} searches)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--backlog", type=int, default=200, help="A's runs")
    parser.add_argument("--step-ms", type=int, default=250, help="the model's delay per step")
    parser.add_argument("--slots", type=int, default=4, help="run slots")
    parser.add_argument("--burst", type=int, default=1, help="burst slots (0: none)")
    parser.add_argument("--window", type=float, default=20.0, help="seconds of phase 2")
    args = parser.parse_args()
    from tests.support.processes import free_port, wait_for_http, wait_for_port

    redis_url = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/9")
    print(
        f"# {datetime.now(UTC):%Y-%m-%d %H:%M} UTC, {platform.node()}, {os.cpu_count()} CPUs, "
        f"Python {platform.python_version()}, {args.slots} run slots + {args.burst} burst, "
        f"{STEPS}-step runs"
    )
    with scratch_database(BENCH_DB) as url, ExitStack() as stack:
        model_port, web_port = free_port(), free_port()
        model_url = f"http://127.0.0.1:{model_port}/v1"
        env = child_env(url, redis_url, model_url, args.slots, args.burst)
        setup_django(env)
        a, b, key = organizations()
        model = ["-m", "tests.support.fake_openai", "--port", str(model_port)]
        stack.enter_context(running([*model, "--delay-ms", str(args.step_ms)], env))
        wait_for_port(model_port)
        celery = ["-m", "celery", "-A", "config.worker"]
        steps = args.slots + args.burst  # a process for every slot
        for queue, concurrency in (("longhaul", steps), ("longhaul.interactive", 2)):
            worker = [*celery, "worker", "-l", "WARNING", "-Q", queue, "-n", f"{queue}@%h"]
            stack.enter_context(running([*worker, "--concurrency", str(concurrency)], env))
        beat = [*celery, "beat", "-l", "WARNING", "-s", f"/tmp/bench-scheduling-{web_port}"]
        stack.enter_context(running(beat, env))
        web = ["-m", "uvicorn", "config.asgi:application", "--port", str(web_port)]
        web_env = {**env, "LONGHAUL_WEB_PORT": str(web_port)}
        stack.enter_context(running([*web, "--no-access-log", "--lifespan", "off"], web_env))
        base = f"http://127.0.0.1:{web_port}"
        wait_for_http(f"{base}/healthz", timeout=60)
        single = phase_single_run(a, b, args.backlog, args.slots)
        shares = phase_shares(a, b, base, key, args.window)
    report(args, single, shares)


if __name__ == "__main__":
    main()
