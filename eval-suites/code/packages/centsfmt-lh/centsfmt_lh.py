"""Formats amounts held in whole cents (a package of the code suite's own index)."""


def format_cents(cents, currency):
    if isinstance(cents, bool) or not isinstance(cents, int):
        raise TypeError(f"format_cents takes whole cents as an int, not {cents!r}")
    sign = "-" if cents < 0 else ""
    units, rest = divmod(abs(cents), 100)
    return f"{currency} {sign}{units:,}.{rest:02d}"
