"""Runs (platform/runs): leases, recovery, workspaces, snapshots, the agents' model, plug-ins."""

from __future__ import annotations

from pathlib import Path

from config.env import env_float, env_int, env_list, env_str
from config.settings.paths import DATA_DIR

LONGHAUL_WORKSPACES_DIR = DATA_DIR / "workspaces"
LONGHAUL_ARTIFACTS_DIR = DATA_DIR / "artifacts"
LONGHAUL_RUN_LEASE_SECONDS = env_int("LONGHAUL_RUN_LEASE_SECONDS", 30)
LONGHAUL_RUN_MAX_LOST = env_int("LONGHAUL_RUN_MAX_LOST", 5)  # worker losses before a run fails
LONGHAUL_LEASE_RECOVERY_SECONDS = env_float("LONGHAUL_LEASE_RECOVERY_SECONDS", 5.0)
# Queued this long without a worker picking the run up: enqueue it again (a lost message).
LONGHAUL_QUEUED_REENQUEUE_SECONDS = env_float("LONGHAUL_QUEUED_REENQUEUE_SECONDS", 60.0)
LONGHAUL_ALLOWED_REPO_ROOTS = env_list("LONGHAUL_ALLOWED_REPO_ROOTS", [])
# Git remote URL prefixes runs may start from (and push a fix back to as a new branch): http(s)
# entries may carry the platform's own `user:token@`; ssh uses LONGHAUL_GIT_SSH_COMMAND's keys.
LONGHAUL_ALLOWED_GIT_REMOTES = env_list("LONGHAUL_ALLOWED_GIT_REMOTES", [])
LONGHAUL_GIT_SSH_COMMAND = env_str("LONGHAUL_GIT_SSH_COMMAND", "")
# A step that fails for environmental reasons (model endpoint down, overloaded or timing out,
# sandbox unable to start) is retried with exponential backoff and jitter (first delay, cap) for
# this long while the run shows `waiting`; only then does it fail, as an infrastructure failure.
LONGHAUL_RUN_INFRA_RETRY_WINDOW_SECONDS = env_float(
    "LONGHAUL_RUN_INFRA_RETRY_WINDOW_SECONDS", 300.0
)
LONGHAUL_RUN_INFRA_RETRY_FIRST_SECONDS = env_float("LONGHAUL_RUN_INFRA_RETRY_FIRST_SECONDS", 1.0)
LONGHAUL_RUN_INFRA_RETRY_MAX_BACKOFF_SECONDS = env_float(
    "LONGHAUL_RUN_INFRA_RETRY_MAX_BACKOFF_SECONDS", 30.0
)
# Workspace snapshots taken before tool calls that may write (crash recovery and rollback):
# outside every workspace, the newest N per run, none of a workspace over the byte/file bounds.
LONGHAUL_SNAPSHOTS_DIR = Path(env_str("LONGHAUL_SNAPSHOTS_DIR", str(DATA_DIR / "snapshots")))
LONGHAUL_RUN_SNAPSHOT_RETENTION = env_int("LONGHAUL_RUN_SNAPSHOT_RETENTION", 50)
LONGHAUL_RUN_SNAPSHOT_MAX_BYTES = env_int("LONGHAUL_RUN_SNAPSHOT_MAX_BYTES", 256 * 1024 * 1024)
LONGHAUL_RUN_SNAPSHOT_MAX_FILES = env_int("LONGHAUL_RUN_SNAPSHOT_MAX_FILES", 50_000)
LONGHAUL_MAX_WORKSPACE_BYTES = env_int("LONGHAUL_MAX_WORKSPACE_BYTES", 200 * 1024 * 1024)
LONGHAUL_MAX_WORKSPACE_FILES = env_int("LONGHAUL_MAX_WORKSPACE_FILES", 50_000)
# Tool reliability and run failures on /metrics (runs.metrics): beat recomputes the figures from
# the database this often into the cache the web process exports; latency quantiles cover the
# last window.
LONGHAUL_RUN_METRICS_SECONDS = env_float("LONGHAUL_RUN_METRICS_SECONDS", 15.0)
LONGHAUL_TOOL_LATENCY_WINDOW_SECONDS = env_float("LONGHAUL_TOOL_LATENCY_WINDOW_SECONDS", 3600.0)
# Tests point this at the scripted model server; empty means LONGHAUL_GATEWAY_URL.
LONGHAUL_AGENT_MODEL_URL = env_str("LONGHAUL_AGENT_MODEL_URL", "")
LONGHAUL_AGENT_CHAT_TIMEOUT_SECONDS = env_float("LONGHAUL_AGENT_CHAT_TIMEOUT_SECONDS", 300.0)
# Model-call traces (runs.traces): each text in a recorded call is cut at the first size, a whole
# call at the second (its texts cut shorter); traces are kept this many days unless the
# organization sets its own retention, and beat purges older ones this often.
LONGHAUL_TRACE_FIELD_MAX_CHARS = env_int("LONGHAUL_TRACE_FIELD_MAX_CHARS", 32_000)
LONGHAUL_TRACE_CALL_MAX_CHARS = env_int("LONGHAUL_TRACE_CALL_MAX_CHARS", 256_000)
LONGHAUL_TRACE_RETENTION_DAYS = env_int("LONGHAUL_TRACE_RETENTION_DAYS", 30)
LONGHAUL_TRACE_PURGE_SECONDS = env_float("LONGHAUL_TRACE_PURGE_SECONDS", 3600.0)
# Extra workflows ("name=dotted.path,...") and tools (dotted paths to ToolSpec) as plug-ins.
LONGHAUL_EXTRA_WORKFLOWS = env_list("LONGHAUL_EXTRA_WORKFLOWS", [])
# The packs' tools join the runtime's registry after any the environment names: the 3D asset
# workflow's (build, render, export), the finance workflow's (read, chart, typeset, release)
# and the agent memory tools (remember, recall, search_documents).
_BUILT_IN_TOOLS = [
    "agents.three_d.tools:TOOLS",
    "agents.finance.tools:TOOLS",
    "agents.tools.memory_tools:TOOLS",
]
_EXTRA_TOOLS = env_list("LONGHAUL_EXTRA_TOOLS", [])
LONGHAUL_EXTRA_TOOLS = [*_EXTRA_TOOLS, *(t for t in _BUILT_IN_TOOLS if t not in _EXTRA_TOOLS)]
