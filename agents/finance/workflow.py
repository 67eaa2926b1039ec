"""The "finance_research" workflow: filings and statements in, a cited, reconciled report out.

    ingest -> locate -> extract -> reconcile -> compute -> chart -> draft <-> verify
                                                                      verify -> render -> release
                                                                                (approval)

ingest stages the documents and hands them to the document pipeline; locate reads them in the
sandbox and finds the statements, their years, units and currencies; extract maps line labels to
the schema (the model only for labels no alias knows, under a JSON schema); reconcile picks one
primary value per line item and year and checks totals, the balance sheet and agreement between
documents; compute derives metrics with pandas as a formula ledger; chart draws the series the
brief asks about; draft has the model write prose from the ledger (or falls back to the
template); verify refuses any number not in the ledger and sends the draft back; render writes
HTML and PDF; release sends the report outside the platform only after a reviewer approved it.
"""

from __future__ import annotations

from typing import Any

from agents.engine.types import Context, Finish, Node, Update, Workflow
from agents.finance import delivery, labels
from agents.finance import findings as F
from agents.finance.extract import extract
from agents.finance.inputs import INPUT_SCHEMA, initial_state
from agents.finance.ledger import with_display
from agents.finance.locate import locate
from agents.finance.metrics import compute
from agents.finance.reconcile import reconcile
from agents.finance.similarity import local_embedder
from agents.finance.structure import check_tables

NAME = "finance_research"


def build_workflow() -> Workflow:
    nodes: dict[str, Node] = {
        "ingest": ingest_node,
        "locate": locate_node,
        "extract": extract_node,
        "reconcile": reconcile_node,
        "compute": compute_node,
        "chart": chart_node,
        "draft": delivery.draft_node,
        "verify": delivery.verify_node,
        "render": delivery.render_node,
        "release": delivery.release_node,
    }
    transitions = {
        "ingest": ("locate",),
        "locate": ("extract",),
        "extract": ("reconcile",),
        "reconcile": ("compute",),
        "compute": ("chart", "draft"),
        "chart": ("draft",),
        "draft": ("verify", "draft"),
        "verify": ("draft", "render"),
        "render": ("release",),
        "release": (),
    }
    return Workflow(
        NAME,
        nodes,
        "ingest",
        transitions,
        "From annual reports and statements to a cited, reconciled research report.",
        initial_state,
        INPUT_SCHEMA,
    )


# --- ingest -------------------------------------------------------------------------------------
def ingest_node(state: dict[str, Any], ctx: Context) -> Update | Finish:
    named = state["input"].get("documents") or []
    arguments = {
        "paths": [d["path"] for d in named if "path" in d],
        "document_ids": [d["document_id"] for d in named if "document_id" in d],
    }
    outcome = ctx.call_tool("collect_documents", arguments, call_index=0)
    if not outcome.ok:
        return delivery.failed(state, f"the documents could not be collected: {outcome.error}")
    collected = outcome.output
    problems = [F.unreadable(s["path"], s["reason"]) for s in collected["skipped"]]
    problems += [
        _not_ingested(d)
        for d in collected["documents"]
        if str(d.get("ingest", "")).startswith("refused")
    ]
    state = {**state, "findings": state["findings"] + problems}
    ctx.emit(
        "documents",
        {
            "documents": [
                {k: d.get(k) for k in ("path", "document_id", "ingest")}
                for d in collected["documents"]
            ]
        },
    )
    if not collected["documents"]:
        reason = (
            "no PDF, XLSX or CSV document to read: upload them with the run (a .tar.gz "
            "workspace) or name stored documents by document_id"
        )
        return delivery.failed(state, reason)
    return Update({"collected": collected, "findings": state["findings"]}, "locate")


def _not_ingested(document: dict[str, Any]) -> dict[str, Any]:
    message = f"{document['path']}: the document pipeline {document['ingest']}; it is still read for figures."
    return F.finding("not_ingested", message, severity="info", document=document["path"])


# --- locate -------------------------------------------------------------------------------------
def locate_node(state: dict[str, Any], ctx: Context) -> Update | Finish:
    collected = state["collected"]["documents"]
    outcome = ctx.call_tool(
        "read_documents", {"paths": [d["path"] for d in collected]}, call_index=0
    )
    if not outcome.ok:
        return delivery.failed(state, f"the documents could not be read: {outcome.error}")
    located = locate(outcome.output["documents"], state["input"].get("companies") or [])
    by_path = {d["path"]: d for d in collected}
    documents = [
        {**info, **_pipeline(by_path.get(info["path"], {}))} for info in located["documents"]
    ]
    findings = state["findings"] + located["findings"]
    ctx.emit(
        "statements",
        {
            "documents": [
                {k: d.get(k) for k in ("path", "company", "fiscal_year", "statements")}
                for d in documents
            ]
        },
    )
    if not located["tables"]:
        return delivery.failed(
            {**state, "findings": findings},
            "no financial statements were found in the documents; see findings.json for each document",
        )
    changes = {
        "documents": documents,
        "tables": located["tables"],
        "labels": labels.decide(located["tables"], local_embedder()),
        "findings": findings,
    }
    return Update(changes, "extract")


def _pipeline(collected: dict[str, Any]) -> dict[str, Any]:
    return {key: collected.get(key) for key in ("document_id", "sha256", "origin", "ingest")}


# --- extract ------------------------------------------------------------------------------------
def extract_node(state: dict[str, Any], ctx: Context) -> Update | Finish:
    decisions = {name: dict(d) for name, d in state["labels"].items()}
    problems = []
    unknown = labels.pending(decisions)
    if unknown and state["input"].get("label_mapping") == "model":
        problems += _model_mapping(state, ctx, unknown, decisions)
    values = extract(state["tables"], state["documents"], decisions)
    periods = set(state["input"].get("periods") or [])
    if periods:
        values = [v for v in values if v["period"] in periods]
    structure = [
        r for r in check_tables(state["tables"], decisions) if not periods or r["period"] in periods
    ]
    findings = state["findings"] + problems + labels.findings(decisions)
    by = sorted({d["by"] for d in decisions.values()})
    ctx.emit("extracted", {"values": len(values), "mapped_by": by, "checks": len(structure)})
    if not values:
        return delivery.failed(
            {**state, "findings": findings},
            "no line item of the schema was found in the statements",
        )
    changes = {
        "values": values,
        "tables": [],
        "labels": decisions,
        "structure": structure,
        "findings": findings,
    }
    return Update(changes, "reconcile")


def _model_mapping(
    state: dict[str, Any],
    ctx: Context,
    unknown: list[dict[str, str]],
    decisions: dict[str, dict[str, Any]],
) -> list[dict[str, Any]]:
    """The model stage, for the labels the lexicon and similarity left; its mappings are
    written into `decisions`."""
    tokens = labels.tokens_needed(unknown)
    if delivery.tokens_left(state, ctx) < tokens * 2:
        message = "Unusual line labels were not sent to the model: the token budget is too small."
        return [F.finding("unmapped_label", message, category="extraction", severity="info")]
    schema = labels.response_schema(unknown)
    answer, error = delivery.ask(ctx, labels.messages(unknown), "label_mapping", schema, tokens)
    if error is not None:
        message = f"The model could not map unusual labels ({error}); they stay unmapped."
        return [F.finding("unmapped_label", message, category="extraction", severity="warning")]
    problem = labels.apply_model(answer, unknown, decisions)
    return [problem] if problem else []


# --- reconcile and compute ---------------------------------------------------------------------
def reconcile_node(state: dict[str, Any], ctx: Context) -> Update:
    result = reconcile(state["values"], state.get("structure"), state["documents"])
    failed = [f for f in result["findings"] if f["category"] == "reconciliation"]
    ctx.emit(
        "reconciled",
        {
            "checks": len(result["checks"]),
            "failed": [f"{f['code']}:{f.get('company')}:{f.get('period')}" for f in failed],
        },
    )
    changes = {
        "ledger": result["entries"],
        "values": [],
        "structure": [],
        "checks": result["checks"],
        "findings": state["findings"] + result["findings"],
    }
    return Update(changes, "compute")


def compute_node(state: dict[str, Any], ctx: Context) -> Update:
    metrics = compute(state["ledger"])
    ledger = with_display(state["ledger"] + metrics)
    findings = F.numbered(_named(state["findings"], ledger))
    ctx.emit("metrics", {"computed": len(metrics), "focus": state["focus"]})
    wants_charts = "charts" in state["outputs"] and any(
        e.get("metric") in state["focus"] for e in metrics
    )
    return Update({"ledger": ledger, "findings": findings}, "chart" if wants_charts else "draft")


def _named(findings: list[dict[str, Any]], ledger: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Company findings carry the company's name as well as its key."""
    names = {e["company_key"]: e["company"] for e in ledger}
    return [
        {**f, "company_name": names[f["company"]]} if f.get("company") in names else f
        for f in findings
    ]


# --- chart --------------------------------------------------------------------------------------
def chart_node(state: dict[str, Any], ctx: Context) -> Update:
    specs = chart_specs(state["ledger"], state["focus"])
    outcome = ctx.call_tool("render_charts", {"charts": specs}, call_index=0)
    if not outcome.ok:
        ctx.emit("charts", {"error": outcome.error})
        return Update({"charts": []}, "draft")
    ctx.emit("charts", {"charts": [c["name"] for c in outcome.output["charts"]]})
    return Update({"charts": outcome.output["charts"]}, "draft")


def chart_specs(ledger: list[dict[str, Any]], focus: list[str]) -> list[dict[str, Any]]:
    specs = []
    for key in focus[:4]:
        entries = [e for e in ledger if e.get("metric") == key]
        if not entries:
            continue
        series = [
            {
                "label": company,
                "points": [[e["period"], e["value"]] for e in entries if e["company"] == company],
            }
            for company in sorted({e["company"] for e in entries})
        ]
        specs.append(
            {"name": key, "title": entries[0]["name"], "kind": entries[0]["kind"], "series": series}
        )
    return specs
