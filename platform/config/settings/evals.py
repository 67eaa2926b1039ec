"""Evaluations (platform/evals, docs/evals.md): where `manage.py eval` finds the platform."""

from __future__ import annotations

from config.env import env_float, env_int, env_str, local_url
from config.settings.web import LONGHAUL_WEB_HOST, LONGHAUL_WEB_PORT

# The platform the runner drives over REST, and its keys: one with the `runs` scope that starts
# the trials' runs, one with `approvals` owned by another person, the scripted reviewer.
LONGHAUL_EVAL_API_URL = env_str(
    "LONGHAUL_EVAL_API_URL", local_url(LONGHAUL_WEB_HOST, LONGHAUL_WEB_PORT)
)
LONGHAUL_EVAL_API_KEY = env_str("LONGHAUL_EVAL_API_KEY", "")
LONGHAUL_EVAL_REVIEWER_KEY = env_str("LONGHAUL_EVAL_REVIEWER_KEY", "")
LONGHAUL_EVAL_POLL_SECONDS = env_float("LONGHAUL_EVAL_POLL_SECONDS", 0.5)
# A run that has not ended this long after it started is an infrastructure timeout.
LONGHAUL_EVAL_TRIAL_TIMEOUT_SECONDS = env_float("LONGHAUL_EVAL_TRIAL_TIMEOUT_SECONDS", 1800.0)
# Attempts per trial: an invalid one (the environment failed it) is tried again up to this.
LONGHAUL_EVAL_MAX_ATTEMPTS = env_int("LONGHAUL_EVAL_MAX_ATTEMPTS", 3)
