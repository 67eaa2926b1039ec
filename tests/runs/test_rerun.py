"""Re-running a run over REST: a new run of the same workflow, tier and budgets, from the same
input or an edited one, in the workspace the original began with; the original stays as it is."""

from __future__ import annotations

from pathlib import Path

import pytest
from rest_framework.test import APIClient

from runs.models import Run, RunEvent, RunStatus
from runs.services import run_advance
from tests.factories import TenantFixture
from tests.runs.test_api import client_for
from tests.runs.test_rollback import appending_script, finished_run, notes
from tests.support.fake_openai import FakeOpenAI


@pytest.fixture
def member(acme: TenantFixture) -> APIClient:
    return client_for(acme, acme.member)


@pytest.mark.django_db(transaction=True)
def test_a_rerun_starts_over_in_the_workspace_the_original_began_with(
    member: APIClient, runtime: Path, model: FakeOpenAI
) -> None:
    # Given a finished run that appended three lines to its workspace
    original = finished_run(member, model)
    assert notes(original) == "title\none\ntwo\nthree\n"

    # When it is re-run as it was
    response = member.post(f"/api/runs/{original.id}/rerun", {}, format="json")

    # Then a new run starts from the same input, tier and budgets, in the starting workspace
    assert response.status_code == 201, response.content
    rerun = Run.objects.get(id=response.json()["id"])
    assert rerun.id != original.id
    assert (rerun.workflow, rerun.input, rerun.tier) == (
        original.workflow,
        original.input,
        original.tier,
    )
    assert rerun.budgets == original.budgets
    assert notes(rerun) == "title\n"
    created = RunEvent.objects.get(run=rerun, kind="run.created")
    assert created.data["rerun_of"] == str(original.id)

    # And it runs to the end on its own, leaving the original as it was
    model.script = appending_script("four")
    run_advance(run_id=str(rerun.id), owner="w")
    rerun.refresh_from_db()
    assert rerun.status == RunStatus.SUCCEEDED, rerun.error
    assert notes(rerun) == "title\nfour\n"
    assert notes(original) == "title\none\ntwo\nthree\n"


@pytest.mark.django_db(transaction=True)
def test_a_rerun_with_edited_input_is_checked_like_a_new_run(
    member: APIClient, runtime: Path, model: FakeOpenAI, globex: TenantFixture
) -> None:
    original = finished_run(member, model)

    edited = member.post(
        f"/api/runs/{original.id}/rerun", {"input": {"task": "write one line"}}, format="json"
    )
    not_an_object = member.post(f"/api/runs/{original.id}/rerun", {"input": [1]}, format="json")
    elsewhere = client_for(globex, globex.member).post(
        f"/api/runs/{original.id}/rerun", {}, format="json"
    )

    assert edited.status_code == 201, edited.content
    assert Run.objects.get(id=edited.json()["id"]).input == {"task": "write one line"}
    assert not_an_object.status_code == 400
    assert elsewhere.status_code == 404
