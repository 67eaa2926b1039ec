"""Every dashboard page renders for a member, scoped to their organization, under the CSP."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from runs.services import run_start
from tests.factories import TenantFixture

PAGES = [
    "/runs/",
    "/runs/new",
    "/review/",
    "/usage/",
    "/documents/",
    "/memory/",
    "/people/",
    "/tools/",
    "/settings/",
]


@pytest.fixture
def owner(client: Client, acme: TenantFixture) -> Client:
    client.force_login(acme.owner)
    return client


@pytest.mark.django_db
@pytest.mark.parametrize("path", [*PAGES, "/system/"])
def test_each_page_renders_for_an_owner_with_a_strict_policy(
    owner: Client, runtime: object, path: str
) -> None:
    response = owner.get(path)

    assert response.status_code == 200, response.content[:500]
    policy = response["Content-Security-Policy"]
    assert "script-src 'self'" in policy
    assert "unsafe-inline" not in policy
    assert b"<script>" not in response.content


@pytest.mark.django_db
def test_signed_out_people_are_sent_to_the_login_page(client: Client) -> None:
    response = client.get("/runs/")

    assert response.status_code == 302
    assert response["Location"].startswith("/login/")


@pytest.mark.django_db
def test_another_organizations_run_is_not_found(
    owner: Client, globex: TenantFixture, runtime: object
) -> None:
    theirs = run_start(organization=globex.organization, workflow="effects", input={})

    assert owner.get(f"/runs/{theirs.id}/").status_code == 404
    assert owner.get(f"/runs/{theirs.id}/timeline?after=0").status_code == 404


@pytest.mark.django_db
def test_the_system_page_is_for_owners_and_admins(client: Client, acme: TenantFixture) -> None:
    client.force_login(acme.member)

    response = client.get("/system/")

    assert response.status_code == 403
    assert b"Only owners and admins may see the system page" in response.content


@pytest.mark.django_db
def test_the_run_list_reads_a_page_of_runs_in_a_fixed_number_of_queries(
    owner: Client, acme: TenantFixture, django_assert_max_num_queries: Any
) -> None:
    from runs.models import Run

    Run.objects.bulk_create(
        Run(organization=acme.organization, workflow="coding", created_by_user=acme.member)
        for _ in range(120)
    )

    with django_assert_max_num_queries(12):
        response = owner.get("/runs/?page=2")

    assert response.status_code == 200
    assert response.content.count(b'href="/runs/') >= 25
    assert b"Page 2 of 5" in response.content
