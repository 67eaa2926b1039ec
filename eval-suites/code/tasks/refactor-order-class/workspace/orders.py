def new_order(customer):
    return {"customer": customer, "lines": []}


def add_line(order, name, cents, quantity=1):
    order["lines"].append((name, cents, quantity))


def order_total(order):
    return sum(cents * quantity for _, cents, quantity in order["lines"])


def summarize(orders):
    return {order["customer"]: order_total(order) for order in orders}
