"""Session lifetime and idle timeout, as each organization sets them (SignInPolicy).

A session records when it signed in and when it was last used (the platform's clock,
core.clock); a request past the organization's lifetime or idle timeout signs the session out
and is sent to sign in again (REST: 401). A person in several organizations gets the strictest
of their organizations' limits.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib.auth import logout
from django.db.models import Min
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect

from accounts.actors import Actor, Rule
from accounts.models import SignInPolicy
from accounts.roles import MANAGERS
from audit.services import actor_fields, audit_append
from core import clock

SIGNED_IN_AT = "longhaul_signed_in_at"
LAST_SEEN_AT = "longhaul_last_seen_at"
SEEN_PRECISION_SECONDS = 60
CHANGE_SIGN_IN = Rule(MANAGERS, "change the organization's settings")


def session_limits(user: Any) -> tuple[int | None, int | None]:
    """(lifetime, idle timeout) in minutes: the strictest among the person's organizations."""
    found = SignInPolicy.objects.filter(organization__memberships__user=user).aggregate(
        lifetime=Min("session_lifetime_minutes"), idle=Min("idle_timeout_minutes")
    )
    return found["lifetime"], found["idle"]


def session_expired_reason(request: HttpRequest, now: float) -> str:
    """Why the session must end now ("" while it may go on); records its use otherwise."""
    lifetime, idle = session_limits(request.user)
    if lifetime is None and idle is None:
        return ""
    session = request.session
    signed_in = float(session.setdefault(SIGNED_IN_AT, now))
    last_seen = float(session.get(LAST_SEEN_AT, now))
    if lifetime is not None and now - signed_in > lifetime * 60:
        return "session_lifetime"
    if idle is not None and now - last_seen > idle * 60:
        return "idle_timeout"
    if now - last_seen >= SEEN_PRECISION_SECONDS or LAST_SEEN_AT not in session:
        session[LAST_SEEN_AT] = now  # at most once a minute: not a session write per request
    return ""


def sign_in_policy_set(
    *,
    actor: Actor,
    session_lifetime_minutes: int | None = None,
    idle_timeout_minutes: int | None = None,
    allowed_email_domains: list[str] | None = None,
) -> SignInPolicy:
    """The actor's organization's sign-in policy."""
    CHANGE_SIGN_IN.check(actor)
    organization_id = actor.organization_id
    domains = sorted({domain.strip().lower().lstrip("@") for domain in allowed_email_domains or []})
    policy, _ = SignInPolicy.objects.update_or_create(
        organization_id=organization_id,
        defaults={
            "session_lifetime_minutes": session_lifetime_minutes,
            "idle_timeout_minutes": idle_timeout_minutes,
            "allowed_email_domains": domains,
        },
    )
    audit_append(
        organization_id=organization_id,
        action="organization.sign_in_policy_changed",
        target="sign_in_policy",
        data={
            "session_lifetime_minutes": session_lifetime_minutes,
            "idle_timeout_minutes": idle_timeout_minutes,
            "allowed_email_domains": domains,
        },
        **actor_fields(actor),
    )
    return policy


def email_domain_allowed(*, organization_id: int, address: str) -> bool:
    policy = SignInPolicy.objects.filter(organization_id=organization_id).first()
    if policy is None or not policy.allowed_email_domains:
        return True
    return address.rpartition("@")[2].lower() in policy.allowed_email_domains


class SessionPolicyMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user: Any = request.user
        reason = session_expired_reason(request, clock.now()) if user.is_authenticated else ""
        if not reason:
            response = self.get_response(request)
            _mark_sign_in(request)
            return response
        _audit_end(user, reason)
        logout(request)
        if request.path.startswith("/api/"):
            detail = "Your session has ended; sign in again."
            body = {"type": "about:blank", "title": "Unauthorized", "status": 401, "detail": detail}
            return JsonResponse(body, status=401, content_type="application/problem+json")
        return redirect(f"/login/?next={request.get_full_path()}")


def _mark_sign_in(request: HttpRequest) -> None:
    """A session that signed in during this request starts its lifetime now."""
    user: Any = getattr(request, "user", None)
    session = getattr(request, "session", None)
    signed_in = user is not None and user.is_authenticated and session is not None
    if signed_in and SIGNED_IN_AT not in session:  # type: ignore[operator]
        now = clock.now()
        session[SIGNED_IN_AT] = now  # type: ignore[index]
        session[LAST_SEEN_AT] = now  # type: ignore[index]


def _audit_end(user: Any, reason: str) -> None:
    for membership in user.memberships.all():
        audit_append(
            organization_id=membership.organization_id,
            action="sign_in.session_ended",
            actor="platform",
            actor_user_id=user.pk,
            target=f"user:{user.username}",
            data={"reason": reason},
        )
