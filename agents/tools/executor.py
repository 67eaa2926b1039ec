"""Run one tool call: validate, execute, time it, and turn any failure into a ToolOutcome.

Approval is the caller's job (the platform's RunContext.call_tool is the only path here).
"""

from __future__ import annotations

import time
from typing import Any

from agents import storable
from agents.engine.types import EnvironmentFailure, ToolOutcome
from agents.sandbox.errors import SandboxUnavailable
from agents.tools.registry import ToolArgumentsInvalid, ToolRegistry, UnknownTool
from agents.tools.spec import ToolEnvironment


class ToolExecutor:
    def __init__(self, registry: ToolRegistry) -> None:
        self.registry = registry

    def execute(self, name: str, arguments: dict[str, Any], env: ToolEnvironment) -> ToolOutcome:
        started = time.perf_counter()
        try:
            self.registry.validate(name, arguments)
            output = storable.jsonable(self.registry.function(name)(arguments, env), clean=False)
            outcome = ToolOutcome(True, output, duration_s=time.perf_counter() - started)
        except (UnknownTool, ToolArgumentsInvalid) as exc:
            outcome = _failure(exc, started, output=None)
        except EnvironmentFailure:
            raise  # a tool may say so itself: its service is down, not its arguments wrong
        except SandboxUnavailable as exc:
            # The host could not start the sandbox: the environment failed, not the agent's call.
            raise EnvironmentFailure(
                str(exc), kind=EnvironmentFailure.SANDBOX_UNAVAILABLE, backend="sandbox"
            ) from exc
        except Exception as exc:  # a tool failure is an observation for the model, not a crash
            outcome = _failure(exc, started, output=_partial_output(exc))
        return _storable_outcome(name, outcome)


def unstorable_arguments(name: str, arguments: dict[str, Any]) -> ToolOutcome | None:
    """A failed outcome when the arguments could not be recorded (NaN, NUL, a lone surrogate,
    too deep or too long), so the call is refused before anything is written or run."""
    found = storable.problem(arguments, where="arguments")
    if found is None:
        return None
    return ToolOutcome(
        ok=False,
        output=None,
        error_class="ArgumentsNotStorable",
        error=f"Not executed: the arguments for {name!r} cannot be used: {found}.",
    )


def _storable_outcome(name: str, outcome: ToolOutcome) -> ToolOutcome:
    # What a tool returns is kept in the run's records: one that cannot be stored (a NaN from a
    # computation, a NUL from a binary file) becomes a failed call that says why.
    found = storable.problem(outcome.output, where="output") or (
        storable.problem(outcome.error, where="error") if outcome.error else None
    )
    if found is None:
        return outcome
    return ToolOutcome(
        ok=False,
        output=None,
        error_class="OutputNotStorable",
        error=f"{name!r} ran, but its output cannot be recorded: {found}.",
        duration_s=outcome.duration_s,
    )


def _failure(exc: Exception, started: float, *, output: Any) -> ToolOutcome:
    return ToolOutcome(
        ok=False,
        output=output,
        error_class=type(exc).__name__,
        error=str(exc) or type(exc).__name__,
        duration_s=time.perf_counter() - started,
    )


def _partial_output(exc: Exception) -> Any:
    # Sandbox errors carry the partial result (e.g. output before a timeout): keep it.
    result = getattr(exc, "result", None)
    if result is None:
        return None
    return {
        "exit_code": getattr(result, "exit_code", None),
        "stdout": getattr(result, "stdout", ""),
        "stderr": getattr(result, "stderr", ""),
    }
