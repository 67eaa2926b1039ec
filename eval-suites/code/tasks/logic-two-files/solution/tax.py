RATE = 0.2


def tax_cents(net_cents):
    """Tax on a net amount in cents, rounded half up to a whole cent."""
    return (net_cents * 2 + 5) // 10
