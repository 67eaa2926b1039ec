from series import sum_to


def test_zero():
    assert sum_to(0) == 0


def test_hundred():
    assert sum_to(100) == 5050
