"""A run that leaves its strategy to the tier works the way the tier's model can: the repair
engine first on a tier set to `repair` (the embedded server's small model), the free-form loop on
one set to `agent`; its prompts fit the tier's context window; what the run's input chooses
stands."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import override_settings

from inference.models import Tier
from inference.services import tiers_seed_from_settings
from runs.checkpointer import DjangoCheckpointer
from runs.services import run_start
from tests.factories import TenantFixture

pytestmark = pytest.mark.django_db


def _started(tenant: TenantFixture, tier: str, workflow: str, **input: Any) -> dict[str, Any]:
    run = run_start(organization=tenant.organization, workflow=workflow, input=input, tier=tier)
    checkpoint = DjangoCheckpointer().get(str(run.id))
    assert checkpoint is not None
    return checkpoint.state


def _strategy(tenant: TenantFixture, tier: str, **input: str) -> str:
    state = _started(tenant, tier, "coding", task="Make the tests pass", **input)
    return str(state["strategy"])


def test_a_run_that_leaves_the_strategy_to_its_tier_gets_the_tiers(acme: TenantFixture) -> None:
    Tier.objects.create(name="small", agent_strategy=Tier.AgentStrategy.REPAIR)
    Tier.objects.create(name="large", agent_strategy=Tier.AgentStrategy.AGENT)

    assert _strategy(acme, "small") == "repair"
    assert _strategy(acme, "small", strategy="auto") == "repair"
    assert _strategy(acme, "large") == "agent"
    assert _strategy(acme, "small", strategy="agent") == "agent"
    assert _strategy(acme, "large", strategy="repair") == "repair"


def test_seeded_tiers_repair_first_on_the_embedded_server_and_loop_on_a_named_backend() -> None:
    with override_settings(
        LONGHAUL_STANDARD_URL="http://models.example/v1",
        LONGHAUL_FAST_URL="",
        LONGHAUL_STANDARD_AGENT_STRATEGY="",
        LONGHAUL_FAST_AGENT_STRATEGY="",
    ):
        tiers = tiers_seed_from_settings()
    assert tiers["standard"].agent_strategy == Tier.AgentStrategy.AGENT
    assert tiers["fast"].agent_strategy == Tier.AgentStrategy.REPAIR


def test_the_setting_chooses_a_seeded_tiers_strategy() -> None:
    with override_settings(LONGHAUL_FAST_URL="", LONGHAUL_FAST_AGENT_STRATEGY="agent"):
        tiers = tiers_seed_from_settings()
    assert tiers["fast"].agent_strategy == Tier.AgentStrategy.AGENT


def test_prompts_fit_the_tiers_context_window_unless_the_input_says(acme: TenantFixture) -> None:
    Tier.objects.create(name="small", context_window=2048)
    brief = "A cube 10 cm on each side. Red."

    assert _started(acme, "small", "three_d_asset", brief=brief)["input"]["context_window"] == 2048
    given = _started(acme, "small", "three_d_asset", brief=brief, context_window=8192)
    assert given["input"]["context_window"] == 8192
    assert "context_window" not in _started(acme, "standard", "three_d_asset", brief=brief)["input"]
