"""The model client wrapper tells an environment failure (endpoint down, overloaded, timing out)
from a request the endpoint refused, against the scripted model server over real sockets."""

from __future__ import annotations

import openai
import pytest

from agents.engine.openai_chat import chat_completion
from agents.engine.types import EnvironmentFailure
from tests.support.fake_openai import FakeOpenAI, Fault, serve_fake_openai
from tests.support.processes import free_port

HELLO = [{"role": "user", "content": "hi"}]


@pytest.mark.parametrize(
    ("status", "kind"),
    [
        (500, "model_unavailable"),
        (502, "model_unavailable"),
        (503, "model_unavailable"),
        (504, "model_unavailable"),
        (429, "model_overloaded"),
    ],
)
def test_outages_and_overload_are_environment_failures(
    fake_model: FakeOpenAI, model_client: openai.OpenAI, status: int, kind: str
) -> None:
    fake_model.fault = Fault(kind="error", status=status, times=1)

    with pytest.raises(EnvironmentFailure) as raised:
        chat_completion(model_client, model="standard", messages=HELLO)

    assert raised.value.kind == kind
    assert raised.value.backend == "standard"  # no backend header: the tier asked for
    assert f"HTTP {status}" in str(raised.value)


@pytest.mark.parametrize("status", [400, 401, 403, 404, 422])
def test_a_refused_request_is_not_an_environment_failure(
    fake_model: FakeOpenAI, model_client: openai.OpenAI, status: int
) -> None:
    fake_model.fault = Fault(kind="error", status=status, times=1)

    with pytest.raises(openai.APIStatusError) as raised:
        chat_completion(model_client, model="standard", messages=HELLO)

    assert not isinstance(raised.value, EnvironmentFailure)
    assert raised.value.status_code == status


def test_an_answer_the_gateway_found_invalid_is_the_models_fault_not_an_outage(
    fake_model: FakeOpenAI, model_client: openai.OpenAI
) -> None:
    # The gateway answers 502 `invalid_model_output` when the model's answer fails its schema.
    fake_model.fault = Fault(kind="error", status=502, times=1, code="invalid_model_output")

    result = chat_completion(model_client, model="standard", messages=HELLO)

    # Neither an outage nor a crash: an answer the agent reads and tries again after.
    assert result.content is None
    assert result.problem == "scripted upstream failure"


def test_an_unreachable_endpoint_is_an_environment_failure() -> None:
    client = openai.OpenAI(
        base_url=f"http://127.0.0.1:{free_port()}/v1", api_key="k", max_retries=0, timeout=5
    )

    with pytest.raises(EnvironmentFailure) as raised:
        chat_completion(client, model="fast", messages=HELLO)

    assert raised.value.kind == "model_unreachable"
    assert raised.value.backend == "fast"


def test_a_hanging_endpoint_is_a_timeout() -> None:
    fake = FakeOpenAI(fault=Fault(kind="hang"))
    with serve_fake_openai(fake) as url:
        client = openai.OpenAI(base_url=url, api_key="k", max_retries=0, timeout=0.5)
        with pytest.raises(EnvironmentFailure) as raised:
            chat_completion(client, model="standard", messages=HELLO)

    assert raised.value.kind == "model_timeout"


def test_the_backend_named_by_the_gateway_and_its_retry_after_are_kept(
    fake_model: FakeOpenAI, model_client: openai.OpenAI
) -> None:
    headers = {"X-Longhaul-Backend": "standard-gpu-2", "Retry-After": "7"}
    fake_model.fault = Fault(kind="error", status=429, times=1, code="overloaded", headers=headers)

    with pytest.raises(EnvironmentFailure) as raised:
        chat_completion(model_client, model="standard", messages=HELLO)

    failure = raised.value
    assert (failure.kind, failure.backend, failure.retry_after) == (
        "model_overloaded",
        "standard-gpu-2",
        7.0,
    )


def test_an_exhausted_monthly_quota_is_not_waited_for(
    fake_model: FakeOpenAI, model_client: openai.OpenAI
) -> None:
    fake_model.fault = Fault(kind="error", status=429, times=1, code="insufficient_quota")

    with pytest.raises(openai.RateLimitError) as raised:
        chat_completion(model_client, model="standard", messages=HELLO)

    assert not isinstance(raised.value, EnvironmentFailure)
