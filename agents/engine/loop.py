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

from typing import Any

from agents.engine import recovery, transcript
from agents.engine.loop_config import (
    FINISH_TOOL,
    PLAN_SCHEMA,
    LoopConfig,
    append_turn,
    json_schema,
    loop_state,
    new_turn,
)
from agents.engine.loop_parse import Action, parse_action, parse_plan
from agents.engine.openai_chat import ModelCapabilityError
from agents.engine.reflection import reflect_node
from agents.engine.types import (
    INVALID_OUTPUT_EVENT,
    ApprovalRequired,
    Context,
    Finish,
    Interrupt,
    Node,
    ToolOutcome,
    Update,
    Workflow,
    arguments_digest,
)

__all__ = [
    "LoopConfig",
    "done_node",
    "loop_nodes",
    "loop_state",
    "loop_transitions",
    "loop_workflow",
    "reflect_node",
]


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
        messages, response_format=json_schema("plan", PLAN_SCHEMA), max_tokens=config.plan_tokens
    )
    subtasks, problem = parse_plan(
        result.content, fallback=state.get("goal", ""), unusable=result.problem
    )
    observation = problem or "Plan recorded:\n" + "\n".join(
        f"{i}. {task}" for i, task in enumerate(subtasks, 1)
    )
    if problem:
        ctx.emit(INVALID_OUTPUT_EVENT, {"problem": problem})
    turn = new_turn(state, "replan" if replan else "plan", content=result.content or "")
    turn["observation"] = observation
    ctx.emit("plan", {"subtasks": subtasks, "replan": replan})
    changes = {**append_turn(state, turn), "plan": subtasks}
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
            result = ctx.chat(messages, tools=config.tools(state), max_tokens=config.reply_tokens)
        except ModelCapabilityError as refused:
            if refused.capability != "tools":
                raise
            # The tier has no tool calling: carry on with JSON actions for the rest of the run.
            ctx.emit("degraded", {"capability": "tools", "fallback": "json actions"})
            state = {**state, "tool_calling": False}
            return _with_changes(act_node(state, ctx, config), {"tool_calling": False})
    else:
        schema = _action_schema(config, state)
        result = ctx.chat(messages, response_format=schema, max_tokens=config.reply_tokens)
    action = parse_action(result, known=config.tool_names(state))
    return _after_choice(state, ctx, config, action)


def _with_changes(update: Update, extra: dict[str, Any]) -> Update:
    return Update({**update.changes, **extra}, update.goto)


def _after_choice(
    state: dict[str, Any], ctx: Context, config: LoopConfig, action: Action
) -> Update:
    turn = new_turn(state, "act", content=action.raw, tool=action.tool, arguments=action.arguments)
    if action.problem is not None:
        ctx.emit(INVALID_OUTPUT_EVENT, {"problem": action.problem, "turn": turn["n"]})
        turn.update(observation=action.problem, ok=False, category="invalid_output")
        return Update({**append_turn(state, turn), "guidance": None}, "reflect")
    ctx.emit("action", {"tool": action.tool, "arguments": action.arguments, "turn": turn["n"]})
    if action.tool == FINISH_TOOL:
        turn.update(observation="Finish requested.", ok=True, category="finish")
        return Update({**append_turn(state, turn), "guidance": None}, config.finish_node)
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


def _action_schema(config: LoopConfig, state: dict[str, Any]) -> dict[str, Any]:
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
        for d in config.tools(state)
    ]
    return json_schema("action", {"anyOf": choices})


# --- execute ------------------------------------------------------------------------------------
def execute_node(state: dict[str, Any], ctx: Context, config: LoopConfig) -> Update | Interrupt:
    pending = state.get("pending_action") or {}
    tool, arguments = pending["tool"], dict(pending["arguments"])
    turn = dict(pending["turn"])
    decision = ctx.approval_decision(arguments_digest(tool, arguments))
    if decision is not None and not decision.approved:
        comment = f": {decision.comment}" if decision.comment else ""
        observation = f"Not executed: rejected by {decision.reviewer}{comment}."
        turn.update(observation=observation, ok=False, category="rejected")
        return Update({**append_turn(state, turn), "pending_action": None}, "reflect")
    if decision is not None:
        arguments = dict(decision.arguments)  # approved, possibly with edited arguments
    try:
        outcome = ctx.call_tool(tool, arguments, call_index=0)
    except ApprovalRequired as needed:
        ctx.emit("approval_requested", needed.payload)
        return Interrupt("approval", needed.payload)
    turn.update(_observed(tool, arguments, outcome, config), arguments=arguments)
    ctx.emit(
        "observation",
        {
            "tool": tool,
            "turn": turn["n"],
            "ok": outcome.ok,
            "category": turn["category"],
            "duration_s": outcome.duration_s,
            # Evaluations count sandbox violations (an escape, a resource limit) by this.
            "error_class": outcome.error_class or "",
        },
    )
    return Update({**append_turn(state, turn), "pending_action": None}, "reflect")


def _observed(
    tool: str, arguments: dict[str, Any], outcome: ToolOutcome, config: LoopConfig
) -> dict[str, Any]:
    diagnosis = recovery.classify(tool, outcome)
    return {
        "observation": recovery.summarize_outcome(tool, outcome, config.observation_chars),
        "ok": outcome.ok,
        "category": diagnosis.category,
        "detail": diagnosis.detail,
        "module": diagnosis.module,
    }


def done_node(state: dict[str, Any], ctx: Context) -> Finish:
    """The default finish node: the model's `finish` call ends the run as it said."""
    if state.get("budget_low"):
        return Finish("failed", {"reason": "budget nearly exhausted before the goal was done"})
    last = (state.get("turns") or [{}])[-1]
    summary = str((last.get("arguments") or {}).get("summary", ""))
    return Finish("succeeded", {"summary": summary, "plan": state.get("plan", [])})


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
