def summarize(orders):
    return {order.customer: order.total() for order in orders}
