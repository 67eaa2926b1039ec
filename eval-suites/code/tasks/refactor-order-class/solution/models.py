class Order:
    def __init__(self, customer):
        self.customer = customer
        self.lines = []

    def add_line(self, name, cents, quantity=1):
        self.lines.append((name, cents, quantity))

    def total(self):
        return sum(cents * quantity for _, cents, quantity in self.lines)
