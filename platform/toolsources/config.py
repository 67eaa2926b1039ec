"""From a stored source to what the runtime calls: decrypted credentials, the tools' policy."""

from __future__ import annotations

import json

from django.conf import settings

from agents.outbound import OutboundPolicy
from agents.tools.external import RemoteTool, SourceConfig, SourceKind
from core.secrets import decrypt_secret, encrypt_secret
from toolsources.models import ExternalTool, ToolSource

ALLOW_SETTING = "LONGHAUL_TOOL_ALLOWED_PRIVATE_HOSTS"


def policy() -> OutboundPolicy:
    return OutboundPolicy.of(
        settings.LONGHAUL_TOOL_ALLOWED_PRIVATE_HOSTS, allow_setting=ALLOW_SETTING
    )


def sealed_headers(headers: dict[str, str]) -> str:
    return encrypt_secret(json.dumps(headers)) if headers else ""


def source_config(source: ToolSource) -> SourceConfig:
    headers = (
        json.loads(decrypt_secret(source.headers_ciphertext)) if source.headers_ciphertext else {}
    )
    return SourceConfig(
        name=source.name,
        kind=SourceKind(source.kind),
        url=source.url,
        command=tuple(source.command),
        document=source.document,
        headers=headers,
        hosts=frozenset(h.lower() for h in source.allowed_hosts),
        timeout_s=float(source.timeout_seconds),
        answer_bytes=int(settings.LONGHAUL_TOOL_ANSWER_BYTES),
        result_chars=int(settings.LONGHAUL_TOOL_RESULT_CHARS),
        policy=policy(),
    )


def remote_tool(tool: ExternalTool) -> RemoteTool:
    return RemoteTool(tool.remote_name, tool.description, tool.parameters, tool.operation)
