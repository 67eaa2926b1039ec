"""Smaller doors around keys and tickets: who may own a key, a key of one organization starting
a run in another, tickets minted by a session, and two handshakes racing with one ticket."""

from __future__ import annotations

import threading
from io import StringIO
from pathlib import Path

import pytest
import redis as redis_lib
from django.core.exceptions import ValidationError
from django.core.management import CommandError, call_command
from rest_framework.test import APIClient

from accounts.models import ApiKey
from accounts.services import api_key_create
from core.errors import Forbidden
from core.websocket import ws_ticket_mint, ws_ticket_redeem
from runs.models import Run
from runs.services import run_start
from tests.factories import TenantFixture, operator
from tests.runs.fixtures import runtime

__all__ = ["runtime"]


@pytest.mark.django_db
def test_a_key_can_only_be_owned_by_an_active_member(
    acme: TenantFixture, globex: TenantFixture
) -> None:
    with pytest.raises(ValidationError, match="not an active member"):
        api_key_create(actor=operator(acme.organization), name="k", created_by=globex.owner)
    with pytest.raises(CommandError, match="not an active member"):
        call_command("create_api_key", "acme", "--owner", "globex-owner", stdout=StringIO())
    acme.reviewer.is_active = False
    acme.reviewer.save()
    with pytest.raises(CommandError, match="not an active member"):
        call_command("create_api_key", "acme", "--owner", "acme-reviewer", stdout=StringIO())

    out = StringIO()
    call_command("create_api_key", "acme", "--owner", "acme-owner", stdout=out)

    prefix = out.getvalue().strip().split("_")[1]
    assert ApiKey.objects.get(prefix=prefix).created_by == acme.owner
    assert ApiKey.objects.filter(organization=acme.organization).count() == 2  # fixture + this


@pytest.mark.django_db
def test_a_key_of_another_organization_cannot_start_a_run_here(
    acme: TenantFixture, globex: TenantFixture, runtime: Path
) -> None:
    foreign = ApiKey.objects.get(organization=globex.organization)

    with pytest.raises(Forbidden, match="does not belong"):
        run_start(
            organization=acme.organization,
            workflow="effects",
            input={},
            created_by_api_key_id=foreign.id,
        )
    assert not Run.objects.exists()


@pytest.mark.django_db
def test_a_signed_in_member_mints_tickets_for_their_own_organizations_runs_only(
    acme: TenantFixture, globex: TenantFixture, runtime: Path, redis_client: redis_lib.Redis
) -> None:
    run = run_start(organization=acme.organization, workflow="effects", input={})
    client = APIClient()
    client.force_login(acme.member)
    outsider = APIClient()
    outsider.force_login(globex.owner)

    minted = client.post(f"/api/runs/{run.id}/ws-ticket")
    refused = outsider.post(f"/api/runs/{run.id}/ws-ticket")

    assert minted.status_code == 201
    assert refused.status_code == 404
    grant = ws_ticket_redeem(minted.json()["ticket"], resource=f"runs:{run.id}")
    assert grant is not None
    assert grant.organization_id == acme.organization.id


def race(ticket: str, contenders: int) -> list[bool]:
    """`contenders` threads redeem `ticket` at once; returns who got the grant."""
    barrier = threading.Barrier(contenders)
    wins: list[bool] = []

    def redeem() -> None:
        barrier.wait()
        wins.append(ws_ticket_redeem(ticket, resource="runs:x") is not None)

    threads = [threading.Thread(target=redeem) for _ in range(contenders)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return wins


def test_two_handshakes_racing_with_one_ticket_cannot_both_win(
    redis_client: redis_lib.Redis,
) -> None:
    for _ in range(20):
        ticket = ws_ticket_mint(organization_id=7, resource="runs:x", holder={"organization_id": 7})
        assert sorted(race(ticket, 4)) == [False, False, False, True]
