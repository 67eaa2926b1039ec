"""The loop's `reflect` node: stuck detection, error recovery, condensation, budget reserve."""

from __future__ import annotations

import json
from typing import Any

from agents.engine import recovery, transcript
from agents.engine.loop_config import CYCLE_STEPS, LoopConfig, new_turn
from agents.engine.types import Context, Finish, Update, arguments_digest


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
    turn = new_turn(state, "auto", tool=tool, arguments=arguments)
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
        tools=config.tools(state),
        budget_tokens=budget,
        keep_recent=config.keep_recent,
    )
