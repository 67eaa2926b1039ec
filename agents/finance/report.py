"""The report: Markdown assembled from prose (the model's or the template's) and tables written
straight from the ledger, every figure followed by its citation; and metrics.csv.
"""

from __future__ import annotations

import csv
import io
import re
from typing import Any

from agents.finance import findings as F
from agents.finance.ledger import display
from agents.finance.metrics import METRICS

METRIC_NAMES = {m.key: m.name for m in METRICS} | {
    "revenue_growth": "Revenue growth",
    "net_income_growth": "Net income growth",
    "operating_income_growth": "Operating income growth",
    "revenue_cagr": "Revenue CAGR",
    "net_income_cagr": "Net income CAGR",
}
HEADLINE_ITEMS = ("revenue", "net_income")


def focus_entries(entries: list[dict[str, Any]], focus: list[str]) -> list[dict[str, Any]]:
    """Headline reported items and the brief's metrics, by company, measure and year."""
    chosen = [
        e
        for e in entries
        if (e["type"] == "reported" and e["primary"] and e["item"] in HEADLINE_ITEMS)
        or (e["type"] == "computed" and e.get("metric") in focus)
    ]
    order = {name: i for i, name in enumerate([*HEADLINE_ITEMS, *focus])}
    return sorted(
        chosen,
        key=lambda e: (e["company"], order.get(e.get("metric") or e["item"], 99), e["period"] or 0),
    )


def line(entry: dict[str, Any]) -> str:
    """`Aurora Instruments Inc., gross margin, FY2024: 44.8% [citation]`"""
    return f"{entry['company']}, {entry['name'].lower()}, FY{entry['period']}: {display(entry)} {entry['citation']}"


def markdown(
    *,
    companies: list[str],
    periods: list[int],
    brief: str,
    prose: dict[str, Any],
    entries: list[dict[str, Any]],
    focus: list[str],
    findings: list[dict[str, Any]],
    charts: list[dict[str, Any]],
    sources: list[dict[str, Any]],
) -> str:
    span = f"FY{min(periods)} to FY{max(periods)}" if periods else "no fiscal years"
    parts = [
        f"# Financial research: {', '.join(companies)}",
        f"_Fiscal years {span}. Every figure cites the page, sheet cell or CSV row it comes "
        "from; a computed figure cites the sources of its inputs, and ledger.json gives its "
        f"formula. Drafted by {prose['author']}{_why(prose)}._",
        f"**Question.** {brief}",
        "## Summary",
        prose["summary"].strip(),
        "## Risks",
        "\n".join(f"- {risk}" for risk in risk_list(prose["risks"], findings)) or "- None found.",
        "## Key figures",
        *_tables(entries, focus),
    ]
    if charts:
        parts += ["## Charts", *(f"![{c['title']}]({c['png']})" for c in charts)]
    parts += _findings(findings, entries)
    parts += ["## Sources", "\n".join(_source_line(s) for s in sources)]
    return "\n\n".join(part for part in parts if part) + "\n"


WHY_TEMPLATE = {
    "drafts refused": ": the model's drafts did not pass verification (a figure or citation "
    "not in the ledger), so the template wrote the prose",
    "budget low": ": too little budget was left for a model draft",
    "asked for": ", as the request asked",
}
MAX_RISKS = 8


def _why(prose: dict[str, Any]) -> str:
    why = str(prose.get("why") or "")
    if why.startswith("the model could not draft"):
        return ": the model could not write a draft, so the template wrote the prose"
    return WHY_TEMPLATE.get(why, "")


def risk_list(risks: list[str], findings: list[dict[str, Any]]) -> list[str]:
    """Risks, not the findings again: bullets that restate a reconciliation finding (they name
    its id or repeat its sentence) give way to one bullet that points to them all."""
    failed = [f for f in findings if f["category"] == "reconciliation"]
    ids = {f["id"] for f in failed}
    messages = {f["message"].split(": ", 1)[-1].rstrip(".").lower() for f in failed}
    kept: list[str] = []
    for risk in (r.strip() for r in risks):
        words = set(re.findall(r"\bF\d+\b", risk))
        restated = words & ids or any(m and m in risk.lower() for m in messages)
        if risk and not restated and risk not in kept:
            kept.append(risk)
    if failed:
        named = ", ".join(f["id"] for f in failed)
        kept.insert(
            0,
            f"Figures that do not reconcile ({named}, listed below) make every measure built on them uncertain.",
        )
    return kept[:MAX_RISKS]


def _tables(entries: list[dict[str, Any]], focus: list[str]) -> list[str]:
    rows = focus_entries(entries, focus)
    blocks = []
    for company in dict.fromkeys(e["company"] for e in rows):
        lines = ["| Measure | Fiscal year | Value | Source |", "|---|---|---|---|"]
        for entry in (e for e in rows if e["company"] == company):
            lines.append(
                f"| {entry['name']} | FY{entry['period']} | {display(entry)} | {entry['citation']} |"
            )
        blocks += [f"### {company}", "\n".join(lines)]
    return blocks


def _findings(findings: list[dict[str, Any]], entries: list[dict[str, Any]]) -> list[str]:
    by_id = {e["id"]: e for e in entries}
    reconciliation = [f for f in findings if f["category"] == "reconciliation"]
    other = [f for f in findings if f["category"] != "reconciliation"]
    parts = ["## Reconciliation findings"]
    parts.append(
        "\n".join(f"- {finding_line(f, by_id)}" for f in reconciliation) or "Every check passed."
    )
    if other:
        parts += [
            "## Input and extraction findings",
            "\n".join(f"- **{f['id']}** ({f['severity']}) {_message(f)}" for f in other),
        ]
    return parts


def finding_line(finding: dict[str, Any], by_id: dict[str, dict[str, Any]]) -> str:
    """A reconciliation finding with its figures written from the ledger, each cited."""
    involved = [by_id[i] for i in finding.get("entries", []) if i in by_id]
    figures = "; ".join(f"{e['name'].lower()} {display(e)} {e['citation']}" for e in involved)
    head = (
        finding["message"].split(":", 1)[0]
        if finding["code"] == "cross_document"
        else finding["message"].rstrip(".")
    )
    if finding["code"] == "cross_document":
        head = (
            f"{head}: FY{finding['period']} {involved[0]['name'].lower()} differs between documents"
            if involved
            else head
        )
    return (
        f"**{finding['id']}** {head}. Figures: {figures}."
        if figures
        else f"**{finding['id']}** {head}."
    )


def _message(finding: dict[str, Any]) -> str:
    """A digit-free line (the full message, with pages and sizes, is in findings.json): the
    report never prints a number that is not a cited ledger figure."""
    subject = (
        finding.get("label")
        or finding.get("document")
        or finding.get("company_name")
        or "all documents"
    )
    return f"{subject}: {F.SUMMARIES.get(finding['code'], finding['code'].replace('_', ' '))}."


def _source_line(source: dict[str, Any]) -> str:
    return f"- {source['title']}: {source['path']}"


def metrics_csv(entries: list[dict[str, Any]]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(
        [
            "company",
            "fiscal_year",
            "measure",
            "value",
            "unit",
            "display",
            "formula",
            "inputs",
            "sources",
        ]
    )
    for entry in entries:
        if entry["type"] != "computed" or not entry.get("metric"):
            continue
        unit = entry.get("currency") or {"percent": "ratio", "multiple": "times"}.get(
            entry["kind"], ""
        )
        writer.writerow(
            [
                entry["company"],
                entry["period"],
                entry["metric"],
                f"{entry['value']:.6g}",
                unit,
                display(entry),
                entry["formula"],
                " ".join(entry["inputs"]),
                entry["citation"],
            ]
        )
    return buffer.getvalue()
