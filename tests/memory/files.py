"""Files the memory tests generate: real PDFs, workbooks, CSV, Markdown and HTML."""

from __future__ import annotations

import io

from openpyxl import Workbook
from pypdf import PdfReader, PdfWriter
from reportlab.lib.pagesizes import A4
from reportlab.pdfgen import canvas

# One distinctive topic per page, so a search can be checked against the page it must cite.
REPORT_PAGES = [
    "Quarterly revenue summary. Revenue grew to 4.2 million euros, driven by subscriptions.",
    "Operating costs. Cloud hosting spend fell by 18 percent after the datacenter migration.",
    "Risk factors. The Brazilian subsidiary faces currency exposure to the real.",
    "Outlook. Management expects headcount in the Lisbon office to double next year.",
]


def pdf_bytes(pages: list[str] | None = None) -> bytes:
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, pagesize=A4)
    for text in pages or REPORT_PAGES:
        y = 800
        for line in _wrap(text, 80):
            pdf.drawString(60, y, line)
            y -= 16
        pdf.showPage()
    pdf.save()
    return buffer.getvalue()


def _wrap(text: str, width: int) -> list[str]:
    lines, line = [], ""
    for word in text.split():
        if len(line) + len(word) + 1 > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    return [*lines, line]


def encrypted_pdf_bytes() -> bytes:
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(pdf_bytes())))
    writer.encrypt(user_password="secret", owner_password="owner")
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue()


def corrupt_pdf_bytes() -> bytes:
    good = pdf_bytes()
    return good[:200] + b"\x00garbage\xff" * 50


def xlsx_bytes() -> bytes:
    workbook = Workbook()
    sheet = workbook.active
    assert sheet is not None
    sheet.title = "Holdings"
    sheet.append(["ticker", "company", "weight"])
    sheet.append(["ACME", "Acme Anvils", 0.4])
    sheet.append(["GLBX", "Globex Hammocks", 0.6])
    second = workbook.create_sheet("Notes")
    second.append(["note"])
    second.append(["Rebalance the portfolio every quarter"])
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


CSV_TEXT = "city,country,population\nLisbon,Portugal,545000\nPorto,Portugal,232000\n"
MARKDOWN_TEXT = """# Handbook

Welcome to the team.

## Expenses

Submit receipts for travel within thirty days.

## Security

Rotate your hardware token every year.
"""
HTML_TEXT = """<html><head><style>body{color:red}</style><script>var x = 'do not index';</script>
</head><body><h1>Release notes</h1><p>Version 2 adds dark mode.</p>
<h2>Fixes</h2><p>The export button no longer crashes on Safari.</p></body></html>"""
