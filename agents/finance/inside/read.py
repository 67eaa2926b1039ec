"""Reads PDFs (text and ruled tables, with pdfplumber), workbooks (openpyxl) and CSV files.

Everything read is bounded: pages, tables, rows, columns and characters per cell and page. The
answer is raw (page texts, table cells, sheet cells with their coordinates); deciding what is a
statement happens on the host, in plain Python over this JSON.
"""

from __future__ import annotations

import csv
import io
import os
from typing import Any

MAX_PAGES = 120
MAX_PAGE_CHARS = 8000
MAX_TABLES = 12
MAX_ROWS = 400
MAX_COLUMNS = 24
MAX_CELL_CHARS = 160
MAX_SHEETS = 12


def read(request: dict[str, Any]) -> dict[str, Any]:
    limit = int(request.get("max_bytes", 25 * 1024 * 1024))
    documents = [_document(str(path), limit) for path in request["paths"][:64]]
    return {"ok": True, "documents": documents}


def _document(path: str, limit: int) -> dict[str, Any]:
    kind = path.rsplit(".", 1)[-1].lower()
    found: dict[str, Any] = {"path": path, "kind": kind}
    try:
        size = os.lstat(path).st_size
        if size > limit:
            return {**found, "error": f"the file is {size} bytes; the limit is {limit}"}
        reader = {"pdf": _pdf, "xlsx": _xlsx, "csv": _csv}.get(kind)
        if reader is None:
            return {**found, "error": "not a PDF, XLSX or CSV file"}
        return {**found, **reader(path)}
    except Exception as error:  # a hostile file may break a parser in any way
        return {**found, "error": f"unreadable: {type(error).__name__}: {str(error)[:300]}"}


def _cell(value: Any) -> str:
    return ("" if value is None else str(value)).replace("\n", " ").strip()[:MAX_CELL_CHARS]


# --- PDF ----------------------------------------------------------------------------------------
def _pdf(path: str) -> dict[str, Any]:
    with open(path, "rb") as handle:
        if b"%PDF-" not in handle.read(1024):
            return {"error": "not a PDF (no %PDF header)"}
    from pypdf import PdfReader

    reader = PdfReader(path, strict=False)
    if reader.is_encrypted:
        return {"error": "the PDF is encrypted", "encrypted": True}
    import pdfplumber

    with pdfplumber.open(path) as pdf:
        pages = [_page(page) for page in pdf.pages[:MAX_PAGES]]
        return {"page_count": len(pdf.pages), "pages": pages, "title": _title(pdf)}


def _title(pdf: Any) -> str:
    metadata = getattr(pdf, "metadata", None) or {}
    return _cell(metadata.get("Title", ""))


def _page(page: Any) -> dict[str, Any]:
    chars = len(page.chars)
    found: dict[str, Any] = {
        "number": page.page_number,
        "chars": chars,
        "images": len(page.images),
        "text": "",
        "tables": [],
    }
    if chars:
        found["text"] = (page.extract_text() or "")[:MAX_PAGE_CHARS]
        found["tables"] = [_rows(table) for table in page.extract_tables()[:MAX_TABLES]]
    return found


def _rows(table: list[list[Any]]) -> list[list[str]]:
    return [[_cell(value) for value in row[:MAX_COLUMNS]] for row in table[:MAX_ROWS]]


# --- XLSX ---------------------------------------------------------------------------------------
def _xlsx(path: str) -> dict[str, Any]:
    with open(path, "rb") as handle:
        if not handle.read(4).startswith(b"PK"):
            return {"error": "not an XLSX workbook"}
    from openpyxl import load_workbook

    book = load_workbook(path, read_only=True, data_only=True)
    try:
        sheets = [
            _sheet(index, sheet) for index, sheet in enumerate(book.worksheets[:MAX_SHEETS], 1)
        ]
    finally:
        book.close()
    return {"sheets": sheets}


def _sheet(index: int, sheet: Any) -> dict[str, Any]:
    rows = []
    for row in sheet.iter_rows(max_row=MAX_ROWS, max_col=MAX_COLUMNS):
        cells = [_sheet_cell(cell) for cell in row if cell.value not in (None, "")]
        if cells:
            rows.append(cells)
    return {"index": index, "name": _cell(sheet.title), "rows": rows}


def _sheet_cell(cell: Any) -> dict[str, Any]:
    value = cell.value
    if isinstance(value, bool) or not isinstance(value, int | float):
        value = _cell(value)
    return {"v": value, "c": cell.coordinate}


# --- CSV ----------------------------------------------------------------------------------------
def _csv(path: str) -> dict[str, Any]:
    with open(path, "rb") as handle:
        data = handle.read()
    if b"\x00" in data[:8192]:
        return {"error": "binary data, not CSV text"}
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return {"error": "not UTF-8 text"}
    try:
        dialect: Any = csv.Sniffer().sniff(text[:4096], delimiters=",;\t|")
    except csv.Error:
        dialect = csv.excel
    rows = []
    for row in csv.reader(io.StringIO(text), dialect):
        # Blank rows are kept (empty), so that a row number is the file's line of the figure.
        rows.append(
            [_cell(cell) for cell in row[:MAX_COLUMNS]] if any(c.strip() for c in row) else []
        )
        if len(rows) >= MAX_ROWS * 4:
            break
    return {"rows": rows}
