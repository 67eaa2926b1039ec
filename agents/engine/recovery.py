"""Error classification for tool outcomes, and the recovery each class gets."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from agents.engine.types import ToolOutcome

MISSING_MODULE = re.compile(r"(?:ModuleNotFoundError|ImportError): No module named '([\w.]+)'")
TIMEOUT_CLASSES = frozenset({"SandboxTimeout", "CpuTimeExceeded", "TimeoutError"})
INVALID_CLASSES = frozenset({"ToolArgumentsInvalid", "UnknownTool"})
# Import names whose distribution is named otherwise (the kept table; extend it as met).
DISTRIBUTIONS = {
    "yaml": "PyYAML", "bs4": "beautifulsoup4", "PIL": "Pillow", "sklearn": "scikit-learn",
    "cv2": "opencv-python-headless", "dateutil": "python-dateutil", "attr": "attrs",
    "jwt": "PyJWT", "dotenv": "python-dotenv", "magic": "python-magic", "Crypto": "pycryptodome",
    "OpenSSL": "pyOpenSSL", "serial": "pyserial", "usb": "pyusb", "git": "GitPython",
    "docx": "python-docx", "pptx": "python-pptx", "slugify": "python-slugify", "zmq": "pyzmq",
    "psycopg2": "psycopg2-binary", "MySQLdb": "mysqlclient", "fitz": "PyMuPDF",
    "skimage": "scikit-image", "multipart": "python-multipart", "jose": "python-jose",
    "markdown": "Markdown", "mpl_toolkits": "matplotlib", "tomli_w": "tomli-w",
    "pkg_resources": "setuptools", "typing_extensions": "typing-extensions",
    "google": "protobuf", "websocket": "websocket-client", "Levenshtein": "Levenshtein",
}  # fmt: skip


@dataclass(frozen=True)
class Diagnosis:
    category: str  # ok | missing_dependency | test_failure | timeout | invalid_arguments |
    # command_failed | tool_error | rejected | invalid_output
    detail: str = ""
    module: str | None = None


def classify(tool: str, outcome: ToolOutcome) -> Diagnosis:
    text = _text_of(outcome)
    if outcome.error_class in TIMEOUT_CLASSES:
        return Diagnosis("timeout", outcome.error or "timed out")
    if outcome.error_class in INVALID_CLASSES:
        return Diagnosis("invalid_arguments", outcome.error or "")
    missing = MISSING_MODULE.search(text)
    if missing:
        module = missing.group(1).split(".")[0]
        return Diagnosis("missing_dependency", f"No module named {module!r}", module)
    return _by_output(tool, outcome)


def _by_output(tool: str, outcome: ToolOutcome) -> Diagnosis:
    output = outcome.output if isinstance(outcome.output, dict) else {}
    if not outcome.ok:
        return Diagnosis("tool_error", f"{outcome.error_class}: {outcome.error}")
    if "all_passed" in output and not output["all_passed"]:
        failures = "; ".join(output.get("failures") or []) or output.get("summary", "")
        return Diagnosis("test_failure", failures[:800])
    if output.get("exit_code") not in (None, 0):
        return Diagnosis("command_failed", f"exit code {output['exit_code']}")
    return Diagnosis("ok")


# The failure classes of tool reliability (docs/runs.md), in report order. Every completed call
# that did not do what it was asked falls in exactly one of them.
FAILURE_CLASSES = (
    "missing_dependency",
    "timeout",
    "invalid_arguments",
    "permission_denied",
    "resource_limit",
    "quota_exceeded",
    "nonzero_exit",
    "test_failure",
    "other",
)
_FAILURE_BY_CATEGORY = {
    "missing_dependency": "missing_dependency",
    "timeout": "timeout",
    "invalid_arguments": "invalid_arguments",
    "command_failed": "nonzero_exit",
    "test_failure": "test_failure",
}
# Tool errors by exception class; anything else a tool raises is `other`.
_FAILURE_BY_ERROR_CLASS = {
    "PolicyDenied": "permission_denied",
    "WorkspaceEscape": "permission_denied",
    "LinkRefused": "permission_denied",
    "NotRegularFile": "permission_denied",
    "MemoryExceeded": "resource_limit",
    "FileSizeExceeded": "resource_limit",
    "ProcessLimitExceeded": "resource_limit",
    "OutputTruncated": "resource_limit",
    "WalkLimit": "resource_limit",
    "DiskQuotaExceeded": "quota_exceeded",
}


def failure_class(tool: str, outcome: ToolOutcome) -> str:
    """The outcome's class among FAILURE_CLASSES, or "" when the call did what it was asked
    (it raised nothing, its command exited 0, its tests passed)."""
    category = classify(tool, outcome).category
    if category == "ok":
        return ""
    if category in _FAILURE_BY_CATEGORY:
        return _FAILURE_BY_CATEGORY[category]
    return _FAILURE_BY_ERROR_CLASS.get(outcome.error_class or "", "other")


def distribution_for(module: str) -> str:
    return DISTRIBUTIONS.get(module, module)


def guidance_for(diagnosis: Diagnosis) -> str | None:
    """The hint the next act prompt carries; None when the outcome needs none."""
    hints = {
        "test_failure": "Tests fail: " + diagnosis.detail + ". Read the failing test and the code "
        "it exercises, then fix the code (not the test) with patch_file and run the tests again.",
        "timeout": "The last action timed out. Take a smaller step: run one test file or a "
        "narrower command, or pass a shorter timeout_s.",
        "invalid_arguments": "The tool arguments were invalid: " + diagnosis.detail + ". Call "
        "the tool again with arguments that match its schema.",
        "invalid_output": diagnosis.detail + " Reply with exactly one tool call.",
        "command_failed": "The command failed (" + diagnosis.detail + "); read its output.",
        "tool_error": "The tool failed: " + diagnosis.detail,
        "rejected": "A reviewer rejected that action: " + diagnosis.detail + ". Find a way "
        "that does not need it.",
        "missing_dependency": "A module is missing (" + diagnosis.detail + ") and could not "
        "be installed; work without it.",
    }
    return hints.get(diagnosis.category)


def _text_of(outcome: ToolOutcome) -> str:
    return f"{outcome.error or ''}\n{json.dumps(outcome.output, default=str)}"


def summarize_outcome(tool: str, outcome: ToolOutcome, limit: int) -> str:
    """The observation the model reads: the output itself, clipped, or the error."""
    if not outcome.ok:
        body: Any = {"error": f"{outcome.error_class}: {outcome.error}"}
        if outcome.output:
            body["partial_output"] = outcome.output
    else:
        body = outcome.output
    return clip(render_value(body), limit)


def render_value(value: Any) -> str:
    """Readable for a small model: multi-line strings stay raw instead of JSON-escaped."""
    if isinstance(value, str):
        return value
    if not isinstance(value, dict):
        return json.dumps(value, default=str)
    lines = []
    for key, item in value.items():
        if isinstance(item, str) and "\n" in item:
            lines.append(f"{key}:\n{item.rstrip()}")
        elif isinstance(item, dict):
            lines.append(f"{key}: {json.dumps(item, default=str)}")
        else:
            lines.append(
                f"{key}: {item if isinstance(item, str) else json.dumps(item, default=str)}"
            )
    return "\n".join(lines)


def clip(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    head = limit // 3
    return f"{text[:head]}\n...[{len(text) - limit} characters cut]...\n{text[-(limit - head) :]}"
