"""A coding run that leaves its strategy to the tier works the way the tier's model can: the
repair engine first on a tier set to `repair` (the embedded server's small model), the free-form
loop on one set to `agent`; what the run's input chooses stands."""

from __future__ import annotations

import pytest
from django.test import override_settings

from inference.models import Tier
from inference.services import tiers_seed_from_settings
from runs.checkpointer import DjangoCheckpointer
from runs.services import run_start
from tests.factories import TenantFixture

pytestmark = pytest.mark.django_db


def _strategy(tenant: TenantFixture, tier: str, **input: str) -> str:
    run = run_start(
        organization=tenant.organization,
        workflow="coding",
        input={"task": "Make the tests pass", **input},
        tier=tier,
    )
    checkpoint = DjangoCheckpointer().get(str(run.id))
    assert checkpoint is not None
    return str(checkpoint.state["strategy"])


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
