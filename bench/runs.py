"""Platform overhead per step of a durable run, against the bare engine, in the same process.

One 20-step workflow whose node does no I/O but emit one event, so what is measured is the
orchestration around a step:

- engine + InMemoryCheckpointer      (baseline: the engine alone)
- engine + DjangoCheckpointer        (the engine with PostgreSQL checkpoints)
- platform run_advance               (lease + heartbeat, RunContext, one fenced transaction per
                                      step: checkpoint, Step ledger row, events, run row)

Uses the embedded PostgreSQL, in a `bench_runs` database created and dropped here.
Run: .venv/bin/python bench/runs.py [--runs N]
"""

from __future__ import annotations

import argparse
import itertools
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


def engine_run(checkpointer: Any) -> list[float]:
    workflow, thread, samples = build_workflow(), f"bench-{uuid.uuid4().hex}", []
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


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="20-step runs per case")
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


if __name__ == "__main__":
    main()
