"""The 3D workflow with the bundled model (SmolLM2-135M under llama.cpp) through the gateway,
with JSON-schema constrained output: it must end with a valid asset from a template or fail
with a clear reason within its budget, never hang and never crash. What is tested is that the
template path makes even a tiny model's answer usable."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rest_framework.test import APIClient

from tests.factories import TenantFixture
from tests.runs.live import http, wait_for_status
from tests.support.bundled_model import platform_on_bundled_model
from tests.three_d.conftest import close, extents_mm, load_glb

pytestmark = [pytest.mark.slow, pytest.mark.timeout(600)]
BRIEF = "a small wooden table, 80 x 50 cm, 70 cm high"


@pytest.mark.django_db(transaction=True)
def test_the_bundled_model_makes_a_template_asset_or_fails_clearly_within_its_budget(
    acme: TenantFixture, tmp_path: Path, redis_client: object
) -> None:
    budgets = {"max_steps": 14, "max_wall_seconds": 300}
    input = {"brief": BRIEF, "max_repairs": 2, "preview": {"width": 128, "height": 96, "turntable_frames": 2}}  # fmt: skip
    reviewer = APIClient()
    reviewer.force_login(acme.reviewer)
    with platform_on_bundled_model(tmp_path / "llama") as base:
        body = {"workflow": "three_d_asset", "input": input, "budgets": budgets}
        status, run = http("POST", f"{base}/api/runs", acme.api_key, json.dumps(body).encode(), "application/json")  # fmt: skip
        assert status == 201, run
        ended = {"awaiting_approval", "succeeded", "failed"}
        done = wait_for_status(base, run["id"], acme.api_key, ended, timeout=420)
        if done["status"] == "awaiting_approval":
            _, pending = http("GET", f"{base}/api/approvals?status=pending", acme.api_key)
            request = next(item for item in pending["results"] if item["run"] == run["id"])
            decided = reviewer.post(f"/api/approvals/{request['id']}/decide", {"decision": "approve"}, format="json")  # fmt: skip
            assert decided.status_code == 200, decided.content
            done = wait_for_status(base, run["id"], acme.api_key, {"succeeded", "failed"}, timeout=120)  # fmt: skip
        glb = http("GET", f"{base}/api/runs/{run['id']}/artifacts/model.glb", acme.api_key)

    assert done["step_count"] <= budgets["max_steps"] + 1
    assert done["usage"]["prompt_tokens"] > 0  # the plan went through the gateway
    if done["status"] == "failed":
        assert done["error"], done  # a clear reason: the budget, or validation after repairs
        return
    assert glb[0] == 200
    assert isinstance(glb[1], bytes)
    scene = load_glb(glb[1])
    parts = set(scene.graph.nodes_geometry)
    table = {"top", "leg_1", "leg_2", "leg_3", "leg_4"}
    assert table <= parts
    assert parts - table <= {"drawer", "knob"}  # the table template's options, the model's choice
    width, depth, height = extents_mm(scene)
    assert close([width, height], [800, 700])
    if "knob" not in parts:  # half the knob stands out of the drawer's front
        assert close([depth], [500])
