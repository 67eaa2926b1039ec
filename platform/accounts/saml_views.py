"""The SAML service provider's pages for each organization's SAML provider: its metadata, the
start of a sign-in (`saml_start`, an AuthnRequest over the redirect binding, reached through the
sign-in page's /login/sso/<organization>/<provider>/) and the assertion consumer service (the
identity provider's answer over the POST binding), which signs the person in through
accounts.sso.

The identity provider posts the answer from its own site, so the browser leaves the session
cookie (SameSite=Lax) behind; the request this browser started is therefore kept in Redis under
its id, and the id in a signed cookie of its own, scoped to the ACS path and sent cross-site
over HTTPS. An answer for any other request (or none) is refused.
"""

from __future__ import annotations

from django.conf import settings
from django.core import signing
from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_POST

from accounts.models import IdentityProvider, ProviderKind
from accounts.saml import (
    SamlIdentity,
    ServiceProvider,
    assertion_claim,
    authn_request,
    response_read,
    sp_metadata,
)
from accounts.sso import SignInRefused, sign_in_from_identity, sign_in_refusal_record
from accounts.sso_views import sign_in_page
from core import clock

REQUEST_COOKIE = "longhaul_saml_request"
COOKIE_SALT = "accounts.saml.request"


def saml_provider(organization: str, provider: str) -> IdentityProvider:
    found = IdentityProvider.objects.filter(
        organization__slug=organization, slug=provider, kind=ProviderKind.SAML, enabled=True
    ).first()
    if found is None:
        raise Http404("No such SAML provider.")
    return found


def public_url(request: HttpRequest, path: str) -> str:
    """The absolute URL of `path` as identity providers know it: under LONGHAUL_PUBLIC_URL
    when set (the entity id must not change with the Host a request came in on)."""
    base = str(getattr(settings, "LONGHAUL_PUBLIC_URL", "") or "").rstrip("/")
    return f"{base}{path}" if base else request.build_absolute_uri(path)


def route_names(provider: IdentityProvider) -> dict[str, str]:
    return {"organization": provider.organization.slug, "provider": provider.slug}


def service_provider(request: HttpRequest, provider: IdentityProvider) -> ServiceProvider:
    names = route_names(provider)
    values = provider.settings
    return ServiceProvider(
        entity_id=public_url(request, reverse("saml-metadata", kwargs=names)),
        acs_url=public_url(request, reverse("saml-acs", kwargs=names)),
        idp_metadata_xml=str(values.get("idp_metadata_xml", "")),
        email_attribute=str(values.get("email_attribute", "")),
        groups_attribute=str(values.get("groups_attribute", "")),
    )


@require_GET
def metadata(request: HttpRequest, organization: str, provider: str) -> HttpResponse:
    sp = service_provider(request, saml_provider(organization, provider))
    return HttpResponse(sp_metadata(sp), content_type="application/samlmetadata+xml")


def saml_start(request: HttpRequest, provider: IdentityProvider, next_url: str) -> HttpResponse:
    """Sends the browser to the identity provider with an AuthnRequest (accounts.sso_views)."""
    request_id, location = authn_request(service_provider(request, provider), relay_state="")
    started = {"provider": provider.id, "next": next_url}
    cache.set(request_key(request_id), started, timeout=settings.LONGHAUL_SSO_FLOW_SECONDS)
    response = redirect(location)
    response.set_signed_cookie(
        REQUEST_COOKIE,
        request_id,
        salt=COOKIE_SALT,
        max_age=settings.LONGHAUL_SSO_FLOW_SECONDS,
        path=reverse("saml-acs", kwargs=route_names(provider)),
        secure=request.is_secure(),
        httponly=True,
        samesite="None" if request.is_secure() else "Lax",
    )
    return response


@csrf_exempt  # posted by the identity provider's page; the signed answer and the cookie bind it
@require_POST
def acs(request: HttpRequest, organization: str, provider: str) -> HttpResponse:
    found = saml_provider(organization, provider)
    request_id, started = started_request(request, found)
    try:
        identity = response_read(
            service_provider(request, found),
            saml_response=request.POST.get("SAMLResponse", ""),
            request_id=request_id,
        )
        assertion_claim(identity, now=clock.now())
    except SignInRefused as refused:
        sign_in_refusal_record(provider=found, refused=refused)
        return sign_in_page(request, status=400, sso_error=str(refused))
    try:
        sign_in(request, found, identity)
    except SignInRefused as refused:
        return sign_in_page(request, status=403, sso_error=str(refused))
    response = redirect(str(started.get("next") or "/"))
    response.delete_cookie(REQUEST_COOKIE, path=request.path)
    return response


def sign_in(request: HttpRequest, provider: IdentityProvider, identity: SamlIdentity) -> None:
    sign_in_from_identity(
        provider=provider,
        subject=identity.subject,
        email=identity.email,
        groups=list(identity.groups) if identity.groups_sent else None,
        request=request,
        given_name=identity.given_name,
        family_name=identity.family_name,
    )


def request_key(request_id: str) -> str:
    return f"saml:request:{request_id}"


def started_request(
    request: HttpRequest, provider: IdentityProvider
) -> tuple[str, dict[str, object]]:
    """The id of the sign-in this browser started with `provider`, and what it asked for, taken
    (an answer is read once per request, even two at the same moment); ("", {}) when there is
    none (used, expired, another provider's, or a forged cookie)."""
    try:
        request_id = str(
            request.get_signed_cookie(
                REQUEST_COOKIE, salt=COOKIE_SALT, max_age=settings.LONGHAUL_SSO_FLOW_SECONDS
            )
        )
    except (KeyError, signing.BadSignature):
        return "", {}
    started = cache.get(request_key(request_id)) or {}
    if started.get("provider") != provider.id or not cache.delete(request_key(request_id)):
        return "", {}
    return request_id, started
