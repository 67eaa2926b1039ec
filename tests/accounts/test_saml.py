"""SAML 2.0 sign-in against a pysaml2 identity provider that signs for real (tests/support/
saml_idp.py): the service provider's metadata, the AuthnRequest, the ACS signing a person in with
the role their groups map to, and every answer that must sign nobody in."""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast
from urllib.parse import parse_qs, urlsplit

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from redis import Redis

from accounts.directory_services import group_role_mapping_set
from accounts.models import IdentityProvider, Membership, User
from accounts.saml import SamlIdentity, assertion_claim, check_saml
from accounts.sso import SignInRefused
from accounts.sso_providers import identity_provider_create, identity_provider_update
from audit.models import AuditEntry
from tests.factories import TenantFixture, operator
from tests.support.saml_idp import AuthnRequest, Person, SamlIdp, tampered

pytestmark = pytest.mark.django_db
IDP_BASE = "https://idp.example.test"
METADATA = "/login/saml/acme/acme-idp/metadata/"
LOGIN = "/login/sso/acme/acme-idp/"
ACS = "/login/saml/acme/acme-idp/acs/"
ADA = Person("ada@acme.example", groups=("Longhaul Reviewers", "Everyone"))


@pytest.fixture(scope="module")
def idp(tmp_path_factory: pytest.TempPathFactory) -> SamlIdp:
    """One identity provider (and key) for the module; it trusts this service provider and a
    stranger whose audience the wrong-audience answer names."""
    return SamlIdp(base=IDP_BASE, folder=Path(tmp_path_factory.mktemp("idp")), person=ADA)


@pytest.fixture
def provider(acme: TenantFixture, idp: SamlIdp) -> IdentityProvider:
    provider = identity_provider_create(
        actor=operator(acme.organization),
        kind="saml",
        name="Acme IdP",
        slug="acme-idp",
        settings={"idp_metadata_xml": idp.metadata_xml},
    )
    group_role_mapping_set(
        organization_id=acme.organization.id, group="Longhaul Reviewers", role="reviewer", actor="t"
    )
    if not idp.trusted:
        idp.trust(Client().get(METADATA).content.decode())
        idp.trust(stranger_metadata())
    return provider


def stranger_metadata() -> str:
    metadata = Client().get(METADATA).content.decode()
    return metadata.replace("http://testserver/login/saml/acme/acme-idp/metadata/", "urn:stranger")


def start(client: Client, idp: SamlIdp, next_path: str = "/review/") -> AuthnRequest:
    """The browser's first leg: the platform sends it to the identity provider."""
    response = client.get(LOGIN, {"next": next_path})
    assert response.status_code == 302
    location = urlsplit(response["Location"])
    assert f"{location.scheme}://{location.netloc}{location.path}" == f"{IDP_BASE}/sso"
    query = {key: values[0] for key, values in parse_qs(location.query).items()}
    return idp.read_request(query["SAMLRequest"], query.get("RelayState", ""))


def answer(client: Client, saml_response: str) -> Any:
    return client.post(ACS, {"SAMLResponse": saml_response})


def test_metadata_names_the_service_provider_and_its_acs(provider: IdentityProvider) -> None:
    response = Client().get(METADATA)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/samlmetadata+xml"
    body = response.content.decode()
    assert 'entityID="http://testserver/login/saml/acme/acme-idp/metadata/"' in body
    assert 'Location="http://testserver/login/saml/acme/acme-idp/acs/"' in body
    assert "HTTP-POST" in body
    assert Client().get("/login/saml/acme/nobody/metadata/").status_code == 404


def test_a_signed_answer_signs_the_person_in_with_the_role_of_their_groups(
    provider: IdentityProvider, idp: SamlIdp
) -> None:
    client = Client()
    request = start(client, idp)
    assert request.acs_url == "http://testserver/login/saml/acme/acme-idp/acs/"
    assert request.issuer == "http://testserver/login/saml/acme/acme-idp/metadata/"

    response = answer(client, idp.respond(request))

    assert response.status_code == 302
    assert response["Location"] == "/review/"
    user = User.objects.get(email="ada@acme.example")
    membership = Membership.objects.get(organization=provider.organization, user=user)
    assert membership.role == "reviewer"
    assert client.get("/api/me").json()["user"] == user.username
    entry = AuditEntry.objects.filter(action="sign_in.succeeded").latest("id")
    assert entry.data["method"] == "saml"


REFUSALS = [
    ("wrong audience", {"audience": "urn:stranger"}, "another service provider"),
    ("expired", {"clock_offset": -600}, "expired"),
    ("not yet valid", {"clock_offset": 600}, "not valid yet"),
    ("unsigned", {"sign_assertion": False}, "not signed"),
    ("another request", {"in_response_to": "id-someone-elses-request"}, "not for the sign-in"),
]


def test_answers_that_sign_nobody_in(provider: IdentityProvider, idp: SamlIdp) -> None:
    for case, shape, reason in REFUSALS:
        client = Client()
        request = start(client, idp)
        response = answer(client, idp.respond(request, **shape))  # type: ignore[arg-type]
        refused(client, response, reason, case)

    # Signed, then changed: the signature no longer verifies
    client = Client()
    forged = tampered(idp.respond(start(client, idp)), "ada@acme.example", "eve@acme.example")
    refused(client, answer(client, forged), "signature does not verify", "tampered")
    assert not User.objects.filter(email="eve@acme.example").exists()


def test_the_clock_skew_allowed_is_bounded(provider: IdentityProvider, idp: SamlIdp) -> None:
    # LONGHAUL_SAML_CLOCK_SKEW_SECONDS is 120: an answer a minute past its NotOnOrAfter (five
    # minutes after it was issued) is the two clocks disagreeing; three minutes past, it expired
    late = Client()
    response = answer(late, idp.respond(start(late, idp), clock_offset=-360))
    assert response.status_code == 302
    too_late = Client()
    response = answer(too_late, idp.respond(start(too_late, idp), clock_offset=-480))
    refused(too_late, response, "expired")


def test_a_response_signed_as_a_whole_is_accepted(provider: IdentityProvider, idp: SamlIdp) -> None:
    client = Client()
    request = start(client, idp)
    signed = idp.respond(request, sign_assertion=False, sign_response=True)
    assert answer(client, signed).status_code == 302


def test_an_answer_is_used_once(provider: IdentityProvider, idp: SamlIdp) -> None:
    client = Client()
    signed = idp.respond(start(client, idp))
    assert answer(client, signed).status_code == 302
    # The same answer again, from the browser that used it and from one that never started
    stranger = Client()
    refused(stranger, answer(stranger, signed), "no sign-in was started")
    again = answer(client, signed)
    assert again.status_code == 400
    assert "no sign-in was started" in again.content.decode()


def test_an_assertion_id_is_remembered_until_it_expires(redis_client: Redis) -> None:
    identity = SamlIdentity(
        issuer=IDP_BASE,
        subject="ada@acme.example",
        email="ada@acme.example",
        groups=(),
        groups_sent=False,
        given_name="",
        family_name="",
        assertion_id="id-once",
        expires_at=1_000_300.0,
    )
    assertion_claim(identity, now=1_000_000.0)
    with pytest.raises(SignInRefused, match="used already"):
        assertion_claim(identity, now=1_000_001.0)
    # Kept for its remaining 300 s and the 120 s of clock skew it is allowed, then forgotten
    (key,) = cast(list[bytes], redis_client.keys("*saml:assertion:*id-once"))
    assert 419 <= cast(int, redis_client.ttl(key)) <= 422


def test_an_answer_without_a_started_sign_in_is_refused(
    provider: IdentityProvider, idp: SamlIdp
) -> None:
    # IdP-initiated (unsolicited) answers are refused: nobody can push their own account on a
    # browser that did not ask
    started = Client()
    signed = idp.respond(start(started, idp))
    stranger = Client()
    refused(stranger, answer(stranger, signed), "no sign-in was started")
    garbage = Client()
    start(garbage, idp)
    refused(garbage, answer(garbage, "not base64!"), "not base64")


def test_metadata_without_a_signing_certificate_is_refused(
    acme: TenantFixture, idp: SamlIdp
) -> None:
    without = (
        idp.metadata_xml.split("<ns0:KeyDescriptor")[0]
        + idp.metadata_xml.split("</ns0:KeyDescriptor>")[-1]
    )
    with pytest.raises(ValidationError, match="signing certificate"):
        identity_provider_create(
            actor=operator(acme.organization),
            kind="saml",
            name="Broken",
            settings={"idp_metadata_xml": without},
        )
    with pytest.raises(ValidationError, match="metadata is unusable"):
        identity_provider_create(
            actor=operator(acme.organization),
            kind="saml",
            name="Broken",
            settings={"idp_metadata_xml": "<not-metadata/>"},
        )


def refused(client: Client, response: Any, reason: str, case: str = "") -> None:
    """Refused with `reason` on the sign-in page, nobody signed in, and audited."""
    body = response.content.decode()
    assert response.status_code == 400, (case, body)
    assert reason in body, (case, body)
    assert client.get("/api/me").status_code in (401, 403), case
    entry = AuditEntry.objects.filter(action="sign_in.refused").latest("id")
    assert entry.data == {"reason": "invalid_assertion", "method": "saml"}, case


def test_readiness_reports_xmlsec1_and_needs_it_once_a_provider_is_enabled(
    provider: IdentityProvider, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (found,) = check_saml().values()
    assert found.ok
    assert found.detail.startswith("xmlsec1 ")
    monkeypatch.setenv("PATH", str(tmp_path))  # a host without xmlsec1
    (missing,) = check_saml().values()
    assert not missing.ok
    assert "cannot check signatures" in missing.detail
    identity_provider_update(
        actor=operator(provider.organization), provider=provider, enabled=False
    )
    assert check_saml()["saml"].ok
