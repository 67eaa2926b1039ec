"""Request bodies and request rates at the edge of the web process (core.guards,
gateway.rest_limits)."""

from __future__ import annotations

from config.env import env_int

# Bodies, per kind, before they reach Django (413 past them). The routes that take a file
# accept a multipart body of the named setting's size (plus the form around it).
LONGHAUL_MAX_JSON_BODY_BYTES = env_int("LONGHAUL_MAX_JSON_BODY_BYTES", 2 * 1024 * 1024)
LONGHAUL_MAX_FORM_BODY_BYTES = env_int("LONGHAUL_MAX_FORM_BODY_BYTES", 1024 * 1024)
LONGHAUL_UPLOAD_ROUTES = {
    "runs": "LONGHAUL_MAX_WORKSPACE_BYTES",
    "dashboard:run-new": "LONGHAUL_MAX_WORKSPACE_BYTES",
    "documents": "LONGHAUL_MAX_UPLOAD_BYTES",
    "dashboard:document-upload": "LONGHAUL_MAX_UPLOAD_BYTES",
}
# REST calls (/api/) per minute, counted by the gateway's admission script: per credential
# (API key or session) and per client address. 0 turns a limit off.
LONGHAUL_REST_KEY_RPM = env_int("LONGHAUL_REST_KEY_RPM", 600)
LONGHAUL_REST_ADDRESS_RPM = env_int("LONGHAUL_REST_ADDRESS_RPM", 1200)
# Attempts per minute and client address at the sign-in and password forms (POST), besides the
# per-account lockout (config.settings.accounts).
LONGHAUL_SIGN_IN_ADDRESS_RPM = env_int("LONGHAUL_SIGN_IN_ADDRESS_RPM", 30)
