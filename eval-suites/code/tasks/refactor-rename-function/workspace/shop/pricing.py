def calc_total(items):
    """items: (unit price in cents, quantity) pairs."""
    return sum(price * quantity for price, quantity in items)
