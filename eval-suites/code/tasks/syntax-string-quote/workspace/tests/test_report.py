from report import line, total_line


def test_line():
    assert line("Rent", 1200) == "Rent: 1,200.00"


def test_total_line():
    assert total_line([1, 2.5]) == "Total: 3.50"
