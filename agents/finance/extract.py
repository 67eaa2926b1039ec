"""Line items out of located statements: each figure becomes a typed value (schema item, fiscal
year, amount in whole currency units) with its provenance — document, page or sheet, table, row,
column or cell, the label as printed — and how its label was mapped (`alias` or `model`).
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from typing import Any

from agents.finance import labels
from agents.finance.numbers import SCALES, currencies_in, parse_figure, row_scale, scales_in
from agents.finance.schema import BY_KEY


def extract(
    tables: list[dict[str, Any]],
    documents: list[dict[str, Any]],
    decisions: dict[str, dict[str, Any]],
) -> list[dict[str, Any]]:
    """Every figure of a mapped row. `decisions`: labels.key(statement, label) -> the mapping
    labels.decide (and the model stage) made. A table that prints one item on two rows keeps
    the surer mapping (then the first row): the other is never used as the item's value."""
    by_path = {document["path"]: document for document in documents}
    values = []
    for table in tables:
        document = by_path[table["document"]]
        for row, cell, decision in chosen_cells(table, decisions):
            value = _value(table, document, row, cell, decision["item"])
            if value is not None:
                values.append(
                    {**value, "mapped_by": decision["by"], "confidence": decision["confidence"]}
                )
    return values


def chosen_cells(
    table: dict[str, Any], decisions: dict[str, dict[str, Any]]
) -> list[tuple[dict[str, Any], dict[str, Any], dict[str, Any]]]:
    """(row, cell, decision) for the figures that are an item's, one per item and year."""
    best: dict[tuple[str, int], tuple[tuple[int, int], Any, Any, dict[str, Any]]] = {}
    for position, row in enumerate(table["rows"]):
        decision = decisions.get(labels.key(table["statement"], row["label"]))
        if decision is None or decision.get("item") not in BY_KEY:
            continue
        rank = (labels.RANK[decision["by"]], position)
        for cell in row["cells"]:
            slot = (decision["item"], cell["period"])
            if slot not in best or rank < best[slot][0]:
                best[slot] = (rank, row, cell, decision)
    ordered = sorted(best.values(), key=lambda b: (b[0][1], str(b[2].get("column"))))
    return [(row, cell, decision) for _, row, cell, decision in ordered]


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
        "printed_value": float(figure.value),
        "doc_year": document.get("fiscal_year"),
        "source": _source(table, document, row, cell),
    }


def _unit(
    table: dict[str, Any], cell: dict[str, Any], label: str, item: str
) -> tuple[str, str | None]:
    scale, currency = table["scale"], table["currency"]
    if "unit" in cell:  # a long CSV's row or a column heading names its own unit
        scales, currencies = scales_in(cell["unit"]), currencies_in(cell["unit"])
        scale = scales.pop() if len(scales) == 1 else scale
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
