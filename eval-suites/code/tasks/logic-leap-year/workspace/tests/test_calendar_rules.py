from calendar_rules import days_in_year, is_leap


def test_ordinary_leap_year():
    assert is_leap(2024)


def test_century_is_not_leap():
    assert not is_leap(1900)
    assert days_in_year(1900) == 365
