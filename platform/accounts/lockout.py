"""Sign-in lockout: password guessing stopped per account and per client address.

django-axes counts failed sign-ins (the dashboard's /login/ and the admin's, every form that
calls `django.contrib.auth.authenticate` with the request) in the database. Past
AXES_FAILURE_LIMIT failures for an account, from anywhere, the account cannot sign in until the
cool-off ends or an administrator unlocks it, even with the right password; past the same number
from one address, that address cannot sign anyone in. Another person signing in from another
address is not affected. Addresses are the ASGI server's view of the client (behind a proxy,
uvicorn's --proxy-headers with --forwarded-allow-ips naming it).

A lockout and an unlock are written to the audit log: the platform's chain, and the chain of
every organization the account belongs to.
"""

from __future__ import annotations

import hashlib
from typing import Any

from axes.backends import AxesStandaloneBackend
from axes.helpers import get_cool_off
from axes.models import AccessAttempt
from axes.utils import reset
from django.conf import settings
from django.core.cache import cache
from django.db.models import Sum
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string

from accounts.models import Membership
from audit.services import audit_append


class SignInLockoutBackend(AxesStandaloneBackend):
    """Axes' check before every sign-in that comes with a request. Without one (a test client's
    `login()`, a script) there is no address to count and nothing is guessed over the network."""

    def authenticate(
        self, request: Any, username: str | None = None, password: str | None = None, **kwargs: Any
    ) -> Any:
        if request is None:
            return None
        return super().authenticate(request, username, password, **kwargs)


def client_address(request: HttpRequest) -> str | None:
    """The address uvicorn reports (it applies trusted proxy headers itself)."""
    return request.META.get("REMOTE_ADDR")


def lockout_response(
    request: HttpRequest, original_response: Any = None, credentials: Any = None
) -> HttpResponse:
    minutes = max(1, int(_cool_off_seconds() // 60))
    detail = (
        "Too many failed sign-ins for this account or from this address. Try again in "
        f"{minutes} minutes, or ask an administrator to unlock it."
    )
    page = render_to_string(
        "error.html", {"status": 429, "title": "Sign-in locked", "detail": detail}, request
    )
    response = HttpResponse(page, status=429)
    response["Retry-After"] = str(int(_cool_off_seconds()))
    return response


def sign_in_locked(*, username: str, address: str) -> None:
    """Records each lockout once while it lasts: the account's, and the address's (axes reports
    every refused attempt, without saying which of the two is locked)."""
    limit, timeout = settings.AXES_FAILURE_LIMIT, int(_cool_off_seconds()) or 60
    data = {"username": username, "address": address, "failures": limit}
    actor = f"sign-in attempts from {address}"
    account_locked = bool(username) and _failures(username=username) >= limit
    if account_locked and cache.add(_marker("account", username), 1, timeout):
        _audit("sign_in.locked", username, actor=actor, data=data)
    address_locked = bool(address) and _failures(ip_address=address) >= limit
    if address_locked and cache.add(_marker("address", address), 1, timeout):
        _audit("sign_in.locked", "", actor=actor, data=data)


def _failures(**subject: str) -> int:
    total = AccessAttempt.objects.filter(**subject).aggregate(n=Sum("failures_since_start"))["n"]
    return int(total or 0)


def on_user_locked_out(
    sender: Any,
    request: Any = None,
    username: str | None = None,
    ip_address: str | None = None,
    **kwargs: Any,
) -> None:
    sign_in_locked(username=username or "", address=ip_address or "")


def sign_in_unlock(
    *, username: str = "", address: str = "", actor: str, actor_user_id: int | None = None
) -> int:
    """Clears the failures of an account and/or an address; returns how many records went."""
    if not username and not address:
        raise ValueError("name an account, an address or both")
    removed = (reset(username=username) if username else 0) + (reset(ip=address) if address else 0)
    cache.delete_many([_marker(kind, value) for kind, value in _subjects(username, address)])
    data = {"username": username, "address": address, "records": removed}
    _audit("sign_in.unlocked", username, actor=actor, actor_user_id=actor_user_id, data=data)
    return removed


def _subjects(username: str, address: str) -> list[tuple[str, str]]:
    return [(kind, value) for kind, value in (("account", username), ("address", address)) if value]


def _marker(kind: str, value: str) -> str:
    return f"sign-in-locked:{kind}:{hashlib.sha256(value.encode()).hexdigest()}"


def _audit(
    action: str,
    username: str,
    *,
    actor: str,
    data: dict[str, Any],
    actor_user_id: int | None = None,
) -> None:
    organizations = (
        Membership.objects.filter(user__username=username).values_list("organization_id", flat=True)
        if username
        else []
    )
    target = f"account {username}" if username else f"address {data.get('address')}"
    for organization_id in [None, *organizations]:
        audit_append(
            organization_id=organization_id,
            action=action,
            actor=actor,
            actor_user_id=actor_user_id,
            target=target,
            data=data,
        )


def _cool_off_seconds() -> float:
    cool_off = get_cool_off()
    return cool_off.total_seconds() if cool_off else 0.0
