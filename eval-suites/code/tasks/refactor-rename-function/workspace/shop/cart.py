from shop.pricing import calc_total


class Cart:
    def __init__(self):
        self.items = []

    def add(self, price, quantity=1):
        self.items.append((price, quantity))

    def total(self):
        return calc_total(self.items)
