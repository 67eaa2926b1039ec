from report import line


def test_large_amount():
    assert line("Fees", 1234567.891) == "Fees: 1,234,567.89"


def test_zero():
    assert line("Nil", 0) == "Nil: 0.00"
