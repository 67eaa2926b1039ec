"""The 3D workflow end to end through the REST API: ten briefs (every template and free-form
specs with CSG) on the real ASGI server, a real Celery worker, PostgreSQL, Redis and the
sandbox, with the scripted model. Each run stops for approval before export; a reviewer
approves over REST; the GLB that comes back loads with the expected parts and dimensions, and
its previews are not blank and it passes the Khronos glTF Validator. Two briefs carry a
planted error the repair loop must fix; in a third the model's wrong width is overridden by the
brief's at planning. An impossible brief is refused with its numbers, and an ambiguous one asks
its question as an approval request that is answered over REST."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any

import pytest
from rest_framework.test import APIClient

from tests.factories import TenantFixture
from tests.runs.live import http, wait_for_status
from tests.support.fake_openai import FakeOpenAI, serve_fake_openai
from tests.support.processes import asgi_server, celery_worker
from tests.three_d.conftest import (
    answer,
    close,
    drawn_fraction,
    extents_mm,
    gltf_validation,
    load_glb,
)
from tests.three_d.specs import BRACKET, DIE, pedestal, snowman

pytestmark = [pytest.mark.slow, pytest.mark.timeout(400)]
PREVIEW = {"width": 160, "height": 120, "turntable_frames": 2}
PREVIEW_NAMES = ["preview-front.png", "preview-side.png", "preview-top.png", "preview-perspective.png", "turntable.png"]  # fmt: skip


@dataclass
class Brief:
    key: str
    input: dict[str, Any]
    replies: list[dict[str, Any]]
    parts: int
    extents_mm: list[float]
    printable: bool = False
    repaired_by: str | None = None  # "rules" or "model" when an error was planted
    extra: dict[str, Any] = field(default_factory=dict)


def template(name: str, **parameters: Any) -> dict[str, Any]:
    return answer({"template": name, "parameters": parameters})


PRINT = {"target_use": "print"}
BRIEFS = [
    # Planted: the model gets the width wrong (100 for 120 cm); the brief's value is kept.
    Brief("table", {"brief": "a four-legged wooden table, 120 \u00d7 60 cm, 75 cm high, with a round drawer knob"},
          [template("table", width=100, depth=60, height=75, drawer=True, knob=True)], 7, [1200, 600, 750]),
    Brief("chair", {"brief": "a black chair, 45 x 50 cm, 90 cm tall"},
          [template("chair", width=45, depth=50, height=90, seat_height=46, color="black")], 6, [450, 500, 900]),
    Brief("shelf", {"brief": "a white bookshelf 80 x 30 cm and 180 cm tall with five shelves"},
          [template("shelf", width=80, depth=30, height=180, shelves=5, color="white")], 8, [800, 300, 1800]),
    Brief("lamp", {"brief": "a table lamp 45 cm tall with a 26 cm diameter shade"},
          [template("lamp", height=45, shade_diameter=26)], 4, [260, 260, 450]),
    Brief("mug", {"brief": "a red ceramic mug 8 cm in diameter and 10 cm tall", "constraints": PRINT},
          [template("mug", diameter=8, height=10, color="red")], 2, [113, 80, 100], printable=True),
    Brief("box", {"brief": "a wooden box with a lid, 20 x 15 cm, 10 cm high", "constraints": PRINT},
          [template("box_with_lid", width=20, depth=15, height=10)], 2, [200, 150, 100], printable=True),
    Brief("bracket", {"brief": "an L-shaped steel mounting bracket with two screw holes", "planning": "free-form",
                      "dimensions": {"width": 60, "depth": 40, "height": 40}, "constraints": {**PRINT, "units": "mm"}},
          [answer({"spec": BRACKET})], 1, [60, 40, 40], printable=True),
    # Planted: the head (with its nose and hat) floats 5 cm above the body; a rule lowers it
    # until it sinks 1 mm into the middle ball (73 cm to the hat top becomes 67.9 cm).
    Brief("snowman", {"brief": "a snowman of three stacked snowballs with stick arms, a carrot nose and a top hat", "planning": "free-form"},
          [answer({"spec": snowman(head_z=60)})], 6, [440, 300, 679], repaired_by="rules"),
    # Planted: a union whose boxes meet only along an edge; the model moves the top box.
    Brief("pedestal", {"brief": "a two-step stone pedestal 60 mm tall", "planning": "free-form", "constraints": PRINT},
          [answer({"spec": pedestal(top_x=80)}), answer({"spec": pedestal(top_x=70)})], 1, [150, 100, 60], printable=True, repaired_by="model"),
    Brief("die", {"brief": "a rounded 30 mm die on a brass key ring", "planning": "free-form"},
          [answer({"spec": DIE})], 2, [47, 30, 30]),
]  # fmt: skip


def scripted(body: dict[str, Any]) -> dict[str, Any]:
    """Answers per brief (runs interleave), the n-th reply for the n-th model turn."""
    prompt = next(m["content"] for m in body["messages"] if m["role"] == "user")
    brief = next((b for b in BRIEFS if f"Brief: {b.input['brief']}" in prompt), BRIEFS[0])
    turn = sum(1 for m in body["messages"] if m["role"] == "assistant")
    return brief.replies[min(turn, len(brief.replies) - 1)]


@pytest.mark.django_db(transaction=True)
def test_ten_briefs_become_validated_previewed_models_over_rest(
    acme: TenantFixture, redis_client: object
) -> None:
    fake = FakeOpenAI(responder=scripted)
    reviewer = APIClient()
    reviewer.force_login(acme.reviewer)
    with (
        serve_fake_openai(fake) as model_url,
        asgi_server(LONGHAUL_AGENT_MODEL_URL=model_url) as base,
        celery_worker(concurrency=2, LONGHAUL_AGENT_MODEL_URL=model_url),
    ):
        runs = {brief.key: start(base, acme, brief) for brief in BRIEFS}
        impossible = start(base, acme, Brief("cube", {"brief": IMPOSSIBLE}, [], 0, []))
        ambiguous = start(base, acme, Brief("twice", {"brief": AMBIGUOUS}, [], 0, []))
        check_refused(base, acme, impossible)
        check_question(base, acme, reviewer, ambiguous)
        for brief in BRIEFS:
            approve_export(base, acme, reviewer, runs[brief.key], brief)
        for brief in BRIEFS:
            done = wait_for_status(
                base, runs[brief.key], acme.api_key, {"succeeded", "failed"}, timeout=120
            )
            assert done["status"] == "succeeded", (brief.key, done["error"], done["output"])
            check_delivery(base, acme, runs[brief.key], brief, done)


IMPOSSIBLE = "A 10 cm closed cube with 1 cm walls that must hold 2 litres"
AMBIGUOUS = "A side table 60 x 40 cm, 50 cm high and 55 cm high"


def check_refused(base: str, tenant: TenantFixture, run_id: str) -> None:
    done = wait_for_status(base, run_id, tenant.api_key, {"succeeded", "failed"}, timeout=120)
    assert done["output"]["refused"] is True
    assert "2 litres cannot fit: the inside is 8 cm x 8 cm x 8 cm = 0.512 litres" in done["error"]


def check_question(base: str, tenant: TenantFixture, reviewer: APIClient, run_id: str) -> None:
    """The question waits in the review queue; the answer is the approved `answer` argument,
    and the run reads the brief again with it (then it is cancelled: nothing to plan here)."""
    wait_for_status(base, run_id, tenant.api_key, {"awaiting_approval"}, timeout=120)
    _, pending = http("GET", f"{base}/api/approvals?status=pending", tenant.api_key)
    request = next(item for item in pending["results"] if item["run"] == run_id)
    assert request["tool"] == "answer_brief_question"
    question = "The brief gives the side table's height as 50 cm and as 55 cm: which is it?"
    assert request["arguments"]["question"] == question
    decided = reviewer.post(
        f"/api/approvals/{request['id']}/decide",
        {"decision": "approve", "patch": {"answer": "55 cm"}},
        format="json",
    )
    assert decided.status_code == 200, decided.content
    for _ in range(120):
        _, events = http("GET", f"{base}/api/runs/{run_id}/events", tenant.api_key)
        kinds = [event["kind"] for event in events]
        if "agent.reading" in kinds or "reading" in kinds:
            break
        # Until the server and the worker (other processes) run the step.
        time.sleep(0.5)
    answers = [e["data"] for e in events if e["kind"] in ("answer", "agent.answer")]
    assert answers == [{"question": question, "answer": "55 cm"}], kinds
    http("POST", f"{base}/api/runs/{run_id}/cancel", tenant.api_key, b"{}", "application/json")


def start(base: str, tenant: TenantFixture, brief: Brief) -> str:
    body = {"workflow": "three_d_asset", "input": {**brief.input, "preview": PREVIEW}}
    status, run = http(
        "POST", f"{base}/api/runs", tenant.api_key, json.dumps(body).encode(), "application/json"
    )
    assert status == 201, run
    return str(run["id"])


def approve_export(
    base: str, tenant: TenantFixture, reviewer: APIClient, run_id: str, brief: Brief
) -> None:
    paused = wait_for_status(
        base, run_id, tenant.api_key, {"awaiting_approval", "failed", "succeeded"}, timeout=120
    )
    assert paused["status"] == "awaiting_approval", (brief.key, paused["error"], paused["output"])
    _, pending = http("GET", f"{base}/api/approvals?status=pending", tenant.api_key)
    request = next(item for item in pending["results"] if item["run"] == run_id)
    assert request["tool"] == "export_model"
    review = request["arguments"]["review"]
    assert review["validation"]["passed"] is True
    shown = review["dimensions"]
    scale = {"mm": 1, "cm": 10, "m": 1000}[shown["units"]]
    measured = [shown[name] * scale for name in ("width", "depth", "height")]
    assert close(measured, brief.extents_mm), (brief.key, shown)
    assert drawn_fraction(_b64(review["preview_sheet_png_base64"])) > 0.02
    decided = reviewer.post(
        f"/api/approvals/{request['id']}/decide", {"decision": "approve"}, format="json"
    )
    assert decided.status_code == 200, decided.content


def check_delivery(
    base: str, tenant: TenantFixture, run_id: str, brief: Brief, done: dict[str, Any]
) -> None:
    _, listed = http("GET", f"{base}/api/runs/{run_id}/artifacts", tenant.api_key)
    media = {item["name"]: item["media_type"] for item in listed}
    assert media["model.glb"] == "model/gltf-binary"
    assert media["spec.json"] == media["validation.json"] == "application/json"
    assert all(media[name] == "image/png" for name in PREVIEW_NAMES)
    glb = download(base, tenant, run_id, "model.glb")
    assert gltf_validation(glb)["issues"]["numErrors"] == 0, brief.key
    assert media["brief.json"] == "application/json"
    scene = load_glb(glb)
    assert len(scene.graph.nodes_geometry) == brief.parts, brief.key
    assert close(extents_mm(scene), brief.extents_mm), (brief.key, extents_mm(scene))
    for name in PREVIEW_NAMES:
        assert drawn_fraction(download(base, tenant, run_id, name)) > 0.01, (brief.key, name)
    if brief.printable:
        assert media["model.stl"] == "model/stl"
        assert all(scene.geometry[g].is_watertight for g in scene.geometry), brief.key
        assert load_stl(download(base, tenant, run_id, "model.stl")).is_watertight, brief.key
    repairs = done["output"]["repairs"]
    if brief.repaired_by:
        assert [r["by"] for r in repairs] == [brief.repaired_by], (brief.key, repairs)
    else:
        assert repairs == [], (brief.key, repairs)


def download(base: str, tenant: TenantFixture, run_id: str, name: str) -> bytes:
    status, data = http("GET", f"{base}/api/runs/{run_id}/artifacts/{name}", tenant.api_key)
    assert status == 200, (name, data)
    return data if isinstance(data, bytes) else json.dumps(data).encode()


def load_stl(data: bytes) -> Any:
    import io

    import trimesh

    return trimesh.load(io.BytesIO(data), file_type="stl")


def _b64(text: str) -> bytes:
    import base64

    return base64.b64decode(text)
