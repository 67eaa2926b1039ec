"""A planning model with a small context gets the compact free-form prompt, which fits it; a
request that still does not fit ends before any call with the sizes in its reason."""

from __future__ import annotations

import json
from typing import Any

import jsonschema
import pytest

from agents.engine.types import Finish
from agents.three_d.inputs import initial_state
from agents.three_d.planning import SYSTEM_PROMPT, parse_plan, plan_mode, plan_request, plan_schema
from agents.three_d.workflow import plan_node, prompt_tokens

UNKNOWN = "A weather vane 40 cm tall: a rooster on an arrow over a cross of compass letters."


def _messages(state: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"role": "system", "content": SYSTEM_PROMPT}, {"role": "user", "content": plan_request(state)}]  # fmt: skip


@pytest.mark.parametrize("extra", [{}, {"planning": "free-form"}])
def test_a_small_context_gets_a_free_form_prompt_that_fits_it(extra: dict[str, Any]) -> None:
    full = initial_state({"brief": UNKNOWN, **extra})
    small = initial_state({"brief": UNKNOWN, "context_window": 2048, **extra})
    assert plan_mode(small)[0] == "compact"
    assert prompt_tokens(full, _messages(full)) > 2048
    assert prompt_tokens(small, _messages(small)) < 1500
    answer = {"spec": {"spec_version": 1, "name": "vane", "units": "cm", "parts": [
        {"name": "post", "transform": {"translate": [0, 0, 20]}, "shape": {"primitive": "cylinder", "radius": 1, "height": 40}}]}}  # fmt: skip
    jsonschema.Draft202012Validator(plan_schema("compact", [], "cm")).validate(answer)
    assert parse_plan(json.dumps(answer), small)["kind"] == "spec"


def test_a_named_family_keeps_its_template_prompt_in_a_small_context() -> None:
    state = initial_state({"brief": "A salad bowl 26 cm across and 12 cm deep", "context_window": 2048})  # fmt: skip
    assert plan_mode(state) == ("template", ["bowl"])


def test_a_context_too_small_for_any_plan_ends_with_the_numbers() -> None:
    state = initial_state({"brief": UNKNOWN, "context_window": 1024})
    result = plan_node(state, None)  # type: ignore[arg-type]  # it ends before any model call
    assert isinstance(result, Finish)
    assert result.status == "failed"
    reason = json.dumps(result.output)
    assert "context of 1024 tokens is too small for a free-form plan" in reason
