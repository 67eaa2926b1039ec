from roman import to_roman


def test_years():
    assert to_roman(1994) == "MCMXCIV"
    assert to_roman(2024) == "MMXXIV"


def test_forty_and_ninety():
    assert (to_roman(40), to_roman(90), to_roman(400)) == ("XL", "XC", "CD")


def test_largest():
    assert to_roman(3999) == "MMMCMXCIX"
