"""Prices and what a request costs, in Decimal throughout (never float).

A price is per million tokens, input and output, for a tier or for one of its backends, in force
from a moment on. A request is priced by the version in force at its time, its backend's own
price before its tier's. The ledger stores exact costs (prices have 6 decimal places, so a cost
has at most 12); the budget counters in Redis count whole nano-units (10⁻⁹ of the currency),
rounded up, because Redis counts in integers.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from decimal import ROUND_CEILING, Decimal, localcontext

NANO_DIGITS = 9
_PER_MILLION = -6


@dataclass(frozen=True)
class Rate:
    input_per_million: Decimal
    output_per_million: Decimal

    def cost(self, prompt_tokens: int, completion_tokens: int) -> Decimal:
        with localcontext() as context:
            context.prec = 60  # exact: token counts times 6-decimal prices never need more
            total = (
                prompt_tokens * self.input_per_million + completion_tokens * self.output_per_million
            )
            return total.scaleb(_PER_MILLION)


# (tier, backend or "", effective_from, input per million, output per million)
PriceRow = tuple[str, str, datetime, Decimal, Decimal]


@dataclass(frozen=True)
class _Versions:
    starts: list[datetime] = field(default_factory=list)
    rates: list[Rate] = field(default_factory=list)

    def at(self, moment: datetime) -> Rate | None:
        index = bisect.bisect_right(self.starts, moment)
        return self.rates[index - 1] if index else None


class PriceBook:
    """Every price version, looked up by tier, backend and moment."""

    def __init__(self, rows: Iterable[PriceRow] = ()) -> None:
        self._tiers: dict[str, _Versions] = {}
        self._backends: dict[str, _Versions] = {}
        self._backends_of: dict[str, set[str]] = {}
        for tier, backend, start, price_in, price_out in sorted(rows, key=lambda row: row[2]):
            table = self._backends if backend else self._tiers
            versions = table.setdefault(backend or tier, _Versions())
            versions.starts.append(start)
            versions.rates.append(Rate(price_in, price_out))
            if backend:
                self._backends_of.setdefault(tier, set()).add(backend)

    def __bool__(self) -> bool:
        return bool(self._tiers or self._backends)

    def rate(self, *, tier: str, backend: str, at: datetime) -> Rate | None:
        own = self._backends.get(backend) if backend else None
        rate = own.at(at) if own else None
        if rate is None and tier in self._tiers:
            rate = self._tiers[tier].at(at)
        return rate

    def ceiling(self, *, tier: str, at: datetime) -> Rate | None:
        """The highest input and output prices in force on any backend of the tier: what a
        request is reserved at before the balancer has chosen its backend."""
        found = [versions.at(at) for versions in self._versions_of(tier)]
        rates = [rate for rate in found if rate is not None]
        if not rates:
            return None
        return Rate(
            max(rate.input_per_million for rate in rates),
            max(rate.output_per_million for rate in rates),
        )

    def _versions_of(self, tier: str) -> list[_Versions]:
        versions = [self._backends[name] for name in self._backends_of.get(tier, ())]
        return versions + ([self._tiers[tier]] if tier in self._tiers else [])


def billable(status: int, completion_tokens: int) -> bool:
    """A failed request is billed only for an answer it delivered (a stream cut short)."""
    return status < 400 or completion_tokens > 0


def to_nanos(amount: Decimal) -> int:
    """Whole nano-units, rounded up, so a budget counter never under-counts."""
    return int(amount.scaleb(NANO_DIGITS).to_integral_value(rounding=ROUND_CEILING))


def from_nanos(nanos: int) -> Decimal:
    return Decimal(nanos).scaleb(-NANO_DIGITS)


def money(amount: Decimal) -> str:
    """An amount as people read it: at least cents, more digits only where there are some."""
    cents = amount.quantize(Decimal("0.01"))
    return f"{cents:f}" if cents == amount else f"{amount.normalize():f}"
