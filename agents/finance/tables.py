"""Candidate tables from what the sandbox read, in one shape for every source:

    {"page", "sheet", "table", "periods": [2024, 2023], "context": "...",
     "rows": [{"label", "row", "cells": [{"period", "raw", "column", "cell"?, "unit"?}]}]}

PDF tables come from pdfplumber's ruled tables or, on pages without rulings, from the text lines
(a label followed by one figure per year column, under a line of years). Workbook sheets and
wide CSV files have a header row of years; long CSV files have a year column, a value column and
optionally a unit column per row.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from typing import Any

from agents.finance.numbers import is_nil, parse_figure, year_of

MAX_LABEL_WORDS = 14
_YEARISH = re.compile(r"^(?:fy\s?)?(?:19|20)\d{2}$", re.I)
_YEAR_TOKEN = re.compile(r"\b(?:fy\s?)?((?:19|20)\d{2})\b", re.I)
# Words a line of column headings may hold around its years ("Year ended 31 December 2024").
_DATE_WORDS = re.compile(
    r"\b(?:years?|and|ended|ending|fiscal|financial|twelve|months?|as|at|of|restated|audited|"
    r"unaudited|notes?|jan\w*|feb\w*|mar\w*|apr\w*|may|jun\w*|jul\w*|aug\w*|sep\w*|oct\w*|"
    r"nov\w*|dec\w*|\d{1,2}(?:st|nd|rd|th)?)\b|[,()*]",
    re.I,
)
LONG_COLUMNS = {
    "period": ("fiscal_year", "year", "period", "fiscal year", "fy"),
    "label": ("line_item", "item", "label", "account", "line item", "metric"),
    "value": ("value", "amount"),
    "unit": ("unit", "units", "currency", "scale"),
}


def candidates(document: dict[str, Any]) -> list[dict[str, Any]]:
    kind = document["kind"]
    if kind == "pdf":
        return _pdf_tables(document)
    if kind == "xlsx":
        return [t for sheet in document.get("sheets", []) if (t := _sheet_table(sheet))]
    return _csv_tables(document.get("rows") or [])


def where(table: dict[str, Any]) -> str:
    if table.get("sheet"):
        return f"sheet {table['sheet']}"
    if table.get("page"):
        return f"p. {table['page']}"
    return "rows"


# --- PDF ----------------------------------------------------------------------------------------
def _pdf_tables(document: dict[str, Any]) -> list[dict[str, Any]]:
    pages = document.get("pages") or []
    boilerplate = _boilerplate(pages)
    found = []
    for page in pages:
        lines = [
            line for line in page.get("text", "").splitlines() if _shape(line) not in boilerplate
        ]
        ruled = [t for i, raw in enumerate(page.get("tables", [])) if (t := _grid(raw, i))]
        for table in ruled or [t for t in [_text_table(lines)] if t]:
            labels = {row["label"] for row in table["rows"]}
            context = "\n".join(line for line in lines if not line.startswith(tuple(labels)))
            found.append({**table, "page": page["number"], "context": context})
    return found


def _shape(line: str) -> str:
    return re.sub(r"\d+", "#", line.strip().lower())


def _boilerplate(pages: list[dict[str, Any]]) -> set[str]:
    """Lines that differ only in their digits and appear on nearly every page: running headers
    and footers with page numbers, which must never be read as a row of figures."""
    if len(pages) < 3:
        return set()
    counts = Counter(
        shape
        for page in pages
        for shape in {_shape(line) for line in page.get("text", "").splitlines()}
    )
    enough = max(3, math.ceil(0.8 * len(pages)))
    # A line of years repeats on every statement page; it is a heading, not a running header.
    return {
        shape
        for shape, count in counts.items()
        if count >= enough and "#" in shape and re.search(r"[a-z]{2}", shape)
    }


def _grid(raw: list[list[str]], index: int) -> dict[str, Any] | None:
    header = _header(raw[:5])
    if header is None:
        return None
    position, columns = header
    units = {c: u for c, _ in columns if (u := column_unit(raw[position][c])) is not None}
    rows = []
    for number, cells in enumerate(raw[position + 1 :], start=position + 2):
        label = next((c for c in cells if c and parse_figure(c) is None), "")
        values = [
            {"period": year, "raw": cells[column], "column": column + 1}
            | ({"unit": units[column]} if column in units else {})
            for column, year in columns
            if column < len(cells) and parse_figure(cells[column]) is not None
        ]
        nil = any(column < len(cells) and is_nil(cells[column]) for column, _ in columns)
        if label:
            rows.append({"label": label, "row": number, "cells": values, "nil": nil})
    periods = [year for _, year in columns]
    return {
        "table": index + 1,
        "periods": periods,
        "rows": rows,
        "column_units": sorted(set(units.values())),
    }


def _header(rows: list[list[Any]]) -> tuple[int, list[tuple[int, int]]] | None:
    """The first row naming fiscal years, and (column, year) for each such column."""
    for position, cells in enumerate(rows):
        columns = [(c, y) for c, cell in enumerate(cells) if (y := column_year(cell)) is not None]
        filled = len([c for c in cells if c is not None and str(c).strip()])
        distinct = len({y for _, y in columns}) == len(columns)
        # Years in every filled cell but the label's (a note or unit column may sit beside).
        if columns and distinct and (len(columns) >= filled - 1 or len(columns) >= 2):
            return position, columns
    return None


_UNIT_WORDS = re.compile(
    r"\([^)]*\)|(?:US)?[$€£¥]\s?(?:000|m|mn|bn|k)?\b|'000s?|\b(?:USD|EUR|GBP|CHF|JPY|CAD|AUD)\b"
    r"|\b(?:thousands?|millions?|billions?|m|bn|mn)\b",
    re.I,
)


def column_year(cell: Any) -> int | None:
    """The year a column heading names, also when it states the column's unit beside it
    (`2024 (USD m)`, `FY2023 $000`)."""
    year = year_of(cell)
    if year is None and isinstance(cell, str) and _UNIT_WORDS.search(cell):
        year = year_of(_UNIT_WORDS.sub(" ", cell))
    return year


def column_unit(cell: Any) -> str | None:
    """The unit a column heading states, if any."""
    found = _UNIT_WORDS.findall(cell) if isinstance(cell, str) else []
    return " ".join(found) if found and year_of(cell) is None else None


def _text_table(lines: list[str]) -> dict[str, Any] | None:
    """A statement laid out without rulings: a line of years, then `label figure figure`."""
    start = next((i for i, line in enumerate(lines) if _year_line(line)), None)
    if start is None:
        return None
    periods = [int(year) for year in _YEAR_TOKEN.findall(lines[start])]
    rows = []
    for number, line in enumerate(lines[start + 1 :], start=start + 2):
        row = _text_row(line, periods, number)
        if row is not None:
            rows.append(row)
    return {"table": "text", "periods": periods, "rows": rows} if rows else None


def _year_line(line: str) -> bool:
    """A line of years only, or of dated headings (`Year ended 31 December 2024 2023`)."""
    tokens = line.split()
    if tokens and len(tokens) <= 6 and all(_YEARISH.match(t) for t in tokens):
        return True
    years = _YEAR_TOKEN.findall(line)
    rest = _DATE_WORDS.sub(" ", _YEAR_TOKEN.sub(" ", line)).strip()
    return 1 <= len(years) <= 6 and len(years) == len(set(years)) and not rest and len(tokens) <= 16


def _text_row(line: str, periods: list[int], number: int) -> dict[str, Any] | None:
    tokens = line.split()
    if len(tokens) <= len(periods):
        return None
    figures = tokens[-len(periods) :]
    label = " ".join(tokens[: -len(periods)])
    if not re.search(r"[A-Za-z]", label) or len(label.split()) > MAX_LABEL_WORDS:
        return None
    if all(parse_figure(f) is not None or is_nil(f) for f in figures) and any(
        is_nil(f) for f in figures
    ):
        cells = [
            {"period": year, "raw": raw, "column": column}
            for column, (year, raw) in enumerate(zip(periods, figures, strict=True), start=2)
            if not is_nil(raw)
        ]
        return {"label": label, "row": number, "cells": cells, "nil": True}
    if any(parse_figure(f) is None for f in figures):
        # A heading ("Current assets") or prose: no cells, but keep the label for context.
        return {"label": line.strip(), "row": number, "cells": []} if len(tokens) <= 8 else None
    cells = [
        {"period": year, "raw": raw, "column": column}
        for column, (year, raw) in enumerate(zip(periods, figures, strict=True), start=2)
    ]
    return {"label": label, "row": number, "cells": cells}


# --- workbooks ----------------------------------------------------------------------------------
def _sheet_table(sheet: dict[str, Any]) -> dict[str, Any] | None:
    rows = sheet["rows"]
    header = _header([[c["v"] for c in row] for row in rows[:12]])
    if header is None:
        return None
    position, columns = header
    letters = {index: _column_letter(rows[position][index]["c"]) for index, _ in columns}
    years = {letters[index]: year for index, year in columns}
    units = {
        letters[i]: u for i, _ in columns if (u := column_unit(rows[position][i]["v"])) is not None
    }
    found = []
    for row in rows[position + 1 :]:
        label = next((str(c["v"]) for c in row if isinstance(c["v"], str) and c["v"].strip()), "")
        cells = [
            {"period": years[letter], "raw": c["v"], "column": letter, "cell": c["c"]}
            | ({"unit": units[letter]} if letter in units else {})
            for c in row
            if (letter := _column_letter(c["c"])) in years and parse_figure(c["v"]) is not None
        ]
        nil = any(_column_letter(c["c"]) in years and is_nil(c["v"]) for c in row)
        if label:
            found.append(
                {"label": label, "row": _row_number(row[0]["c"]), "cells": cells, "nil": nil}
            )
    context = " ".join(str(c["v"]) for row in rows[: position + 1] for c in row)
    return {
        "sheet": sheet["name"],
        "page": sheet["index"],
        "table": 1,
        "periods": [year for _, year in columns],
        "rows": found,
        "context": f"{sheet['name']}\n{context}",
        "column_units": sorted(set(units.values())),
    }


def _column_letter(cell: str) -> str:
    return re.sub(r"\d+", "", cell)


def _row_number(cell: str) -> int:
    return int(re.sub(r"\D+", "", cell) or 0)


# --- CSV ----------------------------------------------------------------------------------------
HEADER_ROWS = 15  # a title, a unit line and blank rows may come before the header


def _csv_tables(rows: list[list[str]]) -> list[dict[str, Any]]:
    if not rows:
        return []
    for position, cells in enumerate(rows[:HEADER_ROWS]):
        header = [cell.strip().lower() for cell in cells]
        columns = {role: _find(header, names) for role, names in LONG_COLUMNS.items()}
        if None not in (columns["period"], columns["label"], columns["value"]):
            table = _long_table(rows[position:], columns)
            above = " ".join(" ".join(r) for r in rows[: position + 1])
            return [{**table, "rows": _shifted(table["rows"], position), "context": above}]
    wide = _header(rows[:HEADER_ROWS])
    if wide is None:
        return []
    grid = _grid(rows[wide[0] :], 0)
    if not grid:
        return []
    above = " ".join(" ".join(r) for r in rows[: wide[0] + 1])
    return [{**grid, "rows": _shifted(grid["rows"], wide[0]), "table": 1, "context": above}]


def _shifted(rows: list[dict[str, Any]], offset: int) -> list[dict[str, Any]]:
    """Row numbers of the file, not of the part below the header."""
    return [{**row, "row": row["row"] + offset} for row in rows]


def _find(header: list[str], names: tuple[str, ...]) -> int | None:
    """The column named one of `names`, or starting with one (`amount (usd thousands)`)."""
    for name in names:
        if name in header:
            return header.index(name)
    for name in names:
        found = next((i for i, cell in enumerate(header) if cell.startswith(name + " ")), None)
        if found is not None:
            return found
    return None


def _long_table(rows: list[list[str]], columns: dict[str, int | None]) -> dict[str, Any]:
    period, label, value = (int(columns[k] or 0) for k in ("period", "label", "value"))
    unit = columns["unit"]
    found, periods = [], set()
    for number, cells in enumerate(rows[1:], start=2):
        if max(period, label, value) >= len(cells):
            continue
        year = year_of(cells[period])
        if year is None or parse_figure(cells[value]) is None:
            continue
        periods.add(year)
        cell = {"period": year, "raw": cells[value], "column": value + 1}
        if unit is not None and unit < len(cells):
            cell["unit"] = cells[unit]
        found.append({"label": cells[label], "row": number, "cells": [cell]})
    return {
        "table": 1,
        "periods": sorted(periods),
        "rows": found,
        "context": " ".join(rows[0]),
        "cell_units": unit is not None,
        "long": True,  # one figure per row: a list of key figures, not a statement's layout
    }
