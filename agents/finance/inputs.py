"""The workflow's input (a JSON schema), the checks that turn a bad request into a clear 400
before anything runs, and which metrics the brief asks about."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlsplit

from agents.engine.inputs import check_input_schema
from agents.finance.metrics import METRICS
from agents.outbound import OutboundPolicy, UnsafeURL, validate_url

METRIC_KEYS = sorted(
    {m.key for m in METRICS}
    | {
        "revenue_growth",
        "net_income_growth",
        "operating_income_growth",
        "revenue_cagr",
        "net_income_cagr",
    }
)
OUTPUTS = ("report", "table", "charts")
INPUT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": "Annual reports and statements in (PDF, XLSX, CSV: upload them as the run's "
    "workspace or name stored documents), a cited, reconciled research report out.",
    "properties": {
        "brief": {
            "type": "string",
            "minLength": 1,
            "maxLength": 4000,
            "description": "The question, in plain words; its words choose the metrics (margins, "
            "growth, cash flow, leverage, returns, per-share figures).",
            "examples": ["Compare the margins of these companies over the last three years"],
        },
        "documents": {
            "type": "array",
            "maxItems": 40,
            "description": "Workspace files by path and stored documents by id (default: every "
            "PDF, XLSX and CSV file in the workspace).",
            "examples": [[{"path": "filings/annual-report-2024.pdf"}, {"document_id": 7}]],
            "items": {
                "oneOf": [
                    {
                        "type": "object",
                        "properties": {
                            "path": {"type": "string", "minLength": 1, "maxLength": 500}
                        },
                        "required": ["path"],
                        "additionalProperties": False,
                    },
                    {
                        "type": "object",
                        "properties": {"document_id": {"type": "integer", "minimum": 1}},
                        "required": ["document_id"],
                        "additionalProperties": False,
                    },
                ]
            },
        },
        "companies": {
            "type": "array",
            "items": {"type": "string", "minLength": 2, "maxLength": 120},
            "maxItems": 10,
            "description": "The companies' names; a document belongs to the one it mentions "
            "(default: read from each document's heading or company column).",
            "examples": [["Northwind Traders", "Contoso Ltd"]],
        },
        "periods": {
            "type": "array",
            "items": {"type": "integer", "minimum": 1900, "maximum": 2100},
            "maxItems": 20,
            "uniqueItems": True,
            "description": "Fiscal years to keep (default: every year found).",
            "examples": [[2023, 2024]],
        },
        "outputs": {
            "type": "array",
            "items": {"enum": list(OUTPUTS)},
            "uniqueItems": True,
            "description": "Any of report, table (metrics.csv) and charts (default: all three).",
            "examples": [["report", "table"]],
        },
        "metrics": {
            "type": "array",
            "items": {"enum": METRIC_KEYS},
            "maxItems": 6,
            "uniqueItems": True,
            "description": "Up to six metric names, instead of reading them from the brief.",
            "examples": [["gross_margin", "revenue_growth"]],
        },
        "release": {
            "type": "object",
            "properties": {"webhook": {"type": "string", "maxLength": 2000}},
            "required": ["webhook"],
            "additionalProperties": False,
            "description": "Publish the report to this webhook once a reviewer approved it "
            "(default: no release).",
            "examples": [{"webhook": "https://reports.example.com/incoming"}],
        },
        "drafting": {
            "enum": ["model", "template"],
            "description": "model: the model drafts the prose; template: no model-written prose "
            "(default: model).",
            "examples": ["template"],
        },
        "label_mapping": {
            "enum": ["lexicon", "model"],
            "description": "lexicon: the lexicon, then MiniLM similarity (deterministic); model: "
            "labels both leave are asked of the model (default: lexicon).",
            "examples": ["lexicon"],
        },
        "max_drafts": {
            "type": "integer",
            "minimum": 1,
            "maximum": 4,
            "description": "Model drafts the verifier may refuse before the template writes the "
            "report (default: 2).",
            "examples": [2],
        },
        "context_window": {
            "type": "integer",
            "minimum": 512,
            "maximum": 1_000_000,
            "description": "The model's context in tokens; the facts given to it are cut to fit "
            "(default: no limit).",
            "examples": [8192],
        },
    },
    "required": ["brief"],
    "additionalProperties": False,
    "examples": [
        {
            "brief": "Compare the margins of these companies over the last three years and flag "
            "risks",
            "outputs": ["report", "table", "charts"],
        }
    ],
}
# Words of a brief and the metrics they ask about, in the order charts and tables show them.
FOCUS_WORDS = [
    (r"gross", ["gross_margin"]),
    (r"operating margin|operating profit|ebit", ["operating_margin"]),
    (r"net margin|profitab|net profit", ["net_margin"]),
    (r"margin", ["gross_margin", "operating_margin", "net_margin"]),
    (r"growth|grow|revenue|sales|turnover|top line", ["revenue_growth"]),
    (r"cagr|compound", ["revenue_cagr"]),
    (
        r"free cash|fcf|cash flow|cash generation|cash conversion",
        ["free_cash_flow", "cash_conversion"],
    ),
    (r"leverage|debt|liabilit|solvency|balance sheet", ["liabilities_to_equity"]),
    (r"return on equity|\broe\b|returns", ["return_on_equity"]),
    (r"per share|\beps\b|book value", ["eps_computed", "book_value_per_share"]),
]
DEFAULT_FOCUS = ["revenue_growth", "operating_margin", "net_margin"]
MAX_FOCUS = 5


def initial_state(input: dict[str, Any]) -> dict[str, Any]:
    """The first state of a run; raises ValueError with a clear message for a bad request."""
    options = {key: value for key, value in input.items() if key != "workspace"}
    _check(options)
    return {
        "input": options,
        # Every URL the run may send to: checked against the outbound rule at creation.
        "outbound_urls": [options["release"]["webhook"]] if options.get("release") else [],
        "focus": focus(options["brief"], options.get("metrics")),
        "outputs": list(options.get("outputs") or OUTPUTS),
        "collected": None,
        "documents": [],
        "tables": [],
        "labels": {},
        "structure": [],
        "values": [],
        "ledger": [],
        "findings": [],
        "checks": [],
        "charts": [],
        "attempts": [],
        "prose": None,
        "report": None,
    }


def _check(options: dict[str, Any]) -> None:
    check_input_schema(INPUT_SCHEMA, options)
    if not options["brief"].strip():
        raise ValueError("brief: write what the research should answer")
    webhook = (options.get("release") or {}).get("webhook")
    if webhook is not None:
        check_release_url(webhook)


def check_release_url(webhook: str) -> None:
    """The webhook's form, by the platform's one outbound rule (agents.outbound). Whether its
    address may be reached depends on the operator's allowances, which only the platform knows:
    the platform checks that when the run is created (the state's `outbound_urls`), and the
    release checks it again when it sends."""
    host = (urlsplit(webhook).hostname or "") if "://" in webhook else ""
    try:
        validate_url(webhook, OutboundPolicy.of([host] if host else []), resolve=False)
    except UnsafeURL as error:
        raise ValueError(f"release/webhook: {error}") from None


def focus(brief: str, metrics: list[str] | None) -> list[str]:
    """The metrics the brief asks about (or those named in `metrics`), at most five."""
    if metrics:
        return list(metrics)[:MAX_FOCUS]
    text = brief.lower()
    chosen: list[str] = []
    for pattern, keys in FOCUS_WORDS:
        if re.search(pattern, text):
            chosen += [key for key in keys if key not in chosen]
    return (chosen or DEFAULT_FOCUS)[:MAX_FOCUS]
