"""What an operator sees of a run, as deployed: four web workers and a Celery worker sharing a
metrics directory, exporting traces to an OTLP collector in a process of its own. A run started
over REST calls its model through the gateway (the scripted model server is the backend) and
calls tools; every scrape of /metrics adds up all the processes, and the collector receives one
trace from the REST request down to the backend call."""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from prometheus_client.parser import text_string_to_metric_families

from inference.models import Backend, Tier
from runs.metrics import metrics_refresh
from tests.factories import TenantFixture
from tests.runs.fixtures import EXTRA_TOOLS, EXTRA_WORKFLOWS
from tests.runs.live import http, wait_for_status
from tests.support.fake_openai import FakeOpenAI, serve_fake_openai
from tests.support.otlp_collector import otlp_collector, read_spans
from tests.support.processes import asgi_server, celery_worker, free_port

pytestmark = pytest.mark.django_db(transaction=True)
WEB_WORKERS = 4
SERVER, CLIENT = 2, 3  # OTLP span kinds


def script(ledger: Path) -> list[dict[str, Any]]:
    """Two calls of record_effect that work, one that fails (no such ledger), then an answer."""

    def effect(directory: Path) -> dict[str, Any]:
        return {"tool_calls": [{"name": "record_effect", "arguments": {"ledger": str(directory)}}]}

    return [effect(ledger), effect(ledger), effect(ledger / "missing"), {"content": "done"}]


def register_backend(url: str) -> Backend:
    tier, _ = Tier.objects.get_or_create(name="standard", defaults={"context_window": 8192})
    return Backend.objects.create(
        tier=tier, name=f"scripted-{uuid.uuid4().hex[:6]}", base_url=url, served_model="scripted"
    )


def scrape(base: str) -> dict[tuple[str, frozenset[tuple[str, str]]], float]:
    text = httpx.get(f"{base}/metrics", timeout=10).text
    return {
        (sample.name, frozenset(sample.labels.items())): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def value(samples: dict[Any, float], name: str, **labels: str) -> float:
    return samples.get((name, frozenset(labels.items())), 0.0)


def wait_for(predicate: Callable[[], Any], timeout: float, what: str) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = predicate()
        if found:
            return found
        # Until the server and the worker (other processes) report.
        time.sleep(0.2)
    raise AssertionError(f"{what}: not within {timeout} s")


def ancestry(span: dict[str, Any], by_id: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """The span and its parents up to the trace's root (which has no parent)."""
    chain = [span]
    while chain[-1]["parent_span_id"]:
        chain.append(by_id[chain[-1]["parent_span_id"]])
    return chain


@contextmanager
def operator_stack(tmp_path: Path, fake: FakeOpenAI) -> Iterator[tuple[str, str, Backend]]:
    """4 web workers, a worker (serving its metrics too), a collector, one metrics directory,
    and the scripted model as the tier's backend; yields the web and worker metrics URLs and the
    backend."""
    metrics_dir, worker_port = tmp_path / "prom", free_port()
    metrics_dir.mkdir()
    with otlp_collector(tmp_path / "spans") as collector, serve_fake_openai(fake) as backend_url:
        backend = register_backend(backend_url)
        shared = {
            "PROMETHEUS_MULTIPROC_DIR": str(metrics_dir),
            "OTEL_EXPORTER_OTLP_ENDPOINT": collector,
            "OTEL_BSP_SCHEDULE_DELAY": "100",
            "LONGHAUL_EXTRA_TOOLS": EXTRA_TOOLS,
            "LONGHAUL_EXTRA_WORKFLOWS": EXTRA_WORKFLOWS,
        }
        web_env = {"WEB_CONCURRENCY": str(WEB_WORKERS), "LONGHAUL_WEB_WORKERS": str(WEB_WORKERS)}
        with asgi_server(**shared, **web_env, LONGHAUL_GATEWAY_REGISTRY_SECONDS="0.1") as base:
            worker_env = {
                "LONGHAUL_GATEWAY_URL": f"{base}/v1",
                "LONGHAUL_AGENT_MODEL_URL": "",
                "LONGHAUL_SNAPSHOTS_DIR": str(tmp_path / "snapshots"),
                "LONGHAUL_WORKER_METRICS_PORT": str(worker_port),
            }
            with celery_worker(concurrency=1, **shared, **worker_env):
                yield base, f"http://127.0.0.1:{worker_port}", backend


def run_to_its_end(base: str, key: str) -> str:
    body = json.dumps({"workflow": "effects", "input": {"task": "apply effects"}}).encode()
    status, run = http("POST", f"{base}/api/runs", key, body, "application/json")
    assert status == 201, run
    finished = wait_for_status(base, run["id"], key, {"succeeded", "failed"})
    assert finished["status"] == "succeeded", finished
    return str(run["id"])


def assert_tool_calls(samples: dict[Any, float]) -> None:
    calls = "longhaul_tool_call_seconds_count"
    assert value(samples, calls, tool="record_effect", outcome="ok") == 2
    assert value(samples, calls, tool="record_effect", outcome="error") == 1
    waits = "longhaul_task_queue_wait_seconds_count"
    assert value(samples, waits, queue="longhaul", task="runs.tasks.advance_run") >= 1


@pytest.mark.slow
@pytest.mark.timeout(300)
def test_a_run_adds_up_on_metrics_and_arrives_as_one_trace(
    acme: TenantFixture, tmp_path: Path, redis_client: object
) -> None:
    # Given the platform as an operator runs it, with a collector
    (tmp_path / "ledger").mkdir()
    fake = FakeOpenAI(script=script(tmp_path / "ledger"))
    with operator_stack(tmp_path, fake) as (base, worker_metrics, backend):
        # When a run is started over REST and goes to its end
        run_id = run_to_its_end(base, acme.api_key)

        # Then every scrape, whichever web worker answers it, shows the worker's tool calls per
        # tool and outcome, beat's figures for the same calls, and the gateway's requests from
        # all web workers together; the worker serves its own figures too
        metrics_refresh()
        chat = {"endpoint": "chat.completions", "tier": "standard", "backend": backend.name}
        figures = {"tool": "record_effect", "organization_id": str(acme.organization.id)}
        for _ in range(2 * WEB_WORKERS):
            samples = scrape(base)
            assert_tool_calls(samples)
            assert value(samples, "longhaul_gateway_requests_total", status="200", **chat) == 4
            assert value(samples, "longhaul_tool_calls_total", outcome="ok", **figures) == 2
            assert value(samples, "longhaul_tool_calls_total", outcome="error", **figures) == 1
        assert_tool_calls(scrape(worker_metrics))

    # And the collector received one trace from the REST request to each backend call
    model_calls = [r for r in fake.requests if r["path"].endswith("/chat/completions")]
    assert len(model_calls) == 4
    assert_one_trace(read_trace(tmp_path / "spans", model_calls), model_calls, backend, run_id)


def read_trace(path: Path, model_calls: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The spans received, once those of every backend call and tool call have arrived."""
    parents = {r["headers"]["traceparent"].split("-")[2] for r in model_calls}

    def arrived() -> list[dict[str, Any]] | None:
        spans = read_spans(path)
        tools = sum(span["name"] == "execute_tool record_effect" for span in spans)
        return spans if parents <= {span["span_id"] for span in spans} and tools == 3 else None

    return list(wait_for(arrived, 30, "the spans of every backend call and tool call"))


def assert_one_trace(
    spans: list[dict[str, Any]], model_calls: list[dict[str, Any]], backend: Backend, run_id: str
) -> None:
    by_id = {span["span_id"]: span for span in spans}
    traces = {r["headers"]["traceparent"].split("-")[1] for r in model_calls}
    assert len(traces) == 1
    for request in model_calls:
        chain = ancestry(by_id[request["headers"]["traceparent"].split("-")[2]], by_id)
        assert {span["trace_id"] for span in chain} == traces
        gateway_call, root = chain[0], chain[-1]
        assert (gateway_call["service"], gateway_call["kind"]) == ("longhaul-web", CLIENT)
        assert gateway_call["attributes"]["gen_ai.request.model"] == "standard"
        assert gateway_call["attributes"]["longhaul.backend"] == backend.name
        assert gateway_call["attributes"]["gen_ai.usage.input_tokens"] > 0
        worker_call = next(span for span in chain if span["service"] == "longhaul-worker")
        assert (worker_call["name"], worker_call["kind"]) == ("chat standard", CLIENT)
        assert worker_call["attributes"]["gen_ai.operation.name"] == "chat"
        assert by_id[worker_call["parent_span_id"]]["attributes"]["longhaul.run.id"] == run_id
        # REST (web) → Celery, step and model call (worker) → /v1 and the backend call (web)
        services = [span["service"] for span in reversed(chain)]
        hops = [s for i, s in enumerate(services) if i == 0 or services[i - 1] != s]
        assert hops == ["longhaul-web", "longhaul-worker", "longhaul-web"]
        assert root["kind"] == SERVER
        assert "/api/runs" in json.dumps(root["attributes"])
    tools = [span for span in spans if span["name"] == "execute_tool record_effect"]
    assert {span["trace_id"] for span in tools} == traces
    assert sum("error.type" in span["attributes"] for span in tools) == 1
