# mypy: disable-error-code="union-attr"
"""The 3D workflow's edges with the scripted model, the real sandbox and in-memory checkpoints:
a small model's unusable answer, parts asked in colours of their own, a model that never
produces a valid spec, a triangle budget met by lowering the resolution, a rejected export, a
model file changed after approval, and files from the sandbox that are not what they claim."""

from __future__ import annotations

import base64
import hashlib
import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import trimesh

from agents.engine.memory import InMemoryCheckpointer, InMemoryContext
from agents.engine.registry import get_workflow
from agents.engine.runner import run_one_step
from agents.sandbox.python_call import checked
from agents.three_d import critique
from agents.three_d.checks import validate
from agents.three_d.delivery import _checked_files
from agents.three_d.inputs import initial_state
from agents.three_d.planning import stated_parameters
from agents.three_d.repair import check_repair, target_of
from agents.three_d.sandboxed import PACK, MeshToolFailed
from agents.three_d.tools import BUILD_REPORT, build_model, export_model
from agents.three_d.workflow import materialize
from agents.tools import ToolEnvironment
from tests.support.fake_openai import FakeOpenAI
from tests.three_d.conftest import (
    answer,
    approve,
    artifact_bytes,
    close,
    drawn_fraction,
    extents_mm,
    gltf_json,
    gltf_validation,
    load_glb,
    run_asset,
)
from tests.three_d.specs import DIE, spec

Make = Callable[..., InMemoryContext]
TABLE = "a small oak table, 80 x 50 cm, 70 cm high"


def test_an_unusable_answer_for_a_named_object_falls_back_to_the_template(
    fake_model: FakeOpenAI, make_ctx: Make
) -> None:
    fake_model.script = [{"content": "Sure! A table has four legs and a top."}]
    ctx, cp = make_ctx(), InMemoryCheckpointer()

    paused = run_asset(ctx, cp, {"brief": TABLE})
    approve(ctx, paused)
    result = run_asset(ctx, cp, {"brief": TABLE})

    assert result.finish.status == "succeeded", result.finish.output
    assert result.finish.output["plan_source"] == "template-defaults"
    assert ("degraded", "template table defaults") in [
        (kind, data.get("fallback")) for kind, data in ctx.events
    ]
    files = artifact_bytes(result)
    assert close(extents_mm(load_glb(files["model.glb"])), [800, 500, 700])
    assert drawn_fraction(files["preview-perspective.png"]) > 0.02
    # The file itself: Y-up in metres, one named node per part, the asked colour, valid glTF.
    raw = trimesh.load(io.BytesIO(files["model.glb"]), file_type="glb", force="scene")
    assert close([float(v) for v in raw.extents], [0.8, 0.7, 0.5])  # height on Y
    document = gltf_json(files["model.glb"])
    assert {"top", "leg_1", "leg_2", "leg_3", "leg_4"} <= {n.get("name") for n in document["nodes"]}
    colours = [m["pbrMetallicRoughness"]["baseColorFactor"][:3] for m in document["materials"]]
    assert [0.65, 0.47, 0.28] in [[round(c, 2) for c in colour] for colour in colours]  # oak
    assert gltf_validation(files["model.glb"])["issues"]["numErrors"] == 0
    reading = json.loads(files["brief.json"])
    assert reading["object"] == "table"
    assert reading["size_mm"] == {"width": 800.0, "depth": 500.0, "height": 700.0}
    request = fake_model.requests[0]["body"]
    assert request["response_format"]["type"] == "json_schema"  # constrained output was asked for
    schema = request["response_format"]["json_schema"]["schema"]
    assert schema["properties"]["template"] == {"const": "table"}


def test_parts_asked_in_colours_of_their_own_wear_them_in_the_model_file(
    tool_env: ToolEnvironment, workspace: Path
) -> None:
    # The brief read, its template filled from the text alone, built in the sandbox as the
    # workflow builds it, and the file's nodes read back.
    state = initial_state({"brief": "a desk 100 x 50 x 75 cm with a black top and white steel legs"})  # fmt: skip
    state["plan"] = {"kind": "template", "template": "table", "parameters": stated_parameters(state, "table")}  # fmt: skip
    state["spec"] = materialize(state)

    report = build_model({"spec": state["spec"]}, tool_env)

    document = gltf_json((workspace / "asset" / "model.glb").read_bytes())
    worn = {node["name"]: _material_of(document, node) for node in document["nodes"] if "mesh" in node}  # fmt: skip
    black, white_steel = ([0.06, 0.06, 0.06, 1.0], 0.0), ([0.92, 0.92, 0.9, 1.0], 1.0)
    assert worn == {"top": black, **{f"leg_{i}": white_steel for i in range(1, 5)}}
    assert len(document["materials"]) == 2  # one per asked colour
    state["validation"] = validate(report, state["rules"])
    checks = critique.compare(state)["checks"]
    colours = [(c["property"], c["ok"]) for c in checks if "colour" in c["property"]]
    assert colours == [("top colour black", True), ("leg colour white", True)]


def _material_of(document: dict[str, Any], node: dict[str, Any]) -> tuple[list[float], float]:
    """A node's colour (stored in 8 bits) and metalness as the file states them."""
    primitive = document["meshes"][node["mesh"]]["primitives"][0]
    pbr = document["materials"][primitive["material"]]["pbrMetallicRoughness"]
    return [round(c, 2) for c in pbr["baseColorFactor"]], pbr.get("metallicFactor", 1.0)


def test_a_model_that_never_writes_a_valid_spec_fails_cleanly_within_its_repairs(
    fake_model: FakeOpenAI, make_ctx: Make
) -> None:
    broken = {
        "spec": {
            "spec_version": 1,
            "units": "mm",
            "parts": [{"name": "x", "shape": {"primitive": "box"}}],
        }
    }
    fake_model.script = [answer(broken)]
    ctx, cp = make_ctx(), InMemoryCheckpointer()

    result = run_asset(
        ctx, cp, {"brief": "a strange sculpture", "planning": "free-form", "max_repairs": 2}
    )

    assert result.outcome == "finished"
    assert result.finish.status == "failed"
    assert result.finish.output["reason"].startswith("no usable plan after 2 repair(s)")
    assert "'size' is a required property" in result.finish.output["reason"]
    assert len(fake_model.requests) == 3  # the plan and two repairs, then a clear stop
    repair_prompt = fake_model.requests[1]["body"]["messages"][-1]["content"]
    assert "'size' is a required property" in repair_prompt  # the finding is the observation
    report = json.loads(artifact_bytes(result)["validation.json"])
    assert report["validation"]["failures"][0]["code"] == "plan"


def test_a_triangle_budget_is_met_by_lowering_the_resolution(
    fake_model: FakeOpenAI, make_ctx: Make
) -> None:
    fake_model.script = [answer({"spec": DIE})]
    ctx, cp = make_ctx(), InMemoryCheckpointer()
    brief = {
        "brief": "a die on a key ring",
        "planning": "free-form",
        "constraints": {"triangle_budget": 1200},
    }

    paused = run_asset(ctx, cp, brief)

    assert paused.outcome == "interrupted", cp.get("run-1").state.get("validation")
    state = cp.get("run-1").state
    assert state["validation"]["measured"]["triangles"] <= 1200
    assert state["segments"] < 32
    assert [entry["by"] for entry in state["repair_log"]] == ["rules"] * len(state["repair_log"])
    assert "lowered the circular resolution" in state["repair_log"][0]["fixed"][0]
    assert paused.interrupt.payload["arguments"]["review"]["triangles"] <= 1200


def test_an_impossible_brief_is_refused_with_its_numbers_and_nothing_is_built(
    fake_model: FakeOpenAI, make_ctx: Make
) -> None:
    ctx, cp = make_ctx(), InMemoryCheckpointer()
    brief = {"brief": "A 10 cm closed cube with 1 cm walls that must hold 2 litres"}

    result = run_asset(ctx, cp, brief)

    assert result.finish.status == "failed"
    assert result.finish.output["refused"] is True
    assert (
        "2 litres cannot fit: the inside is 8 cm x 8 cm x 8 cm = 0.512 litres"
        in (result.finish.output["reason"])
    )
    assert fake_model.requests == []  # no plan, no build
    assert set(artifact_bytes(result)) == {"brief.json"}
    assert [kind for kind, _ in ctx.events] == ["reading"]


def test_an_ambiguous_brief_asks_and_goes_on_with_the_answer(
    fake_model: FakeOpenAI, make_ctx: Make
) -> None:
    ctx, cp = make_ctx(), InMemoryCheckpointer()
    brief = {"brief": "A table 120 x 60 cm, 75 cm high, and 90 cm high"}

    paused = run_asset(ctx, cp, brief)

    payload = paused.interrupt.payload
    assert payload["tool"] == "answer_brief_question"
    question = "The brief gives the table's height as 75 cm and as 90 cm: which is it?"
    assert payload["arguments"] == {
        "question": question,
        "choices": ["75 cm", "90 cm"],
        "answer": "",
    }
    answered = {**payload["arguments"], "answer": "90 cm"}
    ctx.decide(payload["digest"], approved=True, arguments=answered, tool=payload["tool"])
    workflow = get_workflow("three_d_asset")
    while cp.get(ctx.run_id).node == "read":
        run_one_step(workflow, cp, ctx.run_id, ctx)

    state = cp.get(ctx.run_id).state
    assert state["reference"] == {"width": 120.0, "depth": 60.0, "height": 90.0}
    assert state["brief"]["questions"] == []
    assert ("answer", {"question": question, "answer": "90 cm"}) in ctx.events
    assert fake_model.requests == []


def test_a_run_out_of_repairs_hands_over_its_best_model_with_what_failed(
    fake_model: FakeOpenAI, make_ctx: Make
) -> None:
    block = {"name": "block", "shape": {"primitive": "box", "size": [100, 100, 120]}, "transform": {"translate": [0, 0, 60]}}  # fmt: skip
    ctx, cp = make_ctx(), InMemoryCheckpointer()
    brief = {"brief": "a 10 cm cube", "spec": spec("block", "mm", [block]), "max_repairs": 0}

    paused = run_asset(ctx, cp, brief)
    assert paused.interrupt is not None, paused.finish
    assert paused.interrupt.payload["arguments"]["review"]["validation"]["passed"] is False
    approve(ctx, paused)
    result = run_asset(ctx, cp, brief)

    assert result.finish.status == "failed"
    assert result.finish.output["reason"].startswith("validation still fails after 0 repair(s): height is 120.0 mm")  # fmt: skip
    assert [f["code"] for f in result.finish.output["failures"]] == ["dimension"]
    glb = artifact_bytes(result)["model.glb"]
    assert close(extents_mm(load_glb(glb)), [100, 100, 120])


def test_a_repair_that_changed_nothing_is_not_reported_as_applied() -> None:
    finding = {"code": "dimension", "dimension": "width", "actual_mm": 1200.0, "message": "width"}
    entry = {"round": 1, "by": "rules", "fixed": ["set width to 90 cm"], "targets": [target_of(finding)]}  # fmt: skip

    unchanged = check_repair(entry, [finding])
    assert unchanged["fixed"] == []
    assert unchanged["no_effect"] == ["set width to 90 cm"]
    assert check_repair(entry, [])["fixed"] == ["set width to 90 cm"]
    moved = check_repair(entry, [{**finding, "actual_mm": 950.0}])  # changed, not yet enough
    assert moved["fixed"] == ["set width to 90 cm"]


def test_a_models_guesses_that_do_not_build_go_back_to_the_templates_defaults(
    fake_model: FakeOpenAI, make_ctx: Make
) -> None:
    # The brief leaves the bar open; the model makes it as wide as the discs, which the
    # template refuses. The rule keeps what the brief states and resets only the guess.
    guess = {"length": 5, "bar_diameter": 4, "disc_diameter": 4, "disc_thickness": 0.4}
    fake_model.script = [answer({"template": "dumbbell", "parameters": guess})]
    ctx, cp = make_ctx(), InMemoryCheckpointer()

    paused = run_asset(ctx, cp, {"brief": "a bobbin 5 cm long with end discs 4 cm across and 4 mm thick"})  # fmt: skip

    assert paused.outcome == "interrupted", cp.get("run-1").state["validation"]
    state = cp.get("run-1").state
    reset = "set bar_diameter 3 (the template's defaults; the brief does not state them): "
    reason = "the discs must be wider than the bar and fit its length"
    assert [(e["by"], e["fixed"]) for e in state["repair_log"]] == [("rules", [reset + reason])]
    assert state["plan"]["parameters"] == {**guess, "bar_diameter": 3.0}
    assert len(fake_model.requests) == 1  # the plan; no model repair
    measured = state["validation"]["measured"]
    assert [measured[f"{a}_mm"] for a in ("width", "depth", "height")] == pytest.approx([50, 40, 40])  # fmt: skip


def test_a_rejected_export_hands_over_no_model_and_says_who_rejected_it(
    fake_model: FakeOpenAI, make_ctx: Make
) -> None:
    fake_model.script = [answer({"template": "mug", "parameters": {"diameter": 8, "height": 10}})]
    ctx, cp = make_ctx(), InMemoryCheckpointer()
    brief = {"brief": "a mug 8 cm in diameter and 10 cm tall"}
    paused = run_asset(ctx, cp, brief)
    assert paused.interrupt is not None, paused.finish
    payload = paused.interrupt.payload
    ctx.decide(payload["digest"], approved=False, arguments=payload["arguments"], tool="export_model", reviewer="rita", comment="handle too thin")  # fmt: skip

    result = run_asset(ctx, cp, brief)

    assert result.finish.status == "failed"
    assert result.finish.output["reason"] == "the export was rejected by rita: handle too thin"
    files = artifact_bytes(result)
    assert set(files) == {"brief.json", "spec.json", "validation.json", "previews.png"}


def test_the_export_refuses_a_model_file_changed_after_approval(
    tool_env: ToolEnvironment, workspace: Path
) -> None:
    report = build_model({"spec": DIE}, tool_env)
    approved = report["glb"]["sha256"]
    (workspace / "asset" / "model.glb").write_bytes(b"glTF" + b"\0" * 64)

    with pytest.raises(MeshToolFailed, match=r"model\.glb changed since approval"):
        export_model({"glb_sha256": approved, "parts": 2, "formats": ["glb"], "purpose": "publication"}, tool_env)  # fmt: skip


def test_an_answer_from_the_sandbox_in_an_unexpected_shape_is_refused() -> None:
    with pytest.raises(MeshToolFailed, match="unexpected shape"):
        checked(PACK, "build", {"ok": True, "parts": "everything"}, BUILD_REPORT)


@pytest.mark.parametrize(
    ("name", "data", "sha_of", "reason"),
    [
        ("run.sh", b"#!/bin/sh", None, "'run.sh', which was not asked for"),
        ("model.glb", b"PK\x03\x04 not a glb", None, "model.glb that is not a GLB file"),
        ("model.glb", b"glTF....", b"something else", "model.glb damaged"),
        ("model.stl", b"\0" * 84 + b"\1", None, "model.stl that is not a STL file"),
    ],
    ids=["not-asked-for", "not-a-glb", "damaged", "not-an-stl"],
)
def test_exported_files_are_handed_over_only_as_asked_for_and_as_claimed(
    name: str, data: bytes, sha_of: bytes | None, reason: str
) -> None:
    entry = {"base64": base64.b64encode(data).decode(), "sha256": hashlib.sha256(sha_of or data).hexdigest()}  # fmt: skip

    found = _checked_files({name: entry}, {"model.glb", "model.stl", "front.png"})

    assert isinstance(found, str)
    assert reason in found
