"""Keys and members: create an API key (the secret shown once), revoke one; invite members and
set their roles. Owners and admins change things (the accounts services check); everyone else
sees the lists."""

from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING

from django.contrib import messages
from django.contrib.auth.tokens import default_token_generator
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils import timezone
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from django.views.decorators.http import require_POST

from accounts import selectors as account_selectors
from accounts import services as account_services
from dashboard.access import Viewer, dashboard_page
from dashboard.forms import ApiKeyForm, InviteForm, RoleForm
from dashboard.pages import SERVICE_ERRORS, error_message, error_status, page, unconfirmed
from runs.selectors import internal_billing_key_ids

if TYPE_CHECKING:  # types only: the app's rows come through its selectors
    from accounts.models import User


def _page(
    request: HttpRequest,
    viewer: Viewer,
    *,
    key_form: ApiKeyForm | None = None,
    invite_form: InviteForm | None = None,
    secret: str = "",
    invite_link: str = "",
    status: int = 200,
) -> HttpResponse:
    context = {
        "keys": account_selectors.organization_keys(organization=viewer.organization),
        "internal_keys": internal_billing_key_ids(organization_id=viewer.organization_id),
        "members": account_selectors.organization_memberships(
            organization_id=viewer.organization_id
        ),
        "forms_with_errors": [form for form in (key_form, invite_form) if form is not None],
        "key_form": key_form or ApiKeyForm(),
        "invite_form": invite_form or InviteForm(),
        "role_form": RoleForm(),
        "secret": secret,
        "invite_link": invite_link,
        "now": timezone.now(),
    }
    return page(request, viewer, "dashboard/people.html", context, section="people", status=status)


@dashboard_page
def people(request: HttpRequest, viewer: Viewer) -> HttpResponse:
    return _page(request, viewer)


@require_POST
@dashboard_page
def key_create(request: HttpRequest, viewer: Viewer) -> HttpResponse:
    form = ApiKeyForm(request.POST)
    if not form.is_valid():
        return _page(request, viewer, key_form=form, status=400)
    data = form.cleaned_data
    days = data.get("expires_in_days")
    try:
        created = account_services.api_key_create(
            actor=viewer.actor(),
            name=data["name"],
            scopes=data["scopes"] or None,
            allowed_tiers=data["tiers"],
            expires_at=timezone.now() + timedelta(days=days) if days else None,
            created_by=viewer.user,
        )
    except SERVICE_ERRORS as error:
        form.add_error(None, error_message(error))
        return _page(request, viewer, key_form=form, status=error_status(error))
    # Rendered, not redirected: the secret exists only in this response.
    return _page(request, viewer, secret=created.plaintext, status=201)


@require_POST
@dashboard_page
def key_revoke(request: HttpRequest, viewer: Viewer, key_id: int) -> HttpResponse:
    key = account_selectors.api_key_get(organization_id=viewer.organization_id, api_key_id=key_id)
    if key is None or key.id in internal_billing_key_ids(organization_id=viewer.organization_id):
        raise Http404("No such API key in your organization.")
    try:
        # Asked before the confirmation question: never ask what would be refused.
        account_services.REVOKE_KEYS.check(viewer.actor())
    except SERVICE_ERRORS as error:
        messages.error(request, error_message(error))
        return redirect("dashboard:people")
    question = (
        f"Revoke the key “{key.name}” (lh_{key.prefix}_…)? Everything that uses it stops "
        "working at once, and this cannot be undone."
    )
    back = reverse("dashboard:people")
    asked = unconfirmed(request, viewer, question=question, back=back, section="people")
    if asked is not None:
        return asked
    account_services.api_key_revoke(actor=viewer.actor(), api_key=key)
    messages.success(request, f"Revoked {key.name} (lh_{key.prefix}_…).")
    return redirect("dashboard:people")


@require_POST
@dashboard_page
def member_invite(request: HttpRequest, viewer: Viewer) -> HttpResponse:
    form = InviteForm(request.POST)
    if not form.is_valid():
        return _page(request, viewer, invite_form=form, status=400)
    try:
        invitation = account_services.membership_invite(actor=viewer.actor(), **form.cleaned_data)
    except SERVICE_ERRORS as error:
        form.add_error(None, error_message(error))
        return _page(request, viewer, invite_form=form, status=error_status(error))
    user = invitation.membership.user
    link = request.build_absolute_uri(_set_password_path(user)) if invitation.new_account else ""
    messages.success(request, f"{user.username} is now a {invitation.membership.role}.")
    return _page(request, viewer, invite_link=link, status=201)


def _set_password_path(user: User) -> str:
    uid = urlsafe_base64_encode(force_bytes(user.pk))
    token = default_token_generator.make_token(user)
    return reverse("password_reset_confirm", kwargs={"uidb64": uid, "token": token})


@require_POST
@dashboard_page
def member_role(request: HttpRequest, viewer: Viewer, membership_id: int) -> HttpResponse:
    membership = account_selectors.membership_get(
        organization_id=viewer.organization_id, membership_id=membership_id
    )
    if membership is None:
        raise Http404("No such member in your organization.")
    form = RoleForm(request.POST)
    try:
        if not form.is_valid():
            raise ValidationError(form.errors.as_text())
        account_services.membership_role_set(
            actor=viewer.actor(), membership=membership, role=form.cleaned_data["role"]
        )
    except SERVICE_ERRORS as error:
        messages.error(request, error_message(error))
    else:
        messages.success(request, f"{membership.user.username} is now a {membership.role}.")
    return redirect("dashboard:people")
