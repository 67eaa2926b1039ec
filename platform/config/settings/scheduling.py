"""Scheduling: the Celery lanes and the run scheduler's slots, limits and weights.

Agent steps go to the steps queue; everything a person or a business system waits on
(document ingestion, approvals and their deadlines, webhooks, usage flushes, probes, the
scheduler itself) goes to the interactive queue, which its own worker pool consumes, so it never
waits behind an agent step. docs/scheduling.md describes both.
"""

from __future__ import annotations

from config.env import env_float, env_int, env_numbers

STEPS_QUEUE = "longhaul"
INTERACTIVE_QUEUE = "longhaul.interactive"
LONGHAUL_QUEUES = (STEPS_QUEUE, INTERACTIVE_QUEUE)
# Everything a person or a business system waits on, by name pattern; agent steps and the
# trace purge (housekeeping that may delete many rows) stay on the steps queue.
_INTERACTIVE_TASKS = (
    "memory.tasks.*",
    "approvals.tasks.*",
    "webhooks.tasks.*",
    "gateway.tasks.*",
    "inference.tasks.*",
    "runs.tasks.schedule_runs",
    "runs.tasks.recover_expired_leases",
    "runs.tasks.refresh_metrics",
)
CELERY_TASK_ROUTES = {pattern: {"queue": INTERACTIVE_QUEUE} for pattern in _INTERACTIVE_TASKS}

# Worker processes `make up` starts for each lane.
LONGHAUL_STEP_WORKERS = env_int("LONGHAUL_STEP_WORKERS", 2)
LONGHAUL_INTERACTIVE_WORKERS = env_int("LONGHAUL_INTERACTIVE_WORKERS", 2)
# Runs admitted at once: the step workers' processes across every machine (an autoscaler that
# adds step workers raises it with them).
LONGHAUL_RUN_SLOTS = env_int("LONGHAUL_RUN_SLOTS", LONGHAUL_STEP_WORKERS)
# Slots beyond those for an organization that holds none, so its first run never waits for
# another's step boundary; each is a step worker process kept free (`make up` starts
# LONGHAUL_STEP_WORKERS + this many). A burst slot goes back when a run over its share yields.
LONGHAUL_RUN_BURST_SLOTS = env_int("LONGHAUL_RUN_BURST_SLOTS", 1)
# Runs one organization may hold at once (0: no limit but the slots); per organization slug.
LONGHAUL_ORG_MAX_RUNS = env_int("LONGHAUL_ORG_MAX_RUNS", 0)
LONGHAUL_ORG_RUN_LIMITS = env_numbers("LONGHAUL_ORG_RUN_LIMITS")
# Organizations share the slots in proportion to their weight (default 1), by slug.
LONGHAUL_ORG_WEIGHTS = env_numbers("LONGHAUL_ORG_WEIGHTS")
# Beat's admission pass (a safety net: every change that frees a slot or queues a run asks for
# one), and how long an admitted run may go unstarted before its task is sent again.
LONGHAUL_SCHEDULER_SECONDS = env_float("LONGHAUL_SCHEDULER_SECONDS", 2.0)
LONGHAUL_ADMISSION_RESEND_SECONDS = env_float("LONGHAUL_ADMISSION_RESEND_SECONDS", 15.0)
