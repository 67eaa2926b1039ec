from shop import cart, pricing


def test_old_name_gone():
    assert not hasattr(pricing, "calc_total")
    assert not hasattr(cart, "calc_total")


def test_cart_calls_the_new_name():
    assert cart.total_price is pricing.total_price


def test_empty():
    assert pricing.total_price([]) == 0
