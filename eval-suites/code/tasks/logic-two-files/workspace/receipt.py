from tax import tax_cents


def receipt(lines):
    """lines: (name, cents) pairs. Returns the receipt's lines as text."""
    net = sum(cents for _, cents in lines)
    out = [f"{name}: {cents / 100:.2f}" for name, cents in lines]
    out.append(f"Total: {(net + tax_cents(net)) / 100:.2f}")
    return out
