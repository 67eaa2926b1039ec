"""Accounts (platform/accounts): API keys and websocket tickets."""

from __future__ import annotations

from datetime import timedelta

from config.env import env_bool, env_int, env_list

API_KEY_CACHE_SECONDS = env_int("LONGHAUL_API_KEY_CACHE_SECONDS", 5)
# How long a websocket ticket (POST /api/runs/{id}/ws-ticket) may wait to be redeemed, once.
LONGHAUL_WS_TICKET_SECONDS = env_int("LONGHAUL_WS_TICKET_SECONDS", 30)

# --- Sign-in lockout (accounts.lockout, django-axes): per account and per client address.
AXES_FAILURE_LIMIT = env_int("LONGHAUL_SIGN_IN_FAILURE_LIMIT", 10)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("LONGHAUL_SIGN_IN_LOCKOUT_MINUTES", 30))
# Each parameter alone: an account locked from any address, an address locked for any account.
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]
# A success must not clear failures: resetting by address would clear the failures against
# another account too, and let a guesser with an account of their own go on for ever.
AXES_RESET_ON_SUCCESS = False
AXES_CLIENT_IP_CALLABLE = "accounts.lockout.client_address"
AXES_LOCKOUT_CALLABLE = "accounts.lockout.lockout_response"
AXES_USERNAME_FORM_FIELD = "username"
AXES_SENSITIVE_PARAMETERS = ["password", "new_password1", "new_password2", "old_password"]
AXES_VERBOSE = False

# --- Two-factor sign-in (accounts.two_factor, django-otp): the roles that must use a second
# factor with a local password, and the name authenticator apps show.
LONGHAUL_TWO_FACTOR_ROLES = env_list("LONGHAUL_TWO_FACTOR_ROLES", ["owner", "admin"])
OTP_TOTP_ISSUER = "Longhaul"
# The admin never shows a person's authenticator key or its QR code (staff remove devices only).
OTP_ADMIN_HIDE_SENSITIVE_DATA = True

# --- Single sign-on (accounts.sso, accounts.oidc): an identity provider's URLs pass the outbound
# address policy (agents.outbound); an operator names a provider on a private network here.
LONGHAUL_SSO_ALLOWED_PRIVATE_HOSTS = env_list("LONGHAUL_SSO_ALLOWED_PRIVATE_HOSTS", [])
LONGHAUL_SSO_REQUIRE_HTTPS = env_bool("LONGHAUL_SSO_REQUIRE_HTTPS", True)
# How far an ID token's times (exp, iat) may be off the platform's clock.
LONGHAUL_OIDC_CLOCK_SKEW_SECONDS = env_int("LONGHAUL_OIDC_CLOCK_SKEW_SECONDS", 120)
# How far a SAML assertion's times (NotBefore, NotOnOrAfter) may be off the platform's clock.
LONGHAUL_SAML_CLOCK_SKEW_SECONDS = env_int("LONGHAUL_SAML_CLOCK_SKEW_SECONDS", 120)
# How long a person may take at the provider between leaving and coming back.
LONGHAUL_SSO_FLOW_SECONDS = env_int("LONGHAUL_SSO_FLOW_SECONDS", 600)
LONGHAUL_SSO_HTTP_TIMEOUT_SECONDS = env_int("LONGHAUL_SSO_HTTP_TIMEOUT_SECONDS", 10)
