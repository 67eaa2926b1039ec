"""Platform overhead per step of a durable run, against the bare engine, in the same process.

One 20-step workflow whose node does no I/O but emit one event, so what is measured is the
orchestration around a step:

- engine + InMemoryCheckpointer      (baseline: the engine alone)
- engine + DjangoCheckpointer        (the engine with PostgreSQL checkpoints)
- platform run_advance               (lease + heartbeat, RunContext, one fenced statement per
                                      step: checkpoint, Step ledger row, events, run counters)

Then throughput: the same runs spread over several worker processes on one PostgreSQL, each
process advancing its share one run after another, as Celery's step workers do. It prints steps
per second, the database's own time per step (PostgreSQL's `active_time` for the bench
database: statements and commits, server side) and the statements each step sent (BEGIN and
COMMIT not counted; the lease's statements shared out over its 20 steps), for the platform and
for the engine with the Django checkpointer over the same number of threads and processes.

Uses the embedded PostgreSQL, in a `bench_runs` database created and dropped here.
Run: .venv/bin/python bench/runs.py [--runs N] [--workers W] [--per-worker R]
"""

from __future__ import annotations

import argparse
import itertools
import multiprocessing
import os
import platform
import statistics
import sys
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "platform"), str(ROOT)]

from agents.engine.memory import InMemoryCheckpointer  # noqa: E402
from agents.engine.runner import run_one_step, start_thread  # noqa: E402
from agents.engine.types import Budgets, Finish, Update, Workflow  # noqa: E402
from bench.scratch import scratch_database  # noqa: E402

STEPS = 20
BENCH_DB = "bench_runs"


def step_node(state: dict[str, Any], ctx: Any) -> Update | Finish:
    ctx.emit("tick", {"count": state["count"]})
    if state["count"] + 1 >= STEPS:
        return Finish("succeeded", {"count": state["count"] + 1})
    return Update({"count": state["count"] + 1}, "step")


def build_workflow() -> Workflow:
    return Workflow(
        "bench-runs",
        {"step": step_node},
        "step",
        {"step": ("step",)},
        initial=lambda i: {"count": 0},
    )


class QuietContext:
    run_id, step, budgets = "bench", 0, Budgets(max_steps=1000)

    def emit(self, kind: str, data: dict[str, Any]) -> None:
        pass

    def now(self) -> float:
        return time.time()


def engine_run(checkpointer: Any, *, thread: str | None = None) -> list[float]:
    """Steps a thread to its end (a new one unless `thread` was started already)."""
    workflow, samples = build_workflow(), []
    if thread is None:
        thread = f"bench-{uuid.uuid4().hex}"
        start_thread(workflow, checkpointer, thread, {})
    while True:
        started = time.perf_counter()
        result = run_one_step(workflow, checkpointer, thread, QuietContext())  # type: ignore[arg-type]
        samples.append(time.perf_counter() - started)
        if result.outcome != "continue":
            return samples


def platform_run(organization: Any) -> list[float]:
    from django.db import transaction

    from runs.checkpointer import DjangoCheckpointer
    from runs.models import Run, Step
    from runs.services import run_advance

    with transaction.atomic():
        run = Run.objects.create(organization=organization, workflow="bench-runs", budgets={})
        start_thread(build_workflow(), DjangoCheckpointer(), str(run.id), {})
    started = time.perf_counter()
    run_advance(run_id=str(run.id), owner="bench")
    total = time.perf_counter() - started
    stamps = list(
        Step.objects.filter(run=run).order_by("number").values_list("created_at", flat=True)
    )
    # Per-step time from consecutive ledger rows; the first step is measured from the start.
    first = total - (stamps[-1] - stamps[0]).total_seconds()
    return [first] + [(b - a).total_seconds() for a, b in itertools.pairwise(stamps)]


def setup_django(url: str) -> Any:
    os.environ["DATABASE_URL"] = url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)
    from accounts.services import organization_create
    from agents.engine.registry import register_workflow

    register_workflow("bench-runs", "__main__:build_workflow")
    return organization_create(name="Bench", slug=f"bench-{uuid.uuid4().hex[:6]}")


def new_runs(organization: Any, count: int) -> list[str]:
    from django.db import transaction

    from runs.checkpointer import DjangoCheckpointer
    from runs.models import Run

    ids = []
    for _ in range(count):
        with transaction.atomic():
            run = Run.objects.create(organization=organization, workflow="bench-runs", budgets={})
            start_thread(build_workflow(), DjangoCheckpointer(), str(run.id), {})
        ids.append(str(run.id))
    return ids


def new_threads(count: int) -> list[str]:
    from runs.checkpointer import DjangoCheckpointer

    threads = [f"bench-{uuid.uuid4().hex}" for _ in range(count)]
    for thread in threads:
        start_thread(build_workflow(), DjangoCheckpointer(), thread, {})
    return threads


def worker(url: str, case: str, ids: list[str], ready: Any, results: Any) -> None:
    """One worker process: advances its share of runs (or engine threads) one after another."""
    os.environ["DATABASE_URL"] = url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")
    import django

    django.setup()
    from django.db import connection

    from agents.engine.registry import register_workflow
    from runs.checkpointer import DjangoCheckpointer
    from runs.services import run_advance

    register_workflow("bench-runs", "__main__:build_workflow")
    connection.ensure_connection()
    statements = 0

    def count(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        nonlocal statements
        statements += 1
        return execute(sql, params, many, context)

    ready.wait()
    with connection.execute_wrapper(count):
        for run_id in ids:
            if case == "platform":
                run_advance(run_id=run_id, owner=f"bench-{os.getpid()}")
            else:
                engine_run(DjangoCheckpointer(), thread=run_id)
    connection.close()
    results.put(statements)


def database_active_ms(url: str) -> float:
    """PostgreSQL's time spent in statements of this database so far (sessions that ended
    report theirs on exit, so this waits until only its own is left)."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        for _ in range(200):
            conn.execute("SELECT pg_stat_clear_snapshot()")
            row = conn.execute(
                "SELECT numbackends, active_time FROM pg_stat_database "
                "WHERE datname = current_database()"
            ).fetchone()
            assert row is not None
            if row[0] <= 1:
                return float(row[1])
            time.sleep(0.05)
    raise RuntimeError("the bench database still has other sessions")


def throughput(url: str, case: str, ids: list[str], workers: int) -> dict[str, float]:
    """Steps per second, database ms per step and statements per step over `workers` processes
    (spawned, so each opens its own connection as a Celery worker's process does)."""
    from django.db import connections

    connections.close_all()  # this process's session must not count in the database's time
    spawn = multiprocessing.get_context("spawn")
    ready, results = spawn.Barrier(workers + 1), spawn.Queue()
    children = [
        spawn.Process(target=worker, args=(url, case, ids[i::workers], ready, results))
        for i in range(workers)
    ]
    before = database_active_ms(url)
    for child in children:
        child.start()
    ready.wait()
    started = time.perf_counter()
    statements = sum(results.get() for _ in children)
    elapsed = time.perf_counter() - started
    for child in children:
        child.join()
    steps = len(ids) * STEPS
    database_ms = database_active_ms(url) - before
    return {
        "steps/s": steps / elapsed,
        "db ms/step": database_ms / steps,
        "statements/step": statements / steps,
    }


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="20-step runs per case")
    parser.add_argument("--workers", type=int, default=4, help="processes for throughput")
    parser.add_argument("--per-worker", type=int, default=5, help="20-step runs per process")
    args = parser.parse_args()
    print(
        f"# {datetime.now(UTC):%Y-%m-%d %H:%M} UTC, {platform.node()}, "
        f"{os.cpu_count()} CPUs, Python {platform.python_version()}, {STEPS}-step run"
    )
    with scratch_database(BENCH_DB) as url:
        organization = setup_django(url)
        from runs.checkpointer import DjangoCheckpointer

        cases = {
            "engine + InMemoryCheckpointer": lambda: engine_run(InMemoryCheckpointer()),
            "engine + DjangoCheckpointer": lambda: engine_run(DjangoCheckpointer()),
            "platform run_advance (fenced)": lambda: platform_run(organization),
        }
        for call in cases.values():  # warm up imports, connections, statement caches
            call()
        samples: dict[str, list[float]] = {name: [] for name in cases}
        for _ in range(args.runs):
            for name, call in cases.items():  # interleaved, so load affects all alike
                samples[name].extend(call())
        rates = measure_throughput(url, organization, args.workers, args.per_worker)
    print(f"{'case':<34} {'p50 ms':>9} {'p95 ms':>9} {'mean ms':>9} {'steps':>6}")
    for name, values in samples.items():
        p50, p95 = percentile(values, 0.5) * 1e3, percentile(values, 0.95) * 1e3
        print(
            f"{name:<34} {p50:>9.3f} {p95:>9.3f} {statistics.fmean(values) * 1e3:>9.3f} {len(values):>6}"
        )
    base = samples["engine + DjangoCheckpointer"]
    ours = samples["platform run_advance (fenced)"]
    print(
        f"\nplatform / engine+DjangoCheckpointer: p50 x{percentile(ours, 0.5) / percentile(base, 0.5):.2f}, "
        f"p95 x{percentile(ours, 0.95) / percentile(base, 0.95):.2f}"
    )
    print_throughput(rates, args.workers)


def measure_throughput(url: str, organization: Any, workers: int, per_worker: int) -> Any:
    count = workers * per_worker
    engine = throughput(url, "engine", new_threads(count), workers)
    ours = throughput(url, "platform", new_runs(organization, count), workers)
    return {"engine + DjangoCheckpointer": engine, "platform run_advance (fenced)": ours}


def print_throughput(rates: dict[str, dict[str, float]], workers: int) -> None:
    print(f"\nthroughput: {workers} worker processes, one PostgreSQL")
    print(f"{'case':<34} {'steps/s':>9} {'db ms/step':>11} {'statements/step':>16}")
    for name, row in rates.items():
        print(
            f"{name:<34} {row['steps/s']:>9.0f} {row['db ms/step']:>11.3f} "
            f"{row['statements/step']:>16.2f}"
        )
    base, ours = rates["engine + DjangoCheckpointer"], rates["platform run_advance (fenced)"]
    print(
        f"\nplatform / engine+DjangoCheckpointer: steps/s x{ours['steps/s'] / base['steps/s']:.2f}, "
        f"db ms/step x{ours['db ms/step'] / base['db ms/step']:.2f}"
    )


if __name__ == "__main__":
    main()
