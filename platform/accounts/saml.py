"""SAML 2.0 sign-in, the service provider's side (pysaml2; xmlsec1 checks the signatures).

An organization's SAML provider is the identity provider's metadata (its entity id, single
sign-on URL and signing certificate). The platform is the service provider: its entity id is the
URL of its metadata and the identity provider posts to its assertion consumer service (ACS).

What an answer must be to sign anyone in:
- signed by the identity provider's certificate (the assertion, or the whole response);
- for this service provider (audience), to this ACS (Destination and Recipient);
- within its validity (NotBefore, NotOnOrAfter, the response's IssueInstant), allowing
  `LONGHAUL_SAML_CLOCK_SKEW_SECONDS` of difference between the two clocks;
- in response to the request this browser was sent with (InResponseTo): answers nobody asked
  for (IdP-initiated) are refused, so nobody can sign a victim in to an account of their own;
- seen once: an assertion's id is remembered until it expires, and a second use is refused.
"""

from __future__ import annotations

import base64
import binascii
import calendar
import logging
import shutil
import subprocess
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.core.exceptions import ValidationError
from saml2 import BINDING_HTTP_POST, BINDING_HTTP_REDIRECT
from saml2.client import Saml2Client
from saml2.config import SPConfig
from saml2.metadata import entity_descriptor
from saml2.response import AuthnResponse
from saml2.time_util import str_to_time

from accounts.models import IdentityProvider, ProviderKind
from accounts.sso import SignInRefused
from core.health import CheckResult

logger = logging.getLogger(__name__)

EMAIL_ATTRIBUTES = (
    "email",
    "mail",
    "emailAddress",
    "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress",
)
GROUP_ATTRIBUTES = (
    "groups",
    "memberOf",
    "http://schemas.microsoft.com/ws/2008/06/identity/claims/groups",
    "http://schemas.xmlsoap.org/claims/Group",
)
GIVEN_NAME_ATTRIBUTES = (
    "givenName",
    "firstName",
    "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname",
)
FAMILY_NAME_ATTRIBUTES = (
    "sn",
    "surname",
    "lastName",
    "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname",
)
# The longest an assertion id is remembered, whatever NotOnOrAfter says (a day: identity
# providers issue assertions valid for minutes).
REPLAY_MEMORY_CAP_SECONDS = 24 * 3600


@dataclass(frozen=True)
class ServiceProvider:
    """One organization's service provider: where it is, and whom it trusts."""

    entity_id: str
    acs_url: str
    idp_metadata_xml: str
    email_attribute: str = ""
    groups_attribute: str = ""


@dataclass(frozen=True)
class SamlIdentity:
    """What a verified assertion says about the person."""

    issuer: str
    subject: str
    email: str
    groups: tuple[str, ...]
    groups_sent: bool  # False: the assertion has no groups attribute (roles are left as they are)
    given_name: str
    family_name: str
    assertion_id: str
    expires_at: float


def clock_skew_seconds() -> int:
    return int(settings.LONGHAUL_SAML_CLOCK_SKEW_SECONDS)


def sp_config(sp: ServiceProvider) -> SPConfig:
    """pysaml2's configuration: signed answers required, no unsolicited ones, no request
    signing (the platform has no key of its own to publish)."""
    config = SPConfig()
    config.load(
        {
            "entityid": sp.entity_id,
            "service": {
                "sp": {
                    "endpoints": {"assertion_consumer_service": [(sp.acs_url, BINDING_HTTP_POST)]},
                    "allow_unsolicited": False,
                    # Either signature will do, but one is required (pysaml2's defaults
                    # would insist on the response's, which Entra ID and Okta do not sign).
                    "want_assertions_or_response_signed": True,
                    "want_response_signed": False,
                    "want_assertions_signed": False,
                    "authn_requests_signed": False,
                    "name_id_format_allow_create": True,
                }
            },
            "metadata": {"inline": [sp.idp_metadata_xml]} if sp.idp_metadata_xml else {},
            # Signatures are checked with the metadata's certificate, never one the answer names.
            "only_use_keys_in_metadata": True,
            "accepted_time_diff": clock_skew_seconds(),
            "allow_unknown_attributes": True,
        }
    )
    return config


def sp_metadata(sp: ServiceProvider) -> str:
    """The service provider's metadata XML, for the identity provider's administrator."""
    descriptor = entity_descriptor(sp_config(sp))
    return str(descriptor.to_string().decode())


def idp_entity_id(sp: ServiceProvider) -> str:
    """The one identity provider the metadata describes (a metadata file of many is refused)."""
    client = Saml2Client(config=sp_config(sp))
    providers = list(client.metadata.identity_providers())
    if len(providers) != 1:
        raise metadata_refused(f"it must describe one identity provider, not {len(providers)}")
    return str(providers[0])


def metadata_refused(why: str) -> SignInRefused:
    return SignInRefused("provider_error", f"The identity provider's metadata is unusable: {why}.")


def idp_metadata_check(xml: str) -> str:
    """The identity provider's entity id if `xml` is usable metadata; SignInRefused otherwise."""
    probe = ServiceProvider(entity_id="urn:probe", acs_url="urn:probe", idp_metadata_xml=xml)
    try:
        entity_id = idp_entity_id(probe)
        signing = Saml2Client(config=sp_config(probe)).metadata.certs(
            entity_id, "idpsso", "signing"
        )
    except SignInRefused:
        raise
    except Exception as error:  # pysaml2 raises many kinds for unreadable metadata
        raise metadata_refused(f"it cannot be read: {error}") from None
    if not signing:
        raise metadata_refused("it has no signing certificate")
    return entity_id


def authn_request(sp: ServiceProvider, *, relay_state: str) -> tuple[str, str]:
    """An AuthnRequest for the redirect binding: its id and the URL to send the browser to."""
    client = Saml2Client(config=sp_config(sp))
    request_id, info = client.prepare_for_authenticate(
        entityid=idp_entity_id(sp), relay_state=relay_state, binding=BINDING_HTTP_REDIRECT
    )
    return str(request_id), str(dict(info["headers"])["Location"])


def response_read(sp: ServiceProvider, *, saml_response: str, request_id: str) -> SamlIdentity:
    """The identity in a POST-binding SAMLResponse answering `request_id`, every check above
    made but replay (`assertion_claim`); SignInRefused with the reason otherwise."""
    if not request_id:
        raise answer_refused(
            "no sign-in was started in this browser, or it was used already or took too long"
        )
    try:
        base64.b64decode(saml_response, validate=True)
    except (binascii.Error, ValueError):
        raise answer_refused("the answer is not base64") from None
    client = Saml2Client(config=sp_config(sp))
    try:
        response = client.parse_authn_request_response(
            saml_response, BINDING_HTTP_POST, outstanding={request_id: "/"}
        )
    except Exception as error:  # pysaml2 signals every failed check with an exception
        logger.info("SAML answer refused: %s: %s", type(error).__name__, error)
        raise answer_refused(refusal_reason(error)) from None
    if response is None:
        raise answer_refused("the answer is not a valid SAML response for this service provider")
    return identity_from(sp, response)


def answer_refused(why: str) -> SignInRefused:
    return SignInRefused("invalid_assertion", f"The sign-in was refused: {why}.")


def refusal_reason(error: Exception) -> str:
    """A short reason a person (and their administrator) can act on, from pysaml2's error."""
    text = f"{type(error).__name__}: {error}"
    reasons = (
        ("AudienceRestriction", "the assertion is meant for another service provider"),
        ("Condition not OK", "the assertion has expired or is not valid yet"),
        ("Neither the response nor the assertions are signed", "the answer is not signed"),
        ("Signature", "the signature does not verify with the identity provider's certificate"),
        ("Unsolicited", "the answer is not for the sign-in this browser started"),
        ("recall", "the answer is not for the sign-in this browser started"),
        ("recipient", "the assertion is meant for another address"),
        ("too old", "the assertion has expired or is not valid yet"),
        ("ToEarly", "the assertion has expired or is not valid yet"),
        ("StatusError", "the identity provider did not sign the person in"),
        ("Status", "the identity provider did not sign the person in"),
    )
    for needle, reason in reasons:
        if needle.lower() in text.lower():
            return reason
    return "the answer is not a valid SAML response for this service provider"


def identity_from(sp: ServiceProvider, response: AuthnResponse) -> SamlIdentity:
    assertion = response.assertion
    attributes: dict[str, list[str]] = response.ava or {}
    subject = response.name_id.text.strip() if response.name_id is not None else ""
    email = first_value(
        attributes, (sp.email_attribute,) if sp.email_attribute else EMAIL_ATTRIBUTES
    )
    if not email and "@" in subject:
        email = subject
    if not subject:
        raise answer_refused("the assertion names nobody (no NameID)")
    groups_from = (sp.groups_attribute,) if sp.groups_attribute else GROUP_ATTRIBUTES
    sent = [name for name in groups_from if name in attributes]
    groups = attributes[sent[0]] if sent else []
    return SamlIdentity(
        issuer=response.issuer(),
        subject=subject,
        email=email.strip().lower(),
        groups=tuple(str(group) for group in groups),
        groups_sent=bool(sent),
        given_name=first_value(attributes, GIVEN_NAME_ATTRIBUTES),
        family_name=first_value(attributes, FAMILY_NAME_ATTRIBUTES),
        assertion_id=str(assertion.id),
        expires_at=assertion_expiry(assertion),
    )


def first_value(attributes: dict[str, list[Any]], names: tuple[str, ...]) -> str:
    for name in names:
        values = attributes.get(name) or []
        if values and str(values[0]).strip():
            return str(values[0]).strip()
    return ""


def assertion_expiry(assertion: Any) -> float:
    """When the assertion stops being acceptable: the earliest NotOnOrAfter it carries."""
    stamps = [assertion.conditions.not_on_or_after] if assertion.conditions else []
    for confirmation in assertion.subject.subject_confirmation:
        data = confirmation.subject_confirmation_data
        stamps.append(data.not_on_or_after if data is not None else None)
    seconds = [float(calendar.timegm(str_to_time(stamp))) for stamp in stamps if stamp]
    return min(seconds) if seconds else 0.0


def assertion_claim(identity: SamlIdentity, *, now: float) -> None:
    """Marks the assertion used; SignInRefused if it was used before. Remembered in Redis until
    it expires (plus the clock skew it is allowed), so a replay is refused for as long as the
    assertion itself would be accepted."""
    ttl = identity.expires_at + clock_skew_seconds() - now if identity.expires_at else 0
    ttl = (
        min(max(ttl, 1.0), REPLAY_MEMORY_CAP_SECONDS)
        if identity.expires_at
        else REPLAY_MEMORY_CAP_SECONDS
    )
    key = f"saml:assertion:{identity.issuer}:{identity.assertion_id}"
    if not cache.add(key, 1, timeout=int(ttl) + 1):
        raise SignInRefused("replayed_assertion", "The sign-in was refused: it was used already.")


# --- The provider's settings (accounts.sso_providers.SETTINGS_CHECKS) ---------------------------
SETTING_NAMES = ("idp_metadata_xml", "email_attribute", "groups_attribute")


def settings_checked(values: dict[str, Any]) -> dict[str, Any]:
    """A SAML provider's settings, cleaned: the identity provider's metadata XML (required; its
    entity id is kept beside it) and, optionally, the attribute names that carry the email
    address and the groups (otherwise the usual names of Entra ID, Okta, Google and Keycloak)."""
    unknown = sorted(set(values) - set(SETTING_NAMES) - {"idp_entity_id"})
    if unknown:
        raise ValidationError(
            {"settings": f"unknown settings {unknown}; use {list(SETTING_NAMES)}"}
        )
    cleaned: dict[str, Any] = {}
    for name in SETTING_NAMES:
        value = values.get(name, "")
        if not isinstance(value, str):
            raise ValidationError({name: f"{name} is a string."})
        cleaned[name] = value.strip()
    if not cleaned["idp_metadata_xml"]:
        raise ValidationError({"idp_metadata_xml": "Paste the identity provider's metadata XML."})
    try:
        cleaned["idp_entity_id"] = idp_metadata_check(cleaned["idp_metadata_xml"])
    except SignInRefused as refused:
        raise ValidationError({"idp_metadata_xml": str(refused)}) from None
    return cleaned


# --- Readiness (LONGHAUL_READINESS_CHECKS) ---------------------------------------------------
def check_saml() -> dict[str, CheckResult]:
    """xmlsec1, which checks every SAML signature: down when it is missing and an organization
    has an enabled SAML provider (its people could not sign in), reported otherwise."""
    binary = shutil.which("xmlsec1")
    if binary is None:
        needed = IdentityProvider.objects.filter(kind=ProviderKind.SAML, enabled=True).exists()
        detail = "xmlsec1 is not installed (deploy/system-packages.sh run installs it)"
        if not needed:
            return {"saml": CheckResult(True, f"no SAML provider enabled; {detail}")}
        return {"saml": CheckResult(False, f"{detail}: SAML sign-in cannot check signatures")}
    version = subprocess.run(
        [binary, "--version"], capture_output=True, text=True, timeout=5, check=False
    ).stdout.strip()
    return {"saml": CheckResult(True, version or binary)}
