"""Filing sets with variety, for tests and the finance evaluation: one fictional company per set,
its annual reports (PDF, the prior year as a comparative column), a workbook and a CSV, laid out
in one of LAYOUTS, clean or with planted errors.

    python -m agents.finance.samples.variety OUT_DIR SEED [--planted]

Layouts vary what real filings vary: statement order, US / UK / IFRS wordings (including "(used
in)", "net of" and lines outside the schema such as "Other income (expense), net", "Goodwill and
intangible assets", "Short-term debt"), scales (units, thousands, millions with a decimal, a scale
per statement or per column heading), column order, year headings (2024, FY2024, "Year ended 31
December 2024"), negatives in brackets or with a minus, PDF tables ruled, with rules only or with
none, workbooks with several sheets and title rows above the header, wide and long CSV files with
the header below a title, and notes that restate figures.

Planted errors, one or two per planted set: a subtotal off, a figure that differs between
documents, a sign flip, a scale mismatch. `truth.json` lists every schema value each document
prints (page, sheet cell or CSV row) and every planted error with its kind.

Seeds below HELD_OUT_FROM are the development split; seeds from HELD_OUT_FROM on are held out:
nothing is tuned on them.
"""

from __future__ import annotations

import csv
import json
import random
import sys
from pathlib import Path
from typing import Any

from agents.finance.samples import wordings as W

HELD_OUT_FROM = 1000
EXPENSE_ITEMS = {
    "cost_of_revenue", "selling_general_administrative", "research_development",
    "operating_expenses", "interest_expense", "income_tax", "capital_expenditure", "dividends",
    "depreciation_amortization",
}  # fmt: skip
NOT_IN_SCHEMA = {
    "other_income", "ppe", "goodwill", "payables", "st_debt", "lt_debt", "share_capital",
    "retained", "working_capital", "other_investing", "borrowings",
}  # fmt: skip
INCOME = [
    "revenue", "cost_of_revenue", "gross_profit", "selling_general_administrative",
    "research_development", "operating_expenses", "operating_income", "other_income",
    "interest_expense", "income_before_tax", "income_tax", "net_income", "shares_diluted",
    "eps_diluted",
]  # fmt: skip
BALANCE = [
    ("h", "Current assets"), "cash", "receivables", "inventory", "other_current_assets",
    "total_current_assets", ("h", "Non-current assets"), "ppe", "goodwill", "non_current_assets",
    "total_assets", ("h", "Current liabilities"), "payables", "st_debt", "current_liabilities",
    ("h", "Non-current liabilities"), "lt_debt", "non_current_liabilities", "total_liabilities",
    ("h", "Equity"), "share_capital", "retained", "total_equity", "total_liabilities_and_equity",
]  # fmt: skip
CASH_FLOW = [
    ("h", "Operating activities"), "net_income", "depreciation_amortization", "working_capital",
    "operating_cash_flow", ("h", "Investing activities"), "capital_expenditure",
    "other_investing", "investing_cash_flow", ("h", "Financing activities"), "dividends",
    "borrowings", "financing_cash_flow", "net_change_in_cash",
]  # fmt: skip
STATEMENT_ROWS: dict[str, list[Any]] = {
    "income_statement": INCOME,
    "balance_sheet": BALANCE,
    "cash_flow": CASH_FLOW,
}
# name: (wordings, pdf style, scale, decimals, year heading, newest first, negatives, order)
LAYOUTS: dict[str, dict[str, Any]] = {
    "us-grid": {
        "words": "us",
        "style": "grid",
        "scale": "thousands",
        "heading": "plain",
        "newest": True,
        "minus": False,
        "order": ("income_statement", "balance_sheet", "cash_flow"),
    },
    "uk-rules": {
        "words": "uk",
        "style": "rules",
        "scale": "millions",
        "heading": "fy",
        "newest": True,
        "minus": False,
        "order": ("income_statement", "balance_sheet", "cash_flow"),
        "costs_negative": True,
    },
    "ifrs-text": {
        "words": "ifrs",
        "style": "none",
        "scale": "thousands",
        "heading": "ended",
        "newest": True,
        "minus": True,
        "order": ("balance_sheet", "income_statement", "cash_flow"),
        "costs_negative": True,
    },
    "us-oldest-first": {
        "words": "us_alt",
        "style": "grid",
        "scale": "thousands",
        "heading": "unit",
        "newest": False,
        "minus": False,
        "order": ("income_statement", "cash_flow", "balance_sheet"),
    },
    "units-rules": {
        "words": "us_alt",
        "style": "rules",
        "scale": "units",
        "heading": "plain",
        "newest": True,
        "minus": True,
        "order": ("income_statement", "balance_sheet", "cash_flow"),
    },
    "per-statement-scale": {
        "words": "ifrs",
        "style": "grid",
        "scale": "thousands",
        "is_scale": "millions",
        "heading": "fy",
        "newest": True,
        "minus": False,
        "order": ("income_statement", "balance_sheet", "cash_flow"),
        "costs_negative": True,
    },
    "notes-restate": {
        "words": "uk",
        "style": "none",
        "scale": "thousands",
        "heading": "plain",
        "newest": True,
        "minus": False,
        "order": ("income_statement", "balance_sheet", "cash_flow"),
        "notes": True,
    },
    "cash-flow-first": {
        "words": "us",
        "style": "rules",
        "scale": "millions",
        "heading": "ended",
        "newest": False,
        "minus": True,
        "order": ("cash_flow", "income_statement", "balance_sheet"),
    },
}
PLANTS = ("subtotal", "cross_document", "sign_flip", "scale_mismatch")
FACTOR = {"units": 1, "thousands": 1_000, "millions": 1_000_000}


def figures_for(rng: random.Random, years: list[int]) -> dict[int, dict[str, int]]:
    """Each year's figures in whole currency units, rounded to thousands so every scale prints
    them exactly or within its rounding; totals foot."""
    out, revenue = {}, rng.randint(200_000, 3_000_000) * 1_000
    for year in years:
        revenue = revenue * rng.randint(95, 112) // 100 // 1_000 * 1_000
        out[year] = _year(rng, revenue)
    return out


def _k(value: float) -> int:
    return round(value / 1_000) * 1_000


def _year(rng: random.Random, revenue: int) -> dict[str, int]:
    f: dict[str, int] = {"revenue": revenue}
    f["cost_of_revenue"] = _k(revenue * rng.uniform(0.45, 0.7))
    f["gross_profit"] = revenue - f["cost_of_revenue"]
    f["selling_general_administrative"] = _k(revenue * rng.uniform(0.08, 0.15))
    f["research_development"] = _k(revenue * rng.uniform(0.02, 0.08))
    f["operating_expenses"] = f["selling_general_administrative"] + f["research_development"]
    f["operating_income"] = f["gross_profit"] - f["operating_expenses"]
    f["other_income"] = _k(revenue * rng.uniform(-0.01, 0.01))
    f["interest_expense"] = _k(revenue * rng.uniform(0.003, 0.01))
    f["income_before_tax"] = f["operating_income"] + f["other_income"] - f["interest_expense"]
    f["income_tax"] = _k(f["income_before_tax"] * rng.uniform(0.18, 0.27))
    f["net_income"] = f["income_before_tax"] - f["income_tax"]
    f["shares_diluted"] = rng.randint(40_000, 400_000) * 1_000
    for item, share in (("cash", 0.12), ("receivables", 0.15), ("inventory", 0.1), ("other_current_assets", 0.03), ("ppe", 0.5), ("goodwill", 0.2), ("payables", 0.12), ("st_debt", 0.05), ("lt_debt", 0.25), ("share_capital", 0.05)):  # fmt: skip
        f[item] = _k(revenue * share * rng.uniform(0.7, 1.3))
    f["total_current_assets"] = sum(f[i] for i in ("cash", "receivables", "inventory", "other_current_assets"))  # fmt: skip
    f["non_current_assets"] = f["ppe"] + f["goodwill"]
    f["total_assets"] = f["total_current_assets"] + f["non_current_assets"]
    f["current_liabilities"] = f["payables"] + f["st_debt"]
    f["non_current_liabilities"] = f["lt_debt"]
    f["total_liabilities"] = f["current_liabilities"] + f["non_current_liabilities"]
    f["total_equity"] = f["total_assets"] - f["total_liabilities"]
    f["retained"] = f["total_equity"] - f["share_capital"]
    f["total_liabilities_and_equity"] = f["total_assets"]
    f["depreciation_amortization"] = _k(revenue * rng.uniform(0.03, 0.06))
    f["working_capital"] = _k(revenue * rng.uniform(-0.03, 0.03))
    f["operating_cash_flow"] = f["net_income"] + f["depreciation_amortization"] + f["working_capital"]  # fmt: skip
    f["capital_expenditure"] = _k(revenue * rng.uniform(0.03, 0.08))
    f["other_investing"] = _k(revenue * rng.uniform(-0.01, 0.01))
    f["investing_cash_flow"] = -f["capital_expenditure"] + f["other_investing"]
    f["dividends"] = _k(max(f["net_income"], 0) * rng.uniform(0.2, 0.5))
    f["borrowings"] = _k(revenue * rng.uniform(-0.02, 0.02))
    f["financing_cash_flow"] = -f["dividends"] + f["borrowings"]
    f["net_change_in_cash"] = f["operating_cash_flow"] + f["investing_cash_flow"] + f["financing_cash_flow"]  # fmt: skip
    return f


def signed(item: str, value: int, layout: dict[str, Any]) -> int:
    """The sign a statement prints: outflows in brackets; costs too where the layout says so."""
    if item in ("capital_expenditure", "dividends"):
        return -value
    if (
        item in EXPENSE_ITEMS
        and item != "depreciation_amortization"
        and layout.get("costs_negative")
    ):
        return -value
    return value


def printed(item: str, units: int, scale: str, layout: dict[str, Any]) -> str:
    """The text a document prints for a figure in whole units at its scale."""
    if item == "eps_diluted":
        text = f"{abs(units) / 100:,.2f}"
    elif item == "shares_diluted":
        text = f"{abs(units) // 1_000:,}"
    elif scale == "millions":
        text = f"{abs(units) / 1_000_000:,.1f}"
    else:
        text = f"{abs(units) // FACTOR[scale]:,}"
    if units < 0:
        return f"-{text}" if layout.get("minus") else f"({text})"
    return text


def in_units(item: str, text: str, scale: str) -> float:
    """What the extraction must find for a printed figure (expenses as magnitudes)."""
    number = float(text.strip("()").replace(",", "").lstrip("-"))
    negative = text.startswith(("(", "-"))
    if item == "eps_diluted":
        value = number
    elif item == "shares_diluted":
        value = number * 1_000
    else:
        value = number * FACTOR[scale]
    if item in EXPENSE_ITEMS:
        return round(value, 2)
    return round(-value if negative else value, 2)


def build_set(out: Path, seed: int, *, planted: bool) -> dict[str, Any]:
    """Writes one filing set under `out` and returns its truth (also in truth.json)."""
    from agents.finance.samples import variety_files as files

    rng = random.Random(seed)
    name = rng.choice(W.NAMES)
    layout_name = sorted(LAYOUTS)[seed % len(LAYOUTS)]
    layout = {**LAYOUTS[layout_name], "name": layout_name}
    years = [2022, 2023, 2024]
    numbers = figures_for(rng, years)
    for year in years:
        numbers[year]["eps_diluted"] = round(100 * numbers[year]["net_income"] / numbers[year]["shares_diluted"])  # fmt: skip
    plan = _plan(rng, planted, layout)
    out.mkdir(parents=True, exist_ok=True)
    documents = [
        files.annual_report(out, name, layout, year, numbers, plan, rng) for year in (2023, 2024)
    ]
    documents.append(files.workbook(out, name, layout, years, numbers, plan, rng))
    documents.append(files.key_figures(out, name, layout, years, numbers, plan, rng))
    truth = {
        "seed": seed,
        "split": "held_out" if seed >= HELD_OUT_FROM else "dev",
        "layout": layout_name,
        "company": name,
        "documents": documents,
        "planted": [p["truth"] for p in plan],
    }
    (out / "truth.json").write_text(json.dumps(truth, indent=1) + "\n")
    return truth


def _plan(rng: random.Random, planted: bool, layout: dict[str, Any]) -> list[dict[str, Any]]:
    if not planted:
        return []
    kinds = rng.sample(PLANTS, k=rng.choice((1, 2)))
    plants = [_plant(rng, kind) for kind in kinds]
    if {"sign_flip", "scale_mismatch"} <= set(kinds):  # one error per document
        flip = next(p for p in plants if p["truth"]["kind"] == "sign_flip")
        flip.update(document="workbook", item="revenue")
        flip["truth"].update(document="workbook", item="revenue")
    return plants


def _plant(rng: random.Random, kind: str) -> dict[str, Any]:
    if kind == "subtotal":
        item = rng.choice(("gross_profit", "total_current_assets", "operating_cash_flow", "total_equity"))  # fmt: skip
        where = {"document": "report-2024", "item": item, "period": 2024, "delta": rng.choice((7, -9, 13)) * 1_000_000}  # fmt: skip
    elif kind == "cross_document":
        item = rng.choice(("revenue", "net_income", "total_assets", "operating_cash_flow"))
        where = {"document": "workbook", "item": item, "period": 2023, "delta": rng.choice((5, -4)) * 1_000_000}  # fmt: skip
    elif kind == "sign_flip":
        item = rng.choice(("net_income", "operating_cash_flow", "revenue"))
        where = {"document": "key-figures", "item": item, "period": 2023, "flip": True}
    else:
        where = {"document": "key-figures", "item": None, "period": None, "scale_slip": True}
    truth = {"kind": kind, "item": where["item"], "period": where["period"], "document": where["document"]}  # fmt: skip
    return {**where, "truth": truth}


def units_rules_planted(out: Path) -> dict[str, Any]:
    """The development set the finance eval suite runs over REST: amounts in plain dollars, rules
    only, a subtotal off in the FY2024 report and a key-figures CSV at the wrong scale."""
    return build_set(out, 5, planted=True)


def main(argv: list[str]) -> int:
    if len(argv) < 3:
        print("usage: python -m agents.finance.samples.variety OUT_DIR SEED [--planted]")
        return 2
    truth = build_set(Path(argv[1]), int(argv[2]), planted="--planted" in argv)
    print(json.dumps({k: truth[k] for k in ("layout", "company", "planted")}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))


__all__ = ["LAYOUTS", "build_set", "csv", "in_units", "printed", "signed"]
