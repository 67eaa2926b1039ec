from models import Order
from orders import summarize


def test_order_total():
    order = Order("ada")
    order.add_line("tea", 250, 2)
    order.add_line("cake", 300)
    assert order.total() == 800


def test_summarize():
    a, b = Order("ada"), Order("bo")
    a.add_line("tea", 250)
    assert summarize([a, b]) == {"ada": 250, "bo": 0}
