from shop.pricing import total_price


class Cart:
    def __init__(self):
        self.items = []

    def add(self, price, quantity=1):
        self.items.append((price, quantity))

    def total(self):
        return total_price(self.items)
