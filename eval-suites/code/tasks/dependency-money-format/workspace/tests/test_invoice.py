from invoice import invoice_total


def test_total():
    assert invoice_total([("hosting", 123456), ("domain", 1500)]) == "Total due: EUR 1,249.56"
