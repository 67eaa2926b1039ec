"""Metrics as a formula ledger, computed with pandas over the primary reported values.

Each metric names its formula and its inputs (ledger ids), so its citation is its inputs' pages;
a metric whose inputs are missing, or that would divide by zero, is simply not computed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from agents.finance.ledger import computed_entry


@dataclass(frozen=True)
class Metric:
    key: str
    name: str
    kind: str  # percent | multiple | amount | per_share
    numerator: tuple[tuple[int, str], ...]  # (sign, item) summed
    denominator: str | None = None
    formula: str = ""


METRICS = [
    Metric(
        "gross_margin",
        "Gross margin",
        "percent",
        ((1, "gross_profit"),),
        "revenue",
        "gross_profit / revenue",
    ),
    Metric(
        "operating_margin",
        "Operating margin",
        "percent",
        ((1, "operating_income"),),
        "revenue",
        "operating_income / revenue",
    ),
    Metric(
        "net_margin",
        "Net margin",
        "percent",
        ((1, "net_income"),),
        "revenue",
        "net_income / revenue",
    ),
    Metric(
        "free_cash_flow",
        "Free cash flow",
        "amount",
        ((1, "operating_cash_flow"), (-1, "capital_expenditure")),
        None,
        "operating_cash_flow - capital_expenditure",
    ),
    Metric(
        "fcf_margin",
        "Free cash flow margin",
        "percent",
        ((1, "operating_cash_flow"), (-1, "capital_expenditure")),
        "revenue",
        "(operating_cash_flow - capital_expenditure) / revenue",
    ),
    Metric(
        "cash_conversion",
        "Cash conversion",
        "multiple",
        ((1, "operating_cash_flow"),),
        "net_income",
        "operating_cash_flow / net_income",
    ),
    Metric(
        "liabilities_to_equity",
        "Liabilities to equity",
        "multiple",
        ((1, "total_liabilities"),),
        "total_equity",
        "total_liabilities / total_equity",
    ),
    Metric(
        "return_on_equity",
        "Return on equity",
        "percent",
        ((1, "net_income"),),
        "total_equity",
        "net_income / total_equity",
    ),
    Metric(
        "eps_computed",
        "Net income per diluted share",
        "per_share",
        ((1, "net_income"),),
        "shares_diluted",
        "net_income / shares_diluted",
    ),
    Metric(
        "book_value_per_share",
        "Book value per share",
        "per_share",
        ((1, "total_equity"),),
        "shares_diluted",
        "total_equity / shares_diluted",
    ),
]
GROWTH = {
    "revenue": "Revenue growth",
    "net_income": "Net income growth",
    "operating_income": "Operating income growth",
}
CAGR = {"revenue": "Revenue CAGR", "net_income": "Net income CAGR"}


def compute(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Computed ledger entries for every metric whose inputs are in the ledger."""
    import pandas as pd

    primaries = [e for e in entries if e["type"] == "reported" and e["primary"]]
    if not primaries:
        return []
    frame = pd.DataFrame(
        [
            {"company": e["company"], "period": e["period"], "item": e["item"], "value": e["value"]}
            for e in primaries
        ]
    )
    wide = frame.pivot_table(
        index=["company", "period"], columns="item", values="value", aggfunc="first"
    )
    lookup = {(e["company"], e["period"], e["item"]): e for e in primaries}
    found = []
    for metric in METRICS:
        found += _ratio(metric, wide, lookup)
    found += _growth(wide, lookup) + _cagr(wide, lookup)
    return found


def _series(wide: Any, items: tuple[tuple[int, str], ...]) -> Any:
    if any(item not in wide.columns for _, item in items):
        return None
    total = 0.0
    for sign, item in items:
        total = total + sign * wide[item]
    return total


def _ratio(
    metric: Metric, wide: Any, lookup: dict[tuple[str, int, str], dict[str, Any]]
) -> list[dict[str, Any]]:
    numerator = _series(wide, metric.numerator)
    if numerator is None or (metric.denominator and metric.denominator not in wide.columns):
        return []
    values = numerator / wide[metric.denominator] if metric.denominator else numerator
    names = [item for _, item in metric.numerator] + (
        [metric.denominator] if metric.denominator else []
    )
    found = []
    for (company, period), value in values.items():
        inputs = [lookup.get((company, period, name)) for name in names]
        if any(i is None for i in inputs) or not _finite(value):
            continue
        found.append(
            _entry(
                metric.key,
                metric.name,
                metric.kind,
                company,
                int(period),
                float(value),
                metric.formula,
                inputs,
            )
        )
    return found


def _growth(wide: Any, lookup: dict[tuple[str, int, str], dict[str, Any]]) -> list[dict[str, Any]]:
    found = []
    for item, name in GROWTH.items():
        if item not in wide.columns:
            continue
        for company, series in wide[item].groupby(level="company"):
            series = series.droplevel("company").sort_index()
            change = series / series.shift(1) - 1
            for period, value in change.items():
                before = lookup.get((company, int(period) - 1, item))
                now = lookup.get((company, int(period), item))
                if before is None or now is None or not _finite(value) or before["value"] <= 0:
                    continue
                found.append(
                    _entry(
                        f"{item}_growth",
                        name,
                        "percent",
                        company,
                        int(period),
                        float(value),
                        f"{item} / previous year's {item} - 1",
                        [now, before],
                    )
                )
    return found


def _cagr(wide: Any, lookup: dict[tuple[str, int, str], dict[str, Any]]) -> list[dict[str, Any]]:
    found = []
    for item, name in CAGR.items():
        if item not in wide.columns:
            continue
        for company, series in wide[item].groupby(level="company"):
            series = series.droplevel("company").dropna().sort_index()
            if len(series) < 3:
                continue
            first, last = int(series.index[0]), int(series.index[-1])
            start, end = float(series.iloc[0]), float(series.iloc[-1])
            if start <= 0 or end <= 0:
                continue
            value = (end / start) ** (1 / (last - first)) - 1
            inputs = [lookup[(company, last, item)], lookup[(company, first, item)]]
            formula = f"({item} FY{last} / {item} FY{first}) ^ (1 / years) - 1"
            found.append(
                _entry(
                    f"{item}_cagr",
                    f"{name} FY{first}-FY{last}",
                    "percent",
                    company,
                    last,
                    value,
                    formula,
                    inputs,
                )
            )
    return found


def _entry(
    key: str,
    name: str,
    kind: str,
    company: str,
    period: int,
    value: float,
    formula: str,
    inputs: list[Any],
) -> dict[str, Any]:
    return computed_entry(
        id=f"{inputs[0]['company_key']}.{key}.{period}",
        name=name,
        company=company,
        period=period,
        kind=kind,
        value=value,
        formula=formula,
        inputs=inputs,
        currency=inputs[0].get("currency"),
        metric=key,
    )


def _finite(value: Any) -> bool:
    try:
        number = float(value)
    except (TypeError, ValueError):
        return False
    return number == number and number not in (float("inf"), float("-inf"))
