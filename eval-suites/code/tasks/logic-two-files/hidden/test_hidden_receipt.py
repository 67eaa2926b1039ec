from receipt import receipt
from tax import tax_cents


def test_exact_half_goes_up():
    assert tax_cents(1001) == 200
    assert tax_cents(1002) == 200
    assert tax_cents(1003) == 201
    assert tax_cents(1008) == 202


def test_empty_receipt():
    assert receipt([]) == ["Tax: 0.00", "Total: 0.00"]


def test_rounded_total():
    assert receipt([("pen", 1003)])[-2:] == ["Tax: 2.01", "Total: 12.04"]
