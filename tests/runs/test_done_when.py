"""The issue's "Done when": the code agent over REST on a small repository with a failing test,
driven by the scripted model, through the real ASGI server, a real Celery worker, PostgreSQL,
Redis and the sandbox; events arrive live on the websocket."""

from __future__ import annotations

import json

import pytest

from tests.factories import TenantFixture
from tests.runs.live import (
    http,
    multipart,
    open_events,
    receive_until,
    tarball_bytes,
    wait_for_status,
)
from tests.support.fake_openai import FakeOpenAI, serve_fake_openai
from tests.support.processes import asgi_server, celery_worker

REPOSITORY = {
    "calc.py": "def add(a, b):\n    return a - b\n",
    "test_calc.py": "from calc import add\n\n\ndef test_add():\n    assert add(2, 3) == 5\n",
}
FIXED = "def add(a, b):\n    return a + b\n"


def coding_script() -> list[dict[str, object]]:
    def call(name: str, **arguments: object) -> dict[str, object]:
        return {"tool_calls": [{"name": name, "arguments": arguments}]}

    return [
        {"content": json.dumps({"subtasks": ["fix add", "run the tests"]})},
        call("read_file", path="calc.py"),
        call("write_file", path="calc.py", content=FIXED),
        call("run_tests"),
        call("finish", summary="add now adds"),
    ]


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_the_code_agent_fixes_a_failing_test_over_rest_with_live_events(
    acme: TenantFixture, redis_client: object
) -> None:
    fake = FakeOpenAI(script=coding_script())
    with (
        serve_fake_openai(fake) as model_url,
        asgi_server(LONGHAUL_AGENT_MODEL_URL=model_url) as base,
        celery_worker(concurrency=1, LONGHAUL_AGENT_MODEL_URL=model_url),
    ):
        body, content_type = multipart(
            {"workflow": "coding", "input": json.dumps({"task": "Make the tests pass."})},
            {"workspace": ("repo.tar.gz", tarball_bytes(REPOSITORY))},
        )
        status, run = http("POST", f"{base}/api/runs", acme.api_key, body, content_type)
        assert status == 201, run

        with open_events(base, run["id"], acme.api_key) as socket:
            events = receive_until(socket, {"run.finished", "run.failed"})

        finished = wait_for_status(base, run["id"], acme.api_key, {"succeeded", "failed"})
        assert finished["status"] == "succeeded", finished
        assert [event["seq"] for event in events] == list(range(1, len(events) + 1))
        kinds = [event["kind"] for event in events]
        assert kinds[0] == "run.created"
        assert "step.completed" in kinds
        assert kinds[-1] == "run.finished"

        status, artifacts = http("GET", f"{base}/api/runs/{run['id']}/artifacts", acme.api_key)
        names = {artifact["name"] for artifact in artifacts}
        assert {"changes.diff", "test-report.json"} <= names
        status, diff = http(
            "GET", f"{base}/api/runs/{run['id']}/artifacts/changes.diff", acme.api_key
        )
        text = diff.decode() if isinstance(diff, bytes) else json.dumps(diff)
        assert "-    return a - b" in text
        assert "+    return a + b" in text
