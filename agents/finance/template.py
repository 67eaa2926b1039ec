"""The templated prose: what the report says when no model-written draft verifies. It is built
from ledger entries only, so every figure in it is displayed and cited exactly as the verifier
expects."""

from __future__ import annotations

from typing import Any

from agents.finance.ledger import display

RISK_LEVERAGE = 1.5  # liabilities above 1.5x equity are worth a reader's attention
MARGIN_DROP = 0.01  # one percentage point


def prose(
    entries: list[dict[str, Any]], focus: list[str], findings: list[dict[str, Any]]
) -> dict[str, Any]:
    companies = sorted({e["company"] for e in entries if e["type"] == "reported"})
    paragraphs = [_company(company, entries, focus) for company in companies]
    comparison = _comparison(entries, focus)
    summary = "\n\n".join(p for p in [*paragraphs, comparison] if p)
    return {
        "author": "the template",
        "summary": summary or "No figures were found.",
        "risks": risks(entries, focus, findings),
    }


def series(entries: list[dict[str, Any]], company: str, key: str) -> list[dict[str, Any]]:
    """A company's primary entries for an item or metric, oldest first."""
    found = [
        e
        for e in entries
        if e["company"] == company
        and e["primary"]
        and (e.get("metric") == key or (e["type"] == "reported" and e["item"] == key))
    ]
    return sorted(found, key=lambda e: e["period"])


def _company(company: str, entries: list[dict[str, Any]], focus: list[str]) -> str:
    sentences = []
    revenue = series(entries, company, "revenue")
    if revenue:
        sentences.append(_movement("Revenue", revenue, f"{company}: revenue"))
    for key in focus:
        found = series(entries, company, key)
        if found:
            sentences.append(_movement(found[-1]["name"], found, found[-1]["name"]))
    return " ".join(sentences)


def _movement(name: str, found: list[dict[str, Any]], subject: str) -> str:
    last = found[-1]
    if len(found) == 1 or found[0]["period"] == last["period"]:
        return f"{subject} was {display(last)} in FY{last['period']} {last['citation']}."
    first = found[0]
    return (
        f"{subject} went from {display(first)} in FY{first['period']} {first['citation']} to "
        f"{display(last)} in FY{last['period']} {last['citation']}."
    )


def _comparison(entries: list[dict[str, Any]], focus: list[str]) -> str:
    for key in focus:
        latest = _latest_per_company(entries, key)
        if len(latest) < 2:
            continue
        ranked = sorted(latest, key=lambda e: e["value"])
        low, high = ranked[0], ranked[-1]
        return (
            f"Across the companies, {high['name'].lower()} was highest at {high['company']} "
            f"({display(high)} in FY{high['period']} {high['citation']}) and lowest at "
            f"{low['company']} ({display(low)} in FY{low['period']} {low['citation']})."
        )
    return ""


def _latest_per_company(entries: list[dict[str, Any]], key: str) -> list[dict[str, Any]]:
    companies = sorted({e["company"] for e in entries})
    return [found[-1] for c in companies if (found := series(entries, c, key))]


def risks(
    entries: list[dict[str, Any]], focus: list[str], findings: list[dict[str, Any]]
) -> list[str]:
    # Reconciliation findings are pointed to once by the report (report.risk_list), not
    # restated here one by one.
    found: list[str] = []
    for company in sorted({e["company"] for e in entries if e["type"] == "reported"}):
        found += _trend_risks(company, entries, focus)
    unusable = [f["id"] for f in findings if f["category"] == "input" and f["severity"] == "error"]
    if unusable:
        found.append(
            f"Some inputs could not be used ({', '.join(unusable)}); figures from them are missing."
        )
    return found


def _trend_risks(company: str, entries: list[dict[str, Any]], focus: list[str]) -> list[str]:
    found = []
    for key in [k for k in focus if k.endswith("margin")]:
        values = series(entries, company, key)
        if len(values) >= 2 and values[-1]["value"] < values[0]["value"] - MARGIN_DROP:
            first, last = values[0], values[-1]
            found.append(
                f"{company}: {last['name'].lower()} fell from {display(first)} in FY{first['period']} "
                f"{first['citation']} to {display(last)} in FY{last['period']} {last['citation']}."
            )
    leverage = series(entries, company, "liabilities_to_equity")
    if leverage and leverage[-1]["value"] > RISK_LEVERAGE:
        last = leverage[-1]
        found.append(
            f"{company}: liabilities were {display(last)} equity in FY{last['period']} {last['citation']}."
        )
    cash = series(entries, company, "free_cash_flow")
    if cash and cash[-1]["value"] < 0:
        last = cash[-1]
        found.append(
            f"{company}: free cash flow was {display(last)} in FY{last['period']} {last['citation']}."
        )
    return found
