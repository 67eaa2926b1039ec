"""Model-call traces: every request a run sends to its model, recorded as it was asked and
answered (messages, tools offered, the raw completion, errors, tokens, latency), with the step
and node it served.

The worker records each call as soon as it returns, outside the step's transaction: a step that
crashes, waits for the environment or is repeated still leaves the calls it made on record,
which is what an operator needs to see. Only the worker advancing a run records its calls, for
that run's organization; nothing else writes a trace.

Before anything is stored, every text is redacted with the one credential redactor the logs use
(`core.logging.redact`) and cut to LONGHAUL_TRACE_FIELD_MAX_CHARS, and the whole call to
LONGHAUL_TRACE_CALL_MAX_CHARS; `clipped` lists the paths that were cut. Traces are kept for the
organization's `trace_retention_days` (LONGHAUL_TRACE_RETENTION_DAYS by default) and purged by
beat.
"""

from __future__ import annotations

import json
import logging
import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import DatabaseError, IntegrityError, transaction

from accounts.selectors import trace_retention_overrides
from agents import storable
from agents.engine.openai_chat import SentRequest
from core.clock import now as clock_now
from core.logging import redact
from runs.models import ModelCall, Run

logger = logging.getLogger(__name__)

# Redaction looks this far past the cut, so a credential that straddles it is still caught.
_REDACT_MARGIN = 2_000
_MAX_DEPTH = 32
MAX_CLIPPED_PATHS = 50


def model_call_record(*, run: Run, step: int, node: str, sent: SentRequest) -> str | None:
    """Records one call; returns its id, or None when it could not be stored (logged: a lost
    trace entry must not fail the run's step)."""
    fields, clipped = _scrubbed(
        {
            "request": sent.request,
            "response": sent.response,
            "error": sent.error,
            "problem": sent.problem,
        }
    )
    usage = (sent.response or {}).get("usage") or {}
    call = ModelCall(
        id=sent.request_id if _usable_id(sent.request_id) else uuid.uuid4().hex,
        run=run,
        organization_id=run.organization_id,
        step=step,
        node=node[:100],
        tier=str(sent.request.get("model") or run.tier)[:64],
        model=str((sent.response or {}).get("model") or "")[:200],
        status=sent.status,
        prompt_tokens=_count(usage.get("prompt_tokens")),
        completion_tokens=_count(usage.get("completion_tokens")),
        latency_ms=round(sent.seconds * 1000, 3),
        clipped=clipped,
        **fields,
    )
    return _stored(call)


def _usable_id(request_id: str) -> bool:
    return 0 < len(request_id) <= 128 and request_id.isprintable()


def _count(value: Any) -> int:
    return value if isinstance(value, int) and 0 <= value < 2**31 else 0


def _stored(call: ModelCall) -> str | None:
    try:
        with transaction.atomic():
            call.save(force_insert=True)
    except IntegrityError:
        # The endpoint reused an id (a server that is not the gateway may): keep the call anyway.
        call.id = uuid.uuid4().hex
        return _stored(call)
    except DatabaseError:
        logger.exception("the model call of run %s step %s was not traced", call.run_id, call.step)
        return None
    return call.id


def model_call_problem_note(*, call_id: str, problem: str) -> None:
    """Why the run could not use the call's answer (it did not parse, named no tool, ...)."""
    fields, _ = _scrubbed({"problem": problem})
    try:
        ModelCall.objects.filter(id=call_id, problem="").update(problem=fields["problem"])
    except DatabaseError:
        logger.exception("the problem of model call %s was not traced", call_id)


def model_calls_purge(*, now: datetime | None = None) -> int:
    """Deletes traces older than their organization's retention; returns how many."""
    moment = now or datetime.fromtimestamp(clock_now(), tz=UTC)
    overrides = trace_retention_overrides()
    default = timedelta(days=settings.LONGHAUL_TRACE_RETENTION_DAYS)
    old = ModelCall.objects.filter(created_at__lt=moment - default)
    deleted, _ = old.exclude(organization_id__in=list(overrides)).delete()
    for organization_id, days in overrides.items():
        cutoff = moment - timedelta(days=days)
        mine = ModelCall.objects.filter(organization_id=organization_id, created_at__lt=cutoff)
        deleted += mine.delete()[0]
    return deleted


# --- redaction and size limits ------------------------------------------------------------------
def _scrubbed(fields: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """The fields redacted and clipped, and the paths that were clipped."""
    limit = settings.LONGHAUL_TRACE_FIELD_MAX_CHARS
    total = settings.LONGHAUL_TRACE_CALL_MAX_CHARS
    while True:
        clipped: list[str] = []
        scrubbed = storable.jsonable(
            {name: _scrub(value, name, limit, clipped, 0) for name, value in fields.items()}
        )
        size = len(json.dumps(scrubbed, ensure_ascii=False))
        if size <= total or limit <= 200:
            return scrubbed, clipped
        limit = max(200, int(limit * total / size / 1.2))


def _scrub(value: Any, path: str, limit: int, clipped: list[str], depth: int) -> Any:
    if isinstance(value, str):
        return _text(value, path, limit, clipped)
    if depth >= _MAX_DEPTH and isinstance(value, (dict, list, tuple)):
        if len(clipped) < MAX_CLIPPED_PATHS:
            clipped.append(path)
        return _text(json.dumps(value, default=str), path, limit, [])
    if isinstance(value, dict):
        return {
            _text(str(key), path, 200, []): _scrub(item, f"{path}.{key}", limit, clipped, depth + 1)
            for key, item in value.items()
        }
    if isinstance(value, (list, tuple)):
        return [_scrub(item, f"{path}[{i}]", limit, clipped, depth + 1) for i, item in enumerate(value)]  # fmt: skip
    if value is None or isinstance(value, (bool, int, float)):
        return value  # a non-finite number is made null by storable.jsonable
    return _text(str(value), path, limit, clipped)


def _text(text: str, path: str, limit: int, clipped: list[str]) -> str:
    if len(text) <= limit:
        return redact(storable.clean_text(text))
    if len(clipped) < MAX_CLIPPED_PATHS:
        clipped.append(path)
    kept = redact(storable.clean_text(text[: limit + _REDACT_MARGIN]))[:limit]
    return f"{kept}… [clipped: {len(text) - limit:,} more characters]"
