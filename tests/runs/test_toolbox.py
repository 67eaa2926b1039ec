"""The tool environment a real run gets: its organization's memory and the configured sandbox."""

from __future__ import annotations

from typing import Any

import pytest

from memory.models import MemoryItem
from runs import toolbox
from runs.services import run_start
from tests.factories import TenantFixture

pytestmark = pytest.mark.django_db
MEMORY_TOOLS = "agents.tools.memory_tools:TOOLS"  # what base settings register by default


def test_memory_tools_in_a_run_write_to_that_runs_organization(
    acme: TenantFixture, globex: TenantFixture, runtime: object, settings: Any
) -> None:
    settings.LONGHAUL_EXTRA_TOOLS = [*settings.LONGHAUL_EXTRA_TOOLS, MEMORY_TOOLS]
    toolbox.registry.cache_clear()
    toolbox._executor.cache_clear()
    run = run_start(organization=acme.organization, workflow="effects", input={})

    outcome = toolbox.execute(
        "remember", {"text": "Quarter closes on the 30th."}, run=run, idempotency_key="k:1:0"
    )

    assert outcome.ok, outcome.error
    item = MemoryItem.objects.get(id=outcome.output["id"])
    assert item.organization_id == acme.organization.id
    assert item.scope_ref == str(run.id)
    assert not MemoryItem.objects.filter(organization=globex.organization).exists()


def test_the_sandbox_comes_from_settings(runtime: object) -> None:
    from agents.sandbox.bubblewrap import BubblewrapSandbox

    assert isinstance(toolbox._sandbox(), BubblewrapSandbox)
