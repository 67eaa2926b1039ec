"""The code agent end to end with the bundled model (SmolLM2-135M under llama.cpp) through the
gateway: the run must end `succeeded` or fail with a clear reason within its budget — never
hang and never crash. A model this small rarely fixes code; what is tested is the platform."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from inference.models import Backend
from tests.factories import TenantFixture
from tests.runs.live import http, multipart, tarball_bytes, wait_for_status
from tests.support.bundled_model import CONTEXT, platform_on_bundled_model

pytestmark = [pytest.mark.slow, pytest.mark.timeout(600)]
REPOSITORY = {
    "calc.py": "def add(a, b):\n    return a - b\n",
    "test_calc.py": "from calc import add\n\n\ndef test_add():\n    assert add(2, 3) == 5\n",
}


@pytest.mark.django_db(transaction=True)
def test_the_code_agent_with_the_bundled_model_ends_clearly_within_its_budget(
    acme: TenantFixture, tmp_path: Path, redis_client: object
) -> None:
    budgets = {"max_steps": 8, "max_wall_seconds": 240}
    # Registered as a plain OpenAI-compatible server without json_schema: the gateway sends
    # response_format json_object, which llama-cpp-python's server accepts as it is.
    plain = Backend.Dialect.OPENAI
    with platform_on_bundled_model(
        tmp_path / "llama", dialect=plain, supports_json_schema=False
    ) as base:
        body, content_type = multipart(
            {
                "workflow": "coding",
                "input": json.dumps(
                    {
                        "task": "Fix add in calc.py so test_calc passes.",
                        "context_window": CONTEXT,
                    }
                ),
                "budgets": json.dumps(budgets),
            },
            {"workspace": ("repo.tar.gz", tarball_bytes(REPOSITORY))},
        )
        status, run = http("POST", f"{base}/api/runs", acme.api_key, body, content_type)
        assert status == 201, run
        done = wait_for_status(base, run["id"], acme.api_key, {"succeeded", "failed"}, timeout=420)

    assert done["step_count"] <= budgets["max_steps"] + 1
    if done["status"] == "failed":
        assert done["error"], done  # a clear reason, e.g. the budget or the tests still failing
    assert done["usage"]["prompt_tokens"] > 0
    from gateway.models import UsageRecord

    assert UsageRecord.objects.filter(run_id=run["id"]).exists()  # billed through the gateway
