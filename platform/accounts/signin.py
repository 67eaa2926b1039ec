"""The sign-in steps after the password: the second factor, and enrolling an authenticator."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import segno
from django.conf import settings
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import AuthenticationForm
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_http_methods

from accounts.sso import password_sign_in_refusal, password_sign_in_refused
from accounts.two_factor import (
    recovery_codes_renew,
    second_factor_verify,
    session_needs_second_factor,
    sign_in_record,
    totp_enroll_confirm,
    totp_enroll_start,
    two_factor_enrolled,
)


def safe_next(request: HttpRequest, default: str = "/") -> str:
    """The `next` a sign-in step returns to: a path on this site, never another host."""
    candidate = request.POST.get("next") or request.GET.get("next") or ""
    allowed = url_has_allowed_host_and_scheme(
        candidate, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return candidate if allowed and candidate.startswith("/") else default


class SignInForm(AuthenticationForm):
    """The password form, which refuses the members of an organization that requires single
    sign-on (all but its break-glass owner), after the password checked out."""

    def confirm_login_allowed(self, user: Any) -> None:
        super().confirm_login_allowed(user)
        refusal = password_sign_in_refusal(user=user)
        if refusal:
            password_sign_in_refused(user=user)
            raise ValidationError(refusal, code="sso_required")


class SignInView(auth_views.LoginView):
    """Django's sign-in form (its `next` checked against this host), with the sign-in audited."""

    template_name = "accounts/login.html"
    authentication_form = SignInForm

    def form_valid(self, form: Any) -> HttpResponse:
        response = super().form_valid(form)
        sign_in_record(user=form.get_user(), method="password")
        return response


@login_required
@require_http_methods(["GET", "POST"])
def verify(request: HttpRequest) -> HttpResponse:
    if not session_needs_second_factor(request):
        return redirect(safe_next(request))
    if not two_factor_enrolled(request.user):  # type: ignore[arg-type]
        return redirect(f"{reverse('two-factor')}?next={safe_next(request)}")
    failed = request.method == "POST" and not second_factor_verify(
        request=request, token=request.POST.get("code", "")
    )
    if request.method == "POST" and not failed:
        return redirect(safe_next(request))
    context = {"failed": failed, "next": safe_next(request)}
    return render(request, "accounts/verify.html", context, status=200)


@login_required
@require_http_methods(["GET", "POST"])
def two_factor(request: HttpRequest) -> HttpResponse:
    """Enrollment; once enrolled (and verified), the page renews recovery codes."""
    user: Any = request.user
    if two_factor_enrolled(user):
        if session_needs_second_factor(request):
            return redirect(f"{reverse('login-verify')}?next={safe_next(request)}")
        codes = recovery_codes_renew(user=user) if request.method == "POST" else None
        return render(request, "accounts/two_factor.html", {"enrolled": True, "codes": codes})
    if request.method == "POST":
        codes = totp_enroll_confirm(request=request, token=request.POST.get("code", ""))
        if codes is not None:
            context = {"enrolled": True, "codes": codes, "next": safe_next(request)}
            return render(request, "accounts/two_factor.html", context)
    enrollment = totp_enroll_start(user=user)
    context = {
        "enrollment": enrollment,
        "qr": segno.make(enrollment.otpauth_uri, error="m").svg_data_uri(scale=4),
        "failed": request.method == "POST",
        "next": safe_next(request),
    }
    return render(request, "accounts/two_factor.html", context)


class TwoFactorMiddleware:
    """Keeps a password-only session of someone who needs a second factor to the code form,
    enrollment and sign-out (after django-otp's OTPMiddleware, which sets `is_verified`)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if self._open(request.path) or not session_needs_second_factor(request):
            return self.get_response(request)
        if request.path.startswith("/api/"):
            return JsonResponse(
                {
                    "type": "about:blank",
                    "title": "Forbidden",
                    "status": 403,
                    "detail": "Enter your second factor at /login/verify/ first.",
                },
                status=403,
                content_type="application/problem+json",
            )
        return redirect(f"{reverse('login-verify')}?next={request.get_full_path()}")

    @staticmethod
    def _open(path: str) -> bool:
        steps = (reverse("login-verify"), reverse("two-factor"), reverse("logout"))
        return path in steps or path.startswith((settings.STATIC_URL or "/static/", "/scim/"))
