from roman import to_roman


def test_simple():
    assert to_roman(3) == "III"


def test_subtractive():
    assert to_roman(4) == "IV"
    assert to_roman(9) == "IX"
