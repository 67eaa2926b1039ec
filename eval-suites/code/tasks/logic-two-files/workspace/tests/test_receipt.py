from receipt import receipt
from tax import tax_cents


def test_tax_rounds_half_up():
    assert tax_cents(1003) == 201


def test_receipt_has_tax_line():
    assert receipt([("tea", 250), ("cake", 300)]) == [
        "tea: 2.50",
        "cake: 3.00",
        "Tax: 1.10",
        "Total: 6.60",
    ]
