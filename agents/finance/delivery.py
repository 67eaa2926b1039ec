"""The workflow's second half: draft, verify, render, release, and what a run hands over.

A model draft that the verifier refuses goes back to the model with the verifier's reasons, up
to `max_drafts` times; after that, or when the budget is low, or when asked for, the report is
written by the template. A templated report that does not verify is a bug: the run fails rather
than publish it. Artifacts: report.md, report.html, report.pdf, metrics.csv, ledger.json,
findings.json and the charts (PNG, SVG).
"""

from __future__ import annotations

import base64
import hashlib
import json
from typing import Any

from agents.engine.loop_config import json_schema
from agents.engine.types import (
    INVALID_OUTPUT_EVENT,
    ApprovalRequired,
    Context,
    EnvironmentFailure,
    Finish,
    Interrupt,
    Update,
    arguments_digest,
)
from agents.finance import drafting, render, report, template
from agents.finance.verify import verify

DRAFT_TOKENS = 700
DEFAULT_DRAFTS = 2
STEPS_AFTER_DRAFT = 5  # verify, render, release (twice: the approval re-runs it), one spare
WALL_RESERVE_SECONDS = 60.0
MEDIA = {
    ".md": "text/markdown",
    ".html": "text/html",
    ".pdf": "application/pdf",
    ".csv": "text/csv",
    ".json": "application/json",
    ".png": "image/png",
    ".svg": "image/svg+xml",
}


# --- budget -------------------------------------------------------------------------------------
def tokens_left(state: dict[str, Any], ctx: Context) -> int:
    usage = state.get("usage") or {}
    used = int(usage.get("prompt_tokens", 0)) + int(usage.get("completion_tokens", 0))
    return ctx.budgets.max_tokens - used


def _budget_low(state: dict[str, Any], ctx: Context, prompt_chars: int) -> bool:
    steps_left = ctx.budgets.max_steps - int(state.get("step", 0))
    elapsed = ctx.now() - float(state.get("started_at", ctx.now()))
    wall_left = ctx.budgets.max_wall_seconds - elapsed
    tokens = prompt_chars // 3 + DRAFT_TOKENS
    return (
        steps_left < STEPS_AFTER_DRAFT + 2
        or tokens_left(state, ctx) < tokens
        or wall_left < WALL_RESERVE_SECONDS
    )


# --- draft and verify ---------------------------------------------------------------------------
def draft_node(state: dict[str, Any], ctx: Context) -> Update:
    options, attempts = state["input"], state["attempts"]
    if options.get("drafting") == "template":
        return _templated(state, ctx, "asked for")
    if len(attempts) >= options.get("max_drafts", DEFAULT_DRAFTS):
        return _templated(state, ctx, "drafts refused")
    facts = drafting.facts(state["ledger"], state["focus"], max_chars=_fact_chars(options))
    messages = drafting.messages(options["brief"], facts, _open(state), attempts[-1:])
    if _budget_low(state, ctx, sum(len(m["content"]) for m in messages)):
        return _templated(state, ctx, "budget low")
    answer, error = ask(ctx, messages, "research_note", drafting.DRAFT_SCHEMA, DRAFT_TOKENS)
    if error is not None:
        return _templated(state, ctx, f"the model could not draft: {error}")
    try:
        prose = drafting.parse(answer)
    except drafting.DraftUnusable as problem:
        ctx.emit(INVALID_OUTPUT_EVENT, {"problem": str(problem)})
        attempt = {"answer": (answer or "")[:1500], "feedback": drafting.feedback([str(problem)])}
        ctx.emit("draft", {"author": "the model", "usable": False, "problem": str(problem)})
        return Update({"attempts": [*attempts, attempt]}, "draft")
    ctx.emit("draft", {"author": "the model", "usable": True})
    return Update({"prose": prose, "answer": (answer or "")[:1500]}, "verify")


def ask(
    ctx: Context, messages: list[dict[str, str]], name: str, schema: dict[str, Any], tokens: int
) -> tuple[str | None, str | None]:
    """The model's answer under a JSON schema, or why there is none. A request the endpoint
    refused (too long for its context, say) is the workflow's to handle, not a crash; an
    endpoint that is down is the environment's (EnvironmentFailure passes through)."""
    try:
        result = ctx.chat(messages, response_format=json_schema(name, schema), max_tokens=tokens)
    except EnvironmentFailure:
        raise
    except Exception as error:  # the openai client's 4xx, a refused capability
        return None, f"{type(error).__name__}: {str(error)[:300]}"
    return result.content, result.problem


def _fact_chars(options: dict[str, Any]) -> int:
    """What the facts may take of the prompt: the context window less the answer and the
    instructions, at about 2.5 characters a token (figures and citations tokenize densely)."""
    window = options.get("context_window")
    if not window:
        return drafting.DEFAULT_FACT_CHARS
    return max(600, int((window - DRAFT_TOKENS - 400) * 2.5))


def _templated(state: dict[str, Any], ctx: Context, why: str) -> Update:
    ctx.emit("draft", {"author": "the template", "why": why})
    prose = template.prose(state["ledger"], state["focus"], state["findings"])
    return Update({"prose": {**prose, "why": why}}, "verify")


def _open(state: dict[str, Any]) -> list[str]:
    names = {e["company_key"]: e["company"] for e in state["ledger"]}
    return [
        f"{names.get(f.get('company'), 'All companies')} FY{f.get('period')}: {f['message'].split(': ', 1)[-1].rstrip('.')} ({f['id']})"
        for f in state["findings"]
        if f["category"] == "reconciliation"
    ]


def verify_node(state: dict[str, Any], ctx: Context) -> Update | Finish:
    markdown = assemble(state, state["prose"])
    problems = verify(markdown, state["ledger"], exempt=exempt(state))
    author = state["prose"]["author"]
    ctx.emit("verified", {"author": author, "ok": not problems, "problems": problems[:10]})
    if not problems:
        return Update({"report": markdown}, "render")
    if author == "the template":
        return failed(state, "the templated report did not verify: " + "; ".join(problems[:5]))
    attempt = {"answer": state.get("answer", ""), "feedback": drafting.feedback(problems)}
    return Update({"attempts": [*state["attempts"], attempt], "prose": None}, "draft")


def assemble(state: dict[str, Any], prose: dict[str, Any]) -> str:
    ledger = state["ledger"]
    periods = sorted({int(e["period"]) for e in ledger if e.get("period")})
    companies = sorted({e["company"] for e in ledger if e["type"] == "reported"})
    charts = [{"title": c["title"], "png": f"chart-{c['name']}.png"} for c in state["charts"]]
    return report.markdown(
        companies=companies,
        periods=periods,
        brief=state["input"]["brief"].strip(),
        prose=prose,
        entries=ledger,
        focus=state["focus"],
        findings=state["findings"],
        charts=charts,
        sources=state["documents"],
    )


def exempt(state: dict[str, Any]) -> list[str]:
    """Text that may hold digits without being a figure: names, titles, paths, the brief, ids."""
    phrases = {state["input"]["brief"].strip()}
    phrases |= {str(f.get(key, "")) for f in state["findings"] for key in ("id", "label")}
    for document in state["documents"]:
        phrases |= {document["path"], document["title"], document.get("company") or ""}
    phrases |= {e["company"] for e in state["ledger"]}
    return sorted(p for p in phrases if p)


# --- render -------------------------------------------------------------------------------------
def render_node(state: dict[str, Any], ctx: Context) -> Update | Finish:
    title = state["report"].splitlines()[0].lstrip("# ").strip()
    outcome = ctx.call_tool(
        "render_report",
        {"markdown": state["report"], "title": title, "charts": state["charts"]},
        call_index=0,
    )
    if not outcome.ok:
        return failed(state, f"the report could not be typeset: {outcome.error}")
    charts = {name: base64.b64decode(data) for name, data in outcome.output["charts"].items()}
    files = {
        "report.md": state["report"].encode(),
        "report.html": render.html(state["report"], title=title, charts=charts).encode(),
        "report.pdf": base64.b64decode(outcome.output["pdf"]),
        **charts,
    }
    rendered = {name: base64.b64encode(data).decode() for name, data in files.items()}
    ctx.emit("rendered", {"files": sorted(rendered)})
    if state["input"].get("release"):
        return Update({"rendered": rendered}, "release")
    return _succeeded({**state, "rendered": rendered}, None)


# --- release ------------------------------------------------------------------------------------
def release_arguments(state: dict[str, Any]) -> dict[str, Any]:
    """The release_report call a reviewer approves: the exact report, its open findings, and the
    SHA-256 of every file that goes with it."""
    markdown = state["report"]
    open_findings = [
        f
        for f in state["findings"]
        if f["category"] == "reconciliation" or f["severity"] == "error"
    ]
    return {
        "webhook": state["input"]["release"]["webhook"],
        "report": {
            "title": markdown.splitlines()[0].lstrip("# ").strip(),
            "markdown": markdown,
            "sha256": hashlib.sha256(markdown.encode()).hexdigest(),
        },
        "findings": [
            {k: f[k] for k in ("id", "code", "severity", "message") if k in f}
            for f in open_findings
        ],
        "artifacts": {
            name: hashlib.sha256(base64.b64decode(data)).hexdigest()
            for name, data in sorted(state["rendered"].items())
        },
        "review": {
            "verified": True,
            "author": state["prose"]["author"],
            "open_findings": len(open_findings),
        },
    }


def release_node(state: dict[str, Any], ctx: Context) -> Interrupt | Finish:
    arguments = release_arguments(state)
    decision = ctx.approval_decision(arguments_digest("release_report", arguments))
    if decision is not None and not decision.approved:
        comment = f": {decision.comment}" if decision.comment else ""
        return failed(
            state, f"the release was rejected by {decision.reviewer}{comment}", keep_report=True
        )
    try:
        outcome = ctx.call_tool("release_report", arguments, call_index=0)
    except ApprovalRequired as needed:
        ctx.emit(
            "approval_requested",
            {
                "tool": "release_report",
                "webhook": arguments["webhook"],
                "open_findings": len(arguments["findings"]),
            },
        )
        return Interrupt("approval", needed.payload)
    if not outcome.ok:
        return failed(state, f"the release failed: {outcome.error}", keep_report=True)
    return _succeeded(
        state,
        {
            "webhook": arguments["webhook"],
            "status": outcome.output.get("status"),
            "approved_by": decision.reviewer if decision else None,
        },
    )


# --- outputs ------------------------------------------------------------------------------------
def _succeeded(state: dict[str, Any], released: dict[str, Any] | None) -> Finish:
    findings = state["findings"]
    output = {
        "summary": f"Research report on {', '.join(sorted({e['company'] for e in state['ledger'] if e['type'] == 'reported'}))}, drafted by {state['prose']['author']}; every figure verified against the ledger.",
        "author": state["prose"]["author"],
        "verified": True,
        "drafts_refused": len(state["attempts"]),
        "findings": {
            c: sum(1 for f in findings if f["category"] == c)
            for c in ("input", "extraction", "reconciliation")
        },
        "released": released,
        "artifacts": _artifacts(state, report_files=True),
    }
    return Finish("succeeded", output)


def failed(state: dict[str, Any], reason: str, *, keep_report: bool = False) -> Finish:
    """A failed run still hands over what it found: findings, the ledger, and (when it was
    verified) the report."""
    output = {
        "reason": reason,
        "findings": state.get("findings", []),
        "artifacts": _artifacts(state, report_files=keep_report),
    }
    return Finish("failed", output)


def _artifacts(state: dict[str, Any], *, report_files: bool) -> list[dict[str, Any]]:
    found = [
        _json(
            "findings.json",
            {"findings": state.get("findings", []), "checks": state.get("checks", [])},
        )
    ]
    if state.get("ledger"):
        found.append(
            _json(
                "ledger.json", {"entries": state["ledger"], "documents": state.get("documents", [])}
            )
        )
        if "table" in state.get("outputs", ()):
            found.append(
                {
                    "name": "metrics.csv",
                    "media_type": "text/csv",
                    "content": report.metrics_csv(state["ledger"]),
                }
            )
    if report_files:
        for name, data in sorted((state.get("rendered") or {}).items()):
            found.append(
                {"name": name, "media_type": MEDIA[name[name.rfind(".") :]], "content_base64": data}
            )
    return found


def _json(name: str, value: Any) -> dict[str, Any]:
    # One entry per line, no indentation: readable with any JSON tool, and a ledger of a
    # thousand entries stays well under the size a step's output may have.
    content = json.dumps(value, separators=(",", ":")).replace('},{"id"', '},\n{"id"')
    return {"name": name, "media_type": "application/json", "content": content}
