RATE = 0.2


def tax_cents(net_cents):
    """Tax on a net amount in cents, rounded half up to a whole cent."""
    return int(net_cents * RATE)
