"""The evaluation runner's REST client retries a platform that is briefly unavailable by the
platform's one retry policy (core.retry), honouring Retry-After, and never retries a refusal."""

from __future__ import annotations

import httpx
import pytest

from evals import client as eval_client
from evals.client import Platform, PlatformRefused, PlatformUnavailable


def platform_answering(*responses: httpx.Response) -> tuple[Platform, list[str]]:
    """A client whose server answers `responses` in turn (the last one from then on)."""
    seen: list[str] = []
    answers = list(responses)

    def answer(request: httpx.Request) -> httpx.Response:
        seen.append(request.url.path)
        return answers.pop(0) if len(answers) > 1 else answers[0]

    platform = Platform(base_url="http://platform.test", api_key="key")
    platform.http = httpx.Client(
        base_url="http://platform.test", transport=httpx.MockTransport(answer)
    )
    return platform, seen


@pytest.fixture
def waits(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    slept: list[float] = []
    monkeypatch.setattr(eval_client.time, "sleep", slept.append)
    return slept


def test_a_busy_platform_is_retried_with_backoff_and_its_retry_after(waits: list[float]) -> None:
    busy = httpx.Response(503, headers={"Retry-After": "3"}, json={"detail": "busy"})
    platform, seen = platform_answering(busy, httpx.Response(502), httpx.Response(200, json={}))

    assert platform._json("GET", "/api/runs") == {}
    assert len(seen) == 3
    first, second = waits
    assert first == pytest.approx(3.0)  # the server's Retry-After, above the first backoff
    policy = eval_client.RETRY_BACKOFF
    assert policy.first_seconds <= second <= policy.first_seconds * 2  # the second retry's range


def test_a_refusal_is_not_retried_and_an_outage_ends_in_unavailable(waits: list[float]) -> None:
    platform, seen = platform_answering(httpx.Response(404, json={"detail": "no such run"}))
    with pytest.raises(PlatformRefused):
        platform._json("GET", "/api/runs/x")
    assert len(seen) == 1
    assert waits == []

    platform, seen = platform_answering(httpx.Response(503))
    with pytest.raises(PlatformUnavailable):
        platform._json("GET", "/api/runs", retries=2)
    assert len(seen) == 3
    assert len(waits) == 2
    assert all(wait <= eval_client.RETRY_BACKOFF.cap_seconds for wait in waits)
