from warehouse import restock, ship


def test_restock_then_ship():
    stock = {}
    restock(stock, "gears", 7)
    assert ship(stock, "gears", 2) == 5


def test_restock_twice():
    stock = {"a": 1}
    restock(stock, "a", 1)
    assert restock(stock, "a", 2) == 4


def test_restock_zero():
    assert restock({"b": 2}, "b", 0) == 2
