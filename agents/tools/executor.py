"""Run one tool call: validate, execute, time it, and turn any failure into a ToolOutcome.

Approval is the caller's job (the platform's RunContext.call_tool is the only path here).
"""

from __future__ import annotations

import json
import time
from typing import Any

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
            output = _jsonable(self.registry.function(name)(arguments, env))
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
        return outcome


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


def _jsonable(value: Any) -> Any:
    return json.loads(json.dumps(value, default=str))
