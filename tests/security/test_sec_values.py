"""Values PostgreSQL cannot store, sent where they enter: a model's tool arguments and replies,
a checkpoint, a REST body, a multipart form. Each is refused there with a clear error; a step
that cannot be saved fails its run once (failure_kind `invalid_data`, a `run.failed` event),
and the model is not called again. Runs go through a real Celery worker and PostgreSQL."""

from __future__ import annotations

import json
import math
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rest_framework.test import APIClient

from agents import storable
from agents.engine.loop_parse import parse_action
from agents.engine.openai_chat import chat_result_from
from agents.engine.types import ChatResult, Checkpoint, ToolCallRequest
from agents.tools import ToolExecutor, ToolRegistry
from agents.tools.spec import ToolEnvironment
from runs import toolbox
from runs.models import FailureKind, Run, RunEvent, RunStatus, ToolCall
from runs.services import run_start
from runs.tasks import recover_expired_leases
from tests.factories import TenantFixture
from tests.fuzz.profiles import fuzz_settings
from tests.runs.fixtures import EXTRA_TOOLS, lines, model, time_passes
from tests.security.sec_workflows import LOOP, STATE
from tests.support.fake_openai import FakeOpenAI
from tests.support.processes import celery_worker

__all__ = ["model"]
LEASE_SECONDS = 2
FINISHED = (RunStatus.SUCCEEDED, RunStatus.FAILED)


def wait_for(run: Run, statuses: tuple[str, ...], timeout: float = 60.0) -> Run:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        run.refresh_from_db()
        if run.status in statuses:
            return run
        time.sleep(0.1)  # the worker (another process) advances the run
    raise AssertionError(f"run {run.id} still {run.status} after {timeout}s: {run.error}")


def hostile_model(ledger: Path) -> Any:
    """Plans, then calls record_effect with a NaN amount, then finishes once told why not;
    asked for a reading, answers `NaN`."""

    def respond(body: dict[str, Any]) -> dict[str, Any]:
        text = json.dumps(body.get("messages", []))
        if "measure the reading" in text:
            return {"content": "NaN"}
        if body.get("response_format"):
            return {"content": json.dumps({"subtasks": ["record the effect"]})}
        if "cannot be used" in text:
            return {"tool_calls": [{"name": "finish", "arguments": {"summary": "gave up"}}]}
        arguments = json.dumps({"ledger": str(ledger), "amount": math.nan})
        return {"tool_calls": [{"name": "record_effect", "arguments": arguments}]}

    return respond


@pytest.fixture
def fresh_tools() -> Iterator[None]:
    """The tool registry read again from the settings the test sets, and forgotten after."""
    toolbox.registry.cache_clear()
    toolbox._executor.cache_clear()
    yield
    toolbox.registry.cache_clear()
    toolbox._executor.cache_clear()


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("fresh_tools")
def test_nan_from_the_model_never_wedges_a_run_on_a_real_worker(
    acme: TenantFixture, model: FakeOpenAI, tmp_path: Path, settings: Any
) -> None:
    # Given: a model that puts NaN in its tool arguments, and one whose answer a workflow keeps
    settings.LONGHAUL_EXTRA_TOOLS = [EXTRA_TOOLS]
    settings.LONGHAUL_EXTRA_WORKFLOWS = [LOOP, STATE]
    ledger = tmp_path / "ledger"
    ledger.mkdir()
    model.responder = hostile_model(ledger)
    env = {
        "LONGHAUL_AGENT_MODEL_URL": settings.LONGHAUL_AGENT_MODEL_URL,
        "LONGHAUL_EXTRA_TOOLS": EXTRA_TOOLS,
        "LONGHAUL_EXTRA_WORKFLOWS": f"{LOOP},{STATE}",
        "LONGHAUL_WORKSPACES_DIR": str(tmp_path / "workspaces"),
        "LONGHAUL_SNAPSHOTS_DIR": str(tmp_path / "snapshots"),
        "LONGHAUL_RUN_LEASE_SECONDS": str(LEASE_SECONDS),
    }
    with celery_worker(concurrency=2, **env):
        # When: both run on a real worker
        loop = run_start(
            organization=acme.organization, workflow="hostile-loop", input={"goal": "pay"}
        )
        kept = run_start(organization=acme.organization, workflow="hostile-state", input={})
        loop, kept = wait_for(loop, FINISHED), wait_for(kept, FINISHED)
        # ... and lease recovery has had every chance to hand the failed run out again
        time_passes(LEASE_SECONDS + 0.5, loop, kept)  # any lease they held has expired
        recover_expired_leases()
        time.sleep(1.0)  # the worker (another process) would pick up a run handed out again

    # Then: the NaN call was refused at the call, the model told why, and the run finished
    assert loop.status == RunStatus.SUCCEEDED, loop.error
    assert lines(ledger / "effects.log") == []
    assert not ToolCall.objects.filter(run=loop).exists()
    told = [r for r in model.requests if "cannot be used: arguments: NaN" in json.dumps(r)]
    assert told, "the model was never told why its call was refused"
    # ... and the step that kept NaN failed its run once, saying why, with one model call
    kept.refresh_from_db()
    assert kept.status == RunStatus.FAILED
    assert kept.failure_kind == FailureKind.INVALID_DATA
    assert "could not be saved" in kept.error
    assert "not a finite number" in kept.error
    failed = RunEvent.objects.get(run=kept, kind="run.failed")
    assert failed.data["failure_kind"] == "invalid_data"
    asked = [r for r in model.requests if "measure the reading" in json.dumps(r["body"])]
    assert len(asked) == 1


def test_model_text_that_cannot_be_stored_is_cleaned_and_arguments_are_refused() -> None:
    raw = {
        "choices": [
            {
                "message": {
                    "content": "done\x00 \ud800",
                    "tool_calls": [
                        {
                            "id": "c1",
                            "function": {"name": "pay\x00", "arguments": '{"a": "\\u0000"}'},
                        }
                    ],
                }
            }
        ]
    }
    result = chat_result_from(raw)
    assert storable.problem(result.content) is None
    assert storable.problem(result.tool_calls[0].name) is None
    # A NUL escaped inside the arguments' JSON is still refused when they are read
    call = ChatResult(None, [ToolCallRequest("c1", "pay", '{"a": "\\u0000"}')], 0, 0)
    action = parse_action(call, known={"pay"})
    assert action.tool is None
    assert "NUL" in str(action.problem)


hostile_leaves = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(alphabet=st.characters(min_codepoint=0, max_codepoint=0xFFFF, exclude_categories=())),
)
hostile_json = st.recursive(
    hostile_leaves,
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(), children, max_size=3)
    ),
    max_leaves=8,
)


@pytest.mark.django_db
@fuzz_settings(bounded=60, long=2000)
@given(value=hostile_json, depth=st.integers(min_value=0, max_value=70))
def test_hostile_json_through_a_tool_call_and_a_checkpoint_is_stored_or_refused_clearly(
    value: Any, depth: int
) -> None:
    from runs.checkpointer import DjangoCheckpointer

    for _ in range(depth):
        value = [value]
    # A tool call the model makes with this value as an argument
    arguments_json = json.dumps({"x": value})  # writes NaN, Infinity, lone surrogates as they are
    reply = ChatResult(None, [ToolCallRequest("c", "pay", arguments_json)], 0, 0)
    action = parse_action(reply, known={"pay"})
    if action.tool is None:
        assert "cannot be used" in str(action.problem)
        assert storable.problem({"x": value}) is not None
    else:
        assert storable.problem(action.arguments) is None
    # Whatever the step then keeps: stored and read back exactly, or refused before the database
    state = {"arguments": {"x": value}}
    checkpoint = Checkpoint(f"t-{time.monotonic_ns()}", 0, "act", state, 0, 0.0)
    refused = storable.problem(state, where="state")
    if refused is not None:
        with pytest.raises(storable.NotStorable, match=re.escape(refused)):
            DjangoCheckpointer().put(checkpoint)
        assert DjangoCheckpointer().get(checkpoint.thread_id) is None
        return
    stored = DjangoCheckpointer().put(checkpoint)
    read = DjangoCheckpointer().get(stored.thread_id)
    assert read is not None
    assert _same(read.state, state)


def _same(read: Any, written: Any) -> bool:
    """Equal as JSON; numbers as numbers (jsonb keeps decimals: a float of 1e16 or more comes
    back as the integer its shortest repr names)."""
    if isinstance(written, (int, float)) and not isinstance(written, bool):
        return isinstance(read, (int, float)) and math.isclose(read, written, rel_tol=1e-15)
    if isinstance(written, (list, tuple)):
        return (
            isinstance(read, list) and len(read) == len(written) and all(map(_same, read, written))
        )
    if isinstance(written, dict):
        return (
            isinstance(read, dict)
            and read.keys() == written.keys()
            and all(_same(read[key], written[key]) for key in written)
        )
    return bool(read == written)


@pytest.mark.django_db
def test_rest_bodies_postgresql_cannot_store_are_refused_with_a_clear_400(
    acme: TenantFixture,
) -> None:
    client = APIClient()
    client.force_login(acme.owner)
    bodies = {
        "a lone surrogate": ('{"workflow": "effects", "input": {"task": "\\ud800"}}', "surrogate"),
        "a NUL in a key": ('{"workflow": "effects", "input": {"t\\u0000": "x"}}', "NUL"),
        "deep nesting": ('{"input": ' + "[" * 5000 + "]" * 5000 + "}", "nested"),
        "NaN": ('{"workflow": "effects", "input": {"n": NaN}}', "NaN"),
        "a string of 1,000,001 characters": (
            json.dumps({"workflow": "effects", "input": {"task": "x" * 1_000_001}}),
            "characters",
        ),
    }
    for name, (body, why) in bodies.items():
        response = client.post("/api/runs", body, content_type="application/json")
        assert response.status_code == 400, (name, response.content[:200])
        assert why in response.json()["detail"], (name, response.json())
    assert not Run.objects.exists()


@pytest.mark.django_db
def test_a_multipart_run_input_is_read_strictly(acme: TenantFixture) -> None:
    client = APIClient()
    client.force_login(acme.owner)
    for text, why in (('{"task": NaN}', "NaN"), ('{"task": "\\ud83d"}', "surrogate")):
        form = {"workflow": "effects", "input": text}
        response = client.post("/api/runs", form, format="multipart")
        assert response.status_code == 400, response.content
        assert why in json.dumps(response.json())
    assert not Run.objects.exists()


def test_the_check_names_where_the_value_is() -> None:
    assert storable.problem({"a": [1, {"b": math.inf}]}, where="arguments") == (
        "arguments.a[1].b is inf, not a finite number; send a finite number or a string"
    )
    assert storable.problem({"ok": ["fine", 1.5, None, True]}) is None


@pytest.mark.parametrize(("kind", "why"), [("nan", "not a finite number"), ("nul", "NUL")])
def test_a_tool_output_that_cannot_be_stored_becomes_a_failed_call_saying_why(
    kind: str, why: str, tmp_path: Path
) -> None:
    registry = ToolRegistry()
    registry.register_from("tests.security.sec_workflows:TOOLS")
    outcome = ToolExecutor(registry).execute("ratio", {"kind": kind}, ToolEnvironment(tmp_path))
    assert not outcome.ok
    assert outcome.error_class == "OutputNotStorable"
    assert why in str(outcome.error)
    assert storable.problem([outcome.output, outcome.error]) is None


@pytest.mark.parametrize("media_type", ["text/plain", "text/markdown", "text/csv"])
def test_an_uploaded_text_with_a_nul_past_the_binary_check_is_extracted_storably(
    media_type: str,
) -> None:
    from memory.extraction import extract

    # The binary sniff reads the first 8 KiB: a NUL after them reached PostgreSQL's text column
    data = b"Quarterly notes, " * 600 + b"\x00 the hedge covers the Brazilian real.\n"
    extracted = extract(data, media_type)
    texts = [section.text for section in extracted.sections]
    assert storable.problem(texts) is None
    assert "\ufffd the hedge covers the Brazilian real" in " ".join(texts)
