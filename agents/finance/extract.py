"""Line items out of located statements: each figure becomes a typed value (schema item, fiscal
year, amount in whole currency units) with its provenance — document, page or sheet, table, row,
column or cell, the label as printed — and how its label was mapped (`alias` or `model`).
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from typing import Any

from agents.finance.numbers import SCALES, currencies_in, parse_figure, row_scale, scales_in
from agents.finance.schema import BY_KEY, is_known_other, item_for_label, normalize_label

MAX_UNKNOWN_LABELS = 40


def unknown_labels(tables: list[dict[str, Any]]) -> list[dict[str, str]]:
    """Labels with figures that no alias names, one entry per (label, statement), for the model."""
    seen: dict[tuple[str, str], dict[str, str]] = {}
    for table in tables:
        for row in table["rows"]:
            if not row["cells"] or item_for_label(row["label"]) or is_known_other(row["label"]):
                continue
            key = (normalize_label(row["label"]), table["statement"])
            seen.setdefault(key, {"label": row["label"], "statement": table["statement"]})
    return list(seen.values())[:MAX_UNKNOWN_LABELS]


def extract(
    tables: list[dict[str, Any]],
    documents: list[dict[str, Any]],
    mapping: dict[str, str],
) -> list[dict[str, Any]]:
    """Every figure of a mapped row. `mapping`: normalized label -> item, decided by the model."""
    by_path = {document["path"]: document for document in documents}
    values = []
    for table in tables:
        document = by_path[table["document"]]
        for row in table["rows"]:
            item, mapped_by = _item(row["label"], mapping)
            if item is None:
                continue
            for cell in row["cells"]:
                value = _value(table, document, row, cell, item)
                if value is not None:
                    values.append({**value, "mapped_by": mapped_by})
    return values


def _item(label: str, mapping: dict[str, str]) -> tuple[str | None, str]:
    item = item_for_label(label)
    if item is not None:
        return item, "alias"
    chosen = mapping.get(normalize_label(label))
    return (chosen, "model") if chosen in BY_KEY else (None, "")


def _value(
    table: dict[str, Any],
    document: dict[str, Any],
    row: dict[str, Any],
    cell: dict[str, Any],
    item: str,
) -> dict[str, Any] | None:
    figure = parse_figure(cell["raw"])
    if figure is None:
        return None
    scale, currency = _unit(table, cell, row["label"], item)
    spec = BY_KEY[item]
    amount = abs(figure.value) if spec.nature == "expense" else figure.value
    factor = Decimal(SCALES[scale])
    return {
        "company": document["company"],
        "item": item,
        "period": cell["period"],
        "value": float(amount * factor),
        "precision": float(figure.precision * factor),
        "currency": currency if spec.kind != "count" else None,
        "scale": scale,
        "reported": str(cell["raw"]),
        "doc_year": document.get("fiscal_year"),
        "source": _source(table, document, row, cell),
    }


def _unit(
    table: dict[str, Any], cell: dict[str, Any], label: str, item: str
) -> tuple[str, str | None]:
    scale, currency = table["scale"], table["currency"]
    if "unit" in cell:  # a long CSV names the unit on every row
        scales, currencies = scales_in(cell["unit"]), currencies_in(cell["unit"])
        scale = scales.pop() if len(scales) == 1 else "units"
        currency = currencies.pop() if len(currencies) == 1 else currency
    kind = BY_KEY[item].kind
    if kind == "per_share":
        return "units", currency
    if kind == "count":
        return row_scale(label) or scale, None
    return scale, currency


def _source(
    table: dict[str, Any], document: dict[str, Any], row: dict[str, Any], cell: dict[str, Any]
) -> dict[str, Any]:
    source = {
        "document": document["path"],
        "title": document["title"],
        "document_id": document.get("document_id"),
        "kind": document["kind"],
        "page": table.get("page"),
        "sheet": table.get("sheet"),
        "table": table.get("table"),
        "statement": table["statement"],
        "row": row["row"],
        "column": cell.get("column"),
        "cell": cell.get("cell"),
        "label": row["label"],
        "rows_in_table": sum(1 for r in table["rows"] if r["cells"]),
    }
    return {key: value for key, value in source.items() if value is not None}


def values_by_key(
    values: list[dict[str, Any]],
) -> Iterator[tuple[tuple[str, str, int], list[dict[str, Any]]]]:
    """(company, item, period) -> every value found for it, in a stable order."""
    grouped: dict[tuple[str, str, int], list[dict[str, Any]]] = {}
    for value in values:
        grouped.setdefault((value["company"], value["item"], value["period"]), []).append(value)
    yield from sorted(grouped.items())
