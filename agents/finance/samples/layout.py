"""The sample annual reports' pages: a cover, narrative pages, then the three statements, one
page each, drawn with reportlab in the company's own style (ruled grid, horizontal rules only, or
no lines at all)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from agents.finance.samples.companies import Company

TITLES = {
    "grid": (
        "Consolidated Statements of Operations",
        "Consolidated Balance Sheets",
        "Consolidated Statements of Cash Flows",
    ),
    "rules": (
        "Consolidated Income Statement",
        "Consolidated Statement of Financial Position",
        "Consolidated Cash Flow Statement",
    ),
    "none": (
        "Consolidated Statements of Income",
        "Consolidated Balance Sheets",
        "Consolidated Statements of Cash Flows",
    ),
}
NARRATIVE = {
    "aurora": [
        (
            "Business review",
            "Aurora designs precision measurement instruments for laboratories "
            "and factories. In {year} demand from semiconductor customers stayed strong and revenue "
            "reached {revenue} thousand dollars, while research spending rose again.",
        ),
        (
            "Risk factors",
            "Our results depend on a small number of large customers; the loss of "
            "any of them would reduce revenue. Component shortages could delay shipments. Currency "
            "movements affect the cost of parts bought abroad.",
        ),
    ],
    "borealis": [
        (
            "Chair's statement",
            "It has been a year of steady progress. Turnover grew to {revenue} "
            "million dollars and we continued to invest in our bakeries and our brands.",
        ),
        (
            "Principal risks",
            "Input cost inflation, in particular wheat, energy and packaging, "
            "puts pressure on our gross margin. Retail customers are consolidating and their "
            "bargaining power is rising. A food safety incident could damage our brands.",
        ),
    ],
    "cobalt": [
        (
            "Letter to shareholders",
            "Freight volumes recovered in the second half of {year} and "
            "we ended the year with {cash} thousand dollars of cash.",
        ),
        (
            "Risk factors",
            "A downturn in industrial production would reduce freight volumes. Our "
            "borrowings carry floating interest rates. Cyber attacks could disrupt operations.",
        ),
    ],
}


def number(company: Company, value: float, item: str) -> str:
    """A figure the way the company prints it: separators, brackets for negatives."""
    digits = 2 if item == "eps_diluted" else company.decimals
    text = f"{abs(value):,.{digits}f}"
    return f"({text})" if value < 0 else text


def report_pages(
    company: Company, year: int, figures: dict[int, dict[str, int]]
) -> tuple[list[list[Any]], list[dict[str, Any]]]:
    """The report's pages as lists of flowables, and every schema value with its page."""
    from agents.finance.samples import generate

    years = sorted(figures, reverse=True)
    values: list[dict[str, Any]] = []
    pages = [_cover(company, year, figures, years, values)]
    current = figures[year]
    fill = {
        "year": year,
        "revenue": number(company, current["revenue"] / 10**company.decimals, "revenue"),
        "cash": number(company, current["cash"] / 10**company.decimals, "cash"),
    }
    sections = NARRATIVE[company.key]
    # Aurora's review and risks share one page; the others give each section a page.
    per_page = len(sections) if company.first_statement_page == 3 else 1
    for start in range(0, len(sections), per_page):
        pages.append(_prose(sections[start : start + per_page], fill))
    for offset, statement in enumerate(generate.STATEMENTS):
        page = company.first_statement_page + offset
        rows = generate.statement_rows(company, statement)
        title = TITLES[company.ruling][offset]
        pages.append(_statement(company, title, rows, figures, years, page, values))
    return pages, values


def _cover(
    company: Company,
    year: int,
    figures: dict[int, dict[str, int]],
    years: list[int],
    values: list[dict[str, Any]],
) -> list[Any]:
    from reportlab.platypus import Paragraph, Spacer

    from agents.finance.samples import generate

    styles = _styles()
    flow = [
        Paragraph(f"{company.name} Annual Report {year}", styles["Title"]),
        Spacer(1, 24),
        Paragraph(
            f"Annual report and financial statements for the year ended 31 December {year}.",
            styles["Normal"],
        ),
    ]
    if company.key == "aurora":  # a highlights table that repeats statement figures
        rows: list[tuple[str, str | None]] = [
            (company.labels[item], item) for item in generate.HIGHLIGHTS
        ]
        flow += [Spacer(1, 18), Paragraph("Financial highlights", styles["Heading2"])]
        flow.append(Paragraph(company.pdf_unit_line, styles["Italic"]))
        flow.append(_table(company, rows, figures, years, 1, values))
    return flow


def _prose(sections: list[tuple[str, str]], fill: dict[str, Any]) -> list[Any]:
    from reportlab.platypus import Paragraph

    styles = _styles()
    flow = []
    for heading, text in sections:
        flow += [Paragraph(heading, styles["Heading1"]), Paragraph(text.format(**fill), styles["Normal"])]  # fmt: skip
    return flow


def _statement(
    company: Company,
    title: str,
    rows: list[tuple[str, str | None]],
    figures: dict[int, dict[str, int]],
    years: list[int],
    page: int,
    values: list[dict[str, Any]],
) -> list[Any]:
    from reportlab.platypus import Paragraph, Spacer

    styles = _styles()
    return [
        Paragraph(company.name, styles["Heading2"]),
        Paragraph(title, styles["Heading1"]),
        Paragraph(company.pdf_unit_line, styles["Italic"]),
        Spacer(1, 12),
        _table(company, rows, figures, years, page, values),
    ]


def _table(
    company: Company,
    rows: list[tuple[str, str | None]],
    figures: dict[int, dict[str, int]],
    years: list[int],
    page: int,
    values: list[dict[str, Any]],
) -> Any:
    from reportlab.platypus import Table

    from agents.finance.samples import generate

    prefix = "FY" if company.ruling == "rules" else ""
    data: list[list[str]] = [["", *(f"{prefix}{y}" for y in years)]]
    for label, item in rows:
        if item is None:
            data.append([label, *([""] * len(years))])
            continue
        shown = [generate.figure(company, figures[y], item) for y in years]
        data.append([label, *(number(company, v, item) for v in shown)])
        if item not in generate.NOT_IN_SCHEMA:
            for year, value in zip(years, shown, strict=True):
                values.append(generate._value(company, item, year, value, label, page=page))
    table = Table(data, colWidths=[260, *([90] * len(years))], hAlign="LEFT")
    table.setStyle(_style(company.ruling, data))
    return table


def _style(ruling: str, data: list[list[str]]) -> Any:
    from reportlab.platypus import TableStyle

    commands: list[tuple[Any, ...]] = [
        ("ALIGN", (1, 0), (-1, -1), "RIGHT"),
        ("FONTSIZE", (0, 0), (-1, -1), 9),
    ]
    if ruling == "grid":
        commands.append(("GRID", (0, 0), (-1, -1), 0.5, "#555555"))
    elif ruling == "rules":
        commands.append(("LINEBELOW", (0, 0), (-1, 0), 0.8, "#000000"))
        for index, row in enumerate(data):
            if row[0].lower().startswith(("total", "net", "profit for")):
                commands.append(("LINEABOVE", (1, index), (-1, index), 0.5, "#000000"))
    return TableStyle(commands)


def write_pdf(path: Path, company: Company, year: int, pages: list[list[Any]]) -> None:
    from reportlab.lib.pagesizes import A4
    from reportlab.platypus import PageBreak, SimpleDocTemplate

    flow: list[Any] = []
    for index, page in enumerate(pages):
        flow += page
        if index < len(pages) - 1:
            flow.append(PageBreak())

    def footer(canvas: Any, doc: Any) -> None:
        canvas.setFont("Helvetica", 8)
        canvas.drawString(56, 28, f"{company.name} - Annual Report {year} - page {doc.page}")

    document = SimpleDocTemplate(
        str(path),
        pagesize=A4,
        title=f"{company.name} Annual Report {year}",
        author=company.name,
        invariant=1,  # the same bytes on every run
    )
    document.build(flow, onFirstPage=footer, onLaterPages=footer)


def _styles() -> Any:
    from reportlab.lib.styles import getSampleStyleSheet

    return getSampleStyleSheet()
