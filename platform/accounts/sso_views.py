"""The sign-in page's single sign-on: finding the organization's provider, going there and
coming back (OIDC here; each kind's start is named in SIGN_IN_STARTS), and signing out of the
provider too where it offers RP-initiated logout."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode

from django.contrib.auth import views as auth_views
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET

from accounts.models import IdentityProvider
from accounts.oidc import ID_TOKEN_KEY, authorization_url, end_session_url, oidc_sign_in
from accounts.signin import SignInForm, safe_next
from accounts.sso import SSO_PROVIDER_KEY, SignInRefused
from accounts.sso_providers import sign_in_providers
from agents.plugins import import_dotted

logger = logging.getLogger(__name__)
# kind -> "module.function(request, provider, next_url) -> HttpResponse" that sends the browser
# to the provider.
SIGN_IN_STARTS = {
    "oidc": "accounts.sso_views.oidc_start",
    "saml": "accounts.saml_views.saml_start",
}


def sign_in_page(request: HttpRequest, *, status: int = 200, **context: Any) -> HttpResponse:
    """The sign-in page, with what single sign-on found or refused."""
    context = {"form": SignInForm(request), "next": safe_next(request, default=""), **context}
    return render(request, "accounts/login.html", context, status=status)


@require_GET
def sso_choose(request: HttpRequest) -> HttpResponse:
    """`?organization=<slug or work email>`: the providers found, and on to the only one."""
    given = request.GET.get("organization", "").strip()
    providers = sign_in_providers(organization_or_email=given) if given else []
    if not providers:
        found = f"No single sign-on is set up for “{given}”." if given else ""
        return sign_in_page(request, status=404 if given else 200, sso_error=found, sso_for=given)
    choices = [(provider, _start_path(request, provider)) for provider in providers]
    only = choices[0][1] if len(choices) == 1 else ""
    return sign_in_page(request, sso_choices=choices, sso_for=given, sso_continue=only)


def _start_path(request: HttpRequest, provider: IdentityProvider) -> str:
    path = reverse("sso-start", args=[provider.organization.slug, provider.slug])
    next_url = safe_next(request, default="")
    return f"{path}?{urlencode({'next': next_url})}" if next_url else path


@require_GET
def sso_start(request: HttpRequest, organization: str, provider: str) -> HttpResponse:
    chosen = get_object_or_404(
        IdentityProvider.objects.select_related("organization"),
        organization__slug=organization,
        slug=provider,
        enabled=True,
    )
    start: Callable[[HttpRequest, IdentityProvider, str], HttpResponse] = import_dotted(
        SIGN_IN_STARTS[chosen.kind]
    )
    try:
        return start(request, chosen, safe_next(request))
    except SignInRefused as refused:
        return sign_in_page(request, status=502, sso_error=str(refused))


def oidc_start(request: HttpRequest, provider: IdentityProvider, next_url: str) -> HttpResponse:
    return HttpResponseRedirect(
        authorization_url(request=request, provider=provider, next_url=next_url)
    )


@require_GET
def oidc_callback(request: HttpRequest) -> HttpResponse:
    try:
        done = oidc_sign_in(request)
    except SignInRefused as refused:
        logger.info("single sign-on refused: %s", refused.reason)
        return sign_in_page(request, status=403, sso_error=str(refused))
    return redirect(done.next_url or "/")


class SignOutView(auth_views.LogoutView):
    """Signs out here, then at the provider when the session came through one that offers
    RP-initiated logout (which sends the browser back to the sign-in page)."""

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        provider_id = request.session.get(SSO_PROVIDER_KEY)
        id_token = request.session.get(ID_TOKEN_KEY, "")
        response = super().post(request, *args, **kwargs)
        provider = (
            IdentityProvider.objects.filter(id=provider_id, kind="oidc").first()
            if isinstance(provider_id, int)
            else None
        )
        if provider is None or not id_token:
            return response
        after = request.build_absolute_uri(reverse("login"))
        leave = end_session_url(provider=provider, id_token=id_token, after=after)
        if not leave:
            return response
        # Not a redirect: after the sign-out form, form-action 'self' would stop it.
        return render(request, "accounts/signed_out.html", {"leave": leave, "provider": provider})
