"""The lexicon of statement line items: every concept a statement prints, in the schema or not,
with the wordings IFRS and US GAAP filings use for it, its nature (how its sign enters a
subtotal), its role in the statement's structure and, on a balance sheet, its section.

Concepts outside the schema (goodwill, short-term debt, other income, ...) are here so that a
label is recognised for what it is and never pushed into the nearest schema item: a label that
names goodwill maps to `goodwill`, whose figures are not extracted, rather than to cash.

Roles drive the structural checks (`structure.py`):
- `line`: a figure that belongs to the next total;
- `group`: "Total current assets", "Net cash from operating activities": the lines since the
  heading or the previous total, as printed;
- `running`: "Gross profit", "Total assets": everything since the previous running total; a
  running total that `carries` is itself an operand of the next one (operating income builds on
  gross profit; total liabilities does not build on total assets).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from agents.finance.schema import ITEMS, normalize_label


@dataclass(frozen=True)
class Concept:
    key: str
    statement: str
    nature: str = "signed"  # signed | expense (subtracted in a running total when printed positive)
    role: str = "line"  # line | group | running
    section: str = ""  # balance sheet: asset | liability | equity
    carries: bool = True
    in_schema: bool = False


IS, BS, CF = "income_statement", "balance_sheet", "cash_flow"
# Structure of the schema's own items: (nature, role, section, carries).
_SCHEMA_STRUCTURE: dict[str, tuple[str, str, str, bool]] = {
    "cost_of_revenue": ("expense", "line", "", True),
    "gross_profit": ("signed", "running", "", True),
    "selling_general_administrative": ("expense", "line", "", True),
    "research_development": ("expense", "line", "", True),
    "operating_expenses": ("expense", "group", "", True),
    "operating_income": ("signed", "running", "", True),
    "interest_expense": ("expense", "line", "", True),
    "income_before_tax": ("signed", "running", "", True),
    "income_tax": ("expense", "line", "", True),
    "net_income": ("signed", "running", "", True),
    "cash": ("signed", "line", "asset", True),
    "receivables": ("signed", "line", "asset", True),
    "inventory": ("signed", "line", "asset", True),
    "other_current_assets": ("signed", "line", "asset", True),
    "total_current_assets": ("signed", "group", "asset", True),
    "non_current_assets": ("signed", "group", "asset", True),
    "total_assets": ("signed", "running", "asset", False),
    "current_liabilities": ("signed", "group", "liability", True),
    "non_current_liabilities": ("signed", "group", "liability", True),
    "total_liabilities": ("signed", "running", "liability", True),
    "total_equity": ("signed", "group", "equity", True),
    "total_liabilities_and_equity": ("signed", "running", "liability_equity", False),
    "depreciation_amortization": ("expense", "line", "", True),
    "operating_cash_flow": ("signed", "group", "", True),
    "capital_expenditure": ("expense", "line", "", True),
    "investing_cash_flow": ("signed", "group", "", True),
    "dividends": ("expense", "line", "", True),
    "financing_cash_flow": ("signed", "group", "", True),
    "net_change_in_cash": ("signed", "running", "", True),
}
# More wordings of schema items than the schema's aliases: IFRS and US GAAP presentation.
_MORE_WORDINGS: dict[str, tuple[str, ...]] = {
    "revenue": (
        "revenue from contracts with customers", "revenues from contracts with customers",
        "total net revenue", "net revenue", "sales revenue", "operating revenue", "turnover",
    ),
    "cost_of_revenue": ("cost of revenue total", "cost of goods and services sold", "cost of net revenue"),
    "selling_general_administrative": ("administrative expense", "selling and administrative expense"),
    "operating_expenses": ("total operating expense", "total costs and expenses", "operating expense"),
    "operating_income": ("operating profit loss", "operating loss", "result from operating activities", "income loss from operations"),
    "interest_expense": ("interest and other financial charges", "finance expense", "finance costs net"),
    "income_before_tax": (
        "income loss before income taxes", "profit loss before tax", "profit before income tax",
        "earnings before taxes", "income before provision for income taxes",
    ),
    "income_tax": ("income tax expense benefit", "provision for benefit from income taxes", "income tax charge"),
    "net_income": ("net income loss", "profit loss for the year", "net profit for the year", "net earnings loss"),
    "cash": ("cash and bank balances", "cash at bank and in hand", "cash and short term deposits"),
    "receivables": ("trade receivables net", "accounts receivable trade", "trade debtors", "debtors", "trade and other debtors"),
    "inventory": ("inventories net", "merchandise inventories"),
    "total_current_assets": (),
    "non_current_assets": ("total fixed assets",),
    "current_liabilities": ("total current liability",),
    "total_equity": ("total shareholders funds", "total stockholders deficit", "equity attributable to owners of the parent total"),
    "operating_cash_flow": (
        "net cash provided by operating activities", "cash generated from operations",
        "net cash flows from operating activities", "net cash generated by operating activities",
        "net cash from used in operating activities", "net cash used in operating activities",
    ),
    "investing_cash_flow": (
        "net cash provided by investing activities", "net cash flows used in investing activities",
        "net cash generated from investing activities", "net cash from used in investing activities",
    ),
    "financing_cash_flow": (
        "net cash provided by financing activities", "net cash flows used in financing activities",
        "net cash generated from financing activities", "net cash from used in financing activities",
        "net cash inflow from financing activities",
    ),
    "capital_expenditure": ("additions to property and equipment", "capital expenditures on property plant and equipment", "purchase of fixed assets", "purchase of tangible fixed assets"),
    "net_change_in_cash": ("increase in cash and cash equivalents", "net increase decrease in cash and cash equivalents", "change in cash and cash equivalents"),
}  # fmt: skip
# (key, statement, nature, role, section, carries, wordings): recognised, never extracted.
_OTHER: list[tuple[str, str, str, str, str, bool, tuple[str, ...]]] = [
    ("other_income", IS, "signed", "line", "", True, (
        "other income", "other income net", "other expense", "other expense net",
        "other income and expense", "other gains and losses", "other gains losses net",
        "other non operating income", "non operating income", "other operating income",
        "other income expense net", "other gain", "other non operating expense",
    )),
    ("other_revenue", IS, "signed", "line", "", True, (
        "total revenues and other income", "revenue and other income", "other revenue",
        "total income", "other operating revenue",
    )),
    ("finance_income", IS, "signed", "line", "", True, ("finance income", "interest income", "investment income", "interest and dividend income")),
    ("associates", IS, "signed", "line", "", True, (
        "share of profit of associates", "share of results of associates",
        "share of results of joint ventures", "equity in earnings of affiliates",
    )),
    ("other_operating_expense", IS, "expense", "line", "", True, (
        "restructuring charges", "restructuring costs", "impairment", "impairment charges",
        "impairment of goodwill", "selling expense", "distribution costs", "selling and marketing",
        "sales and marketing", "marketing expense",
        "general and administrative", "general and administrative expense",
        "amortization of intangible assets", "other operating expense",
    )),
    ("minority_interest", IS, "signed", "line", "", True, (
        "net income attributable to noncontrolling interests",
        "net income attributable to non controlling interests",
        "profit attributable to non controlling interests",
    )),
    ("basic_eps", IS, "signed", "line", "", True, ("basic earnings per share", "basic eps", "earnings per share basic")),
    ("basic_shares", IS, "signed", "line", "", True, ("weighted average basic shares", "weighted average shares outstanding basic", "basic weighted average shares")),
    ("asset_line", BS, "signed", "line", "asset", True, (
        "goodwill", "intangible assets", "goodwill and intangible assets", "other intangible assets",
        "property plant and equipment", "property plant and equipment net", "property and equipment",
        "property and equipment net", "right of use assets", "operating lease right of use assets",
        "investments", "long term investments", "deferred tax assets", "deferred income taxes",
        "other non current assets", "other assets", "prepaid expenses", "short term investments",
        "marketable securities", "investment in associates", "financial assets",
        "fixed assets", "tangible fixed assets",
    )),
    ("liability_line", BS, "signed", "line", "liability", True, (
        "accounts payable", "trade and other payables", "trade payables", "accrued expenses",
        "accrued liabilities", "accrued expenses and other current liabilities",
        "short term debt", "short term borrowings", "current portion of long term debt",
        "borrowings", "long term debt", "lease liabilities", "operating lease liabilities",
        "deferred revenue", "contract liabilities", "income taxes payable", "provisions",
        "deferred tax liabilities", "pension obligations", "other current liabilities",
        "other non current liabilities", "other liabilities", "leases", "trade creditors",
        "creditors amounts falling due within one year", "bank overdrafts",
    )),
    ("equity_line", BS, "signed", "line", "equity", True, (
        "share capital", "common stock", "additional paid in capital", "share premium",
        "retained earnings", "accumulated deficit", "accumulated other comprehensive income",
        "accumulated other comprehensive loss", "treasury stock", "treasury shares", "reserves",
        "other reserves", "non controlling interests", "noncontrolling interests",
        "equity attributable to owners of the parent",
    )),
    ("operating_line", CF, "signed", "line", "", True, (
        "changes in working capital", "share based compensation", "stock based compensation",
        "deferred income taxes", "deferred taxes", "changes in operating assets and liabilities",
        "other operating activities", "increase in receivables", "decrease in inventories",
        "impairment losses", "other non cash items", "income taxes paid", "interest paid",
    )),
    ("investing_line", CF, "signed", "line", "", True, (
        "other investing activities", "acquisitions net of cash acquired", "acquisitions",
        "proceeds from sale of property and equipment", "purchases of investments",
        "proceeds from sale of investments", "purchases of intangible assets",
    )),
    ("financing_line", CF, "signed", "line", "", True, (
        "net proceeds from borrowings", "proceeds from borrowings", "repayment of borrowings",
        "repayments of long term debt", "purchase of treasury shares", "repurchases of common stock",
        "share buybacks", "proceeds from issuance of shares", "other financing activities",
        "payment of lease liabilities",
    )),
    ("fx_effect", CF, "signed", "line", "", True, (
        "effect of exchange rate changes on cash", "effect of exchange rate changes",
        "effect of foreign exchange rate changes", "exchange differences",
    )),
    ("cash_beginning", CF, "signed", "line", "", True, (
        "cash at beginning of year", "cash and cash equivalents at beginning of year",
        "cash and cash equivalents at beginning of period", "cash at beginning of period",
    )),
    ("cash_end", CF, "signed", "running", "", True, (
        "cash at end of year", "cash and cash equivalents at end of year",
        "cash and cash equivalents at end of period", "cash at end of period",
    )),
]  # fmt: skip
_ABBREVIATIONS = [
    (r"\bsg and a\b", "selling general and administrative"),
    (r"\br and d\b", "research and development"),
    (r"\bd and a\b", "depreciation and amortization"),
    (r"\bpp and e\b", "property plant and equipment"),
    (r"\bcapex\b", "capital expenditure"),
    (r"\bopex\b", "operating expense"),
    (r"\bcogs\b", "cost of goods sold"),
    (r"\beps\b", "earnings per share"),
    (r"\bamortisation\b", "amortization"),
    (r"\bnoncurrent\b", "non current"),
    (r"\bnon controlling\b", "non controlling"),
    (r"\bstockholders\b", "shareholders"),
    (r"\bshareowners\b", "shareholders"),
    (r"\bincl\b", "including"),
    (r"\bequiv\b", "equivalents"),
]
_CLAUSE = re.compile(r"\b(?:net of|less|excluding|including|of which)\b.*$")
_PLURAL = re.compile(r"(?<=[a-z]{3})(ies|ches|shes|xes|s)\b")


def canonical(normalized: str) -> str:
    """A normalized label reduced further: abbreviations spelled out, US and UK spellings
    merged, a trailing clause ("net of allowances of ...") dropped, plural words singular."""
    text = normalized
    for pattern, replacement in _ABBREVIATIONS:
        text = re.sub(pattern, replacement, text)
    text = _CLAUSE.sub("", text).strip() or text
    text = _PLURAL.sub(_singular, text)
    return re.sub(r"\s+", " ", text).strip()


def _singular(match: re.Match[str]) -> str:
    ending = match.group(1)
    return {"ies": "y", "ches": "ch", "shes": "sh", "xes": "x"}.get(ending, "")


def _build() -> tuple[dict[str, Concept], dict[str, list[str]]]:
    concepts: dict[str, Concept] = {}
    wordings: dict[str, list[str]] = {}
    for item in ITEMS:
        nature, role, section, carries = _SCHEMA_STRUCTURE.get(
            item.key, ("signed", "line", "", True)
        )
        concepts[item.key] = Concept(item.key, item.statement, nature, role, section, carries, True)
        wordings[item.key] = [item.name.lower(), *item.aliases, *_MORE_WORDINGS.get(item.key, ())]
    for key, statement, nature, role, section, carries, words in _OTHER:
        concepts[key] = Concept(key, statement, nature, role, section, carries, False)
        wordings[key] = list(words)
    return concepts, wordings


CONCEPTS, WORDINGS = _build()


def _index() -> dict[str, str]:
    """canonical wording -> concept; a wording two concepts claim belongs to neither."""
    owners: dict[str, set[str]] = {}
    for key, words in WORDINGS.items():
        for word in words:
            owners.setdefault(canonical(word), set()).add(key)
    return {word: next(iter(keys)) for word, keys in owners.items() if len(keys) == 1}


INDEX = _index()
# Every (canonical wording, concept) pair, in a stable order, for the embedding stage.
ENTRIES: list[tuple[str, str]] = sorted({(w, k) for w, k in INDEX.items()})


def exact(normalized: str) -> str | None:
    """The concept a normalized label names after canonicalisation, or None."""
    text = canonical(normalized)
    found = INDEX.get(text)
    if found is None and text.endswith(" net"):  # "Inventories, net"
        found = INDEX.get(text[: -len(" net")])
    return found


def concept_of(label: str) -> str | None:
    """The concept a printed label names, by the lexicon alone."""
    return exact(normalize_label(label))


def schema_item(label: str) -> str | None:
    """The schema item a printed label names by the lexicon alone, or None."""
    key = concept_of(label)
    return key if key is not None and CONCEPTS[key].in_schema else None
