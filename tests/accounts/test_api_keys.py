from __future__ import annotations

import hashlib
from datetime import timedelta

import pytest
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.utils import timezone
from rest_framework.test import APIClient

from accounts import services as accounts_services
from accounts.keys import bearer_token
from accounts.models import ApiKey
from accounts.selectors import ApiKeyError, api_key_authenticate
from accounts.services import api_key_create, api_key_revoke, api_key_use
from tests.factories import TenantFixture, operator

pytestmark = pytest.mark.django_db


def bearer(key: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {key}")
    return client


def test_only_the_prefix_and_a_sha256_hash_are_stored(acme: TenantFixture) -> None:
    created = api_key_create(actor=operator(acme.organization), name="ci")
    stored = ApiKey.objects.get(id=created.api_key.id)
    assert created.plaintext.startswith(f"lh_{stored.prefix}_")
    assert stored.secret_hash == hashlib.sha256(created.plaintext.encode()).hexdigest()
    assert created.plaintext not in str(ApiKey.objects.filter(id=stored.id).values().get())


@pytest.mark.parametrize(
    ("header", "token"),
    [
        ("Bearer lh_a_b", "lh_a_b"),
        ("bearer   lh_a_b  ", "lh_a_b"),
        (b"Bearer lh_a_b", "lh_a_b"),
        (b"Bearer \xff", "\xff"),
        ("Basic lh_a_b", None),
        ("Bearer ", None),
        ("Bearer", None),
        (None, None),
    ],
)
def test_the_one_bearer_parser(header: str | bytes | None, token: str | None) -> None:
    assert bearer_token(header) == token


def test_a_valid_key_authenticates_as_its_organization(acme: TenantFixture) -> None:
    principal = api_key_authenticate(acme.api_key)
    assert principal.organization_id == acme.organization.id


@pytest.mark.parametrize(
    ("mangle", "message"),
    [
        (lambda key: key[:-1] + ("A" if key[-1] != "A" else "B"), "Invalid API key."),
        (lambda key: "sk-" + key, "Invalid API key format"),
        (lambda key: "lh_0000000000_whatever", "Invalid API key."),
    ],
)
def test_a_wrong_key_is_refused(acme: TenantFixture, mangle, message: str) -> None:
    with pytest.raises(ApiKeyError, match=message):
        api_key_authenticate(mangle(acme.api_key))


def test_a_revoked_key_is_refused_once_the_revocation_commits(
    acme: TenantFixture, django_capture_on_commit_callbacks
) -> None:
    created = api_key_create(actor=operator(acme.organization), name="temp")
    api_key_authenticate(created.plaintext)  # now cached
    with django_capture_on_commit_callbacks(execute=True):
        api_key_revoke(actor=operator(created.api_key.organization), api_key=created.api_key)
    with pytest.raises(ApiKeyError):
        api_key_authenticate(created.plaintext)


def test_a_copy_read_before_the_revocation_and_cached_after_it_is_not_trusted(
    acme: TenantFixture, redis_client: object, django_capture_on_commit_callbacks
) -> None:
    # Given: a process that read the key's principal just before the revocation committed
    created = api_key_create(actor=operator(acme.organization), name="temp")
    api_key_authenticate(created.plaintext)
    entry = cache.get(f"apikey-stamped:{created.api_key.prefix}")

    # When: the key is revoked, and that process writes its copy to the cache only afterwards
    with django_capture_on_commit_callbacks(execute=True):
        api_key_revoke(actor=operator(acme.organization), api_key=created.api_key)
    cache.set(f"apikey-stamped:{created.api_key.prefix}", entry)

    # Then: the copy predates the revocation's generation, and the key is refused
    with pytest.raises(ApiKeyError):
        api_key_authenticate(created.plaintext)


def test_an_expired_key_is_refused(acme: TenantFixture) -> None:
    created = api_key_create(
        actor=operator(acme.organization),
        name="old",
        expires_at=timezone.now() - timedelta(minutes=1),
    )
    with pytest.raises(ApiKeyError, match="expired"):
        api_key_authenticate(created.plaintext)


def test_unknown_scopes_are_rejected(acme: TenantFixture) -> None:
    with pytest.raises(ValidationError, match="unknown scopes"):
        api_key_create(actor=operator(acme.organization), name="x", scopes=["root"])


def test_api_reports_wrong_key_as_401_problem(acme: TenantFixture) -> None:
    response = bearer("lh_0000000000_nope").get("/api/me")
    assert response.status_code == 401
    assert response["Content-Type"].startswith("application/problem+json")
    assert response.json()["detail"] == "Invalid API key."
    assert response["WWW-Authenticate"].startswith("Bearer")


def test_api_without_credentials_is_401(db: None) -> None:
    response = APIClient().get("/api/me")
    assert response.status_code == 401


def test_whoami_names_the_key_organization_only(acme: TenantFixture, globex: TenantFixture) -> None:
    assert bearer(acme.api_key).get("/api/me").json()["organization_slug"] == "acme"
    assert bearer(globex.api_key).get("/api/me").json()["organization_slug"] == "globex"


def test_a_key_records_its_last_use_at_most_once_a_minute(
    acme: TenantFixture, redis_client: object
) -> None:
    key = ApiKey.objects.get(organization=acme.organization)
    assert key.last_used_at is None

    assert bearer(acme.api_key).get("/api/me").status_code == 200
    key.refresh_from_db()
    first_use = key.last_used_at
    assert first_use is not None

    ApiKey.objects.filter(id=key.id).update(last_used_at=None)
    assert bearer(acme.api_key).get("/api/me").status_code == 200
    key.refresh_from_db()
    assert key.last_used_at is None  # the same minute: no second write


def test_processes_share_the_once_a_minute_record(
    acme: TenantFixture, redis_client: object
) -> None:
    key = ApiKey.objects.get(organization=acme.organization)
    api_key_use(acme.api_key)
    ApiKey.objects.filter(id=key.id).update(last_used_at=None)

    accounts_services._touched.clear()  # what another process, which has not seen the key, holds
    api_key_use(acme.api_key)

    key.refresh_from_db()
    assert key.last_used_at is None
