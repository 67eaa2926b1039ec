"""The long-horizon loop every workflow builds on: plan -> act -> execute (observe) -> reflect.

- plan / replan: the model decomposes the goal into subtasks (JSON-schema-constrained output).
- act: the model picks ONE tool call (OpenAI tool calling, or a JSON object `{"tool",
  "arguments"}` when the tier lacks tool calling). Bad JSON, an unknown tool or no call at all
  become an observation, never a crash.
- execute: runs the chosen call through `ctx.call_tool`. A call that needs approval returns an
  Interrupt before any side effect; a rejection becomes an observation.
- reflect: stuck detection (the same action N times -> forced re-plan, then a clear failure),
  error recovery (missing module -> install request -> retry; failing test -> fix; timeout ->
  smaller step), condensation of old turns so the prompt fits the tier's context window.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from agents.engine import recovery, transcript
from agents.engine.loop_parse import Action, parse_action, parse_plan
from agents.engine.openai_chat import ModelCapabilityError
from agents.engine.types import (
    ApprovalRequired,
    Context,
    Finish,
    Interrupt,
    Node,
    Update,
    Workflow,
    arguments_digest,
)

FINISH_TOOL = "finish"
CYCLE_STEPS = 3  # act, execute, reflect
PLAN_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "subtasks": {"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": 8}
    },
    "required": ["subtasks"],
    "additionalProperties": False,
}
FINISH_DEFINITION = {
    "type": "function",
    "function": {
        "name": FINISH_TOOL,
        "description": "Call this once the goal is done (or cannot be done), with a summary.",
        "parameters": {
            "type": "object",
            "properties": {"summary": {"type": "string"}},
            "required": ["summary"],
        },
    },
}


@dataclass(frozen=True)
class LoopConfig:
    system_prompt: str
    tool_definitions: list[dict[str, Any]]  # OpenAI `tools` entries offered to the model
    finish_node: str = "done"  # where a `finish` call goes; the workflow may verify there
    stuck_threshold: int = 3
    max_replans: int = 2
    keep_recent: int = 6
    context_window: int = 8192  # tokens; the state's "context_window" overrides it per run
    reply_tokens: int = 1024
    plan_tokens: int = 400
    observation_chars: int = 4000
    reserve_steps: int = 2  # steps kept back so the finish node can still produce artifacts
    install_tool: str | None = "install_package"
    extra: dict[str, Any] = field(default_factory=dict)

    def tools(self) -> list[dict[str, Any]]:
        return [*self.tool_definitions, FINISH_DEFINITION]

    def tool_names(self) -> set[str]:
        return {d["function"]["name"] for d in self.tools()}


def loop_state(goal: str, **settings: Any) -> dict[str, Any]:
    """The loop's keys of an initial state (`settings`: tool_calling, context_window, ...)."""
    return {
        "goal": goal,
        "tool_calling": settings.get("tool_calling", True),
        "context_window": settings.get("context_window"),
        "briefing": settings.get("briefing", ""),
        "plan": [],
        "turns": [],
        "summary": [],
        "turn_count": 0,
        "pending_action": None,
        "replans": 0,
        "guidance": None,
        "installs": [],
    }


def loop_nodes(config: LoopConfig) -> dict[str, Node]:
    return {
        "plan": lambda state, ctx: plan_node(state, ctx, config, replan=False),
        "replan": lambda state, ctx: plan_node(state, ctx, config, replan=True),
        "act": lambda state, ctx: act_node(state, ctx, config),
        "execute": lambda state, ctx: execute_node(state, ctx, config),
        "reflect": lambda state, ctx: reflect_node(state, ctx, config),
    }


def loop_transitions(finish_node: str) -> dict[str, tuple[str, ...]]:
    return {
        "plan": ("act",),
        "replan": ("act",),
        "act": ("execute", "reflect", finish_node),
        "execute": ("reflect",),
        "reflect": ("act", "execute", "replan", finish_node),
    }


# --- plan ---------------------------------------------------------------------------------------
def plan_node(state: dict[str, Any], ctx: Context, config: LoopConfig, *, replan: bool) -> Update:
    ask = _replan_request(state) if replan else _plan_request()
    messages = [*transcript.render(state, config.system_prompt), {"role": "user", "content": ask}]
    result = ctx.chat(
        messages, response_format=_json_schema("plan", PLAN_SCHEMA), max_tokens=config.plan_tokens
    )
    subtasks, problem = parse_plan(result.content, fallback=state.get("goal", ""))
    observation = problem or "Plan recorded:\n" + "\n".join(
        f"{i}. {task}" for i, task in enumerate(subtasks, 1)
    )
    turn = _turn(state, "replan" if replan else "plan", content=result.content or "")
    turn["observation"] = observation
    ctx.emit("plan", {"subtasks": subtasks, "replan": replan})
    changes = {**_append_turn(state, turn), "plan": subtasks}
    if replan:
        changes["replans"] = int(state.get("replans", 0)) + 1
        changes["guidance"] = "You were stuck repeating an action. Follow the new plan."
    return Update(changes, "act")


def _plan_request() -> str:
    return (
        "Break the goal into a short list of concrete subtasks. Reply with only JSON: "
        '{"subtasks": ["...", "..."]}'
    )


def _replan_request(state: dict[str, Any]) -> str:
    return (
        "You are repeating the same action without progress. Make a NEW plan that takes a "
        'different approach. Reply with only JSON: {"subtasks": ["...", "..."]}'
    )


# --- act ----------------------------------------------------------------------------------------
def act_node(state: dict[str, Any], ctx: Context, config: LoopConfig) -> Update:
    messages = [*transcript.render(state, config.system_prompt), _act_request(state, config)]
    if state.get("tool_calling", True):
        try:
            result = ctx.chat(messages, tools=config.tools(), max_tokens=config.reply_tokens)
        except ModelCapabilityError as refused:
            if refused.capability != "tools":
                raise
            # The tier has no tool calling: carry on with JSON actions for the rest of the run.
            ctx.emit("degraded", {"capability": "tools", "fallback": "json actions"})
            state = {**state, "tool_calling": False}
            return _with_changes(act_node(state, ctx, config), {"tool_calling": False})
    else:
        schema = _action_schema(config)
        result = ctx.chat(messages, response_format=schema, max_tokens=config.reply_tokens)
    action = parse_action(result, known=config.tool_names())
    return _after_choice(state, ctx, config, action)


def _with_changes(update: Update, extra: dict[str, Any]) -> Update:
    return Update({**update.changes, **extra}, update.goto)


def _after_choice(
    state: dict[str, Any], ctx: Context, config: LoopConfig, action: Action
) -> Update:
    turn = _turn(state, "act", content=action.raw, tool=action.tool, arguments=action.arguments)
    if action.problem is not None:
        turn.update(observation=action.problem, ok=False, category="invalid_output")
        return Update({**_append_turn(state, turn), "guidance": None}, "reflect")
    ctx.emit("action", {"tool": action.tool, "arguments": action.arguments, "turn": turn["n"]})
    if action.tool == FINISH_TOOL:
        turn.update(observation="Finish requested.", ok=True, category="finish")
        return Update({**_append_turn(state, turn), "guidance": None}, config.finish_node)
    pending = {"turn": turn, "tool": action.tool, "arguments": action.arguments}
    return Update({"pending_action": pending, "turn_count": turn["n"], "guidance": None}, "execute")


def _act_request(state: dict[str, Any], config: LoopConfig) -> dict[str, Any]:
    plan = "\n".join(f"{i}. {task}" for i, task in enumerate(state.get("plan", []), 1))
    parts = [f"Plan:\n{plan}"] if plan else []
    if state.get("guidance"):
        parts.append(f"Note: {state['guidance']}")
    if state.get("tool_calling", True):
        parts.append("Call exactly one tool now. Call `finish` when the goal is done.")
    else:
        parts.append(
            'Reply with only JSON {"tool": "<name>", "arguments": {...}} for exactly one tool. '
            'Use "finish" when the goal is done.'
        )
    return {"role": "user", "content": "\n\n".join(parts)}


def _action_schema(config: LoopConfig) -> dict[str, Any]:
    """One alternative per tool, each with that tool's own argument schema, so a backend with
    grammar-constrained decoding can only produce a well-formed call."""
    choices = [
        {
            "type": "object",
            "properties": {
                "tool": {"type": "string", "enum": [d["function"]["name"]]},
                "arguments": d["function"].get("parameters") or {"type": "object"},
            },
            "required": ["tool", "arguments"],
        }
        for d in config.tools()
    ]
    return _json_schema("action", {"anyOf": choices})


def _json_schema(name: str, schema: dict[str, Any]) -> dict[str, Any]:
    return {"type": "json_schema", "json_schema": {"name": name, "schema": schema}}


# --- execute ------------------------------------------------------------------------------------
def execute_node(state: dict[str, Any], ctx: Context, config: LoopConfig) -> Update | Interrupt:
    pending = state.get("pending_action") or {}
    tool, arguments = pending["tool"], dict(pending["arguments"])
    turn = dict(pending["turn"])
    decision = ctx.approval_decision(arguments_digest(tool, arguments))
    if decision is not None and not decision.approved:
        reason = f"rejected by {decision.reviewer}" + (
            f": {decision.comment}" if decision.comment else ""
        )
        turn.update(
            observation=f"Not executed: the reviewer {reason}.", ok=False, category="rejected"
        )
        return Update({**_append_turn(state, turn), "pending_action": None}, "reflect")
    if decision is not None:
        arguments = dict(decision.arguments)  # approved, possibly with edited arguments
    try:
        outcome = ctx.call_tool(tool, arguments, call_index=0)
    except ApprovalRequired as needed:
        ctx.emit("approval_requested", needed.payload)
        return Interrupt("approval", needed.payload)
    diagnosis = recovery.classify(tool, outcome)
    observation = recovery.summarize_outcome(tool, outcome, config.observation_chars)
    turn.update(
        observation=observation,
        ok=outcome.ok,
        category=diagnosis.category,
        arguments=arguments,
        detail=diagnosis.detail,
        module=diagnosis.module,
    )
    ctx.emit(
        "observation",
        {
            "tool": tool,
            "ok": outcome.ok,
            "category": diagnosis.category,
            "turn": turn["n"],
            "duration_s": outcome.duration_s,
        },
    )
    return Update({**_append_turn(state, turn), "pending_action": None}, "reflect")


# --- reflect ------------------------------------------------------------------------------------
def reflect_node(state: dict[str, Any], ctx: Context, config: LoopConfig) -> Update | Finish:
    turns = state.get("turns", [])
    last = turns[-1] if turns else {}
    if _low_on_budget(state, ctx, config):
        return Update({"budget_low": True}, config.finish_node)
    repeats = _trailing_repeats(turns)
    if repeats >= config.stuck_threshold:
        return _stuck(state, ctx, config, last, repeats)
    changes = _recover(state, ctx, config, last)
    goto = "execute" if changes.get("pending_action") else "act"
    folded = _condense({**state, **changes}, config)
    if folded:
        ctx.emit(
            "condensed",
            {"turns_kept": len(folded["turns"]), "summary_lines": len(folded["summary"])},
        )
        changes.update(folded)
    return Update(changes, goto)


def _stuck(
    state: dict[str, Any], ctx: Context, config: LoopConfig, last: dict[str, Any], repeats: int
) -> Update | Finish:
    action = _describe(last)
    ctx.emit("stuck", {"action": action, "repeats": repeats, "replans": state.get("replans", 0)})
    if int(state.get("replans", 0)) < config.max_replans:
        return Update({}, "replan")
    reason = (
        f"stuck: repeated {action} {repeats} times in a row after "
        f"{state.get('replans', 0)} re-plans"
    )
    return Finish("failed", {"reason": reason})


def _recover(
    state: dict[str, Any], ctx: Context, config: LoopConfig, last: dict[str, Any]
) -> dict[str, Any]:
    category = last.get("category") or "ok"
    if category == "missing_dependency":
        install = _install_request(state, config, last)
        if install is not None:
            ctx.emit("recovery", {"strategy": "install", "module": last.get("module")})
            return install
    if last.get("kind") == "auto" and last.get("retry") and last.get("ok"):
        ctx.emit("recovery", {"strategy": "retry", "tool": last["retry"]["tool"]})
        return {
            "pending_action": _auto_action(
                state,
                "retry " + last["retry"]["tool"],
                last["retry"]["tool"],
                last["retry"]["arguments"],
            )
        }
    diagnosis = recovery.Diagnosis(
        category, str(last.get("detail") or last.get("observation", ""))[:800], last.get("module")
    )
    return {"guidance": recovery.guidance_for(diagnosis)}


def _install_request(
    state: dict[str, Any], config: LoopConfig, last: dict[str, Any]
) -> dict[str, Any] | None:
    module = last.get("module")
    if not config.install_tool or not module or module in state.get("installs", []):
        return None
    package = recovery.distribution_for(module)
    action = _auto_action(
        state,
        f"install {package} (missing module {module!r})",
        config.install_tool,
        {"packages": [package]},
    )
    if last.get("tool"):
        action["turn"]["retry"] = {"tool": last["tool"], "arguments": last.get("arguments", {})}
    return {"pending_action": action, "installs": [*state.get("installs", []), module]}


def _auto_action(
    state: dict[str, Any], label: str, tool: str, arguments: dict[str, Any]
) -> dict[str, Any]:
    turn = _turn(state, "auto", tool=tool, arguments=arguments)
    turn["label"] = label
    return {"turn": turn, "tool": tool, "arguments": arguments}


def _low_on_budget(state: dict[str, Any], ctx: Context, config: LoopConfig) -> bool:
    if state.get("budget_low"):
        return False
    # Another act/execute/reflect cycle (3 steps) must still leave the finish node its steps.
    return int(state.get("step", 0)) + CYCLE_STEPS + config.reserve_steps > ctx.budgets.max_steps


def _trailing_repeats(turns: list[dict[str, Any]]) -> int:
    """How many of the model's latest actions (since the last re-plan) were the same."""
    count, last = 0, None
    for turn in reversed(turns):
        if turn.get("kind") == "replan":
            break
        if turn.get("kind") != "act":
            continue
        signature = _signature(turn)
        if last is not None and signature != last:
            break
        last, count = signature, count + 1
    return count


def _signature(turn: dict[str, Any]) -> str:
    if turn.get("tool"):
        return arguments_digest(turn["tool"], turn.get("arguments") or {})
    return "invalid:" + (turn.get("content") or "")[:500]


def _describe(turn: dict[str, Any]) -> str:
    if turn.get("tool"):
        return f"{turn['tool']}({json.dumps(turn.get('arguments') or {})[:120]})"
    return "an invalid reply"


def _condense(state: dict[str, Any], config: LoopConfig) -> dict[str, Any] | None:
    window = int(state.get("context_window") or config.context_window)
    budget = max(window - config.reply_tokens - 256, 256)
    return transcript.condensed(
        state,
        system_prompt=config.system_prompt,
        tools=config.tools(),
        budget_tokens=budget,
        keep_recent=config.keep_recent,
    )


def done_node(state: dict[str, Any], ctx: Context) -> Finish:
    """The default finish node: the model's `finish` call ends the run as it said."""
    if state.get("budget_low"):
        return Finish("failed", {"reason": "budget nearly exhausted before the goal was done"})
    last = (state.get("turns") or [{}])[-1]
    summary = str((last.get("arguments") or {}).get("summary", ""))
    return Finish("succeeded", {"summary": summary, "plan": state.get("plan", [])})


# --- state helpers ------------------------------------------------------------------------------
def _turn(state: dict[str, Any], kind: str, **fields: Any) -> dict[str, Any]:
    return {"n": int(state.get("turn_count", 0)) + 1, "kind": kind, **fields}


def _append_turn(state: dict[str, Any], turn: dict[str, Any]) -> dict[str, Any]:
    return {
        "turns": [*state.get("turns", []), turn],
        "turn_count": max(turn["n"], int(state.get("turn_count", 0))),
    }


def loop_workflow(
    name: str,
    config: LoopConfig,
    *,
    initial: Any = None,
    extra_nodes: dict[str, Node] | None = None,
    extra_transitions: dict[str, tuple[str, ...]] | None = None,
    start: str = "plan",
    description: str = "",
) -> Workflow:
    """A Workflow made of the loop's nodes plus the workflow's own (setup, verify, ...)."""
    nodes: dict[str, Node] = {**loop_nodes(config), **(extra_nodes or {})}
    transitions = {**loop_transitions(config.finish_node), **(extra_transitions or {})}
    if config.finish_node == "done" and "done" not in nodes:
        nodes["done"] = done_node
        transitions["done"] = ()
    return Workflow(name, nodes, start, transitions, description, initial)
