"""Writes the finance sample data set: three fictional companies x three fiscal years.

    python -m agents.finance.samples.generate OUT_DIR

For each company: an annual report PDF per year (statements in tables on known pages, the prior
year as a comparative column), a workbook with the three statements for all years, and a CSV of
key figures; `ground_truth.json` beside them lists every value each document prints (with its
page, sheet cell or row), the true value of each line item, and the errors planted in Borealis.
Needs reportlab and openpyxl (the `finance` extra).
"""

from __future__ import annotations

import csv
import json
import sys
from pathlib import Path
from typing import Any

from agents.finance.samples import layout
from agents.finance.samples.companies import COMPANIES, MODEL_LABELS, YEARS, Company, printed

INCOME = [
    "revenue", "cost_of_revenue", "gross_profit", "selling_general_administrative",
    "research_development", "operating_expenses", "operating_income", "interest_expense",
    "income_before_tax", "income_tax", "net_income", "shares_diluted", "eps_diluted",
]  # fmt: skip
BALANCE = [
    ("Current assets", None), "cash", "receivables", "inventory", "other_current_assets",
    "total_current_assets", "non_current_assets", "total_assets",
    ("Liabilities and equity", None), "current_liabilities", "non_current_liabilities",
    "total_liabilities", "total_equity", "total_liabilities_and_equity",
]  # fmt: skip
CASH_FLOW = [
    ("Operating activities", None), "net_income", "depreciation_amortization", "working_capital",
    "operating_cash_flow", ("Investing activities", None), "capital_expenditure",
    "other_investing", "investing_cash_flow", ("Financing activities", None), "dividends",
    "borrowings", "financing_cash_flow", "net_change_in_cash",
]  # fmt: skip
STATEMENTS: dict[str, list[Any]] = {
    "income_statement": INCOME,
    "balance_sheet": BALANCE,
    "cash_flow": CASH_FLOW,
}
HIGHLIGHTS = ["revenue", "operating_income", "net_income", "eps_diluted"]
# Lines every statement prints but the extraction schema leaves out.
NOT_IN_SCHEMA = {"working_capital", "other_investing", "borrowings"}
EXPENSES = {
    "cost_of_revenue", "selling_general_administrative", "research_development",
    "operating_expenses", "interest_expense", "income_tax", "capital_expenditure", "dividends",
}  # fmt: skip
CSV_ITEMS = {
    "revenue": "Revenue",
    "operating_income": "Operating income",
    "net_income": "Net income",
    "operating_cash_flow": "Operating cash flow",
    "capital_expenditure": "Capital expenditure",
    "eps_diluted": "Diluted EPS",
}
SHEETS = {"income_statement": "Income statement", "balance_sheet": "Balance sheet", "cash_flow": "Cash flow"}  # fmt: skip


def generate(out: Path) -> dict[str, Any]:
    """Writes every file under `out` and returns the ground truth (also written there)."""
    out.mkdir(parents=True, exist_ok=True)
    documents: list[dict[str, Any]] = []
    for company in COMPANIES:
        for index, year in enumerate(YEARS):
            documents.append(_annual_report(out, company, index, year))
        documents.append(_workbook(out, company))
        documents.append(_key_figures(out, company))
    truth = {
        "companies": {c.key: _company_entry(c) for c in COMPANIES},
        "years": list(YEARS),
        "documents": documents,
        "values": _true_values(documents),
        "planted": _planted(),
        "model_labels": MODEL_LABELS,
    }
    (out / "ground_truth.json").write_text(json.dumps(truth, indent=2) + "\n")
    return truth


def _company_entry(company: Company) -> dict[str, Any]:
    return {"name": company.name, "currency": company.currency, "scale": company.scale}


def statement_rows(company: Company, statement: str) -> list[tuple[str, str | None]]:
    """(label, schema item or None for a heading) in the order the statement prints them."""
    rows: list[tuple[str, str | None]] = []
    entries: list[Any] = STATEMENTS[statement]
    for entry in entries:
        if isinstance(entry, tuple):
            rows.append(entry)
        elif entry in ("selling_general_administrative", "research_development"):
            if entry in company.opex_parts:
                rows.append((company.labels[entry], entry))
        else:
            rows.append((company.labels.get(entry, entry), entry))
    return rows


def figure(company: Company, figures: dict[str, int], item: str) -> float:
    """The figure as printed (sign included), in the document's unit."""
    if item == "eps_diluted":
        return figures["eps_cents"] / 100
    value = figures[item] / 10**company.decimals
    # Cash paid out is in brackets everywhere; UK style brackets every cost, US style none.
    outflow = item in ("capital_expenditure", "dividends")
    if outflow or (item in EXPENSES and company.ruling == "rules"):
        return -value
    return value


def absolute(company: Company, item: str, shown: float) -> float:
    """A printed figure in whole currency units (or shares); expenses as magnitudes."""
    if item == "eps_diluted":
        return round(shown, 2)
    value = abs(shown) if item in EXPENSES else shown
    return round(value * company.unit * 10**company.decimals, 2)


def _annual_report(out: Path, company: Company, index: int, year: int) -> dict[str, Any]:
    columns = [index, index - 1] if index > 0 else [index]
    figures = {YEARS[i]: printed(company, i, f"pdf:{year}") for i in columns}
    name = f"{company.key}-annual-report-{year}.pdf"
    pages, values = layout.report_pages(company, year, figures)
    layout.write_pdf(out / name, company, year, pages)
    return {
        "file": name,
        "company": company.key,
        "kind": "pdf",
        "fiscal_year": year,
        "statement_pages": {
            statement: company.first_statement_page + offset
            for offset, statement in enumerate(STATEMENTS)
        },
        "values": values,
    }


def _workbook(out: Path, company: Company) -> dict[str, Any]:
    from openpyxl import Workbook

    book = Workbook()
    book.remove(book.active)
    values = []
    figures = {year: printed(company, i, "xlsx") for i, year in enumerate(YEARS)}
    for number, (statement, title) in enumerate(SHEETS.items(), start=1):
        sheet = book.create_sheet(title)
        unit = f"{company.currency} {company.scale}"
        sheet.append([f"{company.name} - {title.lower()} ({unit})"])
        sheet.append([])
        sheet.append(["Line item", *(f"FY{year}" for year in YEARS)])
        for label, item in statement_rows(company, statement):
            label = _plain_label(item, label)
            if item is None:
                sheet.append([label])
                continue
            shown = [figure(company, figures[year], item) for year in YEARS]
            sheet.append([label, *shown])
            row = sheet.max_row
            for column, year in enumerate(YEARS, start=2):
                if item not in NOT_IN_SCHEMA:
                    cell = f"{'ABCD'[column - 1]}{row}"
                    values.append(_value(company, item, year, shown[column - 2], label, page=number, sheet=title, cell=cell))  # fmt: skip
    name = f"{company.key}-financial-statements.xlsx"
    book.save(out / name)
    return {"file": name, "company": company.key, "kind": "xlsx", "values": values}


def _plain_label(item: str | None, label: str) -> str:
    # The workbook comes from a data system that uses plain labels, even for Cobalt.
    if item is not None and label in MODEL_LABELS:
        return {"revenue": "Revenue", "capital_expenditure": "Capital expenditure"}[item]
    return label


def _key_figures(out: Path, company: Company) -> dict[str, Any]:
    name = f"{company.key}-key-figures.csv"
    values = []
    with (out / name).open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["company", "fiscal_year", "line_item", "value", "unit"])
        row = 1
        for index, year in enumerate(YEARS):
            figures = printed(company, index, "csv")
            for item, label in CSV_ITEMS.items():
                row += 1
                shown = figure(company, figures, item)
                shown = abs(shown) if item in EXPENSES else shown
                unit = company.currency if item == "eps_diluted" else f"{company.currency} {company.scale}"  # fmt: skip
                writer.writerow([company.name, year, label, _csv_number(shown, company, item), unit])  # fmt: skip
                values.append(_value(company, item, year, shown, label, row=row))
    return {"file": name, "company": company.key, "kind": "csv", "values": values}


def _csv_number(value: float, company: Company, item: str) -> str:
    digits = 2 if item == "eps_diluted" else company.decimals
    return f"{value:.{digits}f}"


def _value(
    company: Company, item: str, year: int, shown: float, label: str, **where: Any
) -> dict[str, Any]:
    return {
        "item": item,
        "period": year,
        "value": absolute(company, item, shown),
        "label": label,
        **where,
    }


def _true_values(documents: list[dict[str, Any]]) -> dict[str, dict[str, dict[str, float]]]:
    """Each company's line items as its own annual report for that year prints them."""
    values: dict[str, dict[str, dict[str, float]]] = {}
    for document in documents:
        if document["kind"] != "pdf":
            continue
        for entry in document["values"]:
            if entry["period"] == document["fiscal_year"]:
                items = values.setdefault(document["company"], {})
                items.setdefault(entry["item"], {})[str(entry["period"])] = entry["value"]
    return values


def _planted() -> list[dict[str, Any]]:
    return [
        {
            "company": company.key,
            "check": plant["check"],
            "period": plant["period"],
            "item": plant["item"],
            "what": plant["what"],
        }
        for company in COMPANIES
        for plant in company.plants
    ]


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: python -m agents.finance.samples.generate OUT_DIR", file=sys.stderr)
        return 2
    truth = generate(Path(argv[1]))
    print(f"wrote {len(truth['documents'])} documents and ground_truth.json to {argv[1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
