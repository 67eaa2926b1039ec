from series import sum_to


def test_sum_to_ten():
    assert sum_to(10) == 55


def test_sum_to_one():
    assert sum_to(1) == 1
