from invoice import invoice_total


def test_empty():
    assert invoice_total([]) == "Total due: EUR 0.00"


def test_small():
    assert invoice_total([("stamp", 95)]) == "Total due: EUR 0.95"
