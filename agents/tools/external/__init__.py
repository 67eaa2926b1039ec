"""Tools an organization brings: MCP servers (streamable HTTP, or stdio in the sandbox) and
OpenAPI 3 services. Plain Python: the platform (`toolsources`) stores sources and hands this
package a `SourceConfig`; this package discovers their tools and calls them.

Everything a source says is untrusted: descriptions are clipped and labelled, results are
clipped and returned as data wrapped in a note that says so, and every HTTP request goes through
`agents.outbound`'s address policy, the source's host allow-list and a size bound.
"""

from __future__ import annotations

from agents.tools.external.calling import call_tool, discover
from agents.tools.external.source import (
    RemoteTool,
    SourceConfig,
    SourceError,
    SourceKind,
)

__all__ = ["RemoteTool", "SourceConfig", "SourceError", "SourceKind", "call_tool", "discover"]
