"""The files of a generated filing set (`variety.py`): annual report PDFs drawn with reportlab in
the layout's table style, a workbook with a sheet per statement and title rows above the header,
and a key-figures CSV, wide or long, with its header below a title. Each returns its truth: every
schema value it prints, with the page, sheet cell or row, in whole units as extraction must find
it."""

from __future__ import annotations

import csv
import random
from pathlib import Path
from typing import Any

from agents.finance.samples import wordings as W
from agents.finance.samples.variety import (
    FACTOR,
    NOT_IN_SCHEMA,
    STATEMENT_ROWS,
    in_units,
    printed,
    signed,
)

UNIT_LINES = {
    "units": "Amounts in US dollars",
    "thousands": "(in thousands of US dollars, except per share data)",
    "millions": "USD millions, except per share amounts",
}


def _heading(layout: dict[str, Any], year: int, scale: str) -> str:
    form = layout["heading"]
    if form == "fy":
        return f"FY{year}"
    if form == "ended":
        return f"Year ended 31 December {year}"
    if form == "unit":
        return (
            f"{year} ({'$000' if scale == 'thousands' else '$m' if scale == 'millions' else 'USD'})"
        )
    return str(year)


def _figure(
    numbers: dict[int, dict[str, int]],
    plan: list[dict[str, Any]],
    document: str,
    item: str,
    year: int,
    layout: dict[str, Any],
) -> int:
    value = numbers[year][item]
    for plant in plan:
        if plant["document"] == document and plant["item"] == item and plant["period"] == year:
            value += plant.get("delta", 0)
            if plant.get("flip"):
                value = -value
    return signed(item, value, layout)


def _scale(layout: dict[str, Any], statement: str) -> str:
    if statement == "income_statement" and layout.get("is_scale"):
        return str(layout["is_scale"])
    return str(layout["scale"])


def _value(item: str, year: int, text: str, scale: str, label: str, **where: Any) -> dict[str, Any]:
    return {"item": item, "period": year, "value": in_units(item, text, scale), "label": label, **where}  # fmt: skip


# --- annual reports ---------------------------------------------------------------------------------
def annual_report(
    out: Path,
    name: str,
    layout: dict[str, Any],
    year: int,
    numbers: dict[int, dict[str, int]],
    plan: list[dict[str, Any]],
    rng: random.Random,
) -> dict[str, Any]:
    from reportlab.platypus import PageBreak, Paragraph, SimpleDocTemplate

    document = f"report-{year}"
    years = [year, year - 1] if layout["newest"] else [year - 1, year]
    styles = _styles()
    flow: list[Any] = [Paragraph(f"{name} Annual Report {year}", styles["Title"])]
    flow.append(Paragraph(f"Annual report for the year ended 31 December {year}.", styles["Normal"]))  # fmt: skip
    values: list[dict[str, Any]] = []
    for page, statement in enumerate(layout["order"], start=2):
        flow.append(PageBreak())
        flow += _statement_page(name, layout, statement, years, numbers, plan, document, page, values)  # fmt: skip
    if layout.get("notes"):
        flow.append(PageBreak())
        flow += _notes_page(layout, years, numbers, rng, len(layout["order"]) + 2, values)
    file = f"{_slug(name)}-annual-report-{year}.pdf"
    SimpleDocTemplate(str(out / file), title=f"{name} Annual Report {year}", author=name, invariant=1).build(flow)  # fmt: skip
    return {"file": file, "kind": "pdf", "fiscal_year": year, "role": document, "values": values}


def _statement_page(
    name: str,
    layout: dict[str, Any],
    statement: str,
    years: list[int],
    numbers: dict[int, dict[str, int]],
    plan: list[dict[str, Any]],
    document: str,
    page: int,
    values: list[dict[str, Any]],
) -> list[Any]:
    from reportlab.platypus import Paragraph, Spacer

    styles, scale = _styles(), _scale(layout, statement)
    words = W.WORDS[layout["words"]]
    data = [["", *(_heading(layout, y, scale) for y in years)]]
    for entry in STATEMENT_ROWS[statement]:
        if isinstance(entry, tuple):
            data.append([entry[1], *([""] * len(years))])
            continue
        texts = [printed(entry, _figure(numbers, plan, document, entry, y, layout), scale, layout) for y in years]  # fmt: skip
        data.append([words[entry], *texts])
        if entry not in NOT_IN_SCHEMA:
            values += [_value(entry, y, t, scale, words[entry], page=page) for y, t in zip(years, texts, strict=True)]  # fmt: skip
    unit = [] if layout["heading"] == "unit" else [Paragraph(UNIT_LINES[scale], styles["Italic"])]
    title = W.HEADINGS[statement][layout["words"]]
    return [Paragraph(name, styles["Heading2"]), Paragraph(title, styles["Heading1"]), *unit, Spacer(1, 10), _table(data, layout)]  # fmt: skip


def _notes_page(
    layout: dict[str, Any],
    years: list[int],
    numbers: dict[int, dict[str, int]],
    rng: random.Random,
    page: int,
    values: list[dict[str, Any]],
) -> list[Any]:
    """A note that restates revenue by segment; its total is revenue again, on another page."""
    from reportlab.platypus import Paragraph, Spacer

    styles, scale = _styles(), str(layout["scale"])
    share = rng.uniform(0.4, 0.7)
    data = [["", *(_heading(layout, y, scale) for y in years)]]
    products = {y: round(numbers[y]["revenue"] * share / 1_000) * 1_000 for y in years}
    data.append(["Products", *(printed("revenue", products[y], scale, layout) for y in years)])
    data.append(["Services", *(printed("revenue", numbers[y]["revenue"] - products[y], scale, layout) for y in years)])  # fmt: skip
    totals = [printed("revenue", numbers[y]["revenue"], scale, layout) for y in years]
    data.append(["Total revenue", *totals])
    # Not listed among the document's values: a note restates, the statement is the source.
    return [Paragraph("Notes to the financial statements", styles["Heading1"]), Paragraph("Note 3 Revenue by segment", styles["Heading2"]), Paragraph(UNIT_LINES[scale], styles["Italic"]), Spacer(1, 10), _table(data, layout)]  # fmt: skip


def _table(data: list[list[str]], layout: dict[str, Any]) -> Any:
    from reportlab.platypus import Table, TableStyle

    wide = 150 if layout["heading"] == "ended" else 80
    table = Table(data, colWidths=[250, *([wide] * (len(data[0]) - 1))], hAlign="LEFT")
    commands: list[tuple[Any, ...]] = [("ALIGN", (1, 0), (-1, -1), "RIGHT"), ("FONTSIZE", (0, 0), (-1, -1), 8)]  # fmt: skip
    if layout["style"] == "grid":
        commands.append(("GRID", (0, 0), (-1, -1), 0.5, "#555555"))
    elif layout["style"] == "rules":
        commands.append(("LINEBELOW", (0, 0), (-1, 0), 0.8, "#000000"))
    table.setStyle(TableStyle(commands))
    return table


# --- workbook ---------------------------------------------------------------------------------------
def workbook(
    out: Path,
    name: str,
    layout: dict[str, Any],
    years: list[int],
    numbers: dict[int, dict[str, int]],
    plan: list[dict[str, Any]],
    rng: random.Random,
) -> dict[str, Any]:
    from openpyxl import Workbook

    book = Workbook()
    book.remove(book.active)
    scale = "millions" if layout["scale"] == "millions" else "thousands"
    words = W.WORDS[layout["words"]]
    shown_years = years[::-1] if layout["newest"] else years
    values: list[dict[str, Any]] = []
    order = list(layout["order"])[::-1] if rng.random() < 0.5 else list(layout["order"])
    for statement in order:
        sheet = book.create_sheet(W.HEADINGS[statement]["us"].replace("Consolidated ", "")[:30])
        sheet.append([f"{name} - {W.HEADINGS[statement][layout['words']]}"])
        sheet.append([f"USD {scale}"])
        sheet.append([])
        sheet.append(["Line item", *(f"FY{y}" for y in shown_years)])
        for entry in STATEMENT_ROWS[statement]:
            if isinstance(entry, tuple):
                sheet.append([entry[1]])
                continue
            texts = [printed(entry, _figure(numbers, plan, "workbook", entry, y, layout), scale, layout) for y in shown_years]  # fmt: skip
            sheet.append([words[entry], *(_cell_number(t) for t in texts)])
            if entry in NOT_IN_SCHEMA:
                continue
            for column, (y, t) in enumerate(zip(shown_years, texts, strict=True), start=2):
                cell = f"{'ABCDE'[column - 1]}{sheet.max_row}"
                values.append(_value(entry, y, t, scale, words[entry], sheet=sheet.title, cell=cell))  # fmt: skip
    file = f"{_slug(name)}-financial-statements.xlsx"
    book.save(out / file)
    return {"file": file, "kind": "xlsx", "role": "workbook", "values": values}


def _cell_number(text: str) -> float | int:
    negative = text.startswith(("(", "-"))
    number = float(text.strip("()").lstrip("-").replace(",", ""))
    value = -number if negative else number
    return int(value) if value == int(value) and "." not in text else value


# --- key figures CSV ---------------------------------------------------------------------------------
def key_figures(
    out: Path,
    name: str,
    layout: dict[str, Any],
    years: list[int],
    numbers: dict[int, dict[str, int]],
    plan: list[dict[str, Any]],
    rng: random.Random,
) -> dict[str, Any]:
    scale = "thousands"
    slip = any(p.get("scale_slip") for p in plan)
    shown_scale = "millions" if slip else scale  # printed in millions, labelled thousands
    file = f"{_slug(name)}-key-figures.csv"
    rows: list[list[str]] = []
    values: list[dict[str, Any]] = []
    long = rng.random() < 0.5
    if long:
        rows.append(["Company", "Fiscal Year", "Line Item", f"Amount (USD {scale})"])
    else:
        rows += [[f"{name} key figures"], [f"USD {scale}"], [], ["Line item", *(f"FY{y}" for y in years)]]  # fmt: skip
    for item, label in W.CSV_LABELS.items():
        texts = [printed(item, _figure(numbers, plan, "key-figures", item, y, {**layout, "minus": True}), shown_scale, {"minus": True}) for y in years]  # fmt: skip
        texts = [t.replace(",", "") for t in texts]
        if long:
            for y, t in zip(years, texts, strict=True):
                rows.append([name, str(y), label, t])
                values.append(_value(item, y, t, scale, label, row=len(rows)))
        else:
            rows.append([label, *texts])
            values += [_value(item, y, t, scale, label, row=len(rows)) for y, t in zip(years, texts, strict=True)]  # fmt: skip
    with (out / file).open("w", newline="") as handle:
        csv.writer(handle).writerows(rows)
    return {"file": file, "kind": "csv", "role": "key-figures", "values": values}


def _slug(name: str) -> str:
    return name.lower().split()[0]


def _styles() -> Any:
    from reportlab.lib.styles import getSampleStyleSheet

    return getSampleStyleSheet()


__all__ = ["FACTOR", "annual_report", "key_figures", "workbook"]
