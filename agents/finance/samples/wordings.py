"""The wordings the filing generator prints: US GAAP, UK, IFRS and a US variant with "(used in)"
and "net of" clauses, and company names."""

from __future__ import annotations

NAMES = [
    "Halcyon Devices Inc.", "Meridian Grocers plc", "Tessellate Software Corp.",
    "Orchard Lane Foods plc", "Quarry Point Materials Inc.", "Vireo Health Group plc",
    "Lumen Harbor Shipping Corp.", "Cinder Peak Energy Inc.",
]  # fmt: skip
US = {
    "revenue": "Revenue", "cost_of_revenue": "Cost of revenue", "gross_profit": "Gross profit",
    "selling_general_administrative": "Selling, general and administrative",
    "research_development": "Research and development",
    "operating_expenses": "Total operating expenses", "operating_income": "Operating income",
    "other_income": "Other income (expense), net", "interest_expense": "Interest expense",
    "income_before_tax": "Income before income taxes", "income_tax": "Income tax expense",
    "net_income": "Net income", "shares_diluted": "Weighted average diluted shares (in thousands)",
    "eps_diluted": "Diluted earnings per share", "cash": "Cash and cash equivalents",
    "receivables": "Accounts receivable, net", "inventory": "Inventories",
    "other_current_assets": "Prepaid expenses and other current assets",
    "total_current_assets": "Total current assets", "ppe": "Property and equipment, net",
    "goodwill": "Goodwill and intangible assets", "non_current_assets": "Total non-current assets",
    "total_assets": "Total assets", "payables": "Accounts payable", "st_debt": "Short-term debt",
    "current_liabilities": "Total current liabilities", "lt_debt": "Long-term debt",
    "non_current_liabilities": "Total non-current liabilities",
    "total_liabilities": "Total liabilities", "share_capital": "Common stock",
    "retained": "Retained earnings", "total_equity": "Total stockholders' equity",
    "total_liabilities_and_equity": "Total liabilities and stockholders' equity",
    "depreciation_amortization": "Depreciation and amortization",
    "working_capital": "Changes in operating assets and liabilities",
    "operating_cash_flow": "Net cash provided by operating activities",
    "capital_expenditure": "Purchases of property and equipment",
    "other_investing": "Other investing activities",
    "investing_cash_flow": "Net cash used in investing activities", "dividends": "Dividends paid",
    "borrowings": "Proceeds from (repayment of) borrowings",
    "financing_cash_flow": "Net cash used in financing activities",
    "net_change_in_cash": "Net increase (decrease) in cash and cash equivalents",
}  # fmt: skip
UK = {
    **US, "revenue": "Turnover", "cost_of_revenue": "Cost of sales",
    "selling_general_administrative": "Administrative expenses",
    "research_development": "Research and development costs",
    "operating_expenses": "Total operating costs", "operating_income": "Operating profit",
    "other_income": "Other gains and losses", "interest_expense": "Finance costs",
    "income_before_tax": "Profit before taxation", "income_tax": "Taxation",
    "net_income": "Profit for the year",
    "shares_diluted": "Weighted average number of shares (thousands)",
    "eps_diluted": "Diluted earnings per share", "receivables": "Trade and other receivables",
    "inventory": "Stocks", "other_current_assets": "Other current assets",
    "ppe": "Property, plant and equipment", "goodwill": "Intangible assets",
    "payables": "Trade and other payables", "st_debt": "Borrowings",
    "lt_debt": "Long-term borrowings", "share_capital": "Share capital",
    "retained": "Retained earnings", "total_equity": "Total equity",
    "total_liabilities_and_equity": "Total equity and liabilities",
    "working_capital": "Changes in working capital",
    "operating_cash_flow": "Net cash inflow from operating activities",
    "capital_expenditure": "Purchase of property, plant and equipment",
    "investing_cash_flow": "Net cash outflow from investing activities",
    "borrowings": "Net proceeds from borrowings",
    "financing_cash_flow": "Net cash outflow from financing activities",
    "net_change_in_cash": "Net increase in cash and cash equivalents",
}  # fmt: skip
IFRS = {
    **UK, "revenue": "Revenue from contracts with customers",
    "selling_general_administrative": "Selling, general and administrative expenses",
    "operating_expenses": "Total operating expenses",
    "operating_income": "Profit from operations", "other_income": "Other income",
    "income_before_tax": "Profit before tax", "income_tax": "Income tax expense",
    "net_income": "Profit for the period", "cash": "Cash and bank balances",
    "total_equity": "Total equity", "operating_cash_flow": "Net cash generated from operating activities",
    "investing_cash_flow": "Net cash used in investing activities",
    "financing_cash_flow": "Net cash used in financing activities",
    "net_change_in_cash": "Net change in cash and cash equivalents",
}  # fmt: skip
US_ALT = {
    **US, "revenue": "Net revenues", "cost_of_revenue": "Cost of goods sold",
    "selling_general_administrative": "SG&A", "research_development": "R&D",
    "operating_income": "Income from operations", "income_before_tax": "Pre-tax income",
    "income_tax": "Provision for income taxes", "net_income": "Net earnings",
    "receivables": "Accounts receivable, net of allowance for doubtful accounts",
    "goodwill": "Goodwill", "operating_cash_flow": "Net cash provided by (used in) operating activities",
    "capital_expenditure": "Capital expenditures",
    "investing_cash_flow": "Net cash provided by (used in) investing activities",
    "financing_cash_flow": "Net cash provided by (used in) financing activities",
    "total_equity": "Total shareholders' equity",
    "total_liabilities_and_equity": "Total liabilities and shareholders' equity",
}  # fmt: skip
WORDS = {"us": US, "uk": UK, "ifrs": IFRS, "us_alt": US_ALT}
HEADINGS = {
    "income_statement": {
        "us": "Consolidated Statements of Operations",
        "uk": "Consolidated Income Statement",
        "ifrs": "Consolidated Statement of Profit or Loss",
        "us_alt": "Consolidated Statements of Income",
    },
    "balance_sheet": {
        "us": "Consolidated Balance Sheets",
        "uk": "Consolidated Balance Sheet",
        "ifrs": "Consolidated Statement of Financial Position",
        "us_alt": "Consolidated Balance Sheets",
    },
    "cash_flow": {
        "us": "Consolidated Statements of Cash Flows",
        "uk": "Consolidated Cash Flow Statement",
        "ifrs": "Consolidated Statement of Cash Flows",
        "us_alt": "Consolidated Statements of Cash Flows",
    },
}
CSV_LABELS = {
    "revenue": "Revenue", "operating_income": "Operating income", "net_income": "Net income",
    "operating_cash_flow": "Operating cash flow", "total_assets": "Total assets",
}  # fmt: skip
