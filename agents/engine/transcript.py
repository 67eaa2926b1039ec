"""The conversation the model sees, rebuilt from the state on every call.

Every model call (plan, act, re-plan) becomes one turn: one assistant message plus the
observation that answered it. The system prompt and the goal never change during a run, so the
prompt prefix stays identical from call to call (prefix caching) until a condensation folds the
oldest turns into a summary. Turns the runtime makes itself (an automatic install, a retry) are
shown as user messages, so they do not count as the model's turns.
"""

from __future__ import annotations

import json
from typing import Any

CHARS_PER_TOKEN = 4
SUMMARY_LINE_CHARS = 240


def estimate_tokens(messages: list[dict[str, Any]], tools: list[dict[str, Any]] | None) -> int:
    size = len(json.dumps(messages)) + (len(json.dumps(tools)) if tools else 0)
    return size // CHARS_PER_TOKEN + 1


def render(state: dict[str, Any], system_prompt: str) -> list[dict[str, Any]]:
    messages: list[dict[str, Any]] = [
        {"role": "system", "content": system_prompt},
        {"role": "user", "content": goal_message(state)},
    ]
    if state.get("summary"):
        summary = "\n".join(state["summary"])
        messages.append({"role": "user", "content": f"Summary of earlier steps:\n{summary}"})
    for turn in state.get("turns", []):
        messages.extend(render_turn(turn, tool_calling=bool(state.get("tool_calling", True))))
    return messages


def goal_message(state: dict[str, Any]) -> str:
    parts = [f"Goal:\n{state.get('goal', '')}"]
    if state.get("briefing"):
        parts.append(state["briefing"])
    return "\n\n".join(parts)


def render_turn(turn: dict[str, Any], *, tool_calling: bool) -> list[dict[str, Any]]:
    observation = turn.get("observation") or "(no observation)"
    if turn["kind"] == "auto":
        return [{"role": "user", "content": f"[runtime] {turn['label']}\n{observation}"}]
    if turn["kind"] == "act" and turn.get("tool") and tool_calling:
        call_id = f"call_{turn['n']}"
        call = {
            "id": call_id,
            "type": "function",
            "function": {"name": turn["tool"], "arguments": json.dumps(turn.get("arguments", {}))},
        }
        return [
            {"role": "assistant", "content": None, "tool_calls": [call]},
            {"role": "tool", "tool_call_id": call_id, "content": observation},
        ]
    return [
        {"role": "assistant", "content": turn.get("content") or ""},
        {"role": "user", "content": f"Observation:\n{observation}"},
    ]


def summary_line(turn: dict[str, Any]) -> str:
    """One line per condensed turn: what was done and how it ended."""
    if turn["kind"] in ("plan", "replan"):
        what = "made a new plan" if turn["kind"] == "replan" else "made the plan"
    elif turn["kind"] == "auto":
        what = f"runtime: {turn['label']}"
    elif turn.get("tool"):
        what = f"{turn['tool']}({json.dumps(turn.get('arguments', {}))[:80]})"
    else:
        what = "invalid reply"
    outcome = (turn.get("observation") or "").replace("\n", " ")
    return f"- turn {turn['n']}: {what} -> {outcome}"[:SUMMARY_LINE_CHARS]


def condensed(
    state: dict[str, Any],
    *,
    system_prompt: str,
    tools: list[dict[str, Any]] | None,
    budget_tokens: int,
    keep_recent: int,
) -> dict[str, Any] | None:
    """State changes that fold old turns into the summary until the prompt fits, else None."""
    if estimate_tokens(render(state, system_prompt), tools) <= budget_tokens:
        return None
    turns, summary = list(state.get("turns", [])), list(state.get("summary", []))
    keep = max(min(keep_recent, len(turns) - 1), 1)
    while True:
        folded, turns = turns[:-keep], turns[-keep:]
        summary.extend(summary_line(turn) for turn in folded)
        trial = {**state, "turns": turns, "summary": summary}
        if estimate_tokens(render(trial, system_prompt), tools) <= budget_tokens:
            break
        if keep > 1:
            keep -= 1
        elif len(summary) > 1:
            summary = ["- (older steps omitted)", *summary[2:]]
        else:
            break
    return {"turns": turns, "summary": summary}
