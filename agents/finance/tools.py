"""The finance pack's tools. Parsing and drawing run in the sandbox (agents/finance/inside); the
shape of every answer is checked here, since it was produced next to hostile documents.

- collect_documents (low): stage the run's documents in the workspace and hand them to the
  document pipeline.
- read_documents (low): text, tables and cells of PDFs, workbooks and CSV files.
- render_charts (low): PNG and SVG line charts into the workspace.
- render_report (low): report.pdf typeset from report.md, with the charts.
- release_report (high, network): send the approved report to a webhook outside the platform.
"""

from __future__ import annotations

import hashlib
from typing import Any

from agents.finance import documents, release
from agents.finance.sandboxed import PACK, FinanceToolFailed
from agents.sandbox.python_call import call
from agents.tools.spec import Capability, RiskLevel, ToolSpec

_P = "agents.finance.tools"
CHART_DIR = ".finance/charts"
_SHA = {"type": "string", "pattern": "^[0-9a-f]{64}$"}
_STR = {"type": "string", "maxLength": 200_000}
_CELL = {"type": "object", "required": ["v", "c"], "properties": {"v": {"type": ["string", "number"]}, "c": {"type": "string", "pattern": "^[A-Z]{1,3}[0-9]{1,7}$"}}}  # fmt: skip
_PAGE = {"type": "object", "required": ["number", "chars", "images", "text", "tables"], "properties": {"number": {"type": "integer"}, "chars": {"type": "integer"}, "images": {"type": "integer"}, "text": _STR, "tables": {"type": "array", "items": {"type": "array", "items": {"type": "array", "items": {"type": "string"}}}}}}  # fmt: skip
_SHEET = {"type": "object", "required": ["index", "name", "rows"], "properties": {"index": {"type": "integer"}, "name": {"type": "string"}, "rows": {"type": "array", "items": {"type": "array", "items": _CELL}}}}  # fmt: skip
READ_REPORT = {
    "type": "object",
    "required": ["documents"],
    "properties": {"documents": {"type": "array", "maxItems": 64, "items": {
        "type": "object",
        "required": ["path", "kind"],
        "properties": {
            "path": {"type": "string"}, "kind": {"enum": ["pdf", "xlsx", "csv"]}, "error": {"type": "string"},
            "title": {"type": "string"}, "page_count": {"type": "integer"}, "encrypted": {"type": "boolean"},
            "pages": {"type": "array", "items": _PAGE}, "sheets": {"type": "array", "items": _SHEET},
            "rows": {"type": "array", "items": {"type": "array", "items": {"type": "string"}}},
        },
    }}},
}  # fmt: skip
_CHART = {"type": "object", "required": ["name", "title", "png", "svg", "png_sha256", "svg_sha256"], "properties": {"name": {"type": "string", "pattern": "^[a-z_]{1,40}$"}, "title": {"type": "string"}, "png": {"type": "string", "pattern": "^\\.finance/charts/chart-[a-z_]{1,40}\\.png$"}, "svg": {"type": "string", "pattern": "^\\.finance/charts/chart-[a-z_]{1,40}\\.svg$"}, "png_sha256": _SHA, "svg_sha256": _SHA}}  # fmt: skip
CHARTS_REPORT = {"type": "object", "required": ["charts"], "properties": {"charts": {"type": "array", "maxItems": 6, "items": _CHART}}}  # fmt: skip
PDF_REPORT = {"type": "object", "required": ["pdf", "charts"], "properties": {"pdf": {"type": "string"}, "charts": {"type": "object", "additionalProperties": {"type": "string"}}}}  # fmt: skip


def collect_documents(args: dict[str, Any], env: Any) -> dict[str, Any]:
    return documents.collect(args, env)


def read_documents(args: dict[str, Any], env: Any) -> dict[str, Any]:
    request = {"paths": args["paths"], "max_bytes": documents.MAX_BYTES}
    return call(PACK, env, "read", request, READ_REPORT)


def render_charts(args: dict[str, Any], env: Any) -> dict[str, Any]:
    request = {"charts": args["charts"], "dir": CHART_DIR}
    return call(PACK, env, "charts", request, CHARTS_REPORT)


def render_report(args: dict[str, Any], env: Any) -> dict[str, Any]:
    request = {"markdown": args["markdown"], "title": args["title"], "charts": args["charts"]}
    answer = call(PACK, env, "pdf", request, PDF_REPORT)
    if not answer["pdf"].startswith("JVBERi0"):  # base64 of "%PDF-"
        raise FinanceToolFailed("the report PDF came back damaged")
    return answer


def release_report(args: dict[str, Any], env: Any) -> dict[str, Any]:
    report = args["report"]
    if hashlib.sha256(report["markdown"].encode()).hexdigest() != report["sha256"]:
        raise release.ReleaseFailed("the report differs from the one approved")
    payload = {"report": report, "findings": args["findings"], "artifacts": args["artifacts"]}
    private = tuple(getattr(env.egress, "private_hosts", ()) or ())
    # The platform's call key (run:step:n); elsewhere the report itself identifies the delivery.
    key = str(env.extra.get("idempotency_key") or f"report-{report['sha256']}")
    return release.deliver(args["webhook"], payload, private_hosts=private, idempotency_key=key)


def _object(properties: dict[str, Any], required: list[str]) -> dict[str, Any]:
    return {"type": "object", "properties": properties, "required": required, "additionalProperties": False}  # fmt: skip


_PATH = {"type": "string", "minLength": 1, "maxLength": 500}
_SERIES = {"type": "object", "required": ["label", "points"], "properties": {"label": {"type": "string", "maxLength": 120}, "points": {"type": "array", "maxItems": 40, "items": {"type": "array", "minItems": 2, "maxItems": 2, "items": {"type": "number"}}}}}  # fmt: skip
_CHART_SPEC = _object({"name": {"type": "string", "pattern": "^[a-z_]{1,40}$"}, "title": {"type": "string", "maxLength": 120}, "kind": {"enum": ["percent", "multiple", "amount", "per_share", "count"]}, "series": {"type": "array", "maxItems": 12, "items": _SERIES}}, ["name", "title", "kind", "series"])  # fmt: skip
TOOLS = [
    ToolSpec(
        "collect_documents",
        "Stage the run's documents (workspace files, or stored documents by id) for reading and "
        "hand them to the organization's document pipeline.",
        _object(
            {
                "paths": {"type": "array", "items": _PATH, "maxItems": 40},
                "document_ids": {
                    "type": "array",
                    "items": {"type": "integer", "minimum": 1},
                    "maxItems": 40,
                },
            },
            [],
        ),
        RiskLevel.LOW,
        f"{_P}:collect_documents",
        capabilities=frozenset({Capability.FILESYSTEM_WRITE}),
    ),
    ToolSpec(
        "read_documents",
        "Read the text, tables and cells of PDF, XLSX and CSV files in the workspace (sandboxed).",
        _object(
            {"paths": {"type": "array", "items": _PATH, "minItems": 1, "maxItems": 64}}, ["paths"]
        ),
        RiskLevel.LOW,
        f"{_P}:read_documents",
    ),
    ToolSpec(
        "render_charts",
        "Draw line charts (PNG and SVG) of ledger series into the workspace.",
        _object(
            {"charts": {"type": "array", "items": _CHART_SPEC, "minItems": 1, "maxItems": 6}},
            ["charts"],
        ),
        RiskLevel.LOW,
        f"{_P}:render_charts",
        capabilities=frozenset({Capability.FILESYSTEM_WRITE}),
    ),
    ToolSpec(
        "render_report",
        "Typeset the report's Markdown as a PDF with its charts (sandboxed).",
        _object(
            {
                "markdown": {"type": "string", "maxLength": 2_000_000},
                "title": {"type": "string", "maxLength": 300},
                "charts": {"type": "array", "maxItems": 6, "items": _CHART},
            },
            ["markdown", "title", "charts"],
        ),
        RiskLevel.LOW,
        f"{_P}:render_report",
    ),
    ToolSpec(
        "release_report",
        "Publish the verified research report to a webhook outside the platform. Needs a "
        "reviewer's approval of the exact report and destination.",
        _object(
            {
                "webhook": {"type": "string", "pattern": "^https?://", "maxLength": 2000},
                "report": _object(
                    {"title": {"type": "string"}, "markdown": {"type": "string"}, "sha256": _SHA},
                    ["title", "markdown", "sha256"],
                ),
                "findings": {"type": "array", "items": {"type": "object"}},
                "artifacts": {"type": "object", "additionalProperties": _SHA},
                "review": {"type": "object"},
            },
            ["webhook", "report", "findings", "artifacts"],
        ),
        RiskLevel.HIGH,
        f"{_P}:release_report",
        requires_network=True,
        capabilities=frozenset({Capability.NETWORK}),
    ),
]
