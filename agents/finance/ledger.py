"""The ledger: every number the report may use, each either reported (a cell or page of a
document) or computed (a named formula over other ledger entries), with its citation.

An entry's `display` is how the report writes it, and its `citation` names the page (or sheet
cell, or CSV row) it comes from: computed entries cite every source of their inputs. The report's
verifier accepts a number only if it equals an entry's value within the rounding it was written
with, and only next to one of that entry's citations.
"""

from __future__ import annotations

import re
from typing import Any

from agents.finance.numbers import SCALES
from agents.finance.schema import BY_KEY

KIND_OF_ITEM = {"amount": "amount", "count": "count", "per_share": "per_share"}
# What `value` counts, by kind: it is never scaled (see schemas/ledger.schema.json).
UNITS = {
    "amount": "units",
    "count": "shares",
    "per_share": "units per share",
    "percent": "ratio",
    "multiple": "times",
}


def company_key(name: str) -> str:
    words = re.findall(r"[a-z0-9]+", name.lower())
    return "-".join(words[:2]) or "company"


def reference(source: dict[str, Any]) -> str:
    """Where a reported value is, as a citation's inside: `Title, p. 3`."""
    title = source["title"]
    if source.get("kind") == "xlsx":
        return f"{title}, sheet {source['sheet']}, cell {source['cell']}"
    if source.get("kind") == "csv":
        return f"{title}, row {source['row']}"
    return f"{title}, p. {source['page']}"


def cite(references: list[str]) -> str:
    return "[" + "; ".join(dict.fromkeys(references)) + "]"


def reported_entry(value: dict[str, Any], *, primary: bool, ordinal: int) -> dict[str, Any]:
    key = company_key(value["company"])
    suffix = "" if primary else f".{ordinal}"
    item = BY_KEY[value["item"]]
    ref = reference(value["source"])
    return {
        "id": f"{key}.{value['item']}.{value['period']}{suffix}",
        "type": "reported",
        "primary": primary,
        "company": value["company"],
        "company_key": key,
        "item": value["item"],
        "name": item.name,
        "period": value["period"],
        "kind": KIND_OF_ITEM[item.kind],
        "value": value["value"],
        "precision": value["precision"],
        "currency": value.get("currency"),
        "unit": UNITS[item.kind],
        "printed_figure": value["reported"],
        "printed_value": value.get("printed_value"),
        "printed_scale": value["scale"],
        "scale_factor": SCALES[value["scale"]] if item.kind != "per_share" else 1,
        "mapped_by": value.get("mapped_by", "lexicon"),
        "confidence": value.get("confidence", 1.0),
        "source": value["source"],
        "references": [ref],
        "citation": cite([ref]),
    }


def computed_entry(
    *,
    id: str,
    name: str,
    company: str,
    period: int | None,
    kind: str,
    value: float,
    formula: str,
    inputs: list[dict[str, Any]],
    currency: str | None = None,
    metric: str = "",
) -> dict[str, Any]:
    references = [ref for entry in inputs for ref in entry["references"]]
    references = list(dict.fromkeys(references))
    return {
        "id": id,
        "type": "computed",
        "primary": True,
        "company": company,
        "company_key": company_key(company),
        "metric": metric,
        "name": name,
        "period": period,
        "kind": kind,
        "value": value,
        "unit": UNITS[kind],
        "precision": 0.0,
        "currency": currency if kind in ("amount", "per_share") else None,
        "formula": formula,
        "inputs": [entry["id"] for entry in inputs],
        "references": references,
        "citation": cite(references),
    }


# --- how the report writes a number ----------------------------------------------------------------
def display(entry: dict[str, Any]) -> str:
    value, kind = float(entry["value"]), entry["kind"]
    if kind == "percent":
        return f"{value * 100:,.1f}%"
    if kind == "multiple":
        return f"{value:,.2f}x"
    if kind == "per_share":
        return f"{_currency(entry)}{value:,.2f}"
    if kind == "count":
        return f"{_scaled(value)} shares"
    return f"{_currency(entry)}{_scaled(value)}"


def _currency(entry: dict[str, Any]) -> str:
    return f"{entry['currency']} " if entry.get("currency") else ""


def _scaled(value: float) -> str:
    magnitude = abs(value)
    if magnitude >= 1e6:
        return f"{value / 1e6:,.1f} million"
    if magnitude >= 1e3:
        return f"{value / 1e3:,.1f} thousand"
    return f"{value:,.0f}"


def with_display(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{**entry, "display": display(entry)} for entry in entries]


def by_id(entries: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {entry["id"]: entry for entry in entries}


def primary(
    entries: list[dict[str, Any]], company_key_: str, item: str, period: int
) -> dict[str, Any] | None:
    return next(
        (
            e
            for e in entries
            if e["type"] == "reported"
            and e["primary"]
            and e["company_key"] == company_key_
            and e["item"] == item
            and e["period"] == period
        ),
        None,
    )
