# mypy: disable-error-code="arg-type, call-overload, union-attr, index, list-item"
"""Every error a caller can meet on /v1, in OpenAI's format with the right status."""

from __future__ import annotations

import time

import httpx
import openai
import pytest

from accounts.services import api_key_create, api_key_revoke
from tests.factories import TenantFixture, operator
from tests.gateway.conftest import Backends, client_for
from tests.support.fake_openai import Fault

pytestmark = pytest.mark.django_db(transaction=True)
HELLO = [{"role": "user", "content": "hello"}]


def _error(exc: openai.APIStatusError) -> dict[str, str]:
    body = exc.response.json()["error"]
    assert set(body) == {"message", "type", "param", "code"}
    assert exc.response.headers["x-request-id"]
    return body


def test_400_for_invalid_requests(gateway: str, acme: TenantFixture, backends: Backends) -> None:
    backends.add("standard")
    backends.settle()
    client = client_for(gateway, acme.api_key)

    with pytest.raises(openai.BadRequestError) as missing:
        client.chat.completions.create(model="standard", messages=[])
    with pytest.raises(openai.BadRequestError) as temperature:
        client.chat.completions.create(model="standard", messages=HELLO, temperature=7)
    raw = httpx.post(
        f"{gateway}/v1/chat/completions",
        content=b"{not json",
        headers={"Authorization": f"Bearer {acme.api_key}"},
    )

    assert _error(missing.value)["param"] == "messages"
    assert _error(temperature.value)["param"] == "temperature"
    assert raw.status_code == 400
    assert raw.json()["error"]["code"] == "invalid_json"


def test_401_for_missing_wrong_and_revoked_keys(
    gateway: str, acme: TenantFixture, backends: Backends
) -> None:
    backends.add("standard")
    created = api_key_create(actor=operator(acme.organization), name="to revoke")
    backends.settle()
    assert client_for(gateway, created.plaintext).models.list().data

    # At once: the very next request through the running gateway is refused, however recently
    # it cached the key.
    api_key_revoke(actor=operator(created.api_key.organization), api_key=created.api_key)

    for key in (created.plaintext, "lh_0123456789_wrong", "not-a-key"):
        with pytest.raises(openai.AuthenticationError) as caught:
            client_for(gateway, key).models.list()
        assert _error(caught.value)["type"] == "authentication_error"
    assert httpx.get(f"{gateway}/v1/models").status_code == 401


def test_403_for_missing_scope_and_disallowed_tier(
    gateway: str, acme: TenantFixture, backends: Backends
) -> None:
    backends.add("standard")
    backends.add("fast")
    runs_only = api_key_create(actor=operator(acme.organization), name="runs", scopes=["runs"])
    fast_only = api_key_create(actor=operator(acme.organization), name="f", allowed_tiers=["fast"])
    backends.settle()

    with pytest.raises(openai.PermissionDeniedError) as scope:
        client_for(gateway, runs_only.plaintext).models.list()
    with pytest.raises(openai.PermissionDeniedError) as tier:
        client_for(gateway, fast_only.plaintext).chat.completions.create(
            model="standard", messages=HELLO
        )

    assert _error(scope.value)["code"] == "insufficient_scope"
    assert _error(tier.value)["code"] == "tier_not_allowed"


def test_404_for_unknown_model_and_url(
    gateway: str, acme: TenantFixture, backends: Backends
) -> None:
    backends.add("standard")
    backends.settle()

    with pytest.raises(openai.NotFoundError) as caught:
        client_for(gateway, acme.api_key).chat.completions.create(model="gpt-9", messages=HELLO)
    unknown = httpx.get(
        f"{gateway}/v1/nothing", headers={"Authorization": f"Bearer {acme.api_key}"}
    )

    assert _error(caught.value)["code"] == "model_not_found"
    assert unknown.status_code == 404


def test_413_for_a_body_over_the_limit(
    gateway: str, acme: TenantFixture, backends: Backends
) -> None:
    backends.add("standard")
    backends.settle()

    with pytest.raises(openai.APIStatusError) as caught:
        client_for(gateway, acme.api_key).chat.completions.create(
            model="standard", messages=[{"role": "user", "content": "x" * 300_000}]
        )

    assert caught.value.status_code == 413
    assert _error(caught.value)["code"] == "request_too_large"


def test_context_window_is_enforced(gateway: str, acme: TenantFixture, backends: Backends) -> None:
    backends.tier("fast", context_window=100)
    backends.add("fast")
    backends.settle()

    with pytest.raises(openai.BadRequestError) as caught:
        client_for(gateway, acme.api_key).chat.completions.create(
            model="fast", messages=[{"role": "user", "content": "word " * 200}]
        )

    assert _error(caught.value)["code"] == "context_length_exceeded"


def test_502_for_malformed_upstream_json(
    gateway: str, acme: TenantFixture, backends: Backends
) -> None:
    fake, _ = backends.add("standard")
    fake.fault = Fault(kind="malformed")
    backends.settle()

    with pytest.raises(openai.APIStatusError) as caught:
        client_for(gateway, acme.api_key).chat.completions.create(model="standard", messages=HELLO)

    assert caught.value.status_code == 502
    assert _error(caught.value)["code"] == "upstream_malformed"


def test_502_when_every_attempt_fails_with_5xx(
    gateway: str, acme: TenantFixture, backends: Backends
) -> None:
    fake, _ = backends.add("standard")
    fake.fault = Fault(kind="error", status=500)
    backends.settle()

    with pytest.raises(openai.InternalServerError) as caught:
        client_for(gateway, acme.api_key).chat.completions.create(model="standard", messages=HELLO)

    assert caught.value.status_code == 502
    assert len(fake.requests) == 3  # the first try and two retries, none after the first byte


def test_503_when_no_backend_is_healthy(
    gateway: str, acme: TenantFixture, backends: Backends
) -> None:
    backends.add("standard", healthy=False)
    backends.settle()

    with pytest.raises(openai.InternalServerError) as caught:
        client_for(gateway, acme.api_key).chat.completions.create(model="standard", messages=HELLO)

    assert caught.value.status_code == 503
    assert _error(caught.value)["code"] == "no_backend_available"


def test_504_when_the_backend_hangs(gateway: str, acme: TenantFixture, backends: Backends) -> None:
    fake, _ = backends.add("standard", read_timeout_s=0.5)
    fake.fault = Fault(kind="hang")
    backends.settle()

    started = time.monotonic()
    with pytest.raises(openai.InternalServerError) as caught:
        client_for(gateway, acme.api_key).chat.completions.create(model="standard", messages=HELLO)

    assert caught.value.status_code == 504
    assert _error(caught.value)["code"] == "upstream_timeout"
    assert time.monotonic() - started < 10  # answered, not hung


def test_reset_mid_stream_ends_with_an_openai_error_event(
    gateway: str, acme: TenantFixture, backends: Backends
) -> None:
    fake, _ = backends.add("standard")
    fake.script = [{"content": "a b c d e f g"}]
    fake.fault = Fault(kind="reset", after_chunks=3)
    backends.settle()
    stream = client_for(gateway, acme.api_key).chat.completions.create(
        model="standard", messages=HELLO, stream=True
    )

    received = []
    with pytest.raises(openai.APIError) as caught:
        for chunk in stream:
            received.append(chunk)

    assert len(received) >= 1
    assert "mid-stream" in str(caught.value)
