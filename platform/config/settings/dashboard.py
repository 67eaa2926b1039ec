"""Dashboard (platform/dashboard, frontend/)."""

from __future__ import annotations

# A strict Content-Security-Policy on every page (dashboard.middleware); directives here replace
# the defaults, e.g. {"img-src": "'self' data:"}.
LONGHAUL_CSP_OVERRIDES: dict[str, str] = {}
