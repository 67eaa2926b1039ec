"""Organizations' own tools (platform/toolsources, docs/tools.md): MCP servers and OpenAPI
services, called through the outbound address policy with bounds on time and size."""

from __future__ import annotations

from config.env import env_float, env_int, env_list, env_str

# Hosts tool sources may reach although they resolve to private or loopback addresses.
LONGHAUL_TOOL_ALLOWED_PRIVATE_HOSTS = env_list("LONGHAUL_TOOL_ALLOWED_PRIVATE_HOSTS", [])
LONGHAUL_TOOL_MAX_TIMEOUT_SECONDS = env_float("LONGHAUL_TOOL_MAX_TIMEOUT_SECONDS", 60.0)
LONGHAUL_TOOL_ANSWER_BYTES = env_int("LONGHAUL_TOOL_ANSWER_BYTES", 1_000_000)
LONGHAUL_TOOL_RESULT_CHARS = env_int("LONGHAUL_TOOL_RESULT_CHARS", 20_000)
# The runs' port to organizations' tools (runs.toolbox imports it by this path).
LONGHAUL_EXTERNAL_TOOLS = env_str("LONGHAUL_EXTERNAL_TOOLS", "toolsources.port:DjangoExternalTools")
