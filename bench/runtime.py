"""Orchestration overhead per step: Longhaul's engine against LangGraph, same 20-step loop.

Every step of the loop calls a model that answers instantly (an in-process function shared by
both sides), so what is measured is the orchestration: reading and writing checkpoints,
merging state, validating transitions. Measured in the same run, interleaved:

- longhaul + InMemoryCheckpointer,   langgraph + InMemorySaver
- longhaul + DjangoCheckpointer,     langgraph + PostgresSaver (durability="sync" and "async")

Both Postgres sides use the embedded PostgreSQL, in a `bench_runtime` database created and
dropped here. Run: .venv/bin/python bench/runtime.py [--runs N]
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
import uuid
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypedDict

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "platform"), str(ROOT)]

from agents.engine.memory import InMemoryCheckpointer  # noqa: E402
from agents.engine.runner import run_one_step, start_thread  # noqa: E402
from agents.engine.types import Budgets, ChatResult, Finish, Update, Workflow  # noqa: E402
from bench.scratch import scratch_database  # noqa: E402

STEPS = 20
BENCH_DB = "bench_runtime"


def instant_model(messages: list[dict[str, Any]]) -> str:
    return "ok"


# --- Longhaul ---------------------------------------------------------------------------------
class InstantContext:
    run_id = "bench"
    step = 0
    budgets = Budgets(max_steps=1000)

    def chat(self, messages: list[dict[str, Any]], **_: Any) -> ChatResult:
        return ChatResult(instant_model(messages), [], 1, 1, {})

    def call_tool(self, *args: Any, **kwargs: Any) -> Any:
        raise NotImplementedError

    def emit(self, kind: str, data: dict[str, Any]) -> None:
        pass

    def now(self) -> float:
        return time.time()

    def approval_decision(self, digest: str) -> None:
        return None


def step_node(state: dict[str, Any], ctx: Any) -> Update | Finish:
    reply = ctx.chat([{"role": "user", "content": f"step {state['count']}"}]).content
    if state["count"] + 1 >= STEPS:
        return Finish("succeeded", {"count": state["count"] + 1})
    return Update({"count": state["count"] + 1, "last": reply}, "step")


WORKFLOW = Workflow(
    "bench", {"step": step_node}, "step", {"step": ("step",)}, initial=lambda i: {"count": 0}
)


def longhaul_run(checkpointer: Any) -> list[float]:
    thread, ctx, samples = f"bench-{uuid.uuid4().hex}", InstantContext(), []
    start_thread(WORKFLOW, checkpointer, thread, {})
    while True:
        started = time.perf_counter()
        result = run_one_step(WORKFLOW, checkpointer, thread, ctx)
        samples.append(time.perf_counter() - started)
        if result.outcome != "continue":
            return samples


# --- LangGraph --------------------------------------------------------------------------------
class LoopState(TypedDict):
    count: int
    last: str


def langgraph_graph(checkpointer: Any) -> Any:
    from langgraph.graph import END, StateGraph

    def step(state: LoopState) -> dict[str, Any]:
        return {"count": state["count"] + 1, "last": instant_model([])}

    graph = StateGraph(LoopState)
    graph.add_node("step", step)
    graph.set_entry_point("step")
    graph.add_conditional_edges("step", lambda s: END if s["count"] >= STEPS else "step")
    return graph.compile(checkpointer=checkpointer)


def langgraph_run(graph: Any, durability: str) -> list[float]:
    config = {"configurable": {"thread_id": f"bench-{uuid.uuid4().hex}"}, "recursion_limit": 100}
    samples, started = [], time.perf_counter()
    stream = graph.stream(
        {"count": 0, "last": ""}, config, stream_mode="updates", durability=durability
    )
    for _ in stream:
        now = time.perf_counter()
        samples.append(now - started)
        started = now
    return samples


# --- databases --------------------------------------------------------------------------------
def django_checkpointer(url: str) -> Any:
    os.environ["DATABASE_URL"] = url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)
    from runs.checkpointer import DjangoCheckpointer

    return DjangoCheckpointer()


# --- measurement ------------------------------------------------------------------------------
def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def measure(runs: int, cases: dict[str, Callable[[], list[float]]]) -> dict[str, list[float]]:
    for call in cases.values():  # warm up imports, connections, statement caches
        call()
    samples: dict[str, list[float]] = {name: [] for name in cases}
    for _ in range(runs):
        for name, call in cases.items():
            samples[name].extend(call())
    return samples


def report(samples: dict[str, list[float]], pairs: list[tuple[str, str]]) -> None:
    print(f"{'case':<40} {'p50 ms':>9} {'p95 ms':>9} {'mean ms':>9} {'steps':>6}")
    for name, values in samples.items():
        p50, p95 = percentile(values, 0.5) * 1e3, percentile(values, 0.95) * 1e3
        mean = statistics.fmean(values) * 1e3
        print(f"{name:<40} {p50:>9.3f} {p95:>9.3f} {mean:>9.3f} {len(values):>6}")
    print()
    for ours, theirs in pairs:
        if ours in samples and theirs in samples:
            r50 = percentile(samples[ours], 0.5) / percentile(samples[theirs], 0.5)
            r95 = percentile(samples[ours], 0.95) / percentile(samples[theirs], 0.95)
            print(f"{ours} / {theirs}: p50 x{r50:.2f}, p95 x{r95:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20, help="20-step loops per case")
    args = parser.parse_args()
    from langgraph.checkpoint.memory import InMemorySaver
    from langgraph.checkpoint.postgres import PostgresSaver

    print(
        f"# {datetime.now(UTC):%Y-%m-%d %H:%M} UTC, {platform.node()}, "
        f"{os.cpu_count()} CPUs, Python {platform.python_version()}, {STEPS}-step loop"
    )
    with scratch_database(BENCH_DB) as url, PostgresSaver.from_conn_string(url) as saver:
        saver.setup()
        django_cp = django_checkpointer(url)
        memory_graph, pg_graph = langgraph_graph(InMemorySaver()), langgraph_graph(saver)
        cases = {
            "longhaul in-memory": lambda: longhaul_run(InMemoryCheckpointer()),
            "langgraph InMemorySaver": lambda: langgraph_run(memory_graph, "sync"),
            "longhaul DjangoCheckpointer (postgres)": lambda: longhaul_run(django_cp),
            "langgraph PostgresSaver sync": lambda: langgraph_run(pg_graph, "sync"),
            "langgraph PostgresSaver async": lambda: langgraph_run(pg_graph, "async"),
        }
        samples = measure(args.runs, cases)
    report(
        samples,
        [
            ("longhaul in-memory", "langgraph InMemorySaver"),
            ("longhaul DjangoCheckpointer (postgres)", "langgraph PostgresSaver sync"),
            ("longhaul DjangoCheckpointer (postgres)", "langgraph PostgresSaver async"),
        ],
    )


if __name__ == "__main__":
    main()
