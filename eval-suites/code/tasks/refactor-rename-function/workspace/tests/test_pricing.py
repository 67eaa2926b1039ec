from shop import pricing
from shop.cart import Cart


def test_total_price():
    assert pricing.total_price([(250, 2), (100, 1)]) == 600


def test_cart_uses_it():
    cart = Cart()
    cart.add(300, 3)
    assert cart.total() == 900
