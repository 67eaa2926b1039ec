"""Codes an authenticator app would show, computed from the device's key (no waiting)."""

from __future__ import annotations

import time

from django_otp.oath import TOTP
from django_otp.plugins.otp_totp.models import TOTPDevice


def next_code(device: TOTPDevice) -> str:
    """The code for the earliest time step the device still accepts: the current one, or the
    one after the last it accepted (django-otp refuses a step twice, and allows one ahead)."""
    device.refresh_from_db()
    totp = TOTP(device.bin_key, device.step, device.t0, device.digits, device.drift)
    totp.time = time.time()
    if totp.t() <= device.last_t:
        totp.time += (device.last_t + 1 - totp.t()) * device.step
    return f"{totp.token():0{device.digits}d}"
