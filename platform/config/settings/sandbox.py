"""The sandbox (agents/sandbox, docs/sandbox.md): which one, its limits and its egress."""

from __future__ import annotations

from config.env import env_bool, env_float, env_int, env_list, env_str

LONGHAUL_SANDBOX = env_str("LONGHAUL_SANDBOX", "agents.sandbox.bubblewrap.BubblewrapSandbox")
# LONGHAUL_SANDBOX_POOL (default 2; 0: off): sandboxes started ahead of their command. Read by
# BubblewrapSandbox itself from the environment (agents/ has no Django), so it is not a setting.
LONGHAUL_PACKAGE_INDEX_URL = env_str("LONGHAUL_PACKAGE_INDEX_URL", "https://pypi.org/simple")
# Limits, recorded on each run at its start: for all the processes of one command together (a
# cgroup where the host has one; /readyz says), and the workspace's disk quota in bytes and in
# files and directories.
# /readyz waits at most this long for the sandbox's test-run probe (a real pytest file; seconds
# on a busy host) and otherwise reports it under way: readiness polls stay fast.
LONGHAUL_SANDBOX_PROBE_WAIT_SECONDS = env_float("LONGHAUL_SANDBOX_PROBE_WAIT_SECONDS", 2.0)
LONGHAUL_SANDBOX_MEMORY_BYTES = env_int("LONGHAUL_SANDBOX_MEMORY_BYTES", 1024**3)
LONGHAUL_SANDBOX_CPUS = env_float("LONGHAUL_SANDBOX_CPUS", 1.0)
LONGHAUL_SANDBOX_MAX_PROCESSES = env_int("LONGHAUL_SANDBOX_MAX_PROCESSES", 128)
LONGHAUL_SANDBOX_DISK_BYTES = env_int("LONGHAUL_SANDBOX_DISK_BYTES", 1024**3)
LONGHAUL_SANDBOX_DISK_FILES = env_int("LONGHAUL_SANDBOX_DISK_FILES", 50_000)
# True: no command runs, and /readyz fails, where no cgroup bounds the sandbox as a whole.
LONGHAUL_SANDBOX_REQUIRE_CGROUPS = env_bool("LONGHAUL_SANDBOX_REQUIRE_CGROUPS", False)
# An approved install reaches the index's host:port and these, nothing else. Names must resolve
# to public addresses; the exact host:port pairs in _PRIVATE_HOSTS may be private (a mirror).
LONGHAUL_SANDBOX_EGRESS_HOSTS = env_list(
    "LONGHAUL_SANDBOX_EGRESS_HOSTS", ["files.pythonhosted.org:443"]
)
LONGHAUL_SANDBOX_EGRESS_PRIVATE_HOSTS = env_list("LONGHAUL_SANDBOX_EGRESS_PRIVATE_HOSTS", [])
