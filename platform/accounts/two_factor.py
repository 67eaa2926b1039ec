"""Two-factor sign-in (TOTP, with single-use recovery codes) for local accounts, on django-otp.

Owners and admins must use it; anyone may enroll. A session signed in with a password alone is
"unverified" until the person enters a code: `TwoFactorMiddleware` then lets it reach only the
code form, the enrollment page and sign-out. Sessions that came through the organization's
identity provider (single sign-on) are exempt: the provider owns their second factor.
"""

from __future__ import annotations

from base64 import b32encode
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import transaction
from django.http import HttpRequest
from django_otp import login as otp_login
from django_otp.plugins.otp_static.models import StaticDevice, StaticToken
from django_otp.plugins.otp_totp.models import TOTPDevice

from accounts.models import Membership, User
from audit.services import audit_append

RECOVERY_CODES = 10
SSO_SESSION_KEY = "longhaul_sso"  # set on sessions that single sign-on opened


@dataclass(frozen=True)
class Enrollment:
    device: TOTPDevice
    otpauth_uri: str  # what an authenticator app scans
    secret: str  # the same, for typing in (base32)


def two_factor_enrolled(user: User) -> bool:
    return TOTPDevice.objects.filter(user=user, confirmed=True).exists()


def two_factor_required(user: User) -> bool:
    """Whether the person must present a second factor: enrolled, or holding one of the roles
    that must (LONGHAUL_TWO_FACTOR_ROLES: owners and admins)."""
    if two_factor_enrolled(user):
        return True
    roles = settings.LONGHAUL_TWO_FACTOR_ROLES
    return bool(roles) and Membership.objects.filter(user=user, role__in=roles).exists()


def session_needs_second_factor(request: HttpRequest) -> bool:
    """An authenticated session that must still present a code before it may act."""
    user: Any = request.user
    if not user.is_authenticated or getattr(user, "is_verified", lambda: False)():
        return False
    if request.session.get(SSO_SESSION_KEY):
        return False
    return two_factor_required(user)


def session_data_satisfies(user: User, session: Any) -> bool:
    """The same rule for a stored session (websockets): verified, single sign-on or exempt."""
    if session.get("otp_device_id") or session.get(SSO_SESSION_KEY):
        return True
    return not two_factor_required(user)


def totp_enroll_start(*, user: User) -> Enrollment:
    """An unconfirmed authenticator for the person (the pending one again, if any)."""
    device = TOTPDevice.objects.filter(user=user, confirmed=False).first()
    if device is None:
        device = TOTPDevice.objects.create(user=user, name="authenticator", confirmed=False)
    return Enrollment(device, device.config_url, _base32(device))


def totp_enroll_confirm(*, request: HttpRequest, token: str) -> list[str] | None:
    """Confirms the pending authenticator with a code it shows, which also verifies this
    session; returns fresh recovery codes (shown once), or None when the code is wrong."""
    user: Any = request.user
    device = TOTPDevice.objects.filter(user=user, confirmed=False).first()
    if device is None or not device.verify_token(_digits(token)):
        return None
    with transaction.atomic():
        TOTPDevice.objects.filter(user=user, confirmed=True).delete()
        device.confirmed = True
        device.save(update_fields=["confirmed"])
        codes = _new_recovery_codes(user)
        _audit(user, "two_factor.enrolled")
    otp_login(request, device)
    return codes


def recovery_codes_renew(*, user: User) -> list[str]:
    with transaction.atomic():
        codes = _new_recovery_codes(user)
        _audit(user, "two_factor.recovery_codes_renewed")
    return codes


def second_factor_verify(*, request: HttpRequest, token: str) -> bool:
    """Checks a code from the authenticator, or a recovery code (used up), and marks the
    session verified. Failures are throttled per device by django-otp."""
    user: Any = request.user
    code = token.strip().replace(" ", "")
    for device in _devices(user, code):
        if device.verify_token(code):
            otp_login(request, device)
            kind = "recovery code" if isinstance(device, StaticDevice) else "authenticator"
            _audit(user, "sign_in.second_factor", method=kind)
            return True
    _audit(user, "sign_in.second_factor_failed")
    return False


def _devices(user: User, code: str) -> list[Any]:
    if code.isdigit():
        return list(TOTPDevice.objects.filter(user=user, confirmed=True))
    return list(StaticDevice.objects.filter(user=user, confirmed=True))


def _new_recovery_codes(user: User) -> list[str]:
    StaticDevice.objects.filter(user=user).delete()
    device = StaticDevice.objects.create(user=user, name="recovery codes", confirmed=True)
    codes = [StaticToken.random_token() for _ in range(RECOVERY_CODES)]
    StaticToken.objects.bulk_create(StaticToken(device=device, token=code) for code in codes)
    return codes


def _base32(device: TOTPDevice) -> str:
    return b32encode(device.bin_key).decode()


def _digits(token: str) -> str:
    return "".join(character for character in token if character.isdigit())


def sign_in_record(*, user: User, method: str, **data: object) -> None:
    """A completed sign-in step, in the audit log of each of the person's organizations."""
    _audit(user, "sign_in.succeeded", method=method, **data)


def _audit(user: User, action: str, **data: object) -> None:
    """Recorded in each organization the person belongs to."""
    for organization_id in Membership.objects.filter(user=user).values_list(
        "organization_id", flat=True
    ):
        audit_append(
            organization_id=organization_id,
            action=action,
            actor=user.username,
            actor_user_id=user.pk,
            target=f"user:{user.username}",
            data=data,
        )
