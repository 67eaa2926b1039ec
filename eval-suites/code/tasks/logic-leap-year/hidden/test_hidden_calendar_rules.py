from calendar_rules import days_in_year, is_leap


def test_four_hundred_is_leap():
    assert is_leap(2000)
    assert days_in_year(2000) == 366


def test_more_years():
    assert [y for y in (1996, 1999, 2100, 2400) if is_leap(y)] == [1996, 2400]
