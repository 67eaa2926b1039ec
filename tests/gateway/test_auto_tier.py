"""The `auto` rule routes by measured speed: recorded rates and a controlled clock drive it."""

from __future__ import annotations

import json

import pytest

from accounts.selectors import KeyPrincipal
from gateway.auth import Caller
from gateway.selectors import Limits, Registry
from gateway.tier_speeds import EXPLORE_EVERY, KEEP, MAX_KEYS, TierSpeeds, bucket_of
from gateway.tiers import auto_tier
from gateway.validation import chat_plan
from inference.selectors import BackendConfig, TierConfig

LONG_PROMPT = "x" * 6000  # about 1,500 tokens by the gateway's estimate


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def tier(name: str, url: str = "http://a:1/v1", context_window: int = 8192) -> TierConfig:
    backend = BackendConfig(
        name=f"{name}-1",
        tier=name,
        base_url=url,
        served_model=name,
        weight=1,
        max_concurrency=2,
        max_queue=8,
        connect_timeout_s=1.0,
        read_timeout_s=30.0,
        api_key=None,
        supports_tools=True,
        supports_json_schema=True,
    )
    return TierConfig(name, None, context_window, (backend,))


REGISTRY = Registry(
    tiers={"standard": tier("standard"), "fast": tier("fast", context_window=4096)}, healthy={}
)


def caller(auto: str = "") -> Caller:
    principal = KeyPrincipal(1, "p", 1, ("inference",), (), None, "h")
    return Caller(principal, Limits(0, 0, 0, 0, 0, 0, 0, True, auto))


def plan_for(text: str, **body: object):  # type: ignore[no-untyped-def]
    payload = {"model": "auto", "messages": [{"role": "user", "content": text}], **body}
    return chat_plan(payload, len(json.dumps(payload)), {})


def record(speeds: TierSpeeds, name: str, text: str, tokens_per_s: float, times: int = 3) -> None:
    for _ in range(times):
        speeds.observe(
            tier=REGISTRY.tiers[name],
            prompt_estimate=plan_for(text).prompt_estimate,
            completion_tokens=int(tokens_per_s * 2),
            seconds=2.0,
        )


def route(speeds: TierSpeeds, text: str, headers: dict[str, str] | None = None) -> str:
    return auto_tier(plan_for(text), caller(), REGISTRY, headers or {}, speeds)


def test_unmeasured_tiers_follow_the_prompt_length_prior() -> None:
    speeds = TierSpeeds(clock=Clock())

    assert route(speeds, "short question") == "fast"
    assert route(speeds, LONG_PROMPT) == "standard"


def test_fast_is_not_picked_where_it_was_measured_slower() -> None:
    speeds = TierSpeeds(clock=Clock())
    record(speeds, "standard", "short question", tokens_per_s=50)
    record(speeds, "fast", "short question", tokens_per_s=40)

    assert route(speeds, "short question") == "standard"
    assert route(speeds, "short question", {"x-longhaul-latency-budget-ms": "100"}) == "standard"


def test_fast_is_picked_for_the_sizes_where_it_was_measured_faster() -> None:
    speeds = TierSpeeds(clock=Clock())
    record(speeds, "standard", LONG_PROMPT, tokens_per_s=20)
    record(speeds, "fast", LONG_PROMPT, tokens_per_s=30)
    record(speeds, "standard", "short question", tokens_per_s=50)
    record(speeds, "fast", "short question", tokens_per_s=45)

    assert route(speeds, LONG_PROMPT) == "fast"  # the prior would have said standard
    assert route(speeds, "short question") == "standard"


def test_capability_and_policy_rules_come_before_speed() -> None:
    speeds = TierSpeeds(clock=Clock())
    record(speeds, "standard", "short question", tokens_per_s=10)
    record(speeds, "fast", "short question", tokens_per_s=90)
    schema = {"type": "json_schema", "json_schema": {"name": "a", "schema": {"type": "object"}}}

    with_schema = plan_for("short question", response_format=schema)
    by_policy = auto_tier(plan_for("short question"), caller("standard"), REGISTRY, {}, speeds)
    loose_budget = route(speeds, "short question", {"x-longhaul-latency-budget-ms": "60000"})

    assert auto_tier(with_schema, caller(), REGISTRY, {}, speeds) == "standard"
    assert by_policy == "standard"
    assert loose_budget == "standard"
    assert route(speeds, "short question") == "fast"


def test_samples_older_than_the_window_are_forgotten() -> None:
    clock = Clock()
    speeds = TierSpeeds(window_s=60, clock=clock)
    record(speeds, "standard", LONG_PROMPT, tokens_per_s=20)
    record(speeds, "fast", LONG_PROMPT, tokens_per_s=30)
    assert speeds.rate(REGISTRY.tiers["fast"], 1500) == 30

    clock.now += 61

    assert speeds.rate(REGISTRY.tiers["fast"], 1500) is None
    assert route(speeds, LONG_PROMPT) == "standard"  # back to the prior


def test_one_request_in_explore_every_measures_the_unmeasured_tier() -> None:
    speeds = TierSpeeds(clock=Clock())
    record(speeds, "standard", LONG_PROMPT, tokens_per_s=20)

    routes = [route(speeds, LONG_PROMPT) for _ in range(2 * EXPLORE_EVERY)]

    assert routes.count("fast") == 2
    assert routes[EXPLORE_EVERY - 1] == "fast"


def test_the_rate_is_the_median_of_the_latest_samples_of_the_same_servers() -> None:
    speeds = TierSpeeds(clock=Clock())
    for rate in (10, 11, 12, 1000):  # one outlier does not move a median
        speeds.observe(
            tier=REGISTRY.tiers["fast"], prompt_estimate=10, completion_tokens=rate, seconds=1
        )
    moved = tier("fast", url="http://elsewhere:1/v1")

    assert speeds.rate(REGISTRY.tiers["fast"], 10) == pytest.approx(11.5)
    assert speeds.rate(moved, 10) is None  # other servers: not measured yet
    assert speeds.rate(REGISTRY.tiers["fast"], 5000) is None  # another size bucket


def test_memory_is_bounded() -> None:
    speeds = TierSpeeds(clock=Clock())
    for index in range(MAX_KEYS + 10):
        moved = tier("fast", url=f"http://host{index}:1/v1")
        for _ in range(KEEP + 5):
            speeds.observe(tier=moved, prompt_estimate=10, completion_tokens=5, seconds=1)

    assert len(speeds._samples) == MAX_KEYS
    assert all(len(samples) == KEEP for samples in speeds._samples.values())
    assert [bucket_of(size) for size in (256, 257, 1025, 5000)] == [0, 1, 2, 3]
