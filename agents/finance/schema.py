"""The typed line-item schema every extracted value is mapped to, and the labels that name each
item in US and UK filings.

`kind` says how a value scales: an `amount` is money in the statement's unit (thousands,
millions), a `count` (shares) scales the same way unless its own label states a scale, and a
`per_share` amount never scales. Items of nature `expense` are kept as magnitudes whatever sign
the document prints them with (`(1,234)` and `1,234` are the same cost); others keep their sign.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

STATEMENTS = {
    "income_statement": "Income statement",
    "balance_sheet": "Balance sheet",
    "cash_flow": "Cash flow statement",
}


@dataclass(frozen=True)
class Item:
    key: str
    name: str
    statement: str
    aliases: tuple[str, ...]
    kind: str = "amount"  # amount | count | per_share
    nature: str = "signed"  # signed | expense


ITEMS = [
    Item(
        "revenue",
        "Revenue",
        "income_statement",
        (
            "revenue",
            "revenues",
            "total revenue",
            "total revenues",
            "net revenue",
            "net revenues",
            "net sales",
            "sales",
            "total net sales",
            "turnover",
            "group turnover",
        ),
    ),
    Item(
        "cost_of_revenue",
        "Cost of revenue",
        "income_statement",
        (
            "cost of revenue",
            "cost of revenues",
            "cost of sales",
            "cost of goods sold",
            "costs of goods sold",
            "cost of products sold",
        ),
        nature="expense",
    ),
    Item(
        "gross_profit",
        "Gross profit",
        "income_statement",
        ("gross profit", "gross margin", "gross income"),
    ),
    Item(
        "selling_general_administrative",
        "Selling, general and administrative",
        "income_statement",
        (
            "selling general and administrative",
            "selling general and administrative expenses",
            "sg and a",
            "selling general and administration",
        ),
        nature="expense",
    ),
    Item(
        "research_development",
        "Research and development",
        "income_statement",
        ("research and development", "research and development expenses", "r and d"),
        nature="expense",
    ),
    Item(
        "operating_expenses",
        "Operating expenses",
        "income_statement",
        (
            "total operating expenses",
            "operating expenses",
            "total operating costs",
            "operating costs",
        ),
        nature="expense",
    ),
    Item(
        "operating_income",
        "Operating income",
        "income_statement",
        (
            "operating income",
            "income from operations",
            "operating profit",
            "profit from operations",
            "operating income loss",
            "ebit",
        ),
    ),
    Item(
        "interest_expense",
        "Interest expense",
        "income_statement",
        (
            "interest expense",
            "interest expense net",
            "finance costs",
            "net finance costs",
            "net interest expense",
        ),
        nature="expense",
    ),
    Item(
        "income_before_tax",
        "Income before tax",
        "income_statement",
        (
            "income before income taxes",
            "income before taxes",
            "income before tax",
            "profit before taxation",
            "profit before tax",
            "pre tax income",
            "pretax income",
            "earnings before income taxes",
        ),
    ),
    Item(
        "income_tax",
        "Income tax",
        "income_statement",
        (
            "income tax expense",
            "income taxes",
            "income tax",
            "provision for income taxes",
            "taxation",
            "tax expense",
        ),
        nature="expense",
    ),
    Item(
        "net_income",
        "Net income",
        "income_statement",
        (
            "net income",
            "net earnings",
            "net profit",
            "profit for the year",
            "profit for the period",
            "net income attributable to shareholders",
        ),
    ),
    Item(
        "shares_diluted",
        "Diluted shares",
        "income_statement",
        (
            "weighted average diluted shares",
            "diluted weighted average shares",
            "weighted average number of shares",
            "weighted average shares outstanding diluted",
            "diluted shares outstanding",
            "weighted average shares diluted",
        ),
        kind="count",
    ),
    Item(
        "eps_diluted",
        "Diluted EPS",
        "income_statement",
        (
            "diluted earnings per share",
            "earnings per share diluted",
            "diluted eps",
            "basic and diluted earnings per share",
            "earnings per share",
        ),
        kind="per_share",
    ),
    Item(
        "cash",
        "Cash and equivalents",
        "balance_sheet",
        ("cash and cash equivalents", "cash", "cash and equivalents"),
    ),
    Item(
        "receivables",
        "Receivables",
        "balance_sheet",
        (
            "accounts receivable",
            "accounts receivable net",
            "trade receivables",
            "trade and other receivables",
            "receivables",
        ),
    ),
    Item("inventory", "Inventory", "balance_sheet", ("inventories", "inventory", "stocks")),
    Item(
        "other_current_assets",
        "Other current assets",
        "balance_sheet",
        ("other current assets", "prepaid expenses and other current assets"),
    ),
    Item(
        "total_current_assets", "Total current assets", "balance_sheet", ("total current assets",)
    ),
    Item(
        "non_current_assets",
        "Non-current assets",
        "balance_sheet",
        (
            "total non current assets",
            "non current assets",
            "total noncurrent assets",
            "total long term assets",
        ),
    ),
    Item("total_assets", "Total assets", "balance_sheet", ("total assets",)),
    Item(
        "current_liabilities",
        "Current liabilities",
        "balance_sheet",
        ("total current liabilities",),
    ),
    Item(
        "non_current_liabilities",
        "Non-current liabilities",
        "balance_sheet",
        (
            "total non current liabilities",
            "total noncurrent liabilities",
            "total long term liabilities",
        ),
    ),
    Item("total_liabilities", "Total liabilities", "balance_sheet", ("total liabilities",)),
    Item(
        "total_equity",
        "Total equity",
        "balance_sheet",
        (
            "total equity",
            "total stockholders equity",
            "total shareholders equity",
            "shareholders equity",
            "stockholders equity",
        ),
    ),
    Item(
        "total_liabilities_and_equity",
        "Total liabilities and equity",
        "balance_sheet",
        (
            "total liabilities and equity",
            "total liabilities and stockholders equity",
            "total liabilities and shareholders equity",
            "total equity and liabilities",
        ),
    ),
    Item(
        "depreciation_amortization",
        "Depreciation and amortization",
        "cash_flow",
        ("depreciation and amortization", "depreciation and amortisation", "depreciation"),
    ),
    Item(
        "operating_cash_flow",
        "Operating cash flow",
        "cash_flow",
        (
            "net cash provided by operating activities",
            "net cash from operating activities",
            "net cash inflow from operating activities",
            "net cash provided by used in operating activities",
            "operating cash flow",
            "cash flow from operating activities",
            "net cash generated from operating activities",
        ),
    ),
    Item(
        "capital_expenditure",
        "Capital expenditure",
        "cash_flow",
        (
            "purchases of property and equipment",
            "purchase of property plant and equipment",
            "purchases of property plant and equipment",
            "capital expenditure",
            "capital expenditures",
            "capex",
        ),
        nature="expense",
    ),
    Item(
        "investing_cash_flow",
        "Investing cash flow",
        "cash_flow",
        (
            "net cash used in investing activities",
            "net cash outflow from investing activities",
            "net cash from investing activities",
            "net cash used in provided by investing activities",
            "net cash provided by used in investing activities",
        ),
    ),
    Item(
        "dividends",
        "Dividends paid",
        "cash_flow",
        ("dividends paid", "dividends paid to shareholders"),
        nature="expense",
    ),
    Item(
        "financing_cash_flow",
        "Financing cash flow",
        "cash_flow",
        (
            "net cash used in financing activities",
            "net cash outflow from financing activities",
            "net cash from financing activities",
            "net cash provided by used in financing activities",
            "net cash used in provided by financing activities",
        ),
    ),
    Item(
        "net_change_in_cash",
        "Net change in cash",
        "cash_flow",
        (
            "net increase in cash",
            "net decrease in cash",
            "net change in cash",
            "net increase in cash and cash equivalents",
            "net decrease in cash and cash equivalents",
            "net change in cash and cash equivalents",
        ),
    ),
]
BY_KEY = {item.key: item for item in ITEMS}
# Lines real statements print that are not in the schema: recognised, so never sent to the model.
KNOWN_OTHER = frozenset(
    {
        "changes in working capital", "other investing activities", "net proceeds from borrowings",
        "property plant and equipment", "property plant and equipment net", "goodwill",
        "intangible assets", "accounts payable", "trade and other payables", "accrued expenses",
        "long term debt", "borrowings", "deferred revenue", "retained earnings", "share capital",
        "common stock", "additional paid in capital", "deferred tax liabilities", "leases",
        "lease liabilities", "other non current assets", "other current liabilities",
        "other non current liabilities", "share based compensation", "repayment of borrowings",
        "proceeds from borrowings", "purchase of treasury shares", "cash at beginning of year",
        "cash at end of year", "other income", "other expenses", "basic earnings per share",
        "weighted average basic shares", "current assets", "liabilities and equity",
        "operating activities", "investing activities", "financing activities",
    }
)  # fmt: skip
_ALIASES = {alias: item.key for item in ITEMS for alias in item.aliases}
_PARENTHESES = re.compile(r"\([^)]*\)")
_NOTE = re.compile(r"\b(?:note|notes)\s+\d+[a-z]?\b")
_NOT_WORD = re.compile(r"[^a-z0-9]+")


def normalize_label(label: str) -> str:
    """Lower case, `&` as `and`, no brackets, notes, apostrophes or punctuation; single spaces."""
    text = label.lower().replace("&", " and ").replace("\u2019", "").replace("'", "")
    text = _NOTE.sub(" ", _PARENTHESES.sub(" ", text))
    text = _NOT_WORD.sub(" ", text).strip()
    return re.sub(r"\s+\d+$", "", text)  # a trailing footnote number


def item_for_label(label: str) -> str | None:
    """The schema item a label names, or None when parsing alone does not know it."""
    return _ALIASES.get(normalize_label(label))


def is_known_other(label: str) -> bool:
    return normalize_label(label) in KNOWN_OTHER


def statement_of(item: str) -> str:
    return BY_KEY[item].statement
