"""Findings: everything the workflow noticed and did not silently fix, each with a code, a
severity, where it is, and a sentence for people.

Categories: `input` (a document or value the workflow could not use as it is), `extraction` (a
label or value mapping worth a reviewer's look) and `reconciliation` (totals that are not the sum
of their parts, a balance sheet that does not balance, one figure that differs between two
documents).
"""

from __future__ import annotations

from typing import Any

SUMMARIES = {
    "encrypted": "an encrypted PDF, not read",
    "unreadable": "the file cannot be read",
    "no_text_layer": "a scanned PDF with no text layer, not read (run OCR on it first)",
    "no_statements": "no financial statement found",
    "unknown_layout": "a spreadsheet in an unknown layout, not read",
    "company_unknown": "the company could not be told; name it in the input",
    "mixed_units": "units that differ or conflict",
    "mixed_currencies": "currencies that differ; nothing is converted",
    "scale_unknown": "a statement that states no scale",
    "currency_unknown": "a statement that states no currency",
    "not_ingested": "refused by the document pipeline, so not searchable in memory",
    "mapped_by_model": "a line label mapped to the schema by the model",
    "unmapped_label": "a line label that could not be mapped to the schema",
}


def finding(
    code: str,
    message: str,
    *,
    category: str = "input",
    severity: str = "warning",
    **where: Any,
) -> dict[str, Any]:
    found = {"code": code, "category": category, "severity": severity, "message": message}
    return {**found, **{key: value for key, value in where.items() if value is not None}}


def numbered(findings: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Stable ids (F1, F2, ...) in a stable order: category, company, period, code."""
    order = {"input": 0, "extraction": 1, "reconciliation": 2}
    ranked = sorted(
        findings,
        key=lambda f: (
            order.get(f["category"], 9),
            str(f.get("company", "")),
            int(f.get("period") or 0),
            f["code"],
            str(f.get("item", "")),
            str(f.get("document", "")),
        ),
    )
    return [
        {"id": f"F{n}", **{k: v for k, v in f.items() if k != "id"}}
        for n, f in enumerate(ranked, 1)
    ]


def unreadable(path: str, error: str) -> dict[str, Any]:
    severity = "error"
    if "encrypted" in error:
        message = f"{path}: the PDF is encrypted; upload an unencrypted copy."
        return finding("encrypted", message, severity=severity, document=path)
    return finding(
        "unreadable", f"{path}: cannot be read ({error}).", severity=severity, document=path
    )


def no_text_layer(path: str) -> dict[str, Any]:
    message = (
        f"{path}: a scanned PDF with no text layer, so no figure can be read from it; run OCR on "
        "it (for example ocrmypdf) and upload the result."
    )
    return finding("no_text_layer", message, severity="error", document=path)


def no_statements(path: str) -> dict[str, Any]:
    message = (
        f"{path}: no income statement, balance sheet or cash flow statement was found (no table "
        "with line items under fiscal-year columns)."
    )
    return finding("no_statements", message, document=path)


def unknown_layout(path: str, has_year_columns: bool) -> dict[str, Any]:
    why = (
        "its tables have no recognised line items"
        if has_year_columns
        else "no header row of fiscal years and no fiscal_year/line_item/value columns"
    )
    message = (
        f"{path}: unknown spreadsheet layout ({why}); put line items in rows and fiscal years "
        "in columns, or use columns fiscal_year, line_item, value and unit."
    )
    return finding("unknown_layout", message, document=path)


def company_unknown(path: str) -> dict[str, Any]:
    message = f"{path}: the company could not be told from the document; name it in `companies`."
    return finding("company_unknown", message, document=path)


def ambiguous_unit(path: str, where: str, statement: str, found: list[str]) -> dict[str, Any]:
    message = (
        f"{path} ({where}): the {statement.lower()} states more than one unit or currency "
        f"({', '.join(found)}); its figures were not used."
    )
    return finding("mixed_units", message, severity="error", document=path, where=where)


def unit_unknown(path: str, where: str, what: str) -> dict[str, Any]:
    assumed = "taken as stated (units)" if what == "scale" else "left without a currency"
    message = f"{path} ({where}): no {what} is stated; figures {assumed}."
    return finding(f"{what}_unknown", message, document=path, where=where)
