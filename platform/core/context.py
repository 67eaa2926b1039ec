"""Per-request and per-run identifiers carried into every log line."""

from __future__ import annotations

from contextvars import ContextVar

request_id: ContextVar[str] = ContextVar("request_id", default="-")
run_id: ContextVar[str] = ContextVar("run_id", default="-")
