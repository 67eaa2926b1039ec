"""Approvals (platform/approvals, docs/approvals.md)."""

from __future__ import annotations

from config.env import env_bool, env_float, env_int

# Beat enforces deadlines, escalations and reminders this often, even when no worker looks at
# the run; the SLA figures behind /metrics are refreshed as often.
LONGHAUL_APPROVAL_SWEEP_SECONDS = env_float("LONGHAUL_APPROVAL_SWEEP_SECONDS", 15.0)
LONGHAUL_APPROVAL_SLA_SECONDS = env_float("LONGHAUL_APPROVAL_SLA_SECONDS", 60.0)
LONGHAUL_APPROVAL_SLA_WINDOW_DAYS = env_int("LONGHAUL_APPROVAL_SLA_WINDOW_DAYS", 30)
# A budget extension a reviewer grants is at most this many times what the run asked for (a
# budget rule's max_extension may lower it): one approval cannot hand out an unbounded budget.
LONGHAUL_BUDGET_EXTENSION_MAX_FACTOR = env_float("LONGHAUL_BUDGET_EXTENSION_MAX_FACTOR", 10.0)
# Email each reviewer when a request starts waiting for them (approvals.reviewers), through
# Django's mail backend (EMAIL_* in config.settings.mail).
LONGHAUL_APPROVAL_NOTIFY_EMAIL = env_bool("LONGHAUL_APPROVAL_NOTIFY_EMAIL", True)
