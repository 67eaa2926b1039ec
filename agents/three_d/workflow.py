"""The "three_d_asset" workflow: a text brief in, a validated, previewed glTF model out.

    read --> plan --> build --> validate --ok--> render --> critique --> export (approval) --> finish
      |
      +--impossible: refused with the numbers; ambiguous: asks (an approval with the answer)

      |        ^           |
      |        |           +--failed--> repair --+   (at most max_repairs rounds)
      |        +---------------------------------+
      +--unusable answer, no template--> repair

plan asks the model for a template and its parameters, or a free-form spec, under a JSON
schema; build runs trimesh and manifold3d in the sandbox; validate applies the rules of
checks.py; repair applies deterministic fixes or asks the model to edit the plan; render makes
lit previews offscreen; critique compares what was measured with the brief; export is a
high-risk tool, so a reviewer approves the exact model (its SHA-256) before the files go out.
"""

from __future__ import annotations

import copy
import json
from typing import Any

from agents.engine.loop_config import json_schema
from agents.engine.transcript import CHARS_PER_TOKEN, estimate_tokens
from agents.engine.types import (
    INVALID_OUTPUT_EVENT,
    ApprovalRequired,
    Context,
    Finish,
    Interrupt,
    Node,
    Update,
    Workflow,
    arguments_digest,
)
from agents.three_d import critique, delivery
from agents.three_d.checks import finding, geometry_findings, validate
from agents.three_d.inputs import INPUT_SCHEMA, initial_state, with_answer
from agents.three_d.library import TEMPLATES
from agents.three_d.paint import paint_parts
from agents.three_d.planning import (
    SYSTEM_PROMPT,
    PlanInvalid,
    parse_plan,
    plan_as_answer,
    plan_mode,
    plan_request,
    plan_schema,
    stated_parameters,
)
from agents.three_d.repair import Repair, check_repair
from agents.three_d.schema import SpecInvalid, check_spec
from agents.three_d.templates import TemplateError
from agents.three_d.tools import QUESTION_TOOL

NAME = "three_d_asset"
PLAN_TOKENS = {"template": 300, "any": 2000, "spec": 2000, "compact": 700}
PREVIEW = {"width": 480, "height": 360, "turntable_frames": 8}
MIN_COVERAGE = 0.002  # a view where the model covers less than this is blank
KEPT_EXCHANGES = 2


def build_workflow() -> Workflow:
    nodes: dict[str, Node] = {
        "read": read_node,
        "plan": plan_node,
        "build": build_node,
        "validate": validate_node,
        "repair": repair_node,
        "render": render_node,
        "critique": critique_node,
        "export": export_node,
    }
    transitions = {
        "read": ("plan", "read"),
        "plan": ("build", "repair"),
        "build": ("validate",),
        "validate": ("render", "repair", "build"),
        "repair": ("build", "repair"),
        "render": ("critique",),
        "critique": ("export",),
        "export": (),
    }
    return Workflow(
        NAME,
        nodes,
        "read",
        transitions,
        "From a text brief to a validated, previewed glTF model (GLB, STL, previews).",
        initial_state,
        INPUT_SCHEMA,
    )


# --- read -------------------------------------------------------------------------------------
def read_node(state: dict[str, Any], ctx: Context) -> Update | Interrupt | Finish:
    """Refuses what cannot be built, asks what the brief leaves open, and shows the reading."""
    brief = state["brief"]
    if brief["refusals"]:
        ctx.emit("reading", _reading_event(brief))
        return Finish("failed", delivery.refused_output(state))
    if brief["questions"]:
        return _ask(state, ctx, brief["questions"][0])
    ctx.emit("reading", _reading_event(brief))
    return Update({}, "plan")


def _ask(
    state: dict[str, Any], ctx: Context, question: dict[str, Any]
) -> Update | Interrupt | Finish:
    """The question waits as an approval request of `answer_brief_question`; its answer is the
    approved `answer` argument (an empty one takes the first choice)."""
    if question["question"] in state["brief"].get("asked", []):
        reason = f"the answer did not settle the question: {question['question']}"
        return Finish("failed", {**delivery.refused_output(state), "reason": reason})
    arguments = {
        "question": question["question"],
        "choices": list(question["choices"]),
        "answer": "",
    }
    digest = arguments_digest(QUESTION_TOOL, arguments)
    decision = ctx.approval_decision(digest)
    if decision is None:
        payload = {"tool": QUESTION_TOOL, "arguments": arguments, "digest": digest,
                   "reason": question["question"], "step": ctx.step, "call_index": 0}  # fmt: skip
        ctx.emit("question", {"question": question["question"], "choices": arguments["choices"]})
        return Interrupt("approval", payload)
    if not decision.approved:
        reason = f"the question was declined by {decision.reviewer}: {question['question']}"
        return Finish("failed", {**delivery.refused_output(state), "reason": reason})
    answer = str(decision.arguments.get("answer") or "").strip()
    choices = question["choices"]
    if not answer and choices:
        answer = next(iter(choices))
    if not answer:
        reason = f"the question was not answered: {question['question']}"
        return Finish("failed", {**delivery.refused_output(state), "reason": reason})
    fresh = with_answer(state, choices.get(answer, answer))
    fresh["brief"]["asked"] = [*state["brief"].get("asked", []), question["question"]]
    ctx.emit("answer", {"question": question["question"], "answer": answer})
    return Update(fresh, "read")


def _reading_event(brief: dict[str, Any]) -> dict[str, Any]:
    keys = ("object", "template", "size_mm", "parts", "absent", "total_parts", "colour",
            "materials", "positions", "assumptions", "refusals", "questions")  # fmt: skip
    return {key: brief.get(key) for key in keys}


# --- plan -------------------------------------------------------------------------------------
def plan_node(state: dict[str, Any], ctx: Context) -> Update | Finish:
    given = state["input"].get("spec")
    if given is not None:
        return Update({"plan": {"kind": "spec", "spec": given}, "plan_source": "input"}, "build")
    request = plan_request(state)
    messages = [{"role": "system", "content": SYSTEM_PROMPT}, {"role": "user", "content": request}]
    too_long = _does_not_fit(state, messages)
    if too_long:
        return Finish("failed", delivery.failed_output(state, too_long))
    result = ctx.chat(messages, response_format=_format(state), max_tokens=_tokens(state))
    try:
        plan = parse_plan(result.content, state, unusable=result.problem)
    except PlanInvalid as problem:
        ctx.emit(INVALID_OUTPUT_EVENT, {"problem": str(problem)})
        return _unusable_plan(state, ctx, str(problem), result.content or "")
    ctx.emit("plan", _plan_event(plan, "model"))
    return Update({"plan": plan, "plan_source": "model"}, "build")


def _format(state: dict[str, Any]) -> dict[str, Any]:
    mode, names = plan_mode(state)
    return json_schema("asset_plan", plan_schema(mode, names, state["units"]))


def prompt_tokens(state: dict[str, Any], messages: list[dict[str, Any]]) -> int:
    """What the gateway counts for this plan request: the messages and the answer's schema."""
    return estimate_tokens(messages, None) + len(json.dumps(_format(state))) // CHARS_PER_TOKEN


def _does_not_fit(state: dict[str, Any], messages: list[dict[str, Any]]) -> str | None:
    """Why the planning model cannot take this request (its context is too small for the
    prompt and the answer), said before any call rather than as the backend's error."""
    window = state["input"].get("context_window")
    if not window:
        return None
    needed = prompt_tokens(state, messages) + _tokens(state)
    if needed <= window:
        return None
    what = "the plan request" if plan_mode(state)[0] == "template" else "a free-form plan (no template fits this object)"  # fmt: skip
    return f"the planning model's context of {window} tokens is too small for {what}: it needs {needed} tokens with the answer"  # fmt: skip


def _tokens(state: dict[str, Any]) -> int:
    return PLAN_TOKENS[plan_mode(state)[0]]


def _unusable_plan(state: dict[str, Any], ctx: Context, problem: str, answer: str) -> Update:
    """A known template still makes a sound asset from the brief alone; otherwise the repair
    loop asks the model again with the problem as its observation."""
    mode, names = plan_mode(state)
    if mode == "template" and len(names) == 1:
        template = TEMPLATES[names[0]]
        parameters = {
            template.dimensions[name]: value
            for name, value in state["reference"].items()
            if name in template.dimensions
        }
        parameters.update(stated_parameters(state, template.name))
        plan = {"kind": "template", "template": template.name, "parameters": parameters}
        ctx.emit("degraded", {"reason": problem, "fallback": f"template {template.name} defaults"})
        return Update({"plan": plan, "plan_source": "template-defaults"}, "build")
    validation = _failed_validation([finding("plan", f"the plan could not be used: {problem}")])
    exchange = {"answer": answer, "feedback": _feedback(validation["failures"], [])}
    return Update({"validation": validation, "exchanges": [exchange]}, "repair")


def _plan_event(plan: dict[str, Any], source: str) -> dict[str, Any]:
    if plan["kind"] == "template":
        return {"source": source, "template": plan["template"], "parameters": plan["parameters"]}
    return {"source": source, "parts": [part["name"] for part in plan["spec"]["parts"]]}


# --- build and validate -----------------------------------------------------------------------
def build_node(state: dict[str, Any], ctx: Context) -> Update:
    try:
        spec = materialize(state)
    except (TemplateError, SpecInvalid) as error:
        return Update({"spec": None, "build": None, "build_error": str(error)}, "validate")
    outcome = ctx.call_tool("build_model", {"spec": spec}, call_index=0)
    if not outcome.ok:
        failed = f"the spec did not build: {outcome.error}"
        return Update({"spec": spec, "build": None, "build_error": failed}, "validate")
    return Update({"spec": spec, "build": outcome.output, "build_error": None}, "validate")


def materialize(state: dict[str, Any]) -> dict[str, Any]:
    """The spec a plan stands for, at the run's current circular resolution."""
    plan = state["plan"]
    if plan["kind"] == "template":
        template = TEMPLATES[plan["template"]]
        spec = template.instantiate(plan["parameters"], state["units"])
        spec["segments"] = state["segments"]
        preset = plan["parameters"].get("color", template.params["color"].default)
        _asked_colour(spec, state["brief"], preset)
        paint_parts(spec, state["brief"].get("part_colours") or {})
        return check_spec(spec)
    spec = copy.deepcopy(plan["spec"])
    spec.setdefault("segments", state["segments"])
    return check_spec(spec)


def _asked_colour(spec: dict[str, Any], brief: dict[str, Any], preset: str | None) -> None:
    """The template's main material takes the colour the brief asks for, exactly (the parts
    asked in colours of their own get theirs after it: paint.py)."""
    rgb = brief.get("colour_rgb")
    main = (spec.get("materials") or {}).get(preset or "")
    if rgb and main is not None:  # a copy: the template's presets are shared by every run
        metallic = 1.0 if brief.get("metallic") else main.get("metallic", 0.0)
        spec["materials"][preset] = {**main, "base_color": list(rgb), "metallic": metallic}


def validate_node(state: dict[str, Any], ctx: Context) -> Update | Finish:
    validation = _validation(state)
    log = _checked_log(state, validation, ctx)
    ctx.emit(
        "validation",
        {
            "ok": validation["ok"],
            "failures": [f["code"] for f in validation["failures"]],
            "warnings": [w["code"] for w in validation["warnings"]],
            "repairs": state["repairs"],
        },
    )
    best = _best(state, validation)
    changes = {"validation": validation, "repair_log": log, "best": best}
    if validation["ok"] or state.get("handing_over"):
        return Update(changes, "render")
    if state["repairs"] < state["max_repairs"]:
        return Update(changes, "repair")
    if best is None:  # nothing ever built: there is no model to hand over
        state = {**state, **changes}
        reason = (
            f"validation still fails after {state['repairs']} repair(s): {_messages(validation)}"
        )
        return Finish("failed", delivery.failed_output(state, reason))
    # Out of repairs: the best model built so far goes on to previews and the reviewer, marked
    # as failing validation, and the run ends failed with it.
    if best["plan"] == state["plan"] and best["segments"] == state["segments"]:
        return Update({**changes, "handing_over": True}, "render")
    rebuild = {"plan": best["plan"], "segments": best["segments"], "handing_over": True}
    return Update({**changes, **rebuild}, "build")


def _messages(validation: dict[str, Any]) -> str:
    return "; ".join(f["message"] for f in validation["failures"][:3])


def _checked_log(state: dict[str, Any], validation: dict[str, Any], ctx: Context) -> list[Any]:
    """The last repair, checked against what was measured after it."""
    log = list(state["repair_log"])
    if log and not log[-1].get("checked"):
        log[-1] = check_repair(log[-1], validation["failures"])
        ctx.emit("repair_checked", {"round": log[-1]["round"], "fixed": log[-1]["fixed"], "no_effect": log[-1]["no_effect"]})  # fmt: skip
    return log


def _best(state: dict[str, Any], validation: dict[str, Any]) -> dict[str, Any] | None:
    """The built attempt with the fewest failures so far (a later one wins a tie)."""
    best = state.get("best")
    if state["build"] is None or validation["measured"] is None:
        return best
    count = len(validation["failures"])
    if best is not None and best["failures"] < count:
        return best
    return {"plan": state["plan"], "segments": state["segments"], "failures": count}


def _validation(state: dict[str, Any]) -> dict[str, Any]:
    spec = state["spec"]
    early = geometry_findings(spec) if spec else []
    if state["build_error"] or state["build"] is None:
        return _failed_validation([*early, finding("build", state["build_error"] or "no build")])
    validation = validate(state["build"], state["rules"])
    validation["failures"] = early + validation["failures"]
    validation["ok"] = not validation["failures"]
    return validation


def _failed_validation(failures: list[dict[str, Any]]) -> dict[str, Any]:
    return {"ok": False, "failures": failures, "warnings": [], "measured": None}


# --- repair -----------------------------------------------------------------------------------
def repair_node(state: dict[str, Any], ctx: Context) -> Update | Finish:
    findings = state["validation"]["failures"]
    repairs = state["repairs"] + 1
    # With nothing built, only a template's parameters can be fixed by rule (the build finding).
    plan = state["plan"]
    fixable = plan is not None and (state["build"] is not None or plan["kind"] == "template")
    fix = Repair(state).run(findings) if fixable else None
    if fix is not None and not fix.remaining:
        entry = {"round": repairs, "by": "rules", "fixed": fix.applied, "targets": fix.targets}
        ctx.emit("repair", entry)
        changes = {"plan": fix.plan, "segments": fix.segments, "repairs": repairs}
        return Update({**changes, "repair_log": [*state["repair_log"], entry]}, "build")
    base = fix.plan if fix is not None else state["plan"]
    remaining = fix.remaining if fix is not None else findings
    applied = fix.applied if fix is not None else []
    targets = fix.targets if fix is not None else []
    return _model_repair(state, ctx, base, remaining, (applied, targets), repairs)


def _model_repair(
    state: dict[str, Any],
    ctx: Context,
    base: dict[str, Any] | None,
    findings: list[dict[str, Any]],
    fixes: tuple[list[str], list[dict[str, Any]]],
    repairs: int,
) -> Update | Finish:
    applied, targets = fixes
    feedback = _feedback(findings, applied)
    messages = _repair_messages(state, base, feedback)
    result = ctx.chat(messages, response_format=_format(state), max_tokens=_tokens(state))
    answer = result.content or ""
    history = list(state["exchanges"])
    if base is not None:  # the plan just shown to the model, with what was wrong with it
        history = [*history, {"answer": plan_as_answer(base), "feedback": feedback}]
    history = history[-KEPT_EXCHANGES:]
    try:
        plan = parse_plan(answer, state, unusable=result.problem)
    except PlanInvalid as problem:
        ctx.emit(INVALID_OUTPUT_EVENT, {"problem": str(problem)})
        return _unusable_repair(state, str(problem), answer, history, repairs)
    entry = {
        "round": repairs,
        "by": "model",
        "findings": [f["code"] for f in findings],
        "fixed": applied,
        "targets": targets,
    }
    ctx.emit("repair", entry)
    return Update(
        {
            "plan": plan,
            "plan_source": "model",
            "repairs": repairs,
            "exchanges": history,
            "repair_log": [*state["repair_log"], entry],
        },
        "build",
    )


def _unusable_repair(
    state: dict[str, Any], problem: str, answer: str, history: list[dict[str, Any]], repairs: int
) -> Update | Finish:
    failures = [finding("plan", f"the corrected plan could not be used: {problem}")]
    validation = _failed_validation(failures)
    history = [*history, {"answer": answer, "feedback": _feedback(failures, [])}][-KEPT_EXCHANGES:]
    if repairs >= state["max_repairs"]:
        reason = f"no usable plan after {repairs} repair(s): {problem}"
        return Finish("failed", delivery.failed_output({**state, "validation": validation}, reason))
    return Update({"validation": validation, "repairs": repairs, "exchanges": history}, "repair")


def _repair_messages(
    state: dict[str, Any], base: dict[str, Any] | None, feedback: str
) -> list[dict[str, Any]]:
    messages: list[dict[str, Any]] = [
        {"role": "system", "content": SYSTEM_PROMPT},
        {"role": "user", "content": plan_request(state)},
    ]
    for exchange in state["exchanges"][-KEPT_EXCHANGES:]:
        if exchange["feedback"]:
            messages += [
                {"role": "assistant", "content": exchange["answer"]},
                {"role": "user", "content": exchange["feedback"]},
            ]
    if base is not None:
        messages += [
            {"role": "assistant", "content": plan_as_answer(base)},
            {"role": "user", "content": feedback},
        ]
    return messages


def _feedback(findings: list[dict[str, Any]], applied: list[str]) -> str:
    lines = ["Validation found these problems:", *(f"- {f['message']}" for f in findings)]
    if applied:
        lines += ["Already fixed automatically:", *(f"- {a}" for a in applied)]
    lines.append("Reply with the corrected JSON, in the same form as before.")
    return "\n".join(lines)


# --- render, critique, export -----------------------------------------------------------------
def render_node(state: dict[str, Any], ctx: Context) -> Update | Finish:
    arguments = {**PREVIEW, **(state["input"].get("preview") or {})}
    outcome = ctx.call_tool("render_previews", arguments, call_index=0)
    if not outcome.ok:
        reason = f"the previews could not be rendered: {outcome.error}"
        return Finish("failed", delivery.failed_output(state, reason))
    views = outcome.output["views"]
    blank = blank_views(views, (state.get("validation") or {}).get("measured"))
    ctx.emit("previews", {"views": views, "turntable": outcome.output.get("turntable")})
    if blank:
        reason = f"the previews are blank ({', '.join(blank)}): the model is not in view"
        return Finish("failed", delivery.failed_output(state, reason))
    return Update({"previews": outcome.output}, "critique")


# The two extents each view sees (spec axes: width X, depth Y, height Z).
_VIEW_AXES = {"front": ("width", "height"), "side": ("depth", "height"), "top": ("width", "depth")}


def blank_views(views: dict[str, Any], measured: dict[str, Any] | None) -> list[str]:
    """Views where the model is not in sight. A long thin object seen end on (a pencil from
    its side) rightly covers little of a frame sized to its length, so each view's threshold
    shrinks with the share of that frame its measured extents can fill."""
    blank = []
    for name, stats in views.items():
        limit = MIN_COVERAGE
        axes = _VIEW_AXES.get(name)
        if measured and axes:
            sizes = [float(measured.get(f"{a}_mm") or 0.0) for a in ("width", "depth", "height")]
            longest = max(sizes)
            seen = [float(measured.get(f"{a}_mm") or 0.0) for a in axes]
            if longest > 0:
                limit = MIN_COVERAGE * min(1.0, seen[0] * seen[1] / longest**2)
        if stats["coverage"] < limit or stats["coverage"] <= 0:
            blank.append(name)
    return sorted(blank)


def critique_node(state: dict[str, Any], ctx: Context) -> Update:
    report = critique.compare(state)
    if state["input"].get("vision_review"):
        report["vision"] = _vision(state, ctx)
    ctx.emit("critique", {"differences": report["differences"], "matched": report["matched"]})
    return Update({"critique": report}, "export")


def _vision(state: dict[str, Any], ctx: Context) -> dict[str, Any]:
    try:
        result = ctx.chat(critique.vision_messages(state), max_tokens=200)
    except Exception as error:  # optional by design: no vision model is not a failure
        return {"available": False, "error": f"{type(error).__name__}: {error}"[:500]}
    return {"available": True, "verdict": (result.content or "")[:2000]}


def export_node(state: dict[str, Any], ctx: Context) -> Interrupt | Finish:
    arguments = delivery.export_arguments(state)
    decision = ctx.approval_decision(arguments_digest("export_model", arguments))
    if decision is not None and not decision.approved:
        comment = f": {decision.comment}" if decision.comment else ""
        reason = f"the export was rejected by {decision.reviewer}{comment}"
        return Finish("failed", delivery.failed_output(state, reason))
    if decision is not None:
        arguments = dict(decision.arguments)  # approved, possibly with edited arguments
    try:
        outcome = ctx.call_tool("export_model", arguments, call_index=0)
    except ApprovalRequired as needed:
        ctx.emit("approval_requested", needed.payload)
        return Interrupt("approval", needed.payload)
    if not outcome.ok:
        return Finish(
            "failed", delivery.failed_output(state, f"the export failed: {outcome.error}")
        )
    return delivery.finished(state, arguments, outcome.output)
