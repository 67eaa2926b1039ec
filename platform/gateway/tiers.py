"""Which tier serves a request: the named tier, or the `auto` rule."""

from __future__ import annotations

from django.conf import settings

from gateway.auth import Caller
from gateway.errors import GatewayError
from gateway.selectors import Registry
from gateway.tier_speeds import TierSpeeds
from gateway.tier_speeds import speeds as measured
from gateway.validation import Plan
from inference.selectors import TierConfig

AUTO = "auto"


def allowed_tiers(caller: Caller, registry: Registry) -> list[str]:
    return sorted(name for name in registry.tiers if caller.principal.may_use_tier(name))


def resolve(plan: Plan, caller: Caller, registry: Registry, headers: dict[str, str]) -> TierConfig:
    name = plan.model
    if name == AUTO:
        name = auto_tier(plan, caller, registry, headers)
    elif name not in registry.tiers:
        known = ", ".join([*allowed_tiers(caller, registry), AUTO])
        raise GatewayError(
            404,
            f"The model '{name}' does not exist. Use one of: {known}.",
            code="model_not_found",
            param="model",
        )
    if not caller.principal.may_use_tier(name):
        raise GatewayError(
            403,
            f"This API key may not use the '{name}' tier.",
            code="tier_not_allowed",
            param="model",
        )
    tier = registry.tiers[name]
    _check_kind(plan, tier)
    if plan.endpoint == "chat.completions" and plan.prompt_estimate > tier.context_window:
        raise GatewayError(
            400,
            f"The prompt (about {plan.prompt_estimate} tokens) exceeds the '{name}' tier's "
            f"context window of {tier.context_window} tokens.",
            code="context_length_exceeded",
            param="messages",
        )
    return tier


_KINDS = {"chat.completions": "chat", "embeddings": "embeddings"}


def _check_kind(plan: Plan, tier: TierConfig) -> None:
    if _KINDS[plan.endpoint] != tier.kind:
        raise GatewayError(
            400,
            f"The model '{tier.name}' serves {tier.kind}, not {plan.endpoint}.",
            code="model_not_supported",
            param="model",
        )


def auto_tier(
    plan: Plan,
    caller: Caller,
    registry: Registry,
    headers: dict[str, str],
    speeds: TierSpeeds = measured,
) -> str:
    """The documented `auto` rule, first match wins:

    1. the key may use one tier only: that tier;
    2. `X-Longhaul-Latency-Budget-Ms` ≤ LONGHAUL_GATEWAY_AUTO_FAST_BUDGET_MS: the sooner tier
       (below), above: standard;
    3. the key's (or organization's) policy names an `auto_tier`: that tier;
    4. a prompt longer than half of fast's context window, or one with tools, a JSON schema or
       logprobs: standard; otherwise the sooner tier.

    The sooner tier is the one with the higher measured output rate for the prompt's size
    (`gateway.tier_speeds`): `fast` only when it is measured faster than `standard`. Until both
    are measured for that size: `fast` under a latency budget; otherwise `fast` for prompts up
    to LONGHAUL_GATEWAY_AUTO_FAST_MAX_PROMPT_TOKENS and standard above. One request in
    EXPLORE_EVERY goes to the unmeasured tier instead, so it gets measured.
    """
    allowed = [
        name
        for name in allowed_tiers(caller, registry)
        if registry.tiers[name].kind == _KINDS[plan.endpoint]
    ]
    if not allowed:
        raise GatewayError(403, "This API key may not use any tier.", code="tier_not_allowed")
    if len(allowed) == 1:
        return allowed[0]
    wanted = (
        _by_budget(plan, registry, headers, speeds)
        or caller.limits.auto_tier
        or _by_prompt(plan, registry, speeds)
    )
    if wanted in allowed:
        return wanted
    return "standard" if "standard" in allowed else allowed[0]


def _by_budget(plan: Plan, registry: Registry, headers: dict[str, str], speeds: TierSpeeds) -> str:
    budget = headers.get("x-longhaul-latency-budget-ms", "")
    if not budget.isdigit():
        return ""
    if int(budget) > settings.LONGHAUL_GATEWAY_AUTO_FAST_BUDGET_MS:
        return "standard"
    return sooner_tier(plan, registry, speeds, prior="fast")


def _by_prompt(plan: Plan, registry: Registry, speeds: TierSpeeds) -> str:
    fast = registry.tiers.get("fast")
    too_long = fast is not None and plan.prompt_estimate > fast.context_window // 2
    if plan.needs_tools or plan.needs_schema or plan.needs_logprobs or too_long:
        return "standard"
    short = plan.prompt_estimate <= settings.LONGHAUL_GATEWAY_AUTO_FAST_MAX_PROMPT_TOKENS
    return sooner_tier(plan, registry, speeds, prior="fast" if short else "standard")


def sooner_tier(plan: Plan, registry: Registry, speeds: TierSpeeds, *, prior: str) -> str:
    """`fast` or `standard`, by their measured rates for this prompt size; `prior` until both
    are measured, except for one request in EXPLORE_EVERY, sent to the unmeasured tier."""
    fast, standard = registry.tiers.get("fast"), registry.tiers.get("standard")
    if fast is None or standard is None:
        return "fast" if fast is not None else "standard"
    fast_rate = speeds.rate(fast, plan.prompt_estimate)
    standard_rate = speeds.rate(standard, plan.prompt_estimate)
    if fast_rate is not None and standard_rate is not None:
        return "fast" if fast_rate > standard_rate else "standard"
    if fast_rate is None and standard_rate is None:
        unmeasured = "standard" if prior == "fast" else "fast"
    else:
        unmeasured = "fast" if fast_rate is None else "standard"
    return unmeasured if speeds.explore_turn(plan.prompt_estimate) else prior
