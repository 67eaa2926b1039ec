from centsfmt_lh import format_cents


def invoice_total(lines):
    """lines: (description, amount in cents) pairs."""
    cents = sum(amount for _, amount in lines)
    return "Total due: " + format_cents(cents / 100, "EUR")
