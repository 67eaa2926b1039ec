from __future__ import annotations

import pytest
from django.test import Client

from accounts.models import ApiKey
from tests.factories import TenantFixture

pytestmark = pytest.mark.django_db
PASSWORD = "correct horse battery staple"


def test_home_requires_login(client: Client) -> None:
    response = client.get("/")
    assert response.status_code == 302
    assert response["Location"].startswith("/login/")


def test_login_shows_the_organization_and_key_prefixes_only(
    client: Client, acme: TenantFixture, globex: TenantFixture
) -> None:
    response = client.post("/login/", {"username": acme.owner.username, "password": PASSWORD})
    assert response.status_code == 302
    assert client.get("/")["Location"] == "/runs/"
    page = client.get("/people/").content.decode()
    acme_key = ApiKey.objects.get(organization=acme.organization)
    globex_key = ApiKey.objects.get(organization=globex.organization)
    assert "Acme" in page
    assert acme_key.prefix in page
    assert acme.api_key not in page
    assert globex_key.prefix not in page
    assert "/api/docs/" in page


def test_wrong_password_is_refused(client: Client, acme: TenantFixture) -> None:
    response = client.post("/login/", {"username": acme.owner.username, "password": "nope"})
    assert response.status_code == 200
    assert "did not match" in response.content.decode()
