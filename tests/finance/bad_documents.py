"""Documents the finance workflow must refuse by name: a PDF without statements, a scanned PDF
without a text layer, a spreadsheet in an unknown layout, a workbook in another currency and a
statement that states two scales."""

from __future__ import annotations

import io
from pathlib import Path

from openpyxl import Workbook
from PIL import Image, ImageDraw
from reportlab.lib.pagesizes import A4
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen import canvas


def _pdf(path: Path, title: str, lines: list[str]) -> None:
    page = canvas.Canvas(str(path), pagesize=A4, invariant=1)
    page.setTitle(title)
    y = 780
    for line in [title, *lines]:
        page.drawString(56, y, line)
        y -= 18
    page.save()


def letter_without_statements(path: Path) -> None:
    _pdf(
        path,
        "Aurora Instruments Inc. Letter to shareholders 2024",
        [
            "Dear shareholders,",
            "We grew in every region this year and opened 4 new laboratories.",
            "Thank you for your support.",
        ],
    )


def scanned_statement(path: Path) -> None:
    """A photographed income statement: pixels only, no text layer."""
    image = Image.new("RGB", (800, 500), "white")
    draw = ImageDraw.Draw(image)
    for row in range(12):
        draw.rectangle((40, 40 + row * 36, 760, 52 + row * 36), fill=(60, 60, 60))
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    page = canvas.Canvas(str(path), pagesize=A4, invariant=1)
    page.drawImage(ImageReader(io.BytesIO(buffer.getvalue())), 40, 300, width=500, height=312)
    page.save()


def unknown_layout(path: Path) -> None:
    book = Workbook()
    sheet = book.active
    sheet.title = "Stores"
    for row in [["Region", "Stores", "Staff"], ["North", 12, 340], ["South", 9, 210]]:
        sheet.append(row)
    book.save(path)


def workbook_in_euros(path: Path) -> None:
    book = Workbook()
    sheet = book.active
    sheet.title = "Income statement"
    sheet.append(["Aurora Instruments Inc. - income statement (EUR thousands)"])
    sheet.append([])
    sheet.append(["Line item", "FY2024"])
    for label, value in [
        ("Revenue", 941_200),
        ("Cost of revenue", 519_500),
        ("Gross profit", 421_700),
        ("Net income", 134_100),
    ]:
        sheet.append([label, value])
    book.save(path)


def statement_with_two_scales(path: Path) -> None:
    _pdf(
        path,
        "Aurora Instruments Inc. Annual Report 2023",
        [
            "Consolidated Statements of Operations",
            "(in thousands of US dollars)",
            "(in millions of US dollars)",
            "2023",
            "Revenue 905,130",
            "Cost of revenue 507,778",
            "Gross profit 397,352",
            "Net income 121,658",
        ],
    )
