"""Three fictional companies' statements for three fiscal years, and the errors planted in one.

Every figure is an integer in the company's smallest printed unit (thousands of dollars for
Aurora and Cobalt, tenths of a million for Borealis), so totals foot exactly; the planted errors
are then applied to what particular documents print. The names, labels and layouts differ the way
real filings do (US and UK wording, ruled, partly ruled and unruled tables, statements on
different pages), and two of Cobalt's labels are unusual enough that parsing alone cannot map
them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

YEARS = (2022, 2023, 2024)


@dataclass(frozen=True)
class Company:
    key: str
    name: str
    currency: str
    scale: str  # "thousands" or "millions" (of the currency; shares likewise)
    decimals: int  # digits printed after the point
    revenue: tuple[int, int, int]  # in printed units x 10**decimals, per year
    ratios: dict[str, tuple[float, float, float]]
    balance: dict[str, tuple[int, int, int]]
    shares: tuple[int, int, int]
    labels: dict[str, str]  # schema item -> the label this company prints
    ruling: str = "grid"  # grid | rules | none: how its PDF draws statement tables
    first_statement_page: int = 3
    opex_parts: tuple[str, ...] = ("selling_general_administrative", "research_development")
    tax_rate: float = 0.21
    pdf_unit_line: str = ""
    plants: list[dict[str, Any]] = field(default_factory=list)

    @property
    def unit(self) -> int:
        """One printed unit in whole currency units (1,000 or 100,000 for 0.1 million)."""
        return (1_000 if self.scale == "thousands" else 1_000_000) // 10**self.decimals


US_LABELS = {
    "revenue": "Revenue",
    "cost_of_revenue": "Cost of revenue",
    "gross_profit": "Gross profit",
    "selling_general_administrative": "Selling, general and administrative",
    "research_development": "Research and development",
    "operating_expenses": "Total operating expenses",
    "operating_income": "Operating income",
    "interest_expense": "Interest expense",
    "income_before_tax": "Income before income taxes",
    "income_tax": "Income tax expense",
    "net_income": "Net income",
    "shares_diluted": "Weighted average diluted shares (in thousands)",
    "eps_diluted": "Diluted earnings per share",
    "cash": "Cash and cash equivalents",
    "receivables": "Accounts receivable, net",
    "inventory": "Inventories",
    "other_current_assets": "Other current assets",
    "total_current_assets": "Total current assets",
    "non_current_assets": "Total non-current assets",
    "total_assets": "Total assets",
    "current_liabilities": "Total current liabilities",
    "non_current_liabilities": "Total non-current liabilities",
    "total_liabilities": "Total liabilities",
    "total_equity": "Total stockholders' equity",
    "total_liabilities_and_equity": "Total liabilities and stockholders' equity",
    "depreciation_amortization": "Depreciation and amortization",
    "working_capital": "Changes in working capital",
    "operating_cash_flow": "Net cash provided by operating activities",
    "capital_expenditure": "Purchases of property and equipment",
    "other_investing": "Other investing activities",
    "investing_cash_flow": "Net cash used in investing activities",
    "dividends": "Dividends paid",
    "borrowings": "Net proceeds from (repayment of) borrowings",
    "financing_cash_flow": "Net cash used in financing activities",
    "net_change_in_cash": "Net increase (decrease) in cash",
}
UK_LABELS = {
    **US_LABELS,
    "revenue": "Turnover",
    "cost_of_revenue": "Cost of sales",
    "operating_expenses": "Operating expenses",
    "operating_income": "Operating profit",
    "interest_expense": "Finance costs",
    "income_before_tax": "Profit before taxation",
    "income_tax": "Taxation",
    "net_income": "Profit for the year",
    "shares_diluted": "Weighted average number of shares (millions)",
    "eps_diluted": "Diluted earnings per share (USD)",
    "receivables": "Trade and other receivables",
    "inventory": "Stocks",
    "total_equity": "Total equity",
    "total_liabilities_and_equity": "Total equity and liabilities",
    "operating_cash_flow": "Net cash inflow from operating activities",
    "capital_expenditure": "Purchase of property, plant and equipment",
    "investing_cash_flow": "Net cash outflow from investing activities",
    "financing_cash_flow": "Net cash outflow from financing activities",
    "net_change_in_cash": "Net increase in cash and cash equivalents",
}
# Cobalt's two unusual labels are the ones only the model can map.
MODEL_LABELS = {
    "Revenue from contracts with customers": "revenue",
    "Investment in productive assets": "capital_expenditure",
}
COBALT_LABELS = {
    **US_LABELS,
    "revenue": "Revenue from contracts with customers",
    "cost_of_revenue": "Cost of goods sold",
    "operating_income": "Income from operations",
    "income_before_tax": "Pre-tax income",
    "income_tax": "Provision for income taxes",
    "net_income": "Net earnings",
    "capital_expenditure": "Investment in productive assets",
    "total_equity": "Total shareholders' equity",
    "total_liabilities_and_equity": "Total liabilities and shareholders' equity",
}

COMPANIES = [
    Company(
        key="aurora",
        name="Aurora Instruments Inc.",
        currency="USD",
        scale="thousands",
        decimals=0,
        revenue=(812_400, 905_130, 1_018_760),
        ratios={
            "cost": (0.570, 0.561, 0.552),
            "sga": (0.150, 0.146, 0.141),
            "rnd": (0.110, 0.112, 0.115),
            "ocf": (1.32, 1.28, 1.30),
            "capex": (0.065, 0.061, 0.058),
            "da": (0.047, 0.046, 0.045),
        },
        balance={
            "cash": (142_300, 171_900, 214_650),
            "receivables": (98_700, 109_420, 121_030),
            "inventory": (121_500, 128_310, 137_980),
            "other_current_assets": (18_400, 19_250, 21_700),
            "non_current_assets": (604_900, 641_300, 688_450),
            "current_liabilities": (187_600, 201_450, 219_800),
            "non_current_liabilities": (265_000, 250_000, 235_000),
        },
        shares=(48_200, 48_350, 48_410),
        labels=US_LABELS,
        pdf_unit_line="(in thousands of US dollars, except per-share data)",
    ),
    Company(
        key="borealis",
        name="Borealis Foods plc",
        currency="USD",
        scale="millions",
        decimals=1,
        revenue=(19_874, 21_053, 21_982),
        ratios={
            "cost": (0.681, 0.688, 0.697),
            "opex": (0.214, 0.219, 0.226),
            "ocf": (1.45, 1.51, 1.62),
            "capex": (0.052, 0.049, 0.047),
            "da": (0.038, 0.039, 0.040),
        },
        balance={
            "cash": (1_863, 1_742, 1_598),
            "receivables": (2_410, 2_588, 2_731),
            "inventory": (1_985, 2_122, 2_307),
            "other_current_assets": (402, 415, 437),
            "non_current_assets": (13_210, 13_655, 14_120),
            "current_liabilities": (4_120, 4_388, 4_702),
            "non_current_liabilities": (6_350, 6_610, 6_980),
        },
        shares=(4_126, 4_126, 4_109),
        labels=UK_LABELS,
        ruling="rules",
        first_statement_page=4,
        opex_parts=(),
        tax_rate=0.25,
        pdf_unit_line="All figures in USD millions unless otherwise stated",
        plants=[
            {
                "check": "balance_sheet",
                "period": 2024,
                "what": "total equity printed 2.5 million too high in the FY2024 report "
                "(and in the workbook copied from it)",
                "item": "total_equity",
                "delta": 25,
                "where": ("pdf:2024", "xlsx"),
            },
            {
                "check": "cash_flow_total",
                "period": 2023,
                "what": "net increase in cash printed 0.7 million too high wherever FY2023 appears",
                "item": "net_change_in_cash",
                "delta": 7,
                "where": ("pdf:2023", "pdf:2024", "xlsx"),
            },
            {
                "check": "cross_document",
                "period": 2023,
                "what": "FY2023 turnover restated in the FY2024 report's comparative column "
                "without a note",
                "item": "revenue",
                "delta": 75,
                "where": ("pdf:2024",),
            },
            {
                "check": "cross_document",
                "period": 2022,
                "what": "FY2022 operating cash flow in the workbook differs from the FY2022 report",
                "item": "operating_cash_flow",
                "delta": -40,
                "where": ("xlsx",),
            },
        ],
    ),
    Company(
        key="cobalt",
        name="Cobalt Logistics Corp.",
        currency="USD",
        scale="thousands",
        decimals=0,
        revenue=(2_304_500, 2_251_880, 2_398_120),
        ratios={
            "cost": (0.741, 0.752, 0.744),
            "sga": (0.118, 0.121, 0.1158),
            "rnd": (0.021, 0.023, 0.024),
            "ocf": (1.85, 1.92, 1.74),
            "capex": (0.088, 0.093, 0.081),
            "da": (0.062, 0.064, 0.061),
        },
        balance={
            "cash": (211_400, 188_250, 240_310),
            "receivables": (301_200, 296_880, 318_450),
            "inventory": (45_300, 47_120, 44_980),
            "other_current_assets": (33_900, 35_010, 36_240),
            "non_current_assets": (1_402_800, 1_455_300, 1_488_900),
            "current_liabilities": (402_100, 415_640, 433_210),
            "non_current_liabilities": (780_000, 812_500, 790_000),
        },
        shares=(61_050, 60_420, 59_880),
        labels=COBALT_LABELS,
        ruling="none",
        first_statement_page=4,
        pdf_unit_line="Amounts in thousands of U.S. dollars, except per share amounts",
    ),
]


def true_statements(company: Company, index: int) -> dict[str, int]:
    """The company's correct figures for YEARS[index], in printed units x 10**decimals."""
    figures = _income(company, index)
    figures.update(_balance(company, index))
    figures.update(_cash_flow(company, index, figures))
    return figures


def _income(company: Company, index: int) -> dict[str, int]:
    ratios, revenue = company.ratios, company.revenue[index]
    cost = round(revenue * ratios["cost"][index])
    parts = {}
    if company.opex_parts:
        parts = {
            "selling_general_administrative": round(revenue * ratios["sga"][index]),
            "research_development": round(revenue * ratios["rnd"][index]),
        }
    opex = sum(parts.values()) if parts else round(revenue * ratios["opex"][index])
    operating = revenue - cost - opex
    interest = round(operating * 0.06)
    before_tax = operating - interest
    tax = round(before_tax * company.tax_rate)
    net = before_tax - tax
    shares = company.shares[index]
    return {
        "revenue": revenue,
        "cost_of_revenue": cost,
        "gross_profit": revenue - cost,
        **parts,
        "operating_expenses": opex,
        "operating_income": operating,
        "interest_expense": interest,
        "income_before_tax": before_tax,
        "income_tax": tax,
        "net_income": net,
        "shares_diluted": shares,
        # net income and shares are in the same scale, so the ratio is per share in dollars.
        "eps_cents": round(100 * net / shares),
    }


def _balance(company: Company, index: int) -> dict[str, int]:
    b = {name: values[index] for name, values in company.balance.items()}
    current = b["cash"] + b["receivables"] + b["inventory"] + b["other_current_assets"]
    assets = current + b["non_current_assets"]
    liabilities = b["current_liabilities"] + b["non_current_liabilities"]
    return {
        **b,
        "total_current_assets": current,
        "total_assets": assets,
        "total_liabilities": liabilities,
        "total_equity": assets - liabilities,
        "total_liabilities_and_equity": assets,
    }


def _cash_flow(company: Company, index: int, figures: dict[str, int]) -> dict[str, int]:
    ratios, revenue, net = company.ratios, company.revenue[index], figures["net_income"]
    operating = round(net * ratios["ocf"][index])
    depreciation = round(revenue * ratios["da"][index])
    capex = round(revenue * ratios["capex"][index])
    other_investing = round(revenue * 0.004)
    investing = -capex + other_investing
    dividends = round(net * 0.35)
    borrowings = -round(revenue * 0.01)
    financing = -dividends + borrowings
    return {
        "depreciation_amortization": depreciation,
        "working_capital": operating - net - depreciation,
        "operating_cash_flow": operating,
        "capital_expenditure": capex,
        "other_investing": other_investing,
        "investing_cash_flow": investing,
        "dividends": dividends,
        "borrowings": borrowings,
        "financing_cash_flow": financing,
        "net_change_in_cash": operating + investing + financing,
    }


def printed(company: Company, index: int, where: str) -> dict[str, int]:
    """What the document `where` ("pdf:2024", "xlsx", "csv") prints for YEARS[index]."""
    figures = true_statements(company, index)
    for plant in company.plants:
        if plant["period"] == YEARS[index] and where in plant["where"]:
            figures[plant["item"]] += plant["delta"]
    return figures
