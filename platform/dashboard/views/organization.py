"""The organization's settings, for owners and admins: how long model-call traces are kept,
the sign-in policy (session lifetime, idle timeout, allowed email domains), requiring single
sign-on with a break-glass owner, and its identity providers (an OpenID Connect one added
here; SAML and the rest over REST). Views parse and render; the accounts services check who
may change what, check the values and write the audit log."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from accounts import selectors as account_selectors
from accounts import services as account_services
from accounts.roles import Role
from accounts.sessions import sign_in_policy_set
from accounts.sso import sso_enforcement_set
from accounts.sso_providers import identity_provider_create, identity_providers
from dashboard.access import Viewer, dashboard_page
from dashboard.organization_forms import (
    EnforcementForm,
    OidcProviderForm,
    SignInPolicyForm,
    TraceRetentionForm,
)
from dashboard.pages import SERVICE_ERRORS, page, refusal, refused_unless

SECTION = "settings"


@dashboard_page
def settings_page(request: HttpRequest, viewer: Viewer) -> HttpResponse:
    # A read gate: the settings are shown to those who may change them.
    refused = refused_unless(request, viewer, account_services.CHANGE_SETTINGS, section=SECTION)
    return refused or _page(request, viewer, {})


@require_POST
@dashboard_page
def traces(request: HttpRequest, viewer: Viewer) -> HttpResponse:
    form = TraceRetentionForm(request.POST)

    def save() -> None:
        account_services.organization_trace_retention_set(
            actor=viewer.actor(), days=form.cleaned_data["trace_retention_days"]
        )

    return _submit(request, viewer, form, "traces", save, "Saved how long traces are kept.")


@require_POST
@dashboard_page
def sign_in(request: HttpRequest, viewer: Viewer) -> HttpResponse:
    form = SignInPolicyForm(request.POST)

    def save() -> None:
        sign_in_policy_set(actor=viewer.actor(), **form.cleaned_data)

    return _submit(request, viewer, form, "sign_in", save, "Saved the sign-in policy.")


@require_POST
@dashboard_page
def single_sign_on(request: HttpRequest, viewer: Viewer) -> HttpResponse:
    owners = _owners(viewer)
    form = EnforcementForm(request.POST, owners=[(user.id, user.username) for user in owners])

    def save() -> None:
        chosen = form.cleaned_data["break_glass_owner"]
        sso_enforcement_set(
            actor=viewer.actor(),
            required=form.cleaned_data["sso_required"],
            break_glass_owner=next((u for u in owners if str(u.id) == chosen), None),
        )

    return _submit(request, viewer, form, "enforcement", save, "Saved single sign-on.")


@require_POST
@dashboard_page
def provider_create(request: HttpRequest, viewer: Viewer) -> HttpResponse:
    form = OidcProviderForm(request.POST)

    def save() -> None:
        identity_provider_create(actor=viewer.actor(), kind="oidc", **form.provider_data())

    return _submit(request, viewer, form, "provider", save, "Added the identity provider.")


def _submit(
    request: HttpRequest, viewer: Viewer, form: Any, name: str, save: Any, done: str
) -> HttpResponse:
    """The one way each form here is handled: the form's own checks, then the service's (who
    may, and the values), whose field errors come back on the form."""
    if form.is_valid():
        try:
            save()
        except ValidationError as error:
            form.show_problems(error.message_dict)
        except SERVICE_ERRORS as error:
            return refusal(request, viewer, error, section=SECTION)
        else:
            messages.success(request, done)
            return redirect("dashboard:settings")
    return _page(request, viewer, {name: form}, status=400)


def _owners(viewer: Viewer) -> list[Any]:
    memberships = account_selectors.organization_memberships(organization_id=viewer.organization_id)
    return [m.user for m in memberships.filter(role=Role.OWNER)]


def _page(
    request: HttpRequest, viewer: Viewer, forms: dict[str, Any], *, status: int = 200
) -> HttpResponse:
    org = viewer.organization_id
    policy = account_selectors.sign_in_policy_get(organization_id=org)
    owners = [(user.id, user.username) for user in _owners(viewer)]
    breaker = policy.break_glass_owner_id if policy else None
    context = {
        "traces": forms.get("traces")
        or TraceRetentionForm(
            initial={"trace_retention_days": viewer.organization.trace_retention_days}
        ),
        "sign_in": forms.get("sign_in") or SignInPolicyForm(initial=_policy_initial(policy)),
        "enforcement": forms.get("enforcement")
        or EnforcementForm(
            owners=owners,
            initial={
                "sso_required": bool(policy and policy.sso_required),
                "break_glass_owner": str(breaker or ""),
            },
        ),
        "provider": forms.get("provider") or OidcProviderForm(),
        "providers": identity_providers(organization_id=org).order_by("name"),
    }
    template = "dashboard/organization.html"
    return page(request, viewer, template, context, section=SECTION, status=status)


def _policy_initial(policy: Any) -> dict[str, Any]:
    if policy is None:
        return {}
    return {
        "session_lifetime_minutes": policy.session_lifetime_minutes,
        "idle_timeout_minutes": policy.idle_timeout_minutes,
        "allowed_email_domains": " ".join(policy.allowed_email_domains),
    }
