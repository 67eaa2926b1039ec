"""RunContext: the platform's implementation of the engine's Context for one step of a run.

Model calls go through the `openai` client to the gateway (or LONGHAUL_AGENT_MODEL_URL) with the
run's own token, which the gateway resolves to the key or person that started the run; tool
calls are keyed `run:step:n` in the ToolCall table and gated by approvals bound to the digest of
the exact arguments; events are buffered and committed with the step, so a step that crashes
and re-runs never publishes its events twice. Every model request is recorded in the run's trace
as soon as it returns (runs.traces), with the step and node it served.
"""

from __future__ import annotations

import copy
import time
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from django.conf import settings
from openai import OpenAI

from agents import storable
from agents.engine.openai_chat import SentRequest, chat_completion
from agents.engine.types import (
    INVALID_OUTPUT_EVENT,
    ApprovalDecision,
    ApprovalRequired,
    Budgets,
    ChatResult,
    ToolOutcome,
    arguments_digest,
)
from agents.tools.executor import unstorable_arguments
from core.tracing import (
    Span,
    context_headers,
    current_span_record,
    model_call_span,
    outcome_record,
    tool_call_span,
    usage_record,
)
from runs import toolbox
from runs.credentials import run_model_token
from runs.gate import GateAction, GateVerdict, approval_gate, run_facts
from runs.leases import Lease
from runs.models import Run
from runs.snapshots import snapshot_before_call
from runs.toolcalls import toolcall_complete, toolcall_outcome, toolcall_start
from runs.traces import model_call_problem_note, model_call_record


def _record_answer(span: Span, result: ChatResult, max_tokens: int | None) -> None:
    if not span.is_recording():
        return
    raw = result.raw or {}
    choices = raw.get("choices") or [{}]
    usage_record(
        span,
        **{
            "gen_ai.request.max_tokens": max_tokens,
            "gen_ai.response.id": raw.get("id"),
            "gen_ai.response.model": raw.get("model"),
            "gen_ai.response.finish_reasons": [str(c.get("finish_reason")) for c in choices],
            "gen_ai.usage.input_tokens": result.prompt_tokens,
            "gen_ai.usage.output_tokens": result.completion_tokens,
        },
    )
    outcome_record(span, ok=result.problem is None, error_type="invalid_model_output")


@lru_cache(maxsize=8)
def _client(base_url: str, timeout: float) -> OpenAI:
    # One client (and connection pool) per process and endpoint: building one costs 0.1-0.25 s
    # of CPU, which a client per run paid again on every run's first step. Each request carries
    # its run's own token instead (RunContext.chat).
    return OpenAI(base_url=base_url, api_key="per-request", timeout=timeout, max_retries=2)


class RunContext:
    # A budget that runs out pauses the run with a request to extend it (runs.advance), instead
    # of failing it outright.
    budget_requests = True

    def __init__(
        self,
        *,
        run: Run,
        lease: Lease,
        step: int,
        node: str = "",
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.run = run
        self.run_id = str(run.id)
        self.lease = lease
        self.step = step
        self.node = node
        self.last_model_call: str | None = None
        self.budgets = Budgets(**run.budgets)
        self.clock = clock
        self.pending_events: list[tuple[str, dict[str, Any]]] = []

    # --- model ---------------------------------------------------------------------------------
    def chat(
        self,
        messages: list[dict[str, Any]],
        *,
        tools: list[dict[str, Any]] | None = None,
        response_format: dict[str, Any] | None = None,
        max_tokens: int | None = None,
    ) -> ChatResult:
        base_url = settings.LONGHAUL_AGENT_MODEL_URL or settings.LONGHAUL_GATEWAY_URL
        headers = {
            "Authorization": f"Bearer {run_model_token(run_id=self.run_id)}",
            "X-Longhaul-Run": self.run_id,
        }
        with model_call_span(operation="chat", model=self.run.tier, url=base_url) as span:
            result = chat_completion(
                _client(base_url, settings.LONGHAUL_AGENT_CHAT_TIMEOUT_SECONDS),
                model=self.run.tier,
                messages=messages,
                tools=tools,
                response_format=response_format,
                max_tokens=max_tokens,
                extra={"extra_headers": context_headers(headers)},
                observe=self._traced,
            )
            _record_answer(span, result, max_tokens)
        return result

    def _traced(self, sent: SentRequest) -> None:
        self.last_model_call = model_call_record(
            run=self.run, step=self.step, node=self.node, sent=sent
        )
        # The run page's trace entry, for finding it from the span (and back).
        current_span_record(**{"longhaul.model_call.id": self.last_model_call})

    # --- tools ---------------------------------------------------------------------------------
    def call_tool(
        self, name: str, arguments: dict[str, Any], *, call_index: int = 0
    ) -> ToolOutcome:
        refused = unstorable_arguments(name, arguments)
        if refused is not None:
            return refused  # nothing recorded: the ToolCall row could not hold these arguments
        key = f"{self.run_id}:{self.step}:{call_index}"
        digest = arguments_digest(name, arguments)
        stored = toolcall_outcome(key=key)
        if stored is not None:
            return stored
        verdict = approval_gate().evaluate(
            run=run_facts(self.run),
            kind="tool",
            name=name,
            arguments=arguments,
            registry=toolbox.registry_for(self.run.organization_id),
        )
        if verdict.action is GateAction.DENY:
            return self._denied(name, verdict)
        payload = self._approval_payload(name, arguments, digest, call_index, verdict)
        gated = payload is not None
        if payload is not None and not approval_gate().authorized(
            run_id=self.run_id, step=self.step, digest=digest, key=key
        ):
            raise ApprovalRequired(payload)
        toolcall_start(
            lease=self.lease,
            key=key,
            step=self.step,
            call_index=call_index,
            tool=name,
            arguments=arguments,
            digest=digest,
            gated=gated,
            approval_payload=payload,
        )
        # A call executed again after a crash starts from the workspace it first saw.
        snapshot_before_call(run=self.run, step=self.step, call_index=call_index, tool=name)
        with tool_call_span(tool=name, call_id=key, **{"longhaul.run.id": self.run_id}) as span:
            outcome = toolbox.execute(
                name, copy.deepcopy(arguments), run=self.run, idempotency_key=key
            )
            outcome_record(span, ok=outcome.ok, error_type=outcome.error_class)
        toolcall_complete(lease=self.lease, key=key, outcome=outcome)
        return outcome

    def _approval_payload(
        self,
        name: str,
        arguments: dict[str, Any],
        digest: str,
        call_index: int,
        verdict: GateVerdict,
    ) -> dict[str, Any] | None:
        """The approval payload when this call is gated (tool risk or organization rule)."""
        if verdict.action is not GateAction.REQUIRE_APPROVAL:
            return None
        return {
            "tool": name,
            "arguments": copy.deepcopy(arguments),
            "digest": digest,
            "reason": verdict.reason,
            "step": self.step,
            "call_index": call_index,
            **verdict.approval_payload(),
        }

    def _denied(self, name: str, verdict: GateVerdict) -> ToolOutcome:
        """A call the policy forbids is not made; the agent is told why, as a failed call."""
        self.emit(
            "tool.denied", {"tool": name, "reason": verdict.reason, "rule": verdict.rule_name}
        )
        return ToolOutcome(
            ok=False,
            output=None,
            error_class="PolicyDenied",
            error=f"Not executed: {verdict.reason}",
        )

    # --- events, clock, decisions --------------------------------------------------------------
    def emit(self, kind: str, data: dict[str, Any]) -> None:
        storable.check(data, where=f"event {kind!r}")  # fails the step now, not its commit
        self.pending_events.append((kind, copy.deepcopy(data)))
        if kind == INVALID_OUTPUT_EVENT and self.last_model_call is not None:
            model_call_problem_note(call_id=self.last_model_call, problem=str(data.get("problem")))

    def now(self) -> float:
        return self.clock()

    def approval_decision(self, digest: str) -> ApprovalDecision | None:
        return approval_gate().decision(run_id=self.run_id, digest=digest)
