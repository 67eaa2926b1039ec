from models import Order
from orders import summarize


def test_lines_are_kept():
    order = Order("cy")
    order.add_line("pen", 120, 3)
    assert order.customer == "cy"
    assert order.lines == [("pen", 120, 3)]


def test_orders_are_independent():
    first, second = Order("a"), Order("b")
    first.add_line("x", 1)
    assert second.lines == []
    assert summarize([]) == {}
